import { API, expect, expectProblem, test, unique } from "../fixtures";

test.describe("brands", () => {
  test("POST 201, GET 200, PUT 200 (images answered as `image`), DELETE 204 with no body", async ({ request, admin }) => {
    const name = unique("Brand");
    const image = { resource_file_id: crypto.randomUUID(), main: true };
    const created = await request.post(`${API}/brands`, {
      headers: admin,
      data: { name, active: true, images: [image], attributes: { origin: "BR" }, unknown_field: "ignored" },
    });
    expect(created.status()).toBe(201);
    const brand = await created.json();
    expect(brand).toMatchObject({ name, active: true, images: [image], attributes: { origin: "BR" } });
    expect(brand).not.toHaveProperty("unknown_field");
    expect(brand).not.toHaveProperty("organization_id");
    expect(brand).not.toHaveProperty("search_text");

    const fetched = await request.get(`${API}/brands/${brand.id}`, { headers: admin });
    expect(fetched.status()).toBe(200);
    expect(await fetched.json()).toEqual(brand);

    const updated = await request.put(`${API}/brands/${brand.id}`, {
      headers: admin,
      data: { name: `${name} v2`, active: false, images: [] },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ id: brand.id, name: `${name} v2`, active: false, image: [] });

    const removed = await request.delete(`${API}/brands/${brand.id}`, { headers: admin });
    expect(removed.status()).toBe(204);
    expect(await removed.text()).toBe("");
    expect(removed.headers()["content-type"]).toBeUndefined();
    await expectProblem(await request.get(`${API}/brands/${brand.id}`, { headers: admin }), 404);
    await expectProblem(await request.delete(`${API}/brands/${brand.id}`, { headers: admin }), 404);
    await expectProblem(await request.get(`${API}/brands/not-a-uuid`, { headers: admin }), 404);
  });

  test("POST and PUT answer 422 with one error per failing field", async ({ request, admin }) => {
    const invalid = await expectProblem(
      await request.post(`${API}/brands`, { headers: admin, data: { name: "", active: "false", images: [{ resource_file_id: "x" }] } }),
      422,
    );
    expect(invalid.errors?.map((error) => error.path).sort()).toEqual(["active", "images.0.resource_file_id", "name"]);
    const brand = await (await request.post(`${API}/brands`, { headers: admin, data: { name: unique("Valid"), active: true } })).json();
    const put = await expectProblem(await request.put(`${API}/brands/${brand.id}`, { headers: admin, data: { active: true } }), 422);
    expect(put.errors).toEqual([expect.objectContaining({ path: "name", message: expect.any(String), code: expect.any(String) })]);
    await expectProblem(
      await request.put(`${API}/brands/${crypto.randomUUID()}`, { headers: admin, data: { name: "x", active: true } }),
      404,
    );
  });

  test("the list pages, sorts, filters by active and searches ignoring accents and case", async ({ request, admin }) => {
    const tag = unique("Lst").replace(" ", "");
    for (const [suffix, active] of [
      ["Ação", true],
      ["Beta", false],
      ["Gama", true],
    ] as const) {
      expect((await request.post(`${API}/brands`, { headers: admin, data: { name: `${tag} ${suffix}`, active } })).status()).toBe(201);
    }
    const page = await request.get(`${API}/brands?search=${tag}&perPage=2&page=0&sort=name&dir=desc`, { headers: admin });
    expect(page.status()).toBe(200);
    const body = await page.json();
    expect(body).toMatchObject({ currentPage: 0, perPage: 2, total: 3 });
    expect(body.items.map((item: { name: string }) => item.name)).toEqual([`${tag} Gama`, `${tag} Beta`]);
    expect(Object.keys(body.items[0]).sort()).toEqual(["active", "id", "name", "resource_file_id"]);

    const inactive = await (await request.get(`${API}/brands?search=${tag}&active=false`, { headers: admin })).json();
    expect(inactive.items.map((item: { name: string }) => item.name)).toEqual([`${tag} Beta`]);
    const accents = await (
      await request.get(`${API}/brands?search=${encodeURIComponent(`${tag.toUpperCase()} acao`)}`, { headers: admin })
    ).json();
    expect(accents.items.map((item: { name: string }) => item.name)).toEqual([`${tag} Ação`]);
    const past = await (await request.get(`${API}/brands?search=${tag}&page=5`, { headers: admin })).json();
    expect(past).toMatchObject({ items: [], total: 3 });

    expect((await (await request.get(`${API}/brands?perPage=5000`, { headers: admin })).json()).perPage).toBe(100);
    await expectProblem(await request.get(`${API}/brands?sort=password`, { headers: admin }), 422);
    await expectProblem(await request.get(`${API}/brands?page=-1`, { headers: admin }), 422);
    await expectProblem(await request.get(`${API}/brands?dir=sideways`, { headers: admin }), 422);
  });

  test("another org can neither see nor change a brand (404 as if missing)", async ({ request, admin, otherAdmin }) => {
    const name = unique("Tenant");
    const brand = await (await request.post(`${API}/brands`, { headers: admin, data: { name, active: true } })).json();
    await expectProblem(await request.get(`${API}/brands/${brand.id}`, { headers: otherAdmin }), 404);
    await expectProblem(
      await request.put(`${API}/brands/${brand.id}`, { headers: otherAdmin, data: { name: "stolen", active: true } }),
      404,
    );
    await expectProblem(await request.delete(`${API}/brands/${brand.id}`, { headers: otherAdmin }), 404);
    const theirs = await (await request.get(`${API}/brands?search=${encodeURIComponent(name)}`, { headers: otherAdmin })).json();
    expect(theirs.total).toBe(0);
    expect((await (await request.get(`${API}/brands/${brand.id}`, { headers: admin })).json()).name).toBe(name);
  });
});
