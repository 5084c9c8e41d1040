/** Brands over REST (interface "Brands"; contract §3 errors, §4 lists, §2 tenancy and roles). */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newOrg, unique } from "../helpers/database";
import { PNG, upload } from "../helpers/files";
import { expectProblem, restAs } from "../helpers/http";

const names = (page: { items: Array<{ name: string }> }) => page.items.map((item) => item.name);

describe("brands", () => {
  it("POST 201, GET 200, PUT 200 (images answered as `image`), DELETE 204 with no body", async () => {
    const org = await newOrg();
    const rest = restAs(await org.bearer());
    const name = unique("Brand");
    const [file] = await upload(org, [{ name: "logo.png", type: "image/png", bytes: PNG }]);
    const image = { resource_file_id: file!, main: true };
    const created = await rest.post("/brands", {
      name,
      active: true,
      images: [image],
      attributes: { origin: "BR" },
      unknown_field: "ignored",
    });
    expect(created.status).toBe(201);
    const brand = created.json;
    expect(brand).toMatchObject({ name, active: true, images: [image], attributes: { origin: "BR" } });
    for (const field of ["unknown_field", "organization_id", "search_text"]) expect(brand).not.toHaveProperty(field);

    const fetched = await rest.get(`/brands/${brand.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.json).toEqual(brand);

    const updated = await rest.put(`/brands/${brand.id}`, { name: `${name} v2`, active: false, images: [] });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id: brand.id, name: `${name} v2`, active: false, image: [] });
    expect(updated.json).not.toHaveProperty("images");
    expect((await rest.get(`/brands?search=${encodeURIComponent(name)}`)).json.items).toEqual([
      { id: brand.id, name: `${name} v2`, active: false, resource_file_id: null },
    ]);

    const removed = await rest.delete(`/brands/${brand.id}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expect(removed.headers["content-type"]).toBeUndefined();
    expectProblem(await rest.get(`/brands/${brand.id}`), 404);
    expectProblem(await rest.delete(`/brands/${brand.id}`), 404);
    expectProblem(await rest.get("/brands/not-a-uuid"), 404);
  });

  it("POST and PUT answer 422 with one error per failing field", async () => {
    const rest = restAs(await (await newOrg()).bearer());
    const invalid = expectProblem(await rest.post("/brands", { name: "", active: "false", images: [{ resource_file_id: "x" }] }), 422);
    expect(invalid.errors?.map((error) => error.path).sort()).toEqual(["active", "images.0.resource_file_id", "name"]);
    const brand = (await rest.post("/brands", { name: unique("Valid"), active: true })).json;
    const put = expectProblem(await rest.put(`/brands/${brand.id}`, { active: true }), 422);
    expect(put.errors).toEqual([expect.objectContaining({ path: "name", message: expect.any(String), code: expect.any(String) })]);
    expectProblem(await rest.put(`/brands/${randomUUID()}`, { name: "x", active: true }), 404);
  });

  it("the list pages, sorts, filters by active, searches ignoring accents and case, and answers the main image", async () => {
    const org = await newOrg();
    const rest = restAs(await org.bearer());
    for (const [name, active] of [
      ["Alfa Ação", true],
      ["Bravo", false],
      ["Cedro", true],
    ] as const) {
      expect((await rest.post("/brands", { name, active })).status).toBe(201);
    }
    const [front, back] = await upload(org, [
      { name: "a.png", type: "image/png", bytes: PNG },
      { name: "b.png", type: "image/png", bytes: PNG },
    ]);
    const images = [
      { resource_file_id: front!, main: false },
      { resource_file_id: back!, main: true },
    ];
    expect((await rest.post("/brands", { name: "Delta", active: true, images })).status).toBe(201);

    const page = await rest.get("/brands?perPage=2&page=1&sort=name&dir=desc");
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ currentPage: 1, perPage: 2, total: 4 });
    expect(names(page.json)).toEqual(["Bravo", "Alfa Ação"]);
    expect(Object.keys(page.json.items[0]).sort()).toEqual(["active", "id", "name", "resource_file_id"]);
    expect(names((await rest.get("/brands?active=false")).json)).toEqual(["Bravo"]);
    expect(names((await rest.get(`/brands?search=${encodeURIComponent("ALFA acao")}`)).json)).toEqual(["Alfa Ação"]);
    expect((await rest.get("/brands?search=delta")).json.items[0].resource_file_id).toBe(back);
    expect((await rest.get("/brands?page=9")).json).toMatchObject({ items: [], total: 4 });

    expect((await rest.get("/brands?perPage=5000")).json.perPage).toBe(100);
    expectProblem(await rest.get("/brands?sort=password"), 422);
    expectProblem(await rest.get("/brands?page=-1"), 422);
    expectProblem(await rest.get("/brands?dir=sideways"), 422);
  });

  it("another org can neither see nor change a brand (404 as if missing)", async () => {
    const mine = restAs(await (await newOrg()).bearer());
    const theirs = restAs(await (await newOrg()).bearer());
    const name = unique("Tenant");
    const brand = (await mine.post("/brands", { name, active: true })).json;
    expectProblem(await theirs.get(`/brands/${brand.id}`), 404);
    expectProblem(await theirs.put(`/brands/${brand.id}`, { name: "stolen", active: true }), 404);
    expectProblem(await theirs.delete(`/brands/${brand.id}`), 404);
    expect((await theirs.get(`/brands?search=${encodeURIComponent(name)}`)).json.total).toBe(0);
    expect((await mine.get(`/brands/${brand.id}`)).json.name).toBe(name);
  });

  it("lets every role read but only ADMIN and MANAGER write", async () => {
    const org = await newOrg();
    for (const role of ["VIEWER", "SELLER"] as const) {
      const rest = restAs(await org.bearer(role));
      expect((await rest.get("/brands")).status).toBe(200);
      expectProblem(await rest.post("/brands", { name: "x", active: true }), 403);
    }
    expect((await restAs(await org.bearer("MANAGER")).post("/brands", { name: unique("By manager"), active: true })).status).toBe(201);
  });
});
