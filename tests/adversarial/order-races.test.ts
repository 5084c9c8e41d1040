/**
 * Races on one order (contract §10): every write of an order takes the order's row lock
 * first and decides on what it read under the lock, so concurrent writes count a coupon
 * once, append one history entry, never change an order after it was invoiced, and two
 * orders racing for the last units cannot both get them.
 */
import { describe, expect, it } from "vitest";
import { newOrg, unique, type TestOrg } from "../helpers/database";
import { call } from "../helpers/http";
import { nfeKey, orderBody, orderFixtures, type Fixtures } from "../helpers/orders";
import { saleBody, salesSetup } from "../helpers/sales";
import { expectLedgerChains } from "../helpers/stock";

const API = "/api/b2b";

async function setup(): Promise<{ org: TestOrg; f: Fixtures }> {
  const org = await newOrg();
  return { org, f: await orderFixtures(org) };
}

async function create(f: Fixtures, overrides: Record<string, unknown> = {}) {
  const answer = await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, overrides) });
  expect(answer.status, answer.text).toBe(201);
  return answer.json as { id: string };
}

const put = (f: Fixtures, id: string, overrides: Record<string, unknown>) =>
  call("PUT", `${API}/orders/${id}`, { headers: f.headers, body: orderBody(f, overrides) });
const times = <T>(count: number, make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => make(index)));

describe("races on orders", { timeout: 180_000 }, () => {
  it("10 parallel PUTs adding one coupon count one use; 10 removing it give one back; max_uses is never passed", async () => {
    const { f } = await setup();
    const coupon = await f.post("/coupons", { code: `R${unique("X").slice(2)}`, name: "Corrida", value: 5, max_uses: 2 });
    const uses = async () => (await call("GET", `${API}/coupons/${coupon.id}`, { headers: f.headers })).json.uses;
    const order = await create(f);
    const adding = await times(10, () => put(f, order.id, { coupons: [{ coupon_id: coupon.id }] }));
    expect(adding.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await uses()).toBe(1);
    const removing = await times(10, () => put(f, order.id, { coupons: [] }));
    expect(removing.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await uses()).toBe(0);

    // Five orders racing for two uses: two get them.
    const racing = await times(5, () =>
      call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { coupons: [{ coupon_id: coupon.id }] }) }),
    );
    expect(racing.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(racing.filter((answer) => answer.status === 422)).toHaveLength(3);
    expect(await uses()).toBe(2);
  });

  it("a sale's coupon is counted by its order, once: editing the order with coupons [] gives that one use back, never more", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const coupon = (
      await call("POST", `${API}/coupons`, {
        headers: setup.headers,
        body: { code: `S${unique("X").slice(2)}`, name: "Venda", value: 5, max_uses: 1 },
      })
    ).json;
    const uses = async () => (await call("GET", `${API}/coupons/${coupon.id}`, { headers: setup.headers })).json.uses;
    const sale = await call("POST", `${API}/sales`, {
      headers: setup.headers,
      body: saleBody(setup, { coupons: [{ coupon_id: coupon.id }] }),
    });
    expect(sale.status, sale.text).toBe(200);
    expect(await uses()).toBe(1);
    // Used up: another sale is refused.
    expect(
      (await call("POST", `${API}/sales`, { headers: setup.headers, body: saleBody(setup, { coupons: [{ coupon_id: coupon.id }] }) }))
        .status,
    ).toBe(400);
    const order = await org.db.order.findFirstOrThrow({ where: { sale_id: sale.json.id } });
    const detail = (await call("GET", `${API}/orders/${order.id}`, { headers: setup.headers })).json;
    const body = {
      partner_id: detail.partner_id,
      negotiation_date: detail.negotiation_date,
      order_value: detail.order_value,
      discount_value: detail.discount_value,
      total_value: detail.total_value,
      coupons: [],
    };
    const edits = await times(5, () => call("PUT", `${API}/orders/${order.id}`, { headers: setup.headers, body }));
    expect(edits.map((answer) => answer.status)).toEqual(Array.from({ length: 5 }, () => 200));
    expect(await uses()).toBe(0);
    // A sale's coupons are its order's (issue 41): the sale no longer shows the one its order gave back.
    expect((await call("GET", `${API}/sales/${sale.json.id}`, { headers: setup.headers })).json.coupons).toEqual([]);
    expect(
      (await call("POST", `${API}/sales`, { headers: setup.headers, body: saleBody(setup, { coupons: [{ coupon_id: coupon.id }] }) }))
        .status,
    ).toBe(200);
    expect(await uses()).toBe(1);
  });

  it("10 parallel PUTs setting one new status append one history entry", async () => {
    const { org, f } = await setup();
    const order = await create(f);
    const answers = await times(10, () => put(f, order.id, { status: f.status("ORDER", "confirmed") }));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await org.db.orderStatusChange.count({ where: { order_id: order.id } })).toBe(2);
  });

  it("1 status PUT invoicing the order against 9 item PUTs: each item PUT lands before the invoice or is refused (409), never after", async () => {
    const { org, f } = await setup();
    const order = await create(f);
    const invoice = [{ invoice_key: nfeKey() }];
    const itemsOf = (quantity: number) => ({
      items: [{ product_id: f.saw.id, unit_value: 120, quantity }],
      order_value: 120 * quantity,
      discount_value: 0,
      freight_value: 0,
      total_value: 120 * quantity,
    });
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, index) => put(f, order.id, itemsOf(index + 1))),
      put(f, order.id, { ...itemsOf(7), status: f.status("ORDER", "invoiced"), invoices: invoice }),
      ...Array.from({ length: 5 }, (_, index) => put(f, order.id, itemsOf(index + 10))),
    ]);
    const invoicing = answers[4]!;
    expect(invoicing.status, invoicing.text).toBe(200);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    // What the order holds is what it was invoiced with: 7 saws taken, nothing else, nothing reserved.
    const stored = await org.db.order.findFirstOrThrow({ where: { id: order.id }, include: { items: true } });
    expect(stored.items.map((item) => [item.product_id, item.quantity.toString(), item.reserved_quantity.toString()])).toEqual([
      [f.saw.id, "7", "0"],
    ]);
    const saw = await org.db.stockInventory.findFirstOrThrow({ where: { product_id: f.saw.id, warehouse_id: f.warehouse.id } });
    expect([saw.total.toString(), saw.reserved.toString()]).toEqual(["993", "0"]);
    const drill = await org.db.stockInventory.findFirstOrThrow({ where: { product_id: f.drill.id, warehouse_id: f.warehouse.id } });
    expect([drill.total.toString(), drill.reserved.toString()]).toEqual(["1000", "0"]);
    await expectLedgerChains(org, saw.id);
    // Every write after the invoice was refused: none of the later ones changed the order.
    const refused = answers.filter((answer) => answer.status === 409);
    for (const answer of refused) expect(answer.json).toMatchObject({ code: "order_locked" });
  });

  it("two orders racing for the last units: exactly one gets them, the other is refused whole; the ledger chains and sums", async () => {
    const { org, f } = await setup();
    const screw = await f.post("/products", { name: unique("Parafuso") });
    await call("PUT", `${API}/stock/movement`, {
      headers: f.headers,
      body: { company_id: f.company.id, warehouse_id: f.warehouse.id, product_id: screw.id, type: "INCREMENT", quantity: 5 },
    });
    const body = orderBody(f, {
      items: [
        { product_id: f.saw.id, unit_value: 1, quantity: 1 },
        { product_id: screw.id, unit_value: 1, quantity: 5 },
      ],
      order_value: 6,
      discount_value: 0,
      freight_value: 0,
      total_value: 6,
    });
    const answers = await times(6, () => call("POST", `${API}/orders`, { headers: f.headers, body }));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 422);
    expect(refused).toHaveLength(5);
    for (const answer of refused)
      expect(answer.json.errors).toEqual([expect.objectContaining({ path: "items.1.quantity", code: "insufficient_stock" })]);
    const record = await org.db.stockInventory.findFirstOrThrow({ where: { product_id: screw.id } });
    expect([record.total.toString(), record.reserved.toString()]).toEqual(["5", "5"]);
    // The refused orders reserved nothing of the saw either (refused whole).
    const saw = await org.db.stockInventory.findFirstOrThrow({ where: { product_id: f.saw.id, warehouse_id: f.warehouse.id } });
    expect(saw.reserved.toString()).toBe("1");
    await expectLedgerChains(org, record.id);
    await expectLedgerChains(org, saw.id);
  });
});
