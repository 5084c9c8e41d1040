/**
 * Same input, same answer (issue 41): a sale's order is checked by the one order writer, so
 * each bad input POST /orders and POST /sales share is refused by both with the same code on
 * the same field — 422 for orders, 400 for sales, as the interface fixes for each path. And a
 * sale's coupons are its order's: one record holds the use, both answers show the same list.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { newOrg, testServer, unique, type TestOrg } from "../helpers/database";
import { call, expectProblem, restAs } from "../helpers/http";
import { salesSetup, type SalesSetup } from "../helpers/sales";

beforeAll(() => testServer());

/** A coupon code no other test uses (letters, digits, - and _). */
const couponCode = () => `CUPOM-${randomUUID().slice(0, 8)}`;

/** What an order and a sale both say: who buys and sells, the items, the freight, the discount and the payments. */
interface Intent {
  partner_id: string;
  company_id: string;
  seller_id?: string;
  items: Array<{ product_id: string; quantity: number; unit_value: number; product_variation_id?: string; total_value?: number }>;
  freight: number;
  discount: number;
  /** What the client says the total is (the figures' own total unless a case sends another). */
  total?: number;
  payments: Array<{ payment_method_id: string; amount: number; installments?: number }>;
  coupons?: string[];
}

const lines = (intent: Intent) => intent.items.reduce((sum, item) => sum + item.quantity * item.unit_value, 0);
const totalOf = (intent: Intent) => intent.total ?? Math.round((lines(intent) + intent.freight - intent.discount) * 100) / 100;

const shipment = Object.fromEntries(
  ["address_name", "address_type", "street", "number", "complement", "neighborhood", "city", "state", "postal_code", "country"].map(
    (field) => [`shipment_${field}`, "x"],
  ),
);

/** POST /orders's body of an intent. */
const orderOf = (intent: Intent) => ({
  partner_id: intent.partner_id,
  company_id: intent.company_id,
  ...(intent.seller_id ? { seller_id: intent.seller_id } : {}),
  negotiation_date: new Date().toISOString(),
  order_value: lines(intent),
  discount_value: intent.discount,
  freight_value: intent.freight,
  total_value: totalOf(intent),
  ...shipment,
  shipment_contact_name: "Compras",
  shipment_contact_number: "16999990000",
  items: intent.items,
  payments: intent.payments.map((payment) => ({ installments: 1, ...payment })),
  coupons: (intent.coupons ?? []).map((coupon_id) => ({ coupon_id })),
});

/** POST /sales's body of the same intent. */
const saleOf = (intent: Intent) => ({
  external_id: unique("EXT"),
  partner_id: intent.partner_id,
  company_id: intent.company_id,
  ...(intent.seller_id ? { seller_id: intent.seller_id } : {}),
  created_at: new Date().toISOString(),
  updated_by: "checkout",
  full_value: lines(intent) + intent.freight,
  total_value: totalOf(intent),
  items: intent.items,
  freight: { amount: intent.freight },
  discount: intent.discount ? [{ type: "PROMOTION", amount: intent.discount }] : [],
  payments: intent.payments.map((payment) => ({ installments: 1, ...payment })),
  coupons: (intent.coupons ?? []).map((coupon_id) => ({ coupon_id })),
});

/** 2 drills at 100.00 and a saw at 50.00, freight 10.00: 260.00 by boleto. */
function baseIntent(setup: SalesSetup): Intent {
  return {
    partner_id: setup.partner.id,
    company_id: setup.company.id,
    items: [
      { product_id: setup.drill.id, quantity: 2, unit_value: 100 },
      { product_id: setup.saw.id, quantity: 1, unit_value: 50 },
    ],
    freight: 10,
    discount: 0,
    payments: [{ payment_method_id: setup.boleto.id, amount: 260 }],
  };
}

interface World {
  org: TestOrg;
  setup: SalesSetup;
  other: TestOrg;
  otherSetup: SalesSetup;
  inactiveMethod: string;
  minimumMethod: string;
  coupons: { notStarted: string; expired: string; usedUp: string; foreign: string };
  variationOfSaw: string;
  otherSeller: string;
}

async function world(): Promise<World> {
  const org = await newOrg();
  const setup = await salesSetup(org);
  const other = await newOrg();
  const otherSetup = await salesSetup(other);
  const inactiveMethod = (await setup.post("/payment-methods", { name: "Dinheiro", type: "CASH", active: false })).id;
  const minimumMethod = (
    await setup.post("/payment-methods", {
      name: "Cartão mínimo",
      type: "CREDIT_CARD",
      active: true,
      minimum_installment_value: 200,
      installments: [1, 2].map((sequence) => ({ sequence, due_date_delay: 30 * sequence })),
    })
  ).id;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const coupon = async (poster: SalesSetup, body: Record<string, unknown>) =>
    (await poster.post("/coupons", { code: couponCode(), name: "Cupom", type: "ORDER", value_type: "MONETARY", value: 5, ...body })).id;
  const usedUp = await coupon(setup, { max_uses: 1 });
  // Its one use taken by an order.
  const taking = await call("POST", "/api/b2b/orders", {
    headers: setup.headers,
    body: orderOf({ ...baseIntent(setup), coupons: [usedUp] }),
  });
  expect(taking.status, taking.text).toBe(201);
  const coupons = {
    notStarted: await coupon(setup, { start_date: day(5) }),
    expired: await coupon(setup, { start_date: day(-30), end_date: day(-5) }),
    usedUp,
    foreign: await coupon(otherSetup, {}),
  };
  const variationOfSaw = (await setup.post(`/products/${setup.saw.id}/variations`, { name: "Serra 220V", values: [] })).id;
  const otherSeller = (await setup.post("/sellers", { name: "Bruno Vendas", email: `bruno-${randomUUID().slice(0, 6)}@example.com` })).id;
  await org.db.user.updateMany({ where: { role: "SELLER" }, data: { seller_id: setup.seller.id } });
  return { org, setup, other, otherSetup, inactiveMethod, minimumMethod, coupons, variationOfSaw, otherSeller };
}

/** One bad input both paths share: how it changes the intent, and the field and code both must name. */
interface Case {
  name: string;
  change: (intent: Intent, world: World) => Intent;
  path: string;
  code: string;
}

const withItem = (intent: Intent, index: number, change: Partial<Intent["items"][number]>): Intent => ({
  ...intent,
  items: intent.items.map((item, position) => (position === index ? { ...item, ...change } : item)),
});
const withPayment = (intent: Intent, change: Partial<Intent["payments"][number]>): Intent => ({
  ...intent,
  payments: intent.payments.map((payment, position) => (position === 0 ? { ...payment, ...change } : payment)),
});

const CASES: Case[] = [
  {
    name: "an unknown partner",
    change: (intent) => ({ ...intent, partner_id: randomUUID() }),
    path: "partner_id",
    code: "not_found_reference",
  },
  {
    name: "another org's partner",
    change: (intent, w) => ({ ...intent, partner_id: w.otherSetup.partner.id }),
    path: "partner_id",
    code: "not_found_reference",
  },
  {
    name: "another org's company",
    change: (intent, w) => ({ ...intent, company_id: w.otherSetup.company.id }),
    path: "company_id",
    code: "not_found_reference",
  },
  {
    name: "another org's seller",
    change: (intent, w) => ({ ...intent, seller_id: w.otherSetup.seller.id }),
    path: "seller_id",
    code: "not_found_reference",
  },
  {
    name: "another org's product",
    change: (intent, w) => withItem(intent, 0, { product_id: w.otherSetup.drill.id }),
    path: "items.0.product_id",
    code: "not_found_reference",
  },
  {
    name: "an unknown payment method",
    change: (intent) => withPayment(intent, { payment_method_id: randomUUID() }),
    path: "payments.0.payment_method_id",
    code: "not_found_reference",
  },
  {
    name: "an inactive payment method",
    change: (intent, w) => withPayment(intent, { payment_method_id: w.inactiveMethod }),
    path: "payments.0.payment_method_id",
    code: "inactive",
  },
  {
    name: "a coupon not started",
    change: (intent, w) => ({ ...intent, coupons: [w.coupons.notStarted] }),
    path: "coupons.0.coupon_id",
    code: "coupon_not_started",
  },
  {
    name: "an expired coupon",
    change: (intent, w) => ({ ...intent, coupons: [w.coupons.expired] }),
    path: "coupons.0.coupon_id",
    code: "coupon_expired",
  },
  {
    name: "a used-up coupon",
    change: (intent, w) => ({ ...intent, coupons: [w.coupons.usedUp] }),
    path: "coupons.0.coupon_id",
    code: "coupon_used_up",
  },
  {
    name: "another org's coupon",
    change: (intent, w) => ({ ...intent, coupons: [w.coupons.foreign] }),
    path: "coupons.0.coupon_id",
    code: "not_found_reference",
  },
  {
    name: "a variation of another product",
    change: (intent, w) => withItem(intent, 0, { product_variation_id: w.variationOfSaw }),
    path: "items.0.product_variation_id",
    code: "mismatch",
  },
  {
    name: "an unknown variation",
    change: (intent) => withItem(intent, 0, { product_variation_id: randomUUID() }),
    path: "items.0.product_variation_id",
    code: "not_found_reference",
  },
  {
    name: "an item's total off by more than 0.01",
    change: (intent) => withItem(intent, 0, { total_value: 200.02 }),
    path: "items.0.total_value",
    code: "total_mismatch",
  },
  {
    name: "a total off by more than 0.01",
    change: (intent) => ({ ...intent, total: 260.05 }),
    path: "total_value",
    code: "total_mismatch",
  },
  {
    name: "installments beyond the method",
    change: (intent, w) => withPayment(intent, { payment_method_id: w.setup.card.id, installments: 5 }),
    path: "payments.0.installments",
    code: "too_big",
  },
  {
    name: "an installment below its minimum",
    change: (intent, w) => withPayment(intent, { payment_method_id: w.minimumMethod, installments: 2 }),
    path: "payments.0.installments",
    code: "installment_below_minimum",
  },
  {
    name: "short stock",
    change: (intent) => withItem(intent, 1, { quantity: 5000, unit_value: 1 }),
    path: "items.1.quantity",
    code: "insufficient_stock",
  },
];

/** A case's intent, its one payment paying the items, freight and discount (a case about the total sends another total). */
function caseIntent(test: Case, w: World): Intent {
  const intent = test.change(baseIntent(w.setup), w);
  return withPayment(intent, { amount: Math.round((lines(intent) + intent.freight - intent.discount) * 100) / 100 });
}

describe("POST /orders and POST /sales answer the same input the same way", () => {
  let shared: World;
  beforeAll(async () => {
    shared = await world();
  });

  it.each(CASES)("$name: the same code on the same field (422 / 400)", async (test) => {
    const intent = caseIntent(test, shared);
    const order = expectProblem(await call("POST", "/api/b2b/orders", { headers: shared.setup.headers, body: orderOf(intent) }), 422);
    const sale = expectProblem(await call("POST", "/api/b2b/sales", { headers: shared.setup.headers, body: saleOf(intent) }), 400);
    const named = (problem: typeof order) => (problem.errors ?? []).map((error) => [error.path, error.code]);
    expect(named(order)).toContainEqual([test.path, test.code]);
    expect(named(sale)).toContainEqual([test.path, test.code]);
    expect(named(sale)).toEqual(named(order));
  });

  it("another seller's id for a SELLER: 403 with the same code on both", async () => {
    const seller = restAs(await shared.org.bearer("SELLER"));
    const intent = { ...baseIntent(shared.setup), seller_id: shared.otherSeller };
    const order = expectProblem(await seller.post("/orders", orderOf(intent)), 403);
    const sale = expectProblem(await seller.post("/sales", saleOf(intent)), 403);
    expect(sale.code).toBe(order.code);
  });

  it("the same input written: a 201 order and a 200 sale, whose order carries the same figures", async () => {
    const intent = baseIntent(shared.setup);
    const order = await call("POST", "/api/b2b/orders", { headers: shared.setup.headers, body: orderOf(intent) });
    expect(order.status, order.text).toBe(201);
    const sale = await call("POST", "/api/b2b/sales", { headers: shared.setup.headers, body: saleOf(intent) });
    expect(sale.status, sale.text).toBe(200);
    const saleOrder = (await call("GET", `/api/b2b/orders/${sale.json.order_id}`, { headers: shared.setup.headers })).json;
    const direct = (await call("GET", `/api/b2b/orders/${order.json.id}`, { headers: shared.setup.headers })).json;
    for (const field of ["order_value", "discount_value", "freight_value", "total_value"]) expect(saleOrder[field]).toBe(direct[field]);
    expect(saleOrder.items.map((item: { totalValue: number }) => item.totalValue)).toEqual(
      direct.items.map((item: { totalValue: number }) => item.totalValue),
    );
  });
});

describe("a sale's coupons are its order's", () => {
  it("one record holds the use; both answers show the same list, also after the order gives it back", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const rest = restAs(setup.headers);
    const coupon = (
      await rest.post("/coupons", { code: couponCode(), name: "Único", type: "ORDER", value_type: "MONETARY", value: 5, max_uses: 1 })
    ).json;
    const first = await rest.post("/sales", saleOf({ ...baseIntent(setup), coupons: [coupon.id] }));
    expect(first.status, first.text).toBe(200);
    const order = (await rest.get(`/orders/${first.json.order_id}`)).json;
    const sold = (await rest.get(`/sales/${first.json.id}`)).json;
    const listed = (coupons: Array<{ coupon_id: string; code: string }>) => coupons.map((entry) => [entry.coupon_id, entry.code]);
    expect(listed(sold.coupons)).toEqual([[coupon.id, coupon.code]]);
    expect(listed(order.coupons)).toEqual(listed(sold.coupons));
    expect((await rest.get(`/coupons/${coupon.id}`)).json.uses).toBe(1);
    // Its one use taken: a second sale is refused.
    const refused = expectProblem(await rest.post("/sales", saleOf({ ...baseIntent(setup), coupons: [coupon.id] })), 400);
    expect(refused.errors?.map((error) => [error.path, error.code])).toEqual([["coupons.0.coupon_id", "coupon_used_up"]]);

    // The order gives the coupon back: the sale no longer shows it, and another sale takes it.
    const { partner_id, negotiation_date, order_value, discount_value, freight_value, total_value } = order;
    const edited = await rest.put(`/orders/${order.id}`, {
      partner_id,
      negotiation_date,
      order_value,
      discount_value,
      freight_value,
      total_value,
      coupons: [],
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await rest.get(`/coupons/${coupon.id}`)).json.uses).toBe(0);
    expect((await rest.get(`/sales/${first.json.id}`)).json.coupons).toEqual([]);
    const second = await rest.post("/sales", saleOf({ ...baseIntent(setup), coupons: [coupon.id] }));
    expect(second.status, second.text).toBe(200);
    expect(listed((await rest.get(`/sales/${second.json.id}`)).json.coupons)).toEqual([[coupon.id, coupon.code]]);
    expect((await rest.get(`/coupons/${coupon.id}`)).json.uses).toBe(1);
  });
});
