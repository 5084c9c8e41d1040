/**
 * How many statements a write costs at the driver (issue 41): a sale of 3 items in 3
 * installments in at most 30, an order of 3 items in at most 20 — each detail read once, in
 * one statement, every reference in one more. Counted at the pg driver, so PostgreSQL only
 * (the embedded engine has no driver); `npm run bench` counts them under load too.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { newOrg } from "../helpers/database";
import { call } from "../helpers/http";
import { stockFor } from "../helpers/stock";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Counts every statement sent on any pg client while `work` runs, with its text. */
async function counting<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    statements.push(typeof first === "string" ? first : (first?.text ?? "?"));
    return original.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    prototype.query = original;
  }
}

describe.runIf(onPostgres)("statements per write (PostgreSQL)", () => {
  it("a sale of 3 items in 3 installments, an order of 3 items", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const post = async (path: string, body: unknown) => (await call("POST", `/api/b2b${path}`, { headers, body })).json;
    const partner = await post("/partners", { name: "Cliente", fiscal_registration_number: "11222333000181" });
    const company = await post("/companies", { name: "Matriz", fiscal_registration_number: "06990590000123", is_default: true });
    const products = [];
    for (const name of ["Furadeira", "Serra", "Broca"]) products.push(await post("/products", { name, price: 10 }));
    await stockFor(headers, { company_id: company.id, products });
    const card = await post("/payment-methods", {
      name: "Cartão",
      type: "CREDIT_CARD",
      installments: [1, 2, 3].map((sequence) => ({ sequence, due_date_delay: 30 * sequence })),
    });
    const items = [
      { product_id: products[0].id, quantity: 1, unit_value: 100 },
      { product_id: products[1].id, quantity: 2, unit_value: 45.5 },
      { product_id: products[2].id, quantity: 3, unit_value: 12.3 },
    ];
    const sale = (index: number) => ({
      external_id: `S-${index}`,
      partner_id: partner.id,
      created_at: new Date().toISOString(),
      updated_by: "bench",
      full_value: 240,
      total_value: 240,
      items,
      freight: { amount: 12.1 },
      payments: [{ payment_method_id: card.id, amount: 240, installments: 3 }],
    });
    const shipment = Object.fromEntries(
      ["address_name", "address_type", "street", "number", "complement", "neighborhood", "city", "state", "postal_code", "country"].map(
        (field) => [`shipment_${field}`, "x"],
      ),
    );
    const order = {
      ...shipment,
      shipment_contact_name: "Cliente",
      shipment_contact_number: "11999990000",
      partner_id: partner.id,
      negotiation_date: new Date().toISOString(),
      order_value: 227.9,
      discount_value: 0,
      freight_value: 12.1,
      total_value: 240,
      items,
    };
    // Warm: the first write of a kind plans its statements.
    const first = await call("POST", "/api/b2b/sales", { headers, body: sale(0) });
    expect(first.status, first.text).toBe(200);
    const firstOrder = await call("POST", "/api/b2b/orders", { headers, body: order });
    expect(firstOrder.status, firstOrder.text).toBe(201);
    const sold = await counting(() => call("POST", "/api/b2b/sales", { headers, body: sale(1) }));
    expect(sold.result.status).toBe(200);
    const ordered = await counting(() => call("POST", "/api/b2b/orders", { headers, body: order }));
    expect(ordered.result.status).toBe(201);
    const listed = (statements: string[]) =>
      statements.map((text, index) => `${index + 1}. ${text.replace(/\s+/g, " ").slice(0, 140)}`).join("\n");
    console.info(`statements: POST /sales ${sold.statements.length}, POST /orders ${ordered.statements.length}`);
    expect(sold.statements.length, listed(sold.statements)).toBeLessThanOrEqual(30);
    expect(ordered.statements.length, listed(ordered.statements)).toBeLessThanOrEqual(20);
  });
});
