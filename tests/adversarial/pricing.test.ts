/**
 * Pricing under attack: other orgs' records, criteria that look like SQL or LIKE
 * patterns, numbers that floats would get wrong, concurrent list replacements and the
 * records a price table or discount still names.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { newOrg, unique, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

// The first org migrates the database: on a busy machine that alone may take most of a test's time.
beforeAll(() => newOrg().then(() => undefined), 180_000);

async function client(org: TestOrg) {
  const headers = await org.bearer();
  const post = async (path: string, body: unknown) => {
    const answer = await call("POST", `/api/b2b${path}`, { headers, body });
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.json;
  };
  return { headers, post };
}

const generalTable = (criteria: unknown[], over: object = {}) => ({
  name: unique("Tabela"),
  start_date: "2020-01-01",
  is_partner_specific: false,
  is_profile_specific: false,
  is_company_specific: false,
  is_payment_method_specific: false,
  criteria,
  ...over,
});

describe("organizations", () => {
  it("never see, change, reference or apply each other's price tables and discounts", async () => {
    const [a, b] = [await newOrg(), await newOrg()];
    const [clientA, clientB] = [await client(a), await client(b)];
    const productA = await clientA.post("/products", {
      name: unique("Produto A"),
      price: 100,
    });
    const partnerA = await clientA.post("/partners", {
      name: unique("Cliente A"),
      fiscal_registration_number: "11.222.333/0001-81",
    });
    const tableA = await clientA.post("/price-tables", generalTable([{ rate_type: "DECREASE", value_type: "PERCENTAGE", value: 50 }]));
    const discountA = await clientA.post("/discounts", {
      name: unique("Desconto A"),
      ranges: [{ minimum_quantity: 1, value: 50 }],
    });

    for (const path of [`/price-tables/${tableA.id}`, `/discounts/${discountA.id}`]) {
      expectProblem(await call("GET", `/api/b2b${path}`, { headers: clientB.headers }), 404);
      expectProblem(await call("DELETE", `/api/b2b${path}`, { headers: clientB.headers }), 404);
    }
    expectProblem(
      await call("PUT", `/api/b2b/price-tables/${tableA.id}`, {
        headers: clientB.headers,
        body: generalTable([]),
      }),
      404,
    );
    expectProblem(
      await call("PUT", `/api/b2b/discounts/${discountA.id}`, {
        headers: clientB.headers,
        body: { name: "x" },
      }),
      404,
    );
    expect((await call("GET", "/api/b2b/price-tables", { headers: clientB.headers })).json.total).toBe(0);
    expect((await call("GET", "/api/b2b/discounts", { headers: clientB.headers })).json.total).toBe(0);

    const foreign = expectProblem(
      await call("POST", "/api/b2b/price-tables", {
        headers: clientB.headers,
        body: generalTable([{ products: [{ product_id: productA.id, price: 1 }] }], {
          is_partner_specific: true,
          partners: [{ partner_id: partnerA.id }],
        }),
      }),
      422,
    );
    expect(foreign.errors?.map((error) => error.path).sort()).toEqual(["criteria.0.products.0.product_id", "partners.0.partner_id"]);
    expectProblem(
      await call("POST", "/api/b2b/prices/product/calculate", {
        headers: clientB.headers,
        body: { product_id: productA.id, quantity: 1 },
      }),
      400,
    );

    // B's own product is priced by none of A's rules.
    const productB = await clientB.post("/products", {
      name: unique("Produto B"),
      price: 100,
    });
    const priced = await call("POST", "/api/b2b/prices/product/calculate?explain=true", {
      headers: clientB.headers,
      body: { product_id: productB.id, quantity: 1 },
    });
    expect(priced.json).toMatchObject({
      unit_price: 100,
      price_table: null,
      discounts: [],
    });
    expect(priced.json.steps.map((step: { rule: string }) => step.rule)).toEqual(["base_price", "rounding"]);
    // A's own product gets both.
    const own = await call("POST", "/api/b2b/prices/product/calculate", {
      headers: clientA.headers,
      body: { product_id: productA.id, quantity: 1 },
    });
    expect(own.json.unit_price).toBe(25);
  });
});

describe("criteria", () => {
  it("are values, never SQL or LIKE patterns: quotes, %, _ and comments match only themselves", async () => {
    const org = await newOrg();
    const { headers, post } = await client(org);
    const literal = await post("/products", {
      name: unique("Literal"),
      sku: `A%_${randomUUID().slice(0, 6)}`,
      price: 10,
    });
    await post("/products", { name: unique("Outro"), price: 10 });
    await post(`/products/${literal.id}/specification`, {
      name: "Código'; DROP TABLE products; --",
      value: "%",
    });
    const tricky = await post("/discounts", {
      name: unique("Truques"),
      ranges: [{ minimum_quantity: 1, value: 10 }],
      criteria: [
        { config: [{ key: "sku", values: ["%", "_", "' OR '1'='1", "A%"] }] },
        {
          config: [
            {
              key: "specification:Código'; DROP TABLE products; --",
              values: ["%"],
            },
          ],
        },
      ],
    });
    const detail = await call("GET", `/api/b2b/discounts/${tricky.id}`, {
      headers,
    });
    expect(detail.json.criteria.map((criteria: { products_quantity: number }) => criteria.products_quantity)).toEqual([0, 1]);
    const priced = await call("POST", "/api/b2b/prices/product/calculate", {
      headers,
      body: { product_id: literal.id, quantity: 1 },
    });
    expect(priced.json.unit_price).toBe(9);
    expect((await call("GET", "/api/b2b/products?perPage=1", { headers })).status).toBe(200);
  });

  it("offer specification names in which %, _ and \\ match only themselves", async () => {
    const org = await newOrg();
    const { post } = await client(org);
    const product = await post("/products", {
      name: unique("Specs"),
      price: 10,
    });
    for (const name of ["Desconto 50% PIX", "Desconto 50 PIX", "Cor_Base", "Cor Base", "Barra\\Invertida", "Barra Invertida"]) {
      await post(`/products/${product.id}/specification`, { name, value: "x" });
    }
    const caller = await org.as("VIEWER");
    const names = (search: string) => caller.discounts.specificationNames({ search });
    expect(await names("%")).toEqual(["Desconto 50% PIX"]);
    expect(await names("50%")).toEqual(["Desconto 50% PIX"]);
    expect(await names("cor_base")).toEqual(["Cor_Base"]);
    expect(await names("_")).toEqual(["Cor_Base"]);
    expect(await names("\\")).toEqual(["Barra\\Invertida"]);
    expect(await names("barra")).toEqual(["Barra Invertida", "Barra\\Invertida"]);
  });

  it("refuse keys outside the contract and entries without values", async () => {
    const org = await newOrg();
    const { headers } = await client(org);
    for (const config of [
      [{ key: "organization_id", values: ["x"] }],
      [{ key: "price", values: ["1"] }],
      [{ key: "specification:", values: ["x"] }],
      [{ key: "sku", values: [] }],
      "sku = 'x'",
    ]) {
      expectProblem(
        await call("POST", "/api/b2b/discounts", {
          headers,
          body: { name: "x", criteria: [{ config }] },
        }),
        422,
      );
    }
  });
});

describe("numbers", () => {
  it("are exact decimals: 0.1 × 3 is 0.3, a third of a percent is rounded once", async () => {
    const org = await newOrg();
    const { headers, post } = await client(org);
    const cheap = await post("/products", {
      name: unique("Arruela"),
      price: 0.1,
    });
    const calc = (body: object) => call("POST", "/api/b2b/prices/product/calculate", { headers, body });
    expect((await calc({ product_id: cheap.id, quantity: 3 })).json).toMatchObject({ unit_price: 0.1, total_value: 0.3 });
    await post("/discounts", {
      name: unique("Um terço"),
      ranges: [{ minimum_quantity: 1, value: 33.3333 }],
    });
    // 0.0666667 → 0.07 a unit; the total is what an order line of 3 × 0.07 totals.
    expect((await calc({ product_id: cheap.id, quantity: 3 })).json).toMatchObject({ unit_price: 0.07, total_value: 0.21 });
    for (const quantity of ["1", 1e-5, Number.MAX_VALUE, null, true]) expectProblem(await calc({ product_id: cheap.id, quantity }), 400);
    expectProblem(
      await call("POST", "/api/b2b/prices/product/calculate?explain=yes", {
        headers,
        body: { product_id: cheap.id, quantity: 1 },
      }),
      400,
    );
    expectProblem(
      await call("POST", "/api/b2b/price-tables", {
        headers,
        body: generalTable([{ products: [{ product_id: cheap.id, price: 0.001 }] }]),
      }),
      422,
    );
    expectProblem(
      await call("POST", "/api/b2b/price-tables", {
        headers,
        body: generalTable([{ value: -1 }]),
      }),
      422,
    );
  });
});

describe("writes", () => {
  it("concurrent PUTs of one price table leave exactly one of them, never a mix", async () => {
    const org = await newOrg();
    const { headers, post } = await client(org);
    const products = await Promise.all([1, 2, 3].map((n) => post("/products", { name: unique(`P${n}`), price: n })));
    const created = await post("/price-tables", generalTable([]));
    const bodies = products.map((product, index) =>
      generalTable(
        [
          {
            name: `C${index}`,
            products: [{ product_id: product.id, price: 1 }],
          },
        ],
        { name: `V${index}` },
      ),
    );
    const answers = await Promise.all(bodies.map((body) => call("PUT", `/api/b2b/price-tables/${created.id}`, { headers, body })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const detail = (await call("GET", `/api/b2b/price-tables/${created.id}`, { headers })).json;
    expect(detail.criteria).toHaveLength(1);
    expect(detail.criteria[0].name).toBe(detail.name.replace("V", "C"));
  });

  it("a partner or payment method a price table or discount names cannot be deleted (409); a product can, leaving the table", async () => {
    const org = await newOrg();
    const { headers, post } = await client(org);
    const partner = await post("/partners", {
      name: unique("Cliente"),
      fiscal_registration_number: "11.222.333/0001-81",
    });
    const method = await post("/payment-methods", { name: unique("Boleto") });
    const product = await post("/products", {
      name: unique("Produto"),
      price: 5,
    });
    const table = await post(
      "/price-tables",
      generalTable([{ products: [{ product_id: product.id, price: 4 }] }], {
        is_partner_specific: true,
        partners: [{ partner_id: partner.id }],
      }),
    );
    await post("/discounts", {
      name: unique("D"),
      is_payment_method: true,
      payment_methods: [{ payment_method_id: method.id }],
    });
    expectProblem(await call("DELETE", `/api/b2b/partners/${partner.id}`, { headers }), 409);
    expectProblem(
      await call("DELETE", `/api/b2b/payment-methods/${method.id}`, {
        headers,
      }),
      409,
    );
    expect((await call("DELETE", `/api/b2b/products/${product.id}`, { headers })).status).toBe(204);
    expect((await call("GET", `/api/b2b/price-tables/${table.id}`, { headers })).json.criteria[0].products).toEqual([]);
  });
});
