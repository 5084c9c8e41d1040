/**
 * The catalog's lookups over REST (interface "Profiles", "Measure units", "Products",
 * "Alternative units", "Warehouses", "Variations", "Categories"; contract §3–§5): exact
 * statuses, per-field errors, tenancy and roles. The category tree is the panel's (tRPC).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seedCatalogDemo } from "@/server/catalog/demo-data";
import { newOrg, unique, type TestOrg } from "../helpers/database";
import { expectProblem, restAs, type Answer, type Rest } from "../helpers/http";
import { warehouseBody } from "../helpers/stock";

/** The per-field error paths of a 422, sorted. */
const paths = (answer: Answer) => (expectProblem(answer, 422).errors ?? []).map((error) => error.path).sort();
const ids = (answer: Answer) => answer.json.items.map((item: { id: string }) => item.id);
const names = (answer: Answer) => answer.json.items.map((item: { name: string }) => item.name);

async function created(rest: Rest, path: string, body: object, status = 201) {
  const answer = await rest.post(path, body);
  expect(answer.status, answer.text).toBe(status);
  return answer.json;
}

/** DELETE 204 with no body, then the record is 404 to GET and DELETE. */
async function expectDeleted(rest: Rest, path: string) {
  const removed = await rest.delete(path);
  expect(removed.status, removed.text).toBe(204);
  expect(removed.text).toBe("");
  expectProblem(await rest.get(path), 404);
  expectProblem(await rest.delete(path), 404);
}

const admin = async (org?: TestOrg) => restAs(await (org ?? (await newOrg())).bearer());
const unitBody = (abbreviation: string, decimals = 0) => ({
  abbreviation,
  description: `Unidade ${abbreviation}`,
  decimals_for_quantity: decimals,
  active: true,
});
/** A short abbreviation no other test uses. */
const abbreviation = () => `U${randomUUID().slice(0, 6).toUpperCase()}`;

async function unitAndProduct(rest: Rest) {
  const unit = await created(rest, "/measure-units", { ...unitBody(abbreviation()), description: "Caixa" });
  const product = await created(rest, "/products", { name: unique("Parafuso") }, 200);
  return { unit, product };
}

describe("profiles", () => {
  it("POST 201, GET 200, PUT 200, list with partner_size and its sort, DELETE 409 while partners use it, then 204", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    const name = unique("Atacado");
    const profile = await created(rest, "/profiles", { name, active: true, attributes: { tier: "A" } });
    expect(profile).toMatchObject({ name, active: true, attributes: { tier: "A" } });
    expect(profile).not.toHaveProperty("organization_id");
    expect((await rest.get(`/profiles/${profile.id}`)).json).toEqual(profile);

    const updated = await rest.put(`/profiles/${profile.id}`, { name: `${name} 2`, active: false });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id: profile.id, name: `${name} 2`, active: false, attributes: {} });

    await org.db.partner.create({
      data: { name: "Casa do Construtor", fiscal_registration_number: "11222333000181", profile_id: profile.id } as never,
    });
    const list = (await rest.get(`/profiles?search=${encodeURIComponent(name)}&active=false&sort=partner_size`)).json;
    expect(list).toMatchObject({ currentPage: 0, perPage: 25, total: 1 });
    expect(list.items[0]).toEqual({ id: profile.id, name: `${name} 2`, active: false, attributes: {}, partner_size: 1 });
    expect((await rest.get(`/profiles?active=true&search=${encodeURIComponent(name)}`)).json.total).toBe(0);
    expect(ids(await rest.get("/profiles?sort=partner_size&dir=desc"))[0]).toBe(profile.id);

    expect(expectProblem(await rest.delete(`/profiles/${profile.id}`), 409).detail).toContain("1 partners");
    await org.db.partner.deleteMany({ where: { profile_id: profile.id } });
    await expectDeleted(rest, `/profiles/${profile.id}`);
  });

  it("422 for a missing name and active; 404 for a missing profile", async () => {
    const rest = await admin();
    expect(paths(await rest.post("/profiles", { name: " " }))).toEqual(["active", "name"]);
    expectProblem(await rest.put(`/profiles/${randomUUID()}`, { name: "x", active: true }), 404);
  });
});

describe("measure units", () => {
  it("attributes are written, never answered; enable and disable flip `active` (200 with the record); duplicates 409", async () => {
    const rest = await admin();
    const code = abbreviation();
    const unit = await created(rest, "/measure-units", { ...unitBody(code, 3), attributes: { ncm_unit: "KGM" } });
    expect(unit).toMatchObject({ abbreviation: code, decimals_for_quantity: 3, active: true });
    expect(unit).not.toHaveProperty("attributes");
    expect((await rest.get(`/measure-units/${unit.id}`)).json).not.toHaveProperty("attributes");

    const disabled = await rest.put(`/measure-units/${unit.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.json).toMatchObject({ id: unit.id, abbreviation: code, active: false });
    expect((await rest.get(`/measure-units?search=${code}&only_active=true`)).json.total).toBe(0);
    expect((await rest.get(`/measure-units?search=${code}&active=false`)).json.total).toBe(1);
    expect((await rest.get(`/measure-units?search=${code}&only_active=false`)).json.items).toEqual([
      { id: unit.id, abbreviation: code, description: `Unidade ${code}`, decimals_for_quantity: 3, active: false },
    ]);
    const enabled = await rest.put(`/measure-units/${unit.id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.json.active).toBe(true);
    expectProblem(await rest.put(`/measure-units/${randomUUID()}/enable`), 404);
    expectProblem(await rest.put("/measure-units/not-a-uuid/disable"), 404);

    const updated = await rest.put(`/measure-units/${unit.id}`, { ...unitBody(code), description: "Renamed" });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ description: "Renamed" });

    expect(
      paths(await rest.post("/measure-units", { abbreviation: "", description: "x", decimals_for_quantity: -1, active: "yes" })),
    ).toEqual(["abbreviation", "active", "decimals_for_quantity"]);
    expect(paths(await rest.post("/measure-units", { ...unitBody(abbreviation()), decimals_for_quantity: 1.5 }))).toEqual([
      "decimals_for_quantity",
    ]);
    expectProblem(await rest.post("/measure-units", unitBody(code.toLowerCase())), 409);
    await expectDeleted(rest, `/measure-units/${unit.id}`);
  });

  it("a PUT without attributes keeps the stored ones; custom fields are checked", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    await org.db.entityAttribute.create({
      data: { entity: "measure_unit", key: "inmetro", label: "INMETRO code", type: "STRING", required: true } as never,
    });
    expect(paths(await rest.post("/measure-units", unitBody("M", 2)))).toEqual(["attributes.inmetro"]);
    const unit = await created(rest, "/measure-units", { ...unitBody("M", 2), attributes: { inmetro: "MTR" } });
    expect((await rest.put(`/measure-units/${unit.id}`, { ...unitBody("M", 2), description: "Metro linear" })).status).toBe(200);
    expect(await org.db.measureUnit.findFirst({ where: { id: unit.id } })).toMatchObject({
      description: "Metro linear",
      attributes: { inmetro: "MTR" },
    });
  });
});

describe("products (the catalog's lookups; the product's own rules: products.test.ts)", () => {
  it("POST 200 with a SKU made from the name (unique: -2 next), kept on PUT; a repeated SKU is 409; filters, search by SKU, DELETE 204", async () => {
    const rest = await admin();
    const first = await created(rest, "/products", { name: "Furadeira de Impacto 650W" }, 200);
    expect(first).toMatchObject({ sku: "FURADEIRA-DE-IMPACTO-650W", active: true, attributes: {} });
    const second = await created(rest, "/products", { name: "Furadeira de impacto 650w" }, 200);
    expect(second.sku).toBe("FURADEIRA-DE-IMPACTO-650W-2");
    const renamed = await rest.put(`/products/${first.id}`, { name: "Furadeira 650W", active: false });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ sku: "FURADEIRA-DE-IMPACTO-650W", name: "Furadeira 650W", active: false });
    expectProblem(await rest.post("/products", { name: "Outra", sku: second.sku }), 409);
    expectProblem(await rest.post("/products", { active: true }), 422);

    expect(ids(await rest.get("/products?search=furadeira-de-impacto-650w-2"))).toEqual([second.id]);
    expect(ids(await rest.get("/products?only_active=true"))).toEqual([second.id]);
    expect((await rest.get(`/products?product_ids=${first.id}&product_ids=${second.id}&sort=sku`)).json.total).toBe(2);
    expect((await rest.get(`/products?product_ids=${first.id}&product_ids=junk`)).json.items).toEqual([
      expect.objectContaining({ id: first.id, name: "Furadeira 650W", sku: "FURADEIRA-DE-IMPACTO-650W", active: false }),
    ]);
    await expectDeleted(rest, `/products/${first.id}`);
  });
});

describe("alternative units", () => {
  it("POST 201 with the unit's name and abbreviation, GET, paged list by product, search, sort, PUT 200, DELETE 204", async () => {
    const rest = await admin();
    const { unit, product } = await unitAndProduct(rest);
    const other = await created(rest, "/products", { name: unique("Arruela") }, 200);
    const body = { product_id: product.id, unit_id: unit.id, decimals_for_quantity: 0, value_multiplier: 0.95, quantity: 50 };
    const alternative = await created(rest, "/products/alternative-units", { ...body, attributes: { barcode: "7890000000017" } });
    expect(alternative).toMatchObject({
      ...body,
      unit_name: "Caixa",
      unit_abbreviation: unit.abbreviation,
      attributes: { barcode: "7890000000017" },
    });
    expect((await rest.get(`/products/alternative-units/${alternative.id}`)).json).toEqual(alternative);
    await created(rest, "/products/alternative-units", {
      ...body,
      product_id: other.id,
      decimals_for_quantity: 2,
      value_multiplier: 1,
      quantity: 1,
    });

    const mine = await rest.get(`/products/alternative-units?product_id=${product.id}`);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ currentPage: 0, perPage: 25, total: 1 });
    expect(mine.json.items[0]).toMatchObject({ id: alternative.id, unit_name: "Caixa", unit_abbreviation: unit.abbreviation });
    expect(ids(await rest.get(`/products/alternative-units?search=${encodeURIComponent(product.name.toUpperCase())}`))).toEqual([
      alternative.id,
    ]);
    expect((await rest.get(`/products/alternative-units?search=caixa&product_id=${product.id}`)).json.total).toBe(1);
    expect((await rest.get(`/products/alternative-units?search=${unit.abbreviation}`)).json.total).toBe(2);
    expect((await rest.get("/products/alternative-units?sort=quantity&dir=desc")).json.items[0].quantity).toBe(50);

    const updated = await rest.put(`/products/alternative-units/${alternative.id}`, {
      ...body,
      decimals_for_quantity: 1,
      value_multiplier: 1.5,
      quantity: 10.25,
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ decimals_for_quantity: 1, value_multiplier: 1.5, quantity: 10.25, attributes: {} });
    await expectDeleted(rest, `/products/alternative-units/${alternative.id}`);
  });

  it("422 on a missing product or unit and on non-positive numbers; 404 for a missing record; 409 deleting the unit or product they use", async () => {
    const rest = await admin();
    const { unit, product } = await unitAndProduct(rest);
    const body = { product_id: product.id, unit_id: unit.id, decimals_for_quantity: 0, value_multiplier: 12, quantity: 12 };
    expect(paths(await rest.post("/products/alternative-units", { ...body, product_id: randomUUID(), unit_id: randomUUID() }))).toEqual([
      "product_id",
      "unit_id",
    ]);
    expect(
      paths(await rest.post("/products/alternative-units", { ...body, decimals_for_quantity: -1, value_multiplier: 0, quantity: -2 })),
    ).toEqual(["decimals_for_quantity", "quantity", "value_multiplier"]);
    const alternative = await created(rest, "/products/alternative-units", body);
    expect(paths(await rest.put(`/products/alternative-units/${alternative.id}`, { ...body, quantity: 0, value_multiplier: -1 }))).toEqual([
      "quantity",
      "value_multiplier",
    ]);
    expectProblem(await rest.get(`/products/alternative-units/${randomUUID()}`), 404);

    expect(expectProblem(await rest.delete(`/measure-units/${unit.id}`), 409).detail).toContain("alternative units");
    expectProblem(await rest.delete(`/products/${product.id}`), 409);
    await expectDeleted(rest, `/products/alternative-units/${alternative.id}`);
    expect((await rest.delete(`/measure-units/${unit.id}`)).status).toBe(204);
    expect((await rest.delete(`/products/${product.id}`)).status).toBe(204);
  });
});

describe("warehouses", () => {
  it("every field but attributes required (422 per field), search without accents, the active filter, GET/PUT/DELETE", async () => {
    const rest = await admin();
    const name = unique("CD Campinas");
    const warehouse = await created(rest, "/warehouses", { ...warehouseBody(name), attributes: { dock_count: 4 } });
    expect(warehouse).toMatchObject({ ...warehouseBody(name), attributes: { dock_count: 4 } });
    expect(paths(await rest.post("/warehouses", { name: "x", active: true }))).toEqual([
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
    expect(paths(await rest.put(`/warehouses/${warehouse.id}`, { ...warehouseBody(name), postal_code: "" }))).toEqual(["postal_code"]);

    const page = await rest.get(`/warehouses?search=${encodeURIComponent("sao jose")}&sort=city&dir=desc`);
    expect(page.json).toMatchObject({ currentPage: 0, perPage: 25 });
    expect(ids(page)).toEqual([warehouse.id]);
    const updated = await rest.put(`/warehouses/${warehouse.id}`, { ...warehouseBody(name), city: "Sertãozinho", active: false });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ city: "Sertãozinho", active: false });
    expect((await rest.get("/warehouses?active=true")).json.total).toBe(0);
    expectProblem(await rest.get(`/warehouses/${randomUUID()}`), 404);
    await expectDeleted(rest, `/warehouses/${warehouse.id}`);
    expect((await rest.get("/warehouses")).json.total).toBe(0);
  });
});

describe("variations", () => {
  it("values required and distinct without case, options numbered with ids kept by name, display_type enum, paged list, DELETE 204", async () => {
    const rest = await admin();
    const name = unique("Cor");
    const variation = await created(rest, "/variations", {
      name,
      active: true,
      values: ["Azul", "Vermelho"],
      display_type: "COLOR",
      variant_options: [
        { name: "Azul", display_value: "#0000ff" },
        { name: "Vermelho", display_value: "#ff0000" },
      ],
    });
    expect(variation).toMatchObject({ is_searchable: false, display_type: "COLOR", values: ["Azul", "Vermelho"] });
    expect(variation.variant_options).toEqual([
      { id: expect.any(String), name: "Azul", display_value: "#0000ff", order: 0 },
      { id: expect.any(String), name: "Vermelho", display_value: "#ff0000", order: 1 },
    ]);
    const blue = variation.variant_options[0].id;

    const updated = await rest.put(`/variations/${variation.id}`, {
      name,
      active: false,
      values: ["Verde", "Azul"],
      variant_options: [
        { name: "Verde", display_value: "#00ff00" },
        { name: "Azul", display_value: "#0000ff" },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ active: false, values: ["Verde", "Azul"], display_type: null, is_searchable: false });
    expect(updated.json.variant_options[1]).toEqual({ id: blue, name: "Azul", display_value: "#0000ff", order: 1 });
    expect(updated.json.variant_options[0].id).not.toBe(blue);

    expect(
      paths(await rest.post("/variations", { name: "Voltagem", active: true, values: ["110V", "110v"], display_type: "HOLOGRAM" })),
    ).toEqual(["display_type", "values.1"]);
    expect(paths(await rest.post("/variations", { name: "Vazia", active: true, values: [] }))).toEqual(["values"]);
    expectProblem(await rest.post("/variations", { name: "x", active: true }), 422);

    const page = await rest.get("/variations?search=verde");
    expect(page.json).toMatchObject({ currentPage: 0, perPage: 25, total: 1 });
    expect(page.json.items[0]).toMatchObject({ id: variation.id, values: ["Verde", "Azul"] });
    expectProblem(await rest.get(`/variations/${randomUUID()}`), 404);
    await expectDeleted(rest, `/variations/${variation.id}`);
  });
});

describe("categories", () => {
  it("a tree: root_id required (null at the top), order among siblings, specifications with ids, filters, the panel's tree", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    const tools = await created(rest, "/categories", { root_id: null, name: "Ferramentas", active: true });
    const electric = await created(rest, "/categories", {
      root_id: tools.id,
      name: "Ferramentas Elétricas",
      active: true,
      order: 99,
      seo_meta_keywords: ["furadeira", "serra"],
      specifications: [{ name: "Técnicas", items: [{ name: "Potência", type: "TEXT", values: ["650W", "800W"], is_searchable: true }] }],
    });
    const manual = await created(rest, "/categories", { root_id: tools.id, name: "Ferramentas Manuais", active: false });
    expect(tools).toMatchObject({ root_id: null, order: 1, specifications: [] });
    expect([electric.order, manual.order]).toEqual([1, 2]);
    expect(electric.seo_meta_keywords).toEqual(["furadeira", "serra"]);
    expect(electric.specifications[0].items[0]).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      category_id: electric.id,
      name: "Potência",
      is_searchable: true,
    });

    const children = await rest.get(`/categories?root_id=${tools.id}&sort=order`);
    expect(children.json).toMatchObject({ currentPage: 0, total: 2 });
    expect(names(children)).toEqual(["Ferramentas Elétricas", "Ferramentas Manuais"]);
    expect(Object.keys(children.json.items[0]).sort()).toEqual(
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
    expect(ids(await rest.get(`/categories?root_id=${tools.id}&only_active=true`))).toEqual([electric.id]);
    expect(ids(await rest.get("/categories?root_id=null"))).toEqual([tools.id]);
    expect(ids(await rest.get("/categories?search=eletricas"))).toEqual([electric.id]);
    expect((await rest.get("/categories?search=serra")).json.total).toBe(1);
    const tree = await (await org.as()).categories.tree();
    expect(tree.map((node) => node.name).sort()).toEqual(["Ferramentas", "Ferramentas Elétricas", "Ferramentas Manuais"]);

    expect(paths(await rest.post("/categories", { name: "Sem pai", active: true }))).toEqual(["root_id"]);
    expect(paths(await rest.post("/categories", { root_id: randomUUID(), name: "Órfã", active: true }))).toEqual(["root_id"]);
    expectProblem(await rest.get(`/categories/${randomUUID()}`), 404);
  });

  it("refuses cycles (422), moves a category last among its new siblings, refuses deleting a parent (409), DELETE 204", async () => {
    const rest = await admin();
    const top = await created(rest, "/categories", { root_id: null, name: "Construção", active: true });
    const middle = await created(rest, "/categories", { root_id: top.id, name: "Hidráulica", active: true });
    const leaf = await created(rest, "/categories", { root_id: middle.id, name: "Conexões", active: true });

    expect(paths(await rest.put(`/categories/${top.id}`, { root_id: top.id, name: "Construção", active: true }))).toEqual(["root_id"]);
    const cycle = expectProblem(await rest.put(`/categories/${top.id}`, { root_id: leaf.id, name: "Construção", active: true }), 422);
    expect(cycle.errors).toEqual([
      expect.objectContaining({ path: "root_id", message: expect.stringContaining("own ancestor"), code: expect.any(String) }),
    ]);

    const moved = await rest.put(`/categories/${leaf.id}`, { root_id: top.id, name: "Conexões", active: true });
    expect(moved.status).toBe(200);
    expect(moved.json.order).toBe(2);
    const kept = await rest.put(`/categories/${leaf.id}`, { root_id: top.id, name: "Conexões PVC", active: true, seo_title: "PVC" });
    expect(kept.json).toMatchObject({ order: 2, seo_title: "PVC", specifications: [] });
    expect((await rest.put(`/categories/${leaf.id}`, { root_id: top.id, name: "Conexões PVC", active: true })).json.seo_title).toBeNull();

    expect(expectProblem(await rest.delete(`/categories/${top.id}`), 409).detail).toContain("2 subcategories");

    // Two concurrent moves that would close a cycle together: one of them is refused.
    const left = await created(rest, "/categories", { root_id: null, name: "Esquerda", active: true });
    const right = await created(rest, "/categories", { root_id: null, name: "Direita", active: true });
    const moves = await Promise.all([
      rest.put(`/categories/${left.id}`, { root_id: right.id, name: "Esquerda", active: true }),
      rest.put(`/categories/${right.id}`, { root_id: left.id, name: "Direita", active: true }),
    ]);
    expect(moves.map((answer) => answer.status).sort()).toEqual([200, 422]);
    await expectDeleted(rest, `/categories/${leaf.id}`);
    await expectDeleted(rest, `/categories/${middle.id}`);
    await expectDeleted(rest, `/categories/${top.id}`);
  });
});

describe("catalog lookups across orgs, credentials and roles", () => {
  it("another org gets 404 for every record and 422 when referencing them; its lists and tree are empty", async () => {
    const rest = await admin();
    const theirOrg = await newOrg();
    const theirs = await admin(theirOrg);
    const { unit, product } = await unitAndProduct(rest);
    const alternative = await created(rest, "/products/alternative-units", {
      product_id: product.id,
      unit_id: unit.id,
      decimals_for_quantity: 0,
      value_multiplier: 1,
      quantity: 1,
    });
    const category = await created(rest, "/categories", { root_id: null, name: unique("Privada"), active: true });
    const warehouse = await created(rest, "/warehouses", warehouseBody(unique("CD")));
    const variation = await created(rest, "/variations", { name: unique("Cor"), active: true, values: ["Azul"] });
    const profile = await created(rest, "/profiles", { name: unique("Varejo"), active: true });

    for (const path of [
      `/measure-units/${unit.id}`,
      `/products/${product.id}`,
      `/products/alternative-units/${alternative.id}`,
      `/categories/${category.id}`,
      `/warehouses/${warehouse.id}`,
      `/variations/${variation.id}`,
      `/profiles/${profile.id}`,
    ]) {
      expectProblem(await theirs.get(path), 404);
      expectProblem(await theirs.delete(path), 404);
    }
    expectProblem(await theirs.put(`/measure-units/${unit.id}/disable`), 404);
    expectProblem(await theirs.put(`/warehouses/${warehouse.id}`, warehouseBody("stolen")), 404);
    expectProblem(await theirs.put(`/profiles/${profile.id}`, { name: "x", active: true }), 404);
    expect(
      paths(
        await theirs.post("/products/alternative-units", {
          product_id: product.id,
          unit_id: unit.id,
          decimals_for_quantity: 0,
          value_multiplier: 1,
          quantity: 1,
        }),
      ),
    ).toEqual(["product_id", "unit_id"]);
    expect(paths(await theirs.post("/categories", { root_id: category.id, name: "x", active: true }))).toEqual(["root_id"]);
    expect((await theirs.get(`/products/alternative-units?product_id=${product.id}`)).json.total).toBe(0);
    expect((await theirs.get("/products")).json.total).toBe(0);
    expect(await (await theirOrg.as()).categories.tree()).toEqual([]);
    expect((await rest.get(`/measure-units/${unit.id}`)).json.active).toBe(true);
  });

  it("401 without credentials; every role reads (a page envelope); only ADMIN and MANAGER write", async () => {
    const org = await newOrg();
    expectProblem(await restAs({}).get("/warehouses"), 401);
    expectProblem(await restAs({}).post("/categories", { root_id: null, name: "x", active: true }), 401);
    for (const role of ["VIEWER", "SELLER"] as const) {
      const rest = restAs(await org.bearer(role));
      for (const path of [
        "/profiles",
        "/measure-units",
        "/products",
        "/products/alternative-units",
        "/warehouses",
        "/variations",
        "/categories",
      ]) {
        const answer = await rest.get(path);
        expect(answer.status, path).toBe(200);
        expect(answer.json, path).toMatchObject({ currentPage: 0, perPage: 25, items: expect.any(Array) });
      }
      await (await org.as(role)).categories.tree();
      expectProblem(await rest.post("/profiles", { name: "x", active: true }), 403);
      expectProblem(await rest.post("/warehouses", warehouseBody("x")), 403);
      expectProblem(await rest.put(`/measure-units/${randomUUID()}/enable`), 403);
      expectProblem(await rest.post("/categories", { root_id: null, name: "x", active: true }), 403);
    }
    const manager = restAs(await org.bearer("MANAGER"));
    await created(manager, "/warehouses", warehouseBody(unique("CD Manager")));
    await created(manager, "/profiles", { name: unique("Por gerente"), active: true });
  });
});

describe("catalog demo data", () => {
  it("seeds units, profiles, warehouses, variations, a category tree and products with alternative units", async () => {
    const org = await newOrg();
    await seedCatalogDemo(org.db);
    const rest = await admin(org);
    expect((await rest.get("/measure-units")).json.items.map((unit: { abbreviation: string }) => unit.abbreviation)).toEqual([
      "CX",
      "KG",
      "M",
      "UN",
    ]);
    expect((await rest.get("/profiles")).json.total).toBe(3);
    expect((await rest.get("/warehouses")).json.total).toBe(2);
    expect(names(await rest.get("/variations"))).toEqual(["Cor", "Voltagem"]);
    expect((await rest.get("/categories?root_id=null")).json.total).toBe(3);
    expect((await rest.get("/products/alternative-units?search=caixa")).json.total).toBe(2);
  });
});
