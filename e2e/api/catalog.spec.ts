import type { APIRequestContext } from "@playwright/test";
import { API, expect, expectProblem, test, unique, type Headers } from "../fixtures";

/** A JSON answer, read field by field in the checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several resources
type Body = { id: string; [field: string]: any };

/** POST a record and return its body, checking the status. */
async function create(request: APIRequestContext, headers: Headers, path: string, data: object, status = 201): Promise<Body> {
  const response = await request.post(`${API}${path}`, { headers, data });
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

async function expectDeleted(request: APIRequestContext, headers: Headers, path: string) {
  const removed = await request.delete(`${API}${path}`, { headers });
  expect(removed.status()).toBe(204);
  expect(await removed.text()).toBe("");
  await expectProblem(await request.get(`${API}${path}`, { headers }), 404);
  await expectProblem(await request.delete(`${API}${path}`, { headers }), 404);
}

const errorPaths = (problem: { errors?: Array<{ path: string }> }) => problem.errors?.map((error) => error.path).sort();

const warehouseBody = (name: string) => ({
  name,
  address_type: "COMMERCIAL",
  street: "Avenida Brasil",
  number: "500",
  complement: "Galpão 2",
  neighborhood: "Centro",
  city: "Ribeirão Preto",
  state: "SP",
  country: "BR",
  postal_code: "14010-000",
  active: true,
});

const unitBody = (abbreviation: string) => ({
  abbreviation,
  description: `Unidade ${abbreviation}`,
  decimals_for_quantity: 0,
  active: true,
});

/** A short abbreviation no other test uses. */
const abbreviation = () => `U${crypto.randomUUID().slice(0, 6).toUpperCase()}`;

test.describe("profiles", () => {
  test("POST 201, GET 200, PUT 200, list with partner_size, DELETE 204; 422 and 404", async ({ request, admin }) => {
    const name = unique("Atacado");
    const profile = await create(request, admin, "/profiles", { name, active: true, attributes: { tier: "A" } });
    expect(profile).toMatchObject({ name, active: true, attributes: { tier: "A" } });
    expect(profile).not.toHaveProperty("organization_id");
    expect(await (await request.get(`${API}/profiles/${profile.id}`, { headers: admin })).json()).toEqual(profile);

    const updated = await request.put(`${API}/profiles/${profile.id}`, { headers: admin, data: { name: `${name} 2`, active: false } });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ id: profile.id, name: `${name} 2`, active: false, attributes: {} });

    const list = await (
      await request.get(`${API}/profiles?search=${encodeURIComponent(name)}&active=false&sort=partner_size`, { headers: admin })
    ).json();
    expect(list).toMatchObject({ currentPage: 0, perPage: 25, total: 1 });
    expect(list.items[0]).toEqual({ id: profile.id, name: `${name} 2`, active: false, attributes: {}, partner_size: 0 });

    const invalid = await expectProblem(await request.post(`${API}/profiles`, { headers: admin, data: { name: "" } }), 422);
    expect(errorPaths(invalid)).toEqual(["active", "name"]);
    await expectProblem(
      await request.put(`${API}/profiles/${crypto.randomUUID()}`, { headers: admin, data: { name: "x", active: true } }),
      404,
    );
    await expectDeleted(request, admin, `/profiles/${profile.id}`);
  });
});

test.describe("measure units", () => {
  test("CRUD with attributes write only; enable and disable flip `active` (200, no body needed)", async ({ request, admin }) => {
    const code = abbreviation();
    const unit = await create(request, admin, "/measure-units", {
      ...unitBody(code),
      decimals_for_quantity: 2,
      attributes: { inmetro: "X" },
    });
    expect(unit).toMatchObject({ abbreviation: code, decimals_for_quantity: 2, active: true });
    expect(unit).not.toHaveProperty("attributes");

    const disabled = await request.put(`${API}/measure-units/${unit.id}/disable`, { headers: admin });
    expect(disabled.status()).toBe(200);
    expect(await disabled.json()).toMatchObject({ id: unit.id, abbreviation: code, active: false });
    const onlyActive = await (await request.get(`${API}/measure-units?search=${code}&only_active=true`, { headers: admin })).json();
    expect(onlyActive.total).toBe(0);
    const all = await (await request.get(`${API}/measure-units?search=${code}&only_active=false`, { headers: admin })).json();
    expect(all.items).toEqual([
      { id: unit.id, abbreviation: code, description: `Unidade ${code}`, decimals_for_quantity: 2, active: false },
    ]);
    const enabled = await request.put(`${API}/measure-units/${unit.id}/enable`, { headers: admin });
    expect(enabled.status()).toBe(200);
    expect((await enabled.json()).active).toBe(true);
    await expectProblem(await request.put(`${API}/measure-units/${crypto.randomUUID()}/enable`, { headers: admin }), 404);
    await expectProblem(await request.put(`${API}/measure-units/not-a-uuid/disable`, { headers: admin }), 404);

    const updated = await request.put(`${API}/measure-units/${unit.id}`, {
      headers: admin,
      data: { ...unitBody(code), description: "Renamed" },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ description: "Renamed" });
    expect(await (await request.get(`${API}/measure-units/${unit.id}`, { headers: admin })).json()).not.toHaveProperty("attributes");

    const invalid = await expectProblem(
      await request.post(`${API}/measure-units`, {
        headers: admin,
        data: { abbreviation: "", description: "x", decimals_for_quantity: -1, active: "yes" },
      }),
      422,
    );
    expect(errorPaths(invalid)).toEqual(["abbreviation", "active", "decimals_for_quantity"]);
    await expectProblem(await request.post(`${API}/measure-units`, { headers: admin, data: unitBody(code.toLowerCase()) }), 409);
    await expectDeleted(request, admin, `/measure-units/${unit.id}`);
  });
});

test.describe("products and alternative units", () => {
  test("products: POST 200 with a generated SKU, duplicate SKU 409, filters, GET/PUT/DELETE", async ({ request, admin }) => {
    const name = unique("Chave de Fenda");
    const product = await create(request, admin, "/products", { name }, 200);
    expect(product).toMatchObject({ name, active: true, sku: expect.stringMatching(/^CHAVE-DE-FENDA-/) });
    await expectProblem(await request.post(`${API}/products`, { headers: admin, data: { name: "Outra", sku: product.sku } }), 409);
    const explicit = await create(
      request,
      admin,
      "/products",
      { name: unique("Alicate"), sku: unique("ALC").replace(" ", "-"), active: false },
      200,
    );

    const both = await (
      await request.get(`${API}/products?product_ids=${product.id}&product_ids=${explicit.id}&sort=sku`, { headers: admin })
    ).json();
    expect(both.total).toBe(2);
    const active = await (
      await request.get(`${API}/products?product_ids=${product.id}&product_ids=${explicit.id}&only_active=true`, { headers: admin })
    ).json();
    expect(active.items.map((item: { id: string }) => item.id)).toEqual([product.id]);
    const bySku = await (
      await request.get(`${API}/products?search=${encodeURIComponent(String(product.sku).toLowerCase())}`, { headers: admin })
    ).json();
    expect(bySku.items).toEqual([expect.objectContaining({ id: product.id, name, sku: product.sku, active: true })]);

    const updated = await request.put(`${API}/products/${product.id}`, { headers: admin, data: { name: `${name} 2` } });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ name: `${name} 2`, sku: product.sku });
    await expectProblem(await request.post(`${API}/products`, { headers: admin, data: { active: true } }), 422);
    await expectDeleted(request, admin, `/products/${product.id}`);
  });

  test("alternative units: CRUD, paged list with product_id, 422 on missing product or unit, 409 deleting what they use", async ({
    request,
    admin,
  }) => {
    const product = await create(request, admin, "/products", { name: unique("Cabo PP") }, 200);
    const unit = await create(request, admin, "/measure-units", unitBody(abbreviation()));
    const body = { product_id: product.id, unit_id: unit.id, decimals_for_quantity: 2, value_multiplier: 95.5, quantity: 100 };
    const alternative = await create(request, admin, "/products/alternative-units", { ...body, attributes: { ean: "7891234567895" } });
    expect(alternative).toMatchObject({
      ...body,
      unit_name: unit.description,
      unit_abbreviation: unit.abbreviation,
      attributes: { ean: "7891234567895" },
    });
    expect(await (await request.get(`${API}/products/alternative-units/${alternative.id}`, { headers: admin })).json()).toEqual(
      alternative,
    );

    const list = await request.get(`${API}/products/alternative-units?product_id=${product.id}`, { headers: admin });
    expect(list.status()).toBe(200);
    const page = await list.json();
    expect(page).toMatchObject({ currentPage: 0, perPage: 25, total: 1 });
    expect(page.items[0]).toMatchObject({ id: alternative.id, unit_abbreviation: unit.abbreviation });

    const updated = await request.put(`${API}/products/alternative-units/${alternative.id}`, {
      headers: admin,
      data: { ...body, quantity: 50 },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ quantity: 50, attributes: {} });

    const missing = await expectProblem(
      await request.post(`${API}/products/alternative-units`, {
        headers: admin,
        data: { ...body, product_id: crypto.randomUUID(), unit_id: crypto.randomUUID() },
      }),
      422,
    );
    expect(errorPaths(missing)).toEqual(["product_id", "unit_id"]);
    const numbers = await expectProblem(
      await request.put(`${API}/products/alternative-units/${alternative.id}`, {
        headers: admin,
        data: { ...body, quantity: 0, value_multiplier: -1 },
      }),
      422,
    );
    expect(errorPaths(numbers)).toEqual(["quantity", "value_multiplier"]);
    await expectProblem(await request.get(`${API}/products/alternative-units/${crypto.randomUUID()}`, { headers: admin }), 404);

    const unitInUse = await expectProblem(await request.delete(`${API}/measure-units/${unit.id}`, { headers: admin }), 409);
    expect(unitInUse.detail).toContain("alternative units");
    await expectProblem(await request.delete(`${API}/products/${product.id}`, { headers: admin }), 409);
    await expectDeleted(request, admin, `/products/alternative-units/${alternative.id}`);
    expect((await request.delete(`${API}/measure-units/${unit.id}`, { headers: admin })).status()).toBe(204);
  });
});

test.describe("warehouses and variations", () => {
  test("warehouses: every field but attributes required (422 per field), paged list, GET/PUT/DELETE", async ({ request, admin }) => {
    const name = unique("CD Ribeirão");
    const warehouse = await create(request, admin, "/warehouses", warehouseBody(name));
    expect(warehouse).toMatchObject({ ...warehouseBody(name), attributes: {} });
    const invalid = await expectProblem(
      await request.post(`${API}/warehouses`, { headers: admin, data: { name: "x", active: true } }),
      422,
    );
    expect(errorPaths(invalid)).toEqual([
      "address_type",
      "city",
      "complement",
      "country",
      "neighborhood",
      "number",
      "postal_code",
      "state",
      "street",
    ]);
    const put = await expectProblem(
      await request.put(`${API}/warehouses/${warehouse.id}`, { headers: admin, data: { ...warehouseBody(name), postal_code: "" } }),
      422,
    );
    expect(errorPaths(put)).toEqual(["postal_code"]);

    const page = await (
      await request.get(`${API}/warehouses?search=${encodeURIComponent("ribeirao preto")}&sort=city&dir=desc`, { headers: admin })
    ).json();
    expect(page).toMatchObject({ currentPage: 0, perPage: 25 });
    expect(page.items.map((item: { id: string }) => item.id)).toContain(warehouse.id);
    const updated = await request.put(`${API}/warehouses/${warehouse.id}`, {
      headers: admin,
      data: { ...warehouseBody(name), city: "Sertãozinho" },
    });
    expect(updated.status()).toBe(200);
    expect((await updated.json()).city).toBe("Sertãozinho");
    await expectProblem(await request.get(`${API}/warehouses/${crypto.randomUUID()}`, { headers: admin }), 404);
    await expectDeleted(request, admin, `/warehouses/${warehouse.id}`);
  });

  test("variations: values required and distinct, options numbered with ids, display_type enum, paged list", async ({ request, admin }) => {
    const name = unique("Voltagem");
    const variation = await create(request, admin, "/variations", {
      name,
      active: true,
      values: ["127V", "220V"],
      is_searchable: true,
      display_type: "TEXT",
      variant_options: [
        { name: "127V", display_value: "127 volts" },
        { name: "220V", display_value: "220 volts" },
      ],
    });
    expect(variation.variant_options).toEqual([
      { id: expect.any(String), name: "127V", display_value: "127 volts", order: 0 },
      { id: expect.any(String), name: "220V", display_value: "220 volts", order: 1 },
    ]);
    const invalid = await expectProblem(
      await request.post(`${API}/variations`, {
        headers: admin,
        data: { name: "x", active: true, values: ["A", "a"], display_type: "HOLOGRAM" },
      }),
      422,
    );
    expect(errorPaths(invalid)).toEqual(["display_type", "values.1"]);
    await expectProblem(await request.post(`${API}/variations`, { headers: admin, data: { name: "x", active: true } }), 422);

    const page = await (await request.get(`${API}/variations?search=${encodeURIComponent(name)}`, { headers: admin })).json();
    expect(page).toMatchObject({ currentPage: 0, perPage: 25, total: 1 });
    expect(page.items[0]).toMatchObject({ id: variation.id, values: ["127V", "220V"], display_type: "TEXT" });

    const updated = await request.put(`${API}/variations/${variation.id}`, {
      headers: admin,
      data: {
        name,
        active: false,
        values: ["Bivolt"],
        display_type: "COLOR",
        variant_options: [{ name: "220V", display_value: "#ff0000" }],
      },
    });
    expect(updated.status()).toBe(200);
    const body = await updated.json();
    expect(body).toMatchObject({ active: false, values: ["Bivolt"], display_type: "COLOR", is_searchable: false });
    expect(body.variant_options[0]).toEqual({ ...variation.variant_options[1], display_value: "#ff0000", order: 0 });
    await expectProblem(await request.get(`${API}/variations/${crypto.randomUUID()}`, { headers: admin }), 404);
    await expectDeleted(request, admin, `/variations/${variation.id}`);
  });
});

test.describe("categories", () => {
  test("a tree: root_id required (null at the top), filters, order, cycles 422, delete with children 409", async ({ request, admin }) => {
    const top = await create(request, admin, "/categories", {
      root_id: null,
      name: unique("Elétrica"),
      active: true,
      seo_meta_keywords: ["fio", "cabo"],
    });
    expect(top).toMatchObject({ root_id: null, order: expect.any(Number), seo_meta_keywords: ["fio", "cabo"], specifications: [] });
    const child = await create(request, admin, "/categories", {
      root_id: top.id,
      name: unique("Fios"),
      active: true,
      order: 99,
      specifications: [{ name: "Técnicas", items: [{ name: "Bitola", type: "TEXT", values: ["1,5mm", "2,5mm"], is_searchable: true }] }],
    });
    expect(child).toMatchObject({ root_id: top.id, order: 1 });
    expect(child.specifications[0].items[0]).toMatchObject({ id: expect.any(String), category_id: child.id, name: "Bitola" });
    const inactive = await create(request, admin, "/categories", { root_id: top.id, name: unique("Disjuntores"), active: false });
    expect(inactive.order).toBe(2);

    const children = await (await request.get(`${API}/categories?root_id=${top.id}&sort=order`, { headers: admin })).json();
    expect(children).toMatchObject({ currentPage: 0, total: 2 });
    expect(children.items.map((item: { id: string }) => item.id)).toEqual([child.id, inactive.id]);
    expect(Object.keys(children.items[0]).sort()).toEqual(
      [
        "active",
        "attributes",
        "characteristics",
        "id",
        "image_resource_id",
        "name",
        "order",
        "root_id",
        "seo_description",
        "seo_meta_keywords",
        "seo_title",
      ].sort(),
    );
    const active = await (await request.get(`${API}/categories?root_id=${top.id}&only_active=true`, { headers: admin })).json();
    expect(active.items.map((item: { id: string }) => item.id)).toEqual([child.id]);
    const topLevel = await (
      await request.get(`${API}/categories?root_id=null&search=${encodeURIComponent(top.name)}`, { headers: admin })
    ).json();
    expect(topLevel.items.map((item: { id: string }) => item.id)).toEqual([top.id]);

    const missingRoot = await expectProblem(
      await request.post(`${API}/categories`, { headers: admin, data: { name: "x", active: true } }),
      422,
    );
    expect(errorPaths(missingRoot)).toEqual(["root_id"]);
    const unknownRoot = await expectProblem(
      await request.post(`${API}/categories`, { headers: admin, data: { root_id: crypto.randomUUID(), name: "x", active: true } }),
      422,
    );
    expect(errorPaths(unknownRoot)).toEqual(["root_id"]);
    const cycle = await expectProblem(
      await request.put(`${API}/categories/${top.id}`, { headers: admin, data: { root_id: child.id, name: top.name, active: true } }),
      422,
    );
    expect(cycle.errors).toEqual([
      expect.objectContaining({ path: "root_id", message: expect.stringContaining("own ancestor"), code: expect.any(String) }),
    ]);
    await expectProblem(
      await request.put(`${API}/categories/${top.id}`, { headers: admin, data: { root_id: top.id, name: top.name, active: true } }),
      422,
    );

    const updated = await request.put(`${API}/categories/${child.id}`, {
      headers: admin,
      data: { root_id: top.id, name: child.name, active: true, seo_title: "Fios e cabos" },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ seo_title: "Fios e cabos", order: 1, specifications: [] });

    const parentInUse = await expectProblem(await request.delete(`${API}/categories/${top.id}`, { headers: admin }), 409);
    expect(parentInUse.detail).toContain("subcategories");
    await expectProblem(await request.get(`${API}/categories/${crypto.randomUUID()}`, { headers: admin }), 404);
    await expectDeleted(request, admin, `/categories/${child.id}`);
    await expectDeleted(request, admin, `/categories/${inactive.id}`);
    await expectDeleted(request, admin, `/categories/${top.id}`);
  });
});

test.describe("catalog lookups: credentials, roles and tenants", () => {
  test("401 without credentials, 403 writing as VIEWER, reads for every role", async ({ request, keyFor }) => {
    await expectProblem(await request.get(`${API}/warehouses`), 401);
    await expectProblem(await request.post(`${API}/categories`, { data: { root_id: null, name: "x", active: true } }), 401);
    const viewer = await keyFor("VIEWER");
    for (const path of [
      "/profiles",
      "/measure-units",
      "/products",
      "/products/alternative-units",
      "/warehouses",
      "/variations",
      "/categories",
    ]) {
      const response = await request.get(`${API}${path}`, { headers: viewer });
      expect(response.status(), path).toBe(200);
      expect(await response.json()).toMatchObject({ currentPage: 0, perPage: 25, items: expect.any(Array) });
    }
    await expectProblem(await request.post(`${API}/warehouses`, { headers: viewer, data: warehouseBody("x") }), 403);
    await expectProblem(await request.put(`${API}/measure-units/${crypto.randomUUID()}/disable`, { headers: viewer }), 403);
    const manager = await keyFor("MANAGER");
    await create(request, manager, "/profiles", { name: unique("Por gerente"), active: true });
  });

  test("another org gets 404 for every record and 422 when referencing them", async ({ request, admin, otherAdmin }) => {
    const unit = await create(request, admin, "/measure-units", unitBody(abbreviation()));
    const product = await create(request, admin, "/products", { name: unique("Privado") }, 200);
    const alternative = await create(request, admin, "/products/alternative-units", {
      product_id: product.id,
      unit_id: unit.id,
      decimals_for_quantity: 0,
      value_multiplier: 1,
      quantity: 1,
    });
    const category = await create(request, admin, "/categories", { root_id: null, name: unique("Privada"), active: true });
    const warehouse = await create(request, admin, "/warehouses", warehouseBody(unique("Privado")));
    const variation = await create(request, admin, "/variations", { name: unique("Privada"), active: true, values: ["A"] });
    const profile = await create(request, admin, "/profiles", { name: unique("Privado"), active: true });

    for (const path of [
      `/measure-units/${unit.id}`,
      `/products/${product.id}`,
      `/products/alternative-units/${alternative.id}`,
      `/categories/${category.id}`,
      `/warehouses/${warehouse.id}`,
      `/variations/${variation.id}`,
      `/profiles/${profile.id}`,
    ]) {
      await expectProblem(await request.get(`${API}${path}`, { headers: otherAdmin }), 404);
      await expectProblem(await request.delete(`${API}${path}`, { headers: otherAdmin }), 404);
    }
    await expectProblem(await request.put(`${API}/measure-units/${unit.id}/disable`, { headers: otherAdmin }), 404);
    await expectProblem(
      await request.put(`${API}/warehouses/${warehouse.id}`, { headers: otherAdmin, data: warehouseBody("stolen") }),
      404,
    );
    const foreign = await expectProblem(
      await request.post(`${API}/products/alternative-units`, {
        headers: otherAdmin,
        data: { product_id: product.id, unit_id: unit.id, decimals_for_quantity: 0, value_multiplier: 1, quantity: 1 },
      }),
      422,
    );
    expect(errorPaths(foreign)).toEqual(["product_id", "unit_id"]);
    await expectProblem(
      await request.post(`${API}/categories`, { headers: otherAdmin, data: { root_id: category.id, name: "x", active: true } }),
      422,
    );
    const theirs = await (await request.get(`${API}/products/alternative-units?product_id=${product.id}`, { headers: otherAdmin })).json();
    expect(theirs.total).toBe(0);
    expect((await (await request.get(`${API}/measure-units/${unit.id}`, { headers: admin })).json()).active).toBe(true);
  });
});
