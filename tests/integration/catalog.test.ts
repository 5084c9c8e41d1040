import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { seedCatalogDemo } from "@/server/catalog/demo-data";
import { warehouseBody } from "../helpers/stock";
import { newOrg, unique, type Caller } from "../helpers/database";

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** The per-field errors of a 422 (the problem the REST layer shows). */
function fieldErrors(error: TRPCError): Array<{ path: string; message: string }> {
  const cause = error.cause as {
    errors?: Array<{ path: string; message: string }>;
    issues?: Array<{ path: PropertyKey[]; message: string }>;
  };
  return cause.errors ?? cause.issues?.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })) ?? [];
}

const paths = (error: TRPCError) =>
  fieldErrors(error)
    .map((entry) => entry.path)
    .sort();

async function unitAndProduct(api: Caller) {
  const unit = await api.measureUnits.create({
    abbreviation: unique("CX").slice(0, 11),
    description: "Caixa",
    decimals_for_quantity: 0,
    active: true,
  });
  const product = await api.products.create({ name: unique("Parafuso") });
  return { unit, product };
}

describe("profiles", () => {
  it("creates, reads, updates, lists with partner_size and deletes", async () => {
    const org = await newOrg();
    const api = await org.as();
    const name = unique("Atacado");
    const created = await api.profiles.create({ name, active: true, attributes: { tier: "B" } });
    expect(created).toMatchObject({ name, active: true, attributes: { tier: "B" } });
    expect(await api.profiles.get({ id: created.id })).toEqual(created);
    const updated = await api.profiles.update({ id: created.id, name: `${name} 2`, active: false, attributes: {} });
    expect(updated).toMatchObject({ name: `${name} 2`, active: false, attributes: {} });

    await org.db.partner.create({
      data: { name: "Casa do Construtor", fiscal_registration_number: "11222333000181", profile_id: created.id } as never,
    });
    const list = await api.profiles.list({ search: name });
    expect(list.items).toEqual([{ id: created.id, name: `${name} 2`, active: false, attributes: {}, partner_size: 1 }]);
    expect((await api.profiles.list({ active: true, search: name })).total).toBe(0);
    expect((await api.profiles.list({ sort: "partner_size", dir: "desc" })).items[0]?.id).toBe(created.id);

    const conflict = await rejection(api.profiles.remove({ id: created.id }));
    expect(conflict.code).toBe("CONFLICT");
    expect(conflict.message).toContain("1 partners");
    await org.db.partner.deleteMany({ where: { profile_id: created.id } });
    await api.profiles.remove({ id: created.id });
    expect((await rejection(api.profiles.get({ id: created.id }))).code).toBe("NOT_FOUND");
  });

  it("rejects a missing name and active with 422", async () => {
    const api = await (await newOrg()).as();
    const error = await rejection(api.profiles.create({ name: " ", active: undefined as never }));
    expect(error.code).toBe("UNPROCESSABLE_CONTENT");
    expect(paths(error)).toEqual(["active", "name"]);
  });
});

describe("measure units", () => {
  it("keeps attributes write only, flips active with enable/disable and refuses duplicates", async () => {
    const api = await (await newOrg()).as();
    const unit = await api.measureUnits.create({
      abbreviation: "KG",
      description: "Quilograma",
      decimals_for_quantity: 3,
      active: true,
      attributes: { ncm_unit: "KGM" },
    });
    expect(unit).toMatchObject({ abbreviation: "KG", description: "Quilograma", decimals_for_quantity: 3, active: true });
    expect(unit).not.toHaveProperty("attributes");
    expect(await api.measureUnits.get({ id: unit.id })).not.toHaveProperty("attributes");

    const disabled = await api.measureUnits.disable({ id: unit.id });
    expect(disabled).toMatchObject({ id: unit.id, active: false });
    expect((await api.measureUnits.list({ only_active: true })).total).toBe(0);
    expect((await api.measureUnits.list({})).items).toEqual([
      { id: unit.id, abbreviation: "KG", description: "Quilograma", decimals_for_quantity: 3, active: false },
    ]);
    expect(await api.measureUnits.enable({ id: unit.id })).toMatchObject({ active: true });
    expect((await rejection(api.measureUnits.enable({ id: crypto.randomUUID() }))).code).toBe("NOT_FOUND");
    expect((await rejection(api.measureUnits.disable({ id: "nope" }))).code).toBe("NOT_FOUND");

    const duplicate = await rejection(
      api.measureUnits.create({ abbreviation: "kg", description: "Outro", decimals_for_quantity: 0, active: true }),
    );
    expect(duplicate.code).toBe("CONFLICT");
    const bad = await rejection(api.measureUnits.create({ abbreviation: "", description: "x", decimals_for_quantity: 1.5, active: true }));
    expect(paths(bad)).toEqual(["abbreviation", "decimals_for_quantity"]);
  });

  it("a PUT without attributes keeps the stored ones; custom fields are checked", async () => {
    const org = await newOrg();
    const api = await org.as();
    await org.db.entityAttribute.create({
      data: { entity: "measure_unit", key: "inmetro", label: "INMETRO code", type: "STRING", required: true } as never,
    });
    const missing = await rejection(
      api.measureUnits.create({ abbreviation: "M", description: "Metro", decimals_for_quantity: 2, active: true }),
    );
    expect(missing.code).toBe("UNPROCESSABLE_CONTENT");
    expect(paths(missing)).toEqual(["attributes.inmetro"]);
    const unit = await api.measureUnits.create({
      abbreviation: "M",
      description: "Metro",
      decimals_for_quantity: 2,
      active: true,
      attributes: { inmetro: "MTR" },
    });
    await api.measureUnits.update({ id: unit.id, abbreviation: "M", description: "Metro linear", decimals_for_quantity: 2, active: true });
    const stored = await org.db.measureUnit.findFirst({ where: { id: unit.id } });
    expect(stored).toMatchObject({ description: "Metro linear", attributes: { inmetro: "MTR" } });
  });

  it("refuses to delete a unit that alternative units use (409)", async () => {
    const api = await (await newOrg()).as();
    const { unit, product } = await unitAndProduct(api);
    const alternative = await api.alternativeUnits.create({
      product_id: product.id,
      unit_id: unit.id,
      decimals_for_quantity: 0,
      value_multiplier: 12,
      quantity: 12,
    });
    const conflict = await rejection(api.measureUnits.remove({ id: unit.id }));
    expect(conflict.code).toBe("CONFLICT");
    expect(conflict.message).toContain("alternative units");
    expect((await rejection(api.products.remove({ id: product.id }))).code).toBe("CONFLICT");
    await api.alternativeUnits.remove({ id: alternative.id });
    await api.measureUnits.remove({ id: unit.id });
    await api.products.remove({ id: product.id });
  });
});

describe("products (minimal)", () => {
  it("generates a unique SKU from the name, keeps it on PUT and refuses duplicates (409)", async () => {
    const api = await (await newOrg()).as();
    const first = await api.products.create({ name: "Furadeira de Impacto 650W" });
    expect(first).toMatchObject({ sku: "FURADEIRA-DE-IMPACTO-650W", active: true, attributes: {} });
    const second = await api.products.create({ name: "Furadeira de impacto 650w" });
    expect(second.sku).toBe("FURADEIRA-DE-IMPACTO-650W-2");
    const renamed = await api.products.update({ id: first.id, name: "Furadeira 650W", active: false });
    expect(renamed).toMatchObject({ sku: "FURADEIRA-DE-IMPACTO-650W", name: "Furadeira 650W", active: false });
    expect((await rejection(api.products.create({ name: "Outra", sku: second.sku }))).code).toBe("CONFLICT");

    expect((await api.products.list({ search: "furadeira-de-impacto-650w-2" })).items.map((item) => item.id)).toEqual([second.id]);
    expect((await api.products.list({ only_active: true })).items.map((item) => item.id)).toEqual([second.id]);
    expect((await api.products.list({ product_ids: [first.id, "junk"] })).items).toEqual([
      expect.objectContaining({ id: first.id, name: "Furadeira 650W", sku: "FURADEIRA-DE-IMPACTO-650W", active: false }),
    ]);
  });
});

describe("alternative units", () => {
  it("creates with the unit's name and abbreviation, filters by product and searches product and unit", async () => {
    const api = await (await newOrg()).as();
    const { unit, product } = await unitAndProduct(api);
    const other = await api.products.create({ name: unique("Arruela") });
    const created = await api.alternativeUnits.create({
      product_id: product.id,
      unit_id: unit.id,
      decimals_for_quantity: 0,
      value_multiplier: 0.95,
      quantity: 50,
      attributes: { barcode: "7890000000017" },
    });
    expect(created).toMatchObject({
      product_id: product.id,
      unit_id: unit.id,
      value_multiplier: 0.95,
      quantity: 50,
      unit_name: "Caixa",
      unit_abbreviation: unit.abbreviation,
    });
    await api.alternativeUnits.create({
      product_id: other.id,
      unit_id: unit.id,
      decimals_for_quantity: 2,
      value_multiplier: 1,
      quantity: 1,
    });

    const mine = await api.alternativeUnits.list({ product_id: product.id });
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ id: created.id, unit_name: "Caixa" });
    expect((await api.alternativeUnits.list({ search: product.name.toUpperCase() })).items.map((item) => item.id)).toEqual([created.id]);
    expect((await api.alternativeUnits.list({ search: "caixa" })).total).toBe(2);
    expect((await api.alternativeUnits.list({ sort: "quantity", dir: "desc" })).items[0]?.quantity).toBe(50);

    const updated = await api.alternativeUnits.update({
      id: created.id,
      product_id: product.id,
      unit_id: unit.id,
      decimals_for_quantity: 1,
      value_multiplier: 1.5,
      quantity: 10.25,
    });
    expect(updated).toMatchObject({ decimals_for_quantity: 1, value_multiplier: 1.5, quantity: 10.25, attributes: {} });
  });

  it("answers 422 on a missing product or unit and on non-positive numbers", async () => {
    const api = await (await newOrg()).as();
    const { unit, product } = await unitAndProduct(api);
    const missing = await rejection(
      api.alternativeUnits.create({
        product_id: crypto.randomUUID(),
        unit_id: crypto.randomUUID(),
        decimals_for_quantity: 0,
        value_multiplier: 1,
        quantity: 1,
      }),
    );
    expect(missing.code).toBe("UNPROCESSABLE_CONTENT");
    expect(paths(missing)).toEqual(["product_id", "unit_id"]);
    const numbers = await rejection(
      api.alternativeUnits.create({
        product_id: product.id,
        unit_id: unit.id,
        decimals_for_quantity: -1,
        value_multiplier: 0,
        quantity: -2,
      }),
    );
    expect(paths(numbers)).toEqual(["decimals_for_quantity", "quantity", "value_multiplier"]);
  });
});

describe("warehouses", () => {
  it("requires every address field and lists with search and the active filter", async () => {
    const api = await (await newOrg()).as();
    const name = unique("CD Campinas");
    const created = await api.warehouses.create({ ...warehouseBody(name), attributes: { dock_count: 4 } });
    expect(created).toMatchObject({ ...warehouseBody(name), attributes: { dock_count: 4 } });
    const { complement: _complement, city: _city, ...incomplete } = warehouseBody("x");
    const error = await rejection(api.warehouses.create(incomplete as never));
    expect(paths(error)).toEqual(["city", "complement"]);
    expect((await api.warehouses.list({ search: "sao jose" })).items.map((item) => item.id)).toEqual([created.id]);
    const updated = await api.warehouses.update({ id: created.id, ...warehouseBody(name), active: false });
    expect(updated.active).toBe(false);
    expect((await api.warehouses.list({ active: true })).total).toBe(0);
    await api.warehouses.remove({ id: created.id });
    expect((await api.warehouses.list({})).total).toBe(0);
  });
});

describe("variations", () => {
  it("numbers the options, keeps their ids by name and refuses repeated values", async () => {
    const api = await (await newOrg()).as();
    const created = await api.variations.create({
      name: "Cor",
      active: true,
      values: ["Azul", "Vermelho"],
      display_type: "COLOR",
      variant_options: [
        { name: "Azul", display_value: "#0000ff" },
        { name: "Vermelho", display_value: "#ff0000" },
      ],
    });
    expect(created).toMatchObject({ is_searchable: false, display_type: "COLOR", values: ["Azul", "Vermelho"] });
    expect(created.variant_options.map((option) => [option.name, option.order])).toEqual([
      ["Azul", 0],
      ["Vermelho", 1],
    ]);
    const blue = created.variant_options[0]!.id;
    const updated = await api.variations.update({
      id: created.id,
      name: "Cor",
      active: true,
      values: ["Verde", "Azul"],
      variant_options: [
        { name: "Verde", display_value: "#00ff00" },
        { name: "Azul", display_value: "#0000ff" },
      ],
    });
    expect(updated.display_type).toBeNull();
    expect(updated.variant_options[1]).toEqual({ id: blue, name: "Azul", display_value: "#0000ff", order: 1 });
    expect(updated.variant_options[0]!.id).not.toBe(blue);

    const error = await rejection(
      api.variations.create({ name: "Voltagem", active: true, values: ["110V", "110v"], display_type: "SOUND" as never }),
    );
    expect(paths(error)).toEqual(["display_type", "values.1"]);
    expect(paths(await rejection(api.variations.create({ name: "Vazia", active: true, values: [] })))).toEqual(["values"]);
    expect((await api.variations.list({ search: "verde" })).items.map((item) => item.id)).toEqual([created.id]);
  });
});

describe("categories", () => {
  it("builds a tree: root_id required (null at the top), order among siblings, filters", async () => {
    const api = await (await newOrg()).as();
    const tools = await api.categories.create({ root_id: null, name: "Ferramentas", active: true });
    const electric = await api.categories.create({
      root_id: tools.id,
      name: "Ferramentas Elétricas",
      active: true,
      seo_meta_keywords: ["furadeira", "serra"],
      specifications: [{ name: "Técnicas", items: [{ name: "Potência", type: "TEXT", values: ["650W", "800W"], is_searchable: true }] }],
    });
    const manual = await api.categories.create({ root_id: tools.id, name: "Ferramentas Manuais", active: false });
    expect(tools.order).toBe(1);
    expect([electric.order, manual.order]).toEqual([1, 2]);
    expect(electric.specifications[0]!.items[0]).toMatchObject({ category_id: electric.id, name: "Potência", is_searchable: true });
    expect(electric.specifications[0]!.items[0]!.id).toMatch(/^[0-9a-f-]{36}$/);

    const children = await api.categories.list({ root_id: tools.id, sort: "order" });
    expect(children.items.map((item) => item.name)).toEqual(["Ferramentas Elétricas", "Ferramentas Manuais"]);
    expect(Object.keys(children.items[0]!).sort()).toEqual(
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
    expect((await api.categories.list({ root_id: tools.id, only_active: true })).total).toBe(1);
    expect((await api.categories.list({ root_id: "null" })).items.map((item) => item.id)).toEqual([tools.id]);
    expect((await api.categories.list({ search: "eletricas" })).items.map((item) => item.id)).toEqual([electric.id]);
    expect((await api.categories.list({ search: "serra" })).total).toBe(1);

    const tree = await api.categories.tree();
    expect(tree.map((node) => node.name).sort()).toEqual(["Ferramentas", "Ferramentas Elétricas", "Ferramentas Manuais"]);

    const missingRoot = await rejection(api.categories.create({ name: "Sem pai", active: true } as never));
    expect(paths(missingRoot)).toEqual(["root_id"]);
    const unknownRoot = await rejection(api.categories.create({ root_id: crypto.randomUUID(), name: "Órfã", active: true }));
    expect(unknownRoot.code).toBe("UNPROCESSABLE_CONTENT");
    expect(paths(unknownRoot)).toEqual(["root_id"]);
  });

  it("refuses cycles (422), moves a category last among its new siblings and refuses deleting a parent (409)", async () => {
    const api = await (await newOrg()).as();
    const top = await api.categories.create({ root_id: null, name: "Construção", active: true });
    const middle = await api.categories.create({ root_id: top.id, name: "Hidráulica", active: true });
    const leaf = await api.categories.create({ root_id: middle.id, name: "Conexões", active: true });

    const self = await rejection(api.categories.update({ id: top.id, root_id: top.id, name: "Construção", active: true }));
    expect(self.code).toBe("UNPROCESSABLE_CONTENT");
    expect(paths(self)).toEqual(["root_id"]);
    const cycle = await rejection(api.categories.update({ id: top.id, root_id: leaf.id, name: "Construção", active: true }));
    expect(cycle.code).toBe("UNPROCESSABLE_CONTENT");
    expect(cycle.message).toContain("own ancestor");

    const moved = await api.categories.update({ id: leaf.id, root_id: top.id, name: "Conexões", active: true });
    expect(moved.order).toBe(2);
    const kept = await api.categories.update({ id: leaf.id, root_id: top.id, name: "Conexões PVC", active: true, seo_title: "PVC" });
    expect(kept).toMatchObject({ order: 2, seo_title: "PVC" });
    expect((await api.categories.update({ id: leaf.id, root_id: top.id, name: "Conexões PVC", active: true })).seo_title).toBeNull();

    const conflict = await rejection(api.categories.remove({ id: top.id }));
    expect(conflict.code).toBe("CONFLICT");
    expect(conflict.message).toContain("2 subcategories");

    // Two concurrent moves that would close a cycle together: one of them is refused.
    const left = await api.categories.create({ root_id: null, name: "Esquerda", active: true });
    const right = await api.categories.create({ root_id: null, name: "Direita", active: true });
    const moves = await Promise.allSettled([
      api.categories.update({ id: left.id, root_id: right.id, name: "Esquerda", active: true }),
      api.categories.update({ id: right.id, root_id: left.id, name: "Direita", active: true }),
    ]);
    expect(moves.map((move) => move.status).sort()).toEqual(["fulfilled", "rejected"]);
    await api.categories.remove({ id: leaf.id });
    await api.categories.remove({ id: middle.id });
    await api.categories.remove({ id: top.id });
  });
});

describe("catalog lookups across orgs and roles", () => {
  it("keeps every org to its own records (404, and 422 for a foreign reference)", async () => {
    const mine = await (await newOrg()).as();
    const theirs = await (await newOrg()).as();
    const { unit, product } = await unitAndProduct(mine);
    const category = await mine.categories.create({ root_id: null, name: unique("Privada"), active: true });
    const warehouse = await mine.warehouses.create(warehouseBody(unique("CD")));
    const variation = await mine.variations.create({ name: unique("Cor"), active: true, values: ["Azul"] });
    const profile = await mine.profiles.create({ name: unique("Varejo"), active: true });

    const attempts: Array<() => Promise<unknown>> = [
      () => theirs.measureUnits.get({ id: unit.id }),
      () => theirs.measureUnits.disable({ id: unit.id }),
      () => theirs.products.get({ id: product.id }),
      () => theirs.categories.get({ id: category.id }),
      () => theirs.warehouses.remove({ id: warehouse.id }),
      () => theirs.variations.get({ id: variation.id }),
      () => theirs.profiles.update({ id: profile.id, name: "x", active: true }),
    ];
    for (const attempt of attempts) {
      expect((await rejection(attempt())).code).toBe("NOT_FOUND");
    }
    const foreign = await rejection(
      theirs.alternativeUnits.create({
        product_id: product.id,
        unit_id: unit.id,
        decimals_for_quantity: 0,
        value_multiplier: 1,
        quantity: 1,
      }),
    );
    expect(paths(foreign)).toEqual(["product_id", "unit_id"]);
    expect(paths(await rejection(theirs.categories.create({ root_id: category.id, name: "x", active: true })))).toEqual(["root_id"]);
    expect((await theirs.categories.tree()).length).toBe(0);
    expect((await theirs.products.list({})).total).toBe(0);
  });

  it("lets every role read but only ADMIN and MANAGER write", async () => {
    const org = await newOrg();
    for (const role of ["VIEWER", "SELLER"] as const) {
      const api = await org.as(role);
      await api.measureUnits.list({});
      await api.categories.tree();
      expect((await rejection(api.profiles.create({ name: "x", active: true }))).code).toBe("FORBIDDEN");
      expect((await rejection(api.measureUnits.enable({ id: crypto.randomUUID() }))).code).toBe("FORBIDDEN");
      expect((await rejection(api.categories.create({ root_id: null, name: "x", active: true }))).code).toBe("FORBIDDEN");
    }
    const manager = await org.as("MANAGER");
    await manager.warehouses.create(warehouseBody(unique("CD Manager")));
  });
});

describe("catalog demo data", () => {
  it("seeds units, profiles, warehouses, variations, a category tree and products with alternative units", async () => {
    const org = await newOrg();
    await seedCatalogDemo(org.db);
    const api = await org.as();
    expect((await api.measureUnits.list({})).items.map((unit) => unit.abbreviation)).toEqual(["CX", "KG", "M", "UN"]);
    expect((await api.profiles.list({})).total).toBe(3);
    expect((await api.warehouses.list({})).total).toBe(2);
    expect((await api.variations.list({})).items.map((variation) => variation.name)).toEqual(["Cor", "Voltagem"]);
    expect((await api.categories.list({ root_id: "null" })).total).toBe(3);
    expect((await api.alternativeUnits.list({ search: "caixa" })).total).toBe(2);
  });
});
