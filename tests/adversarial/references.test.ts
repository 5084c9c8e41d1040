/**
 * References to other records (contract §5: an id that names nothing of the org is 422):
 * another org's ids and made-up UUIDs are refused wherever a write names a record, files
 * named as images must be pictures, and nothing is written.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newOrg, unique } from "../helpers/database";
import { PNG, upload } from "../helpers/files";
import { call, expectProblem } from "../helpers/http";

describe("references to files and sales channels", () => {
  it("brand images, a category's image and its solutions name the org's own records, or the write is 422", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const headers = await org.bearer();
    const [image, text] = await upload(org, [
      { name: "logo.png", type: "image/png", bytes: PNG },
      { name: "notes.txt", type: "text/plain", bytes: "not a picture" },
    ]);
    const [theirImage] = await upload(other, [{ name: "theirs.png", type: "image/png", bytes: PNG }]);
    const theirSolution = (await call("POST", "/api/b2b/solutions", { headers: await other.bearer(), body: { name: unique("Loja") } })).json
      .id as string;
    const solution = (await call("POST", "/api/b2b/solutions", { headers, body: { name: unique("Loja") } })).json.id as string;

    for (const [id, code] of [
      [theirImage!, "not_found_reference"],
      [randomUUID(), "not_found_reference"],
      [text!, "not_an_image"],
    ] as const) {
      const brand = expectProblem(
        await call("POST", "/api/b2b/brands", {
          headers,
          body: { name: unique("Marca"), active: true, images: [{ resource_file_id: id }] },
        }),
        422,
      );
      expect(brand.errors).toEqual([expect.objectContaining({ path: "images.0.resource_file_id", code })]);
      const category = expectProblem(
        await call("POST", "/api/b2b/categories", {
          headers,
          body: { root_id: null, name: unique("Categoria"), active: true, image_resource_id: id },
        }),
        422,
      );
      expect(category.errors).toEqual([expect.objectContaining({ path: "image_resource_id", code })]);
    }
    for (const solutions of [[theirSolution], [randomUUID()], [solution, theirSolution], ["loja-virtual"]]) {
      const problem = expectProblem(
        await call("POST", "/api/b2b/categories", { headers, body: { root_id: null, name: unique("Categoria"), active: true, solutions } }),
        422,
      );
      expect(problem.errors?.[0]?.path).toMatch(/^solutions/);
    }
    expect(await org.db.brand.count()).toBe(0);
    expect(await org.db.category.count()).toBe(0);

    const brand = await call("POST", "/api/b2b/brands", {
      headers,
      body: { name: unique("Marca"), active: true, images: [{ resource_file_id: image, main: true }] },
    });
    expect(brand.status, brand.text).toBe(201);
    const category = await call("POST", "/api/b2b/categories", {
      headers,
      body: { root_id: null, name: unique("Categoria"), active: true, image_resource_id: image, solutions: [solution] },
    });
    expect(category.status, category.text).toBe(201);
    // And an update is checked the same way.
    expectProblem(
      await call("PUT", `/api/b2b/brands/${brand.json.id}`, {
        headers,
        body: { name: unique("Marca"), active: true, images: [{ resource_file_id: theirImage }] },
      }),
      422,
    );
  });
});
