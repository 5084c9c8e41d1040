/**
 * Pricing over REST and the tRPC caller (interface "Discount", "Price table", Discounts /
 * Price tables endpoints, POST /prices/product/calculate; contract §5 Discount and Price
 * calculation, §8 Discount criteria and Price calculation explained).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { openPostgres, statementNameOf } from "@/server/db/connection";
import { forOrganization } from "@/server/db/scoped";
import { driverReads, transactionReads } from "@/server/db/sql";
import { transaction } from "@/server/db/transaction";
import { calculateProductPrice } from "@/server/pricing/prices/service";
import { newOrg, unique, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

async function setup(org: TestOrg) {
  const headers = await org.bearer();
  const post = async (path: string, body: unknown) => {
    const answer = await call("POST", `/api/b2b${path}`, { headers, body });
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.json;
  };
  const brand = await post("/brands", { name: unique("Makita"), active: true });
  const category = await post("/categories", {
    root_id: null,
    name: unique("Ferramentas"),
    active: true,
  });
  const drill = await post("/products", {
    name: unique("Furadeira"),
    price: 100,
    brand_id: brand.id,
    category_ids: [category.id],
  });
  const saw = await post("/products", { name: unique("Serra"), price: 250 });
  const bare = await post("/products", { name: unique("Sem preço") });
  await post(`/products/${drill.id}/specification`, {
    name: "Voltagem",
    value: "220V",
    is_searchable: true,
  });
  const profile = await post("/profiles", {
    name: unique("Atacado"),
    active: true,
  });
  const partner = await post("/partners", {
    name: unique("Cliente"),
    fiscal_registration_number: "11.222.333/0001-81",
    profile_id: profile.id,
  });
  const pix = await post("/payment-methods", {
    name: unique("PIX"),
    adjustment_rate: -5,
  });
  const card = await post("/payment-methods", {
    name: unique("Cartão"),
    adjustment_rate: 10,
    installments: [
      { sequence: 1, tax: 0 },
      { sequence: 3, tax: 3, due_date_delay: 30 },
    ],
  });
  const calculate = (body: object, query = "") =>
    call("POST", `/api/b2b/prices/product/calculate${query}`, {
      headers,
      body,
    });
  return {
    headers,
    post,
    brand,
    category,
    drill,
    saw,
    bare,
    profile,
    partner,
    pix,
    card,
    calculate,
  };
}

// The first org migrates the database: on a busy machine that alone may take most of a test's time.
beforeAll(() => newOrg().then(() => undefined), 180_000);

const table = (over: object = {}) => ({
  name: unique("Tabela"),
  start_date: "2026-01-01",
  end_date: null,
  is_partner_specific: false,
  is_profile_specific: false,
  is_company_specific: false,
  is_payment_method_specific: false,
  ...over,
});

describe("price tables", () => {
  it("POST 200, GET with names and base prices, list with sizes, PUT 200, DELETE 204, then 404", async () => {
    const org = await newOrg();
    const { headers, drill, saw, partner } = await setup(org);
    const body = table({
      is_partner_specific: true,
      partners: [{ partner_id: partner.id }],
      criteria: [
        {
          rate_type: "DECREASE",
          value_type: "PERCENTAGE",
          value: 10,
          products: [{ product_id: drill.id, price: 89.9 }, { product_id: saw.id }],
        },
      ],
      attributes: { origem: "ERP" },
    });
    const created = await call("POST", "/api/b2b/price-tables", {
      headers,
      body,
    });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toEqual({
      id: expect.any(String),
      name: body.name,
      start_date: "2026-01-01",
      end_date: null,
      attributes: { origem: "ERP" },
    });
    const id = created.json.id;

    const detail = await call("GET", `/api/b2b/price-tables/${id}`, {
      headers,
    });
    expect(detail.status).toBe(200);
    expect(detail.json.partners).toEqual([
      {
        id: expect.any(String),
        partner_id: partner.id,
        partner_name: partner.name,
        attributes: {},
      },
    ]);
    expect(detail.json.criteria[0]).toMatchObject({
      criteria_id: expect.any(String),
      rate_type: "DECREASE",
      value_type: "PERCENTAGE",
      value: 10,
      products_quantity: 2,
    });
    expect(detail.json.criteria[0].products).toEqual([
      {
        product_id: drill.id,
        product_variation_id: null,
        price: 89.9,
        base_price: 100,
        name: drill.name,
        sku: drill.sku,
        attributes: {},
      },
      {
        product_id: saw.id,
        product_variation_id: null,
        price: null,
        base_price: 250,
        name: saw.name,
        sku: saw.sku,
        attributes: {},
      },
    ]);

    const list = await call("GET", `/api/b2b/price-tables?search=${encodeURIComponent(body.name)}`, { headers });
    expect(list.json).toMatchObject({
      total: 1,
      items: [
        {
          id,
          name: body.name,
          partner_size: 1,
          profile_size: 0,
          company_size: 0,
          payment_method_size: 0,
          start_date: "2026-01-01",
          end_date: null,
        },
      ],
    });

    const updated = await call("PUT", `/api/b2b/price-tables/${id}`, {
      headers,
      body: { ...body, name: "Renomeada", end_date: "2026-12-31" },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toMatchObject({
      id,
      name: "Renomeada",
      end_date: "2026-12-31",
    });

    expect((await call("DELETE", `/api/b2b/price-tables/${id}`, { headers })).status).toBe(204);
    expectProblem(await call("GET", `/api/b2b/price-tables/${id}`, { headers }), 404);
    expectProblem(await call("PUT", `/api/b2b/price-tables/${id}`, { headers, body }), 404);
    expectProblem(await call("DELETE", `/api/b2b/price-tables/${id}`, { headers }), 404);
    expectProblem(await call("GET", "/api/b2b/price-tables/not-a-uuid", { headers }), 404);
  });

  it("unknown references, end before start and a flag without records are 422 naming the field", async () => {
    const org = await newOrg();
    const { headers, drill } = await setup(org);
    const problem = expectProblem(
      await call("POST", "/api/b2b/price-tables", {
        headers,
        body: table({
          partners: [{ partner_id: randomUUID() }],
          criteria: [
            {
              products: [{ product_id: drill.id, product_variation_id: randomUUID() }, { product_id: randomUUID() }],
            },
          ],
        }),
      }),
      422,
    );
    expect(problem.errors?.map((error) => error.path).sort()).toEqual([
      "criteria.0.products.0.product_variation_id",
      "criteria.0.products.1.product_id",
      "partners.0.partner_id",
    ]);
    const dates = expectProblem(
      await call("POST", "/api/b2b/price-tables", {
        headers,
        body: table({ start_date: "2026-05-01", end_date: "2026-04-30" }),
      }),
      422,
    );
    expect(dates.errors?.map((error) => error.path)).toEqual(["end_date"]);
    const flag = expectProblem(
      await call("POST", "/api/b2b/price-tables", {
        headers,
        body: table({ is_profile_specific: true }),
      }),
      422,
    );
    expect(flag.errors?.map((error) => error.path)).toEqual(["profiles"]);
    const missing = expectProblem(
      await call("POST", "/api/b2b/price-tables", {
        headers,
        body: { name: "x" },
      }),
      422,
    );
    expect(missing.errors?.map((error) => error.path)).toEqual(expect.arrayContaining(["start_date", "is_partner_specific"]));
  });
});

describe("discounts", () => {
  it("POST 201 {id}, GET with criteria counts and names, list with quantities, PUT 200 {id}, DELETE 204", async () => {
    const org = await newOrg();
    const { headers, brand, drill, profile } = await setup(org);
    const body = {
      name: unique("Volume"),
      is_profile: true,
      profiles: [{ profile_id: profile.id }],
      ranges: [
        { minimum_quantity: 10, type: "PERCENTAGE", value: 10 },
        { minimum_quantity: 1, type: "PERCENTAGE", value: 5 },
      ],
      criteria: [
        {
          name: "Makita 220V",
          config: {
            brand_id: { values: [brand.id], type: "SQL" },
            "specification:Voltagem": { values: ["220v"] },
          },
        },
      ],
    };
    const created = await call("POST", "/api/b2b/discounts", { headers, body });
    expect(created.status, created.text).toBe(201);
    expect(Object.keys(created.json)).toEqual(["id"]);
    const id = created.json.id;

    const detail = await call("GET", `/api/b2b/discounts/${id}`, { headers });
    expect(detail.json).toMatchObject({
      name: body.name,
      is_active: true,
      quantity_condition: "INDIVIDUAL",
      profiles: [{ profile_id: profile.id, profile_name: profile.name }],
      ranges: [
        {
          minimum_quantity: 1,
          type: "PERCENTAGE",
          value: 5,
          is_product_value: false,
        },
        {
          minimum_quantity: 10,
          type: "PERCENTAGE",
          value: 10,
          is_product_value: false,
        },
      ],
      criteria: [
        {
          name: "Makita 220V",
          type: "FIXED",
          criteria_type: "FILTER",
          products_quantity: 1,
          config: {
            brand_id: {
              key: "brand_id",
              values: [brand.id],
              type: "SQL",
              config: null,
            },
            "specification:Voltagem": {
              key: "specification:Voltagem",
              values: ["220v"],
              type: "SQL",
              config: null,
            },
          },
        },
      ],
    });
    const list = await call("GET", `/api/b2b/discounts?search=${encodeURIComponent(body.name)}`, { headers });
    expect(list.json.items).toEqual([
      {
        id,
        name: body.name,
        partners_quantity: 0,
        profiles_quantity: 1,
        companies_quantity: 0,
        payment_methods_quantity: 0,
        start_date: null,
        end_date: null,
        is_active: true,
      },
    ]);

    const criteriaAsList = {
      ...body,
      criteria: [{ config: [{ key: "product_id", values: [drill.id] }] }],
    };
    const updated = await call("PUT", `/api/b2b/discounts/${id}`, {
      headers,
      body: criteriaAsList,
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toEqual({ id });
    expect((await call("GET", `/api/b2b/discounts/${id}`, { headers })).json.criteria[0].products_quantity).toBe(1);

    expect((await call("DELETE", `/api/b2b/discounts/${id}`, { headers })).status).toBe(204);
    expectProblem(await call("GET", `/api/b2b/discounts/${id}`, { headers }), 404);
    expectProblem(await call("PUT", `/api/b2b/discounts/${id}`, { headers, body }), 404);
  });

  it("criteria keys are checked, never run: an SQL-looking value is a value like any other", async () => {
    const org = await newOrg();
    const { headers } = await setup(org);
    const bad = expectProblem(
      await call("POST", "/api/b2b/discounts", {
        headers,
        body: {
          name: "x",
          criteria: [
            {
              config: [{ key: "price > 0; DROP TABLE products", values: ["1"] }],
            },
          ],
        },
      }),
      422,
    );
    expect(bad.errors?.[0]?.path).toBe("criteria.0.config.0.key");
    const injection = await call("POST", "/api/b2b/discounts", {
      headers,
      body: {
        name: unique("SQL"),
        ranges: [{ minimum_quantity: 1, value: 5 }],
        criteria: [
          {
            config: [
              {
                key: "sku",
                values: ["' OR 1=1 --"],
                type: "SQL",
                config: "1=1",
              },
            ],
          },
        ],
      },
    });
    expect(injection.status, injection.text).toBe(201);
    expect(
      (
        await call("GET", `/api/b2b/discounts/${injection.json.id}`, {
          headers,
        })
      ).json.criteria[0].products_quantity,
    ).toBe(0);
    const ranges = expectProblem(
      await call("POST", "/api/b2b/discounts", {
        headers,
        body: { name: "x", ranges: [{ minimum_quantity: 1, value: 150 }] },
      }),
      422,
    );
    expect(ranges.errors?.[0]?.path).toBe("ranges.0.value");
  });

  it("the panel's preview counts the products a criteria selects (tRPC)", async () => {
    const org = await newOrg();
    const { brand, category } = await setup(org);
    const caller = await org.as("VIEWER");
    expect(
      await caller.discounts.previewCriteria({
        config: [{ key: "brand_id", values: [brand.id] }],
      }),
    ).toEqual({ products_quantity: 1 });
    expect(
      await caller.discounts.previewCriteria({
        config: [
          { key: "category_id", values: [category.id] },
          { key: "specification:voltagem", values: ["127V"] },
        ],
      }),
    ).toEqual({ products_quantity: 0 });
    expect(await caller.discounts.specificationNames({ search: "volt" })).toEqual(["Voltagem"]);
  });
});

describe("POST /prices/product/calculate", () => {
  it("base price only; explain lists the base price and the rounding", async () => {
    const org = await newOrg();
    const { drill, calculate } = await setup(org);
    const answer = await calculate({ product_id: drill.id, quantity: 3 }, "?explain=true");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({
      product_id: drill.id,
      product_variation_id: null,
      quantity: 3,
      base_price: 100,
      price_table: null,
      discounts: [],
      unit_price: 100,
      total_value: 300,
      payment_method: null,
    });
    expect(answer.json.steps.map((step: { rule: string }) => step.rule)).toEqual(["base_price", "rounding"]);
    const plain = await calculate({ product_id: drill.id, quantity: 3 });
    expect(plain.json.steps).toBeUndefined();
  });

  it("the most specific table wins, discounts apply by range, the payment method last, explained", async () => {
    const org = await newOrg();
    const { post, drill, partner, profile, card, calculate, brand } = await setup(org);
    const general = await post(
      "/price-tables",
      table({
        name: "Geral",
        criteria: [{ rate_type: "INCREASE", value_type: "PERCENTAGE", value: 20 }],
      }),
    );
    const forProfile = await post(
      "/price-tables",
      table({
        name: "Atacado",
        is_profile_specific: true,
        profiles: [{ profile_id: profile.id }],
        criteria: [{ products: [{ product_id: drill.id, price: 90 }] }],
      }),
    );
    const expired = await post(
      "/price-tables",
      table({
        name: "Antiga",
        start_date: "2025-01-01",
        end_date: "2025-12-31",
        criteria: [{ products: [{ product_id: drill.id, price: 1 }] }],
      }),
    );
    const volume = await post("/discounts", {
      name: "Volume",
      ranges: [
        { minimum_quantity: 1, value: 5 },
        { minimum_quantity: 10, value: 10 },
      ],
      criteria: [{ config: [{ key: "brand_id", values: [brand.id] }] }],
    });
    const small = await post("/discounts", {
      name: "Pequeno",
      ranges: [{ minimum_quantity: 1, type: "MONETARY", value: 2 }],
    });
    const stacking = await post("/discounts", {
      name: "Cumulativo",
      is_discount_over_discount: true,
      ranges: [{ minimum_quantity: 1, value: 1 }],
    });
    const minimum = await post("/discounts", {
      name: "Mínimo",
      minimum_value: 100000,
      ranges: [{ minimum_quantity: 1, value: 50 }],
    });

    const answer = await calculate(
      {
        product_id: drill.id,
        quantity: 10,
        partner_id: partner.id,
        payment_method_id: card.id,
        installments: 3,
        date: "2026-06-15",
      },
      "?explain=true",
    );
    expect(answer.status, answer.text).toBe(200);
    // 90 (profile table) − 10% (volume, 10+ units) = 81 − 1% (stacks) = 80.19; card +10% = 88.209 → 88.21; total 88.21 × 10 = 882.10 (an order line's total)
    expect(answer.json).toMatchObject({
      base_price: 100,
      price_table: { id: forProfile.id, name: "Atacado", price: 90 },
      discounts: [
        {
          id: volume.id,
          name: "Volume",
          type: "PERCENTAGE",
          value: 10,
          amount: 90,
        },
        {
          id: stacking.id,
          name: "Cumulativo",
          type: "PERCENTAGE",
          value: 1,
          amount: 8.1,
        },
      ],
      unit_price: 88.21,
      total_value: 882.1,
      payment_method: {
        id: card.id,
        adjustment_rate: 10,
        installments: [{ sequence: 3, value: 302.85, due_date_delay: 30 }],
      },
    });
    const steps = answer.json.steps as Array<{
      rule: string;
      id: string | null;
      code: string;
      before: number;
      after: number;
    }>;
    const stepOf = (id: string) => steps.find((step) => step.id === id);
    expect(stepOf(general.id)).toMatchObject({
      code: "beaten_by_more_specific_table",
    });
    expect(stepOf(forProfile.id)).toMatchObject({
      code: "applied",
      before: 100,
      after: 90,
    });
    expect(stepOf(expired.id)).toMatchObject({ code: "out_of_date_range" });
    expect(stepOf(small.id)).toMatchObject({
      code: "beaten_by_larger_discount",
    });
    expect(stepOf(minimum.id)).toMatchObject({ code: "below_minimum_value" });
    expect(stepOf(stacking.id)).toMatchObject({
      code: "applied",
      before: 81,
      after: 80.19,
    });
    expect(steps.at(-1)).toMatchObject({
      rule: "rounding",
      before: 88.209,
      after: 88.21,
    });
  });

  it("a product without any price is 400, unless a table gives it one; bad input is 400", async () => {
    const org = await newOrg();
    const { post, bare, drill, calculate, card } = await setup(org);
    const none = expectProblem(await calculate({ product_id: bare.id, quantity: 1 }), 400);
    expect(none.detail).toMatch(/no price/);
    await post(
      "/price-tables",
      table({
        criteria: [{ rate_type: "INCREASE", value: 5 }, { products: [{ product_id: bare.id, price: 12.5 }] }],
      }),
    );
    expect((await calculate({ product_id: bare.id, quantity: 2 })).json).toMatchObject({
      base_price: null,
      unit_price: 12.5,
      total_value: 25,
    });

    for (const body of [
      {},
      { product_id: drill.id },
      { product_id: drill.id, quantity: 0 },
      { product_id: drill.id, quantity: -1 },
      { product_id: "x", quantity: 1 },
      { product_id: drill.id, quantity: 1, date: "2026-02-30" },
    ]) {
      expectProblem(await calculate(body), 400);
    }
    const unknown = expectProblem(
      await calculate({
        product_id: randomUUID(),
        quantity: 1,
        partner_id: randomUUID(),
      }),
      400,
    );
    expect(unknown.errors?.map((error) => error.path)).toEqual(["product_id", "partner_id"]);
    const installments = expectProblem(
      await calculate({
        product_id: drill.id,
        quantity: 1,
        payment_method_id: card.id,
        installments: 12,
      }),
      400,
    );
    expect(installments.errors?.[0]?.path).toBe("installments");
    const notJson = await call("POST", "/api/b2b/prices/product/calculate", {
      headers: { ...(await org.bearer()), "content-type": "text/plain" },
      body: "quantity=1",
    });
    expectProblem(notJson, 400);
  });

  it("the variation's price is the base; a row for the variation beats the product's row", async () => {
    const org = await newOrg();
    const { headers, post, calculate } = await setup(org);
    const colour = await post("/variations", {
      name: unique("Cor"),
      active: true,
      values: ["Azul", "Verde"],
    });
    const product = await post("/products", {
      name: unique("Lixadeira"),
      price: 50,
    });
    const blue = await call("POST", `/api/b2b/products/${product.id}/variations`, {
      headers,
      body: {
        name: "Azul",
        price: 55,
        values: [{ variation_id: colour.id, value: "Azul" }],
      },
    });
    expect(blue.status, blue.text).toBe(201);
    expect(
      (
        await calculate({
          product_id: product.id,
          product_variation_id: blue.json.id,
          quantity: 1,
        })
      ).json,
    ).toMatchObject({ base_price: 55, unit_price: 55 });
    await post(
      "/price-tables",
      table({
        criteria: [
          {
            products: [
              { product_id: product.id, price: 45 },
              {
                product_id: product.id,
                product_variation_id: blue.json.id,
                price: 52,
              },
            ],
          },
        ],
      }),
    );
    expect(
      (
        await calculate({
          product_id: product.id,
          product_variation_id: blue.json.id,
          quantity: 1,
        })
      ).json.unit_price,
    ).toBe(52);
    expect((await calculate({ product_id: product.id, quantity: 1 })).json.unit_price).toBe(45);
    expectProblem(
      await calculate({
        product_id: product.id,
        product_variation_id: randomUUID(),
        quantity: 1,
      }),
      400,
    );
  });

  it("rules kept in memory follow every write: through the API, straight in the database (another instance), per org", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const { post, drill, headers, calculate } = await setup(org);
    const price = async () => (await calculate({ product_id: drill.id, quantity: 1 })).json.unit_price;
    expect(await price()).toBe(100);

    // A discount written after the rules were cached applies at once; so do its edits and its deletion.
    const discount = await post("/discounts", {
      name: unique("Queima"),
      is_active: true,
      ranges: [{ minimum_quantity: 1, type: "PERCENTAGE", value: 10 }],
      criteria: [{ config: [{ key: "product_id", values: [drill.id] }] }],
    });
    expect(await price()).toBe(90);
    const edit = await call("PUT", `/api/b2b/discounts/${discount.id}`, {
      headers,
      body: {
        name: unique("Queima"),
        is_active: true,
        ranges: [{ minimum_quantity: 1, type: "PERCENTAGE", value: 20 }],
        criteria: [{ config: [{ key: "product_id", values: [drill.id] }] }],
      },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(await price()).toBe(80);

    // Another instance's write reaches the database only: the version the triggers set is read with the product.
    const database = org.database;
    await database.prisma.discount.update({
      where: { id: discount.id },
      data: { is_active: false },
    });
    expect(await price()).toBe(100);
    await database.prisma.discount.update({
      where: { id: discount.id },
      data: { is_active: true },
    });
    expect(await price()).toBe(80);
    const listed = await post(
      "/price-tables",
      table({
        criteria: [{ products: [{ product_id: drill.id, price: 50 }] }],
      }),
    );
    expect(await price()).toBe(40);
    await database.prisma.priceTableProduct.updateMany({
      where: { price_table_id: listed.id },
      data: { price: "60" },
    });
    expect(await price()).toBe(48);

    // A write in a rolled-back transaction leaves no trace, in the rules nor in what is cached.
    await database.prisma
      .$transaction(async (tx) => {
        await tx.discount.update({
          where: { id: discount.id },
          data: { is_active: false },
        });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect(await price()).toBe(48);

    // Another org's writes neither change this org's version nor its answers.
    const version = async (id: string) =>
      (
        await database.prisma.pricingVersion.findUnique({
          where: { organization_id: id },
        })
      )?.version;
    const before = await version(org.organizationId);
    const others = await setup(other);
    await others.post("/price-tables", table({ criteria: [{ rate_type: "DECREASE", value: 50 }] }));
    expect(await version(org.organizationId)).toBe(before);
    expect(await version(other.organizationId)).not.toBeUndefined();
    expect(await price()).toBe(48);
    expect(await delete_(`/api/b2b/discounts/${discount.id}`)).toBe(204);
    expect(await price()).toBe(60);

    async function delete_(path: string) {
      return (await call("DELETE", path, { headers })).status;
    }
  });

  it("roles: a VIEWER calculates and reads; only MANAGER and ADMIN write", async () => {
    const org = await newOrg();
    const { drill } = await setup(org);
    const viewer = await org.bearer("VIEWER");
    expect(
      (
        await call("POST", "/api/b2b/prices/product/calculate", {
          headers: viewer,
          body: { product_id: drill.id, quantity: 1 },
        })
      ).status,
    ).toBe(200);
    expect((await call("GET", "/api/b2b/discounts", { headers: viewer })).status).toBe(200);
    expectProblem(
      await call("POST", "/api/b2b/discounts", {
        headers: viewer,
        body: { name: "x" },
      }),
      403,
    );
    expectProblem(
      await call("POST", "/api/b2b/price-tables", {
        headers: await org.bearer("SELLER"),
        body: table(),
      }),
      403,
    );
    const manager = await org.as("MANAGER");
    const saved = await manager.priceTables.create(table());
    expect((await manager.priceTables.get({ id: saved.id })).name).toBe(saved.name);
  });
});

describe("POST /prices/products/calculate (a page of prices)", () => {
  it("answers each item as the single calculation does, in the order of the body; an item that cannot be priced answers its own error", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const { headers, post, drill, saw, bare, partner, card, calculate } = await setup(org);
    const foreign = await call("POST", "/api/b2b/products", { headers: await other.bearer(), body: { name: unique("Alheio"), price: 10 } });
    await post(
      "/price-tables",
      table({
        is_partner_specific: true,
        partners: [{ partner_id: partner.id }],
        criteria: [{ products: [{ product_id: drill.id, price: 90 }] }],
      }),
    );
    const context = { partner_id: partner.id, payment_method_id: card.id, installments: 3, date: "2026-06-15" };
    const items = [
      { product_id: saw.id, quantity: 2 },
      { product_id: bare.id, quantity: 1 },
      { product_id: drill.id, quantity: 10 },
      { product_id: randomUUID(), quantity: 1 },
      { product_id: foreign.json.id, quantity: 1 },
      { product_id: drill.id, product_variation_id: randomUUID(), quantity: 1 },
      { product_id: saw.id, quantity: 2.5 },
    ];
    const answer = await call("POST", "/api/b2b/prices/products/calculate?explain=true", { headers, body: { ...context, items } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.items).toHaveLength(items.length);
    for (const [index, item] of items.entries()) {
      const got = answer.json.items[index];
      expect(got.product_id, `item ${index}`).toBe(item.product_id);
      const single = await calculate({ ...context, ...item }, "?explain=true");
      if (single.status === 200) expect(got, `item ${index}`).toEqual(single.json);
      else expect(got.error, `item ${index}`).toBeDefined();
    }
    expect(answer.json.items[2]).toMatchObject({ price_table: { price: 90 }, quantity: 10 });
    expect(answer.json.items[1].error).toMatchObject({ code: "no_price", params: {} });
    expect(answer.json.items[3].error).toMatchObject({ code: "not_found_reference", params: { field: "product_id" } });
    // Another org's product is as unknown as one that never existed.
    expect(answer.json.items[4]).toEqual({
      product_id: foreign.json.id,
      product_variation_id: null,
      quantity: 1,
      error: { code: "not_found_reference", message: expect.any(String), params: { field: "product_id" } },
    });
    expect(answer.json.items[5].error).toMatchObject({ code: "not_found_reference", params: { field: "product_variation_id" } });
    expect(answer.json.items[0].steps.length).toBeGreaterThan(0);
    const plain = await call("POST", "/api/b2b/prices/products/calculate", { headers, body: { ...context, items: items.slice(0, 1) } });
    expect(plain.json.items[0].steps).toBeUndefined();
    // Installments the method does not offer: every item says so, none fails the call.
    const twelve = await call("POST", "/api/b2b/prices/products/calculate", {
      headers,
      body: { ...context, installments: 12, items: items.slice(0, 1) },
    });
    expect(twelve.json.items[0].error.code).toBe("installments_not_offered");
  });

  it("prices the same with and without explain: the rules left out unexplained (inactive, out of date, other callers') never apply", async () => {
    const org = await newOrg();
    const { headers, post, drill, saw, partner, profile, pix, card } = await setup(org);
    const other = await post("/partners", { name: unique("Outro"), fiscal_registration_number: "11.444.777/0001-61" });
    const tables = [
      table({
        name: "Parceiro",
        is_partner_specific: true,
        partners: [{ partner_id: partner.id }],
        criteria: [{ products: [{ product_id: drill.id, price: 90 }] }],
      }),
      table({
        name: "Outro",
        is_partner_specific: true,
        partners: [{ partner_id: other.id }],
        criteria: [{ products: [{ product_id: drill.id, price: 50 }] }],
      }),
      table({
        name: "Perfil PIX",
        is_profile_specific: true,
        is_payment_method_specific: true,
        profiles: [{ profile_id: profile.id }],
        payment_methods: [{ payment_method_id: pix.id }],
        criteria: [{ rate_type: "DECREASE", value_type: "PERCENTAGE", value: 3 }],
      }),
      table({
        name: "Antiga",
        start_date: "2025-01-01",
        end_date: "2025-12-31",
        criteria: [{ products: [{ product_id: saw.id, price: 1 }] }],
      }),
    ];
    for (const body of tables) await post("/price-tables", body);
    for (const body of [
      { name: "Parceiro", is_partner: true, partners: [{ partner_id: partner.id }], ranges: [{ minimum_quantity: 1, value: 5 }] },
      { name: "Outro", is_partner: true, partners: [{ partner_id: other.id }], ranges: [{ minimum_quantity: 1, value: 40 }] },
      {
        name: "Cartão",
        is_payment_method: true,
        payment_methods: [{ payment_method_id: card.id }],
        is_discount_over_discount: true,
        ranges: [{ minimum_quantity: 1, value: 2 }],
      },
      { name: "Inativo", is_active: false, ranges: [{ minimum_quantity: 1, value: 50 }] },
      { name: "Vencido", start_date: "2025-01-01", end_date: "2025-12-31", ranges: [{ minimum_quantity: 1, value: 50 }] },
      // Criteria the index decides (one entry each) and one it does not (two entries, the second unmet).
      {
        name: "Furadeiras",
        is_discount_over_discount: true,
        ranges: [{ minimum_quantity: 1, value: 1.5 }],
        criteria: [{ config: [{ key: "product_id", values: [drill.id] }] }, { config: [{ key: "sku", values: ["nenhum"] }] }],
      },
      {
        name: "Furadeira azul",
        is_discount_over_discount: true,
        ranges: [{ minimum_quantity: 1, value: 30 }],
        criteria: [
          {
            config: [
              { key: "product_id", values: [drill.id, saw.id] },
              { key: "specification:Cor", values: ["azul"] },
            ],
          },
        ],
      },
    ])
      await post("/discounts", body);
    const items = [drill, saw].flatMap((product) => [1, 12].map((quantity) => ({ product_id: product.id, quantity })));
    for (const context of [
      {},
      { partner_id: partner.id },
      { partner_id: other.id, payment_method_id: card.id },
      { partner_id: partner.id, payment_method_id: pix.id },
    ]) {
      const body = { ...context, date: "2026-06-15", items };
      const explained = await call("POST", "/api/b2b/prices/products/calculate?explain=true", { headers, body });
      const plain = await call("POST", "/api/b2b/prices/products/calculate", { headers, body });
      expect(plain.status, plain.text).toBe(200);
      expect(plain.json.items).toEqual(explained.json.items.map(({ steps: _steps, ...rest }: { steps: unknown }) => rest));
    }
    const forOther = await call("POST", "/api/b2b/prices/products/calculate", {
      headers,
      body: { partner_id: other.id, date: "2026-06-15", items: items.slice(0, 1) },
    });
    expect(forOther.json.items[0]).toMatchObject({ price_table: { name: "Outro", price: 50 }, unit_price: 29.55 });
    const named = Object.fromEntries(forOther.json.discounts.map((discount: { id: string; name: string }) => [discount.id, discount.name]));
    expect(forOther.json.items[0].discounts.map((discount: { id: string }) => named[discount.id])).toEqual(["Outro", "Furadeiras"]);
  });

  it("takes 1 to 100 items; 0 or 101 items, bad items and unknown shared references are 422 naming the field", async () => {
    const org = await newOrg();
    const { headers, drill, saw } = await setup(org);
    const many = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ product_id: index % 2 ? drill.id : saw.id, quantity: 1 + index }));
    const page = (body: object) => call("POST", "/api/b2b/prices/products/calculate", { headers, body });
    const one = await page({ items: many(1) });
    expect(one.status, one.text).toBe(200);
    expect(one.json.items).toEqual([expect.objectContaining({ product_id: saw.id, unit_price: 250, total_value: 250 })]);
    const hundred = await page({ items: many(100) });
    expect(hundred.status, hundred.text).toBe(200);
    expect(hundred.json.items.map((item: { quantity: number; total_value: number }) => [item.quantity, item.total_value])).toEqual(
      many(100).map((item, index) => [item.quantity, (index % 2 ? 100 : 250) * item.quantity]),
    );
    expect(expectProblem(await page({ items: many(101) }), 422).errors?.[0]?.path).toBe("items");
    expect(expectProblem(await page({ items: [] }), 422).errors?.[0]?.path).toBe("items");
    expectProblem(await page({}), 422);
    expect(expectProblem(await page({ items: [{ product_id: drill.id, quantity: 0 }] }), 422).errors?.[0]?.path).toBe("items.0.quantity");
    expect(expectProblem(await page({ items: [{ product_id: "x", quantity: 1 }] }), 422).errors?.[0]?.path).toBe("items.0.product_id");
    const unknown = expectProblem(await page({ partner_id: randomUUID(), payment_method_id: randomUUID(), items: many(2) }), 422);
    expect(unknown.errors?.map((error) => error.path)).toEqual(["partner_id", "payment_method_id"]);
  });
});

describe("the calculation's statement", () => {
  it("reads the same on the driver (a read) as on a transaction (inside a write), and is prepared once per connection", async () => {
    const org = await newOrg();
    const { post, drill, partner, card, brand, category } = await setup(org);
    await post(
      "/price-tables",
      table({
        is_partner_specific: true,
        partners: [{ partner_id: partner.id }],
        criteria: [{ products: [{ product_id: drill.id, price: 90 }] }],
      }),
    );
    await post("/discounts", {
      name: unique("Marca"),
      ranges: [{ minimum_quantity: 1, value: 5 }],
      criteria: [{ config: [{ key: "brand_id", values: [brand.id] }] }],
    });
    await post("/discounts", {
      name: unique("Voltagem"),
      is_discount_over_discount: true,
      ranges: [{ minimum_quantity: 2, type: "MONETARY", value: 1.5 }],
      criteria: [
        { config: [{ key: "specification:voltagem", values: ["220v"] }] },
        { config: [{ key: "category_id", values: [category.id] }] },
      ],
    });
    const input = {
      product_id: drill.id,
      quantity: 3,
      partner_id: partner.id,
      payment_method_id: card.id,
      installments: 3,
      date: "2026-06-15",
      explain: true,
    };
    const onDriver = await calculateProductPrice(org.db, driverReads(org.database, org.organizationId), input);
    const inTransaction = await transaction(org.db, (tx) => calculateProductPrice(tx, transactionReads(tx), input));
    expect(onDriver).toEqual(inTransaction);
    expect(onDriver).toMatchObject({
      price_table: { price: 90 },
      discounts: [{ amount: 13.5 }, { amount: 4.5 }],
      unit_price: 92.4, // 90 − 5% − 1.50, then the card's +10%
    });
    expect(onDriver.steps?.length).toBeGreaterThan(3);
    // Unknown references answer the same way too.
    const missing = { ...input, partner_id: randomUUID() };
    await expect(calculateProductPrice(org.db, driverReads(org.database, org.organizationId), missing)).rejects.toMatchObject({
      code: "bad_request",
    });

    const url = process.env.TEST_DATABASE_URL;
    if (!url) return; // PGlite: one embedded connection, nothing named
    // A pool of one connection, to look at what that connection prepared.
    const database = await openPostgres(url, 1);
    try {
      const reads = driverReads(database, org.organizationId);
      const db = forOrganization(database.prisma, org.organizationId);
      for (const quantity of [1, 2, 5]) await calculateProductPrice(db, reads, { ...input, quantity });
      await calculateProductPrice(db, reads, {
        product_id: drill.id,
        quantity: 1,
        explain: false,
      });
      const prepared = await database.withSession((session) =>
        session.query<{ name: string; statement: string }>("SELECT name, statement FROM pg_prepared_statements"),
      );
      // One text whatever the values (present or absent): the rules' load and Prisma's own queries stay unnamed.
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.statement.startsWith("/* prepared:price-subjects */")).toBe(true);
      expect(prepared[0]!.name).toBe(statementNameOf({ sql: prepared[0]!.statement }));
    } finally {
      await database.close();
    }
  });
});
