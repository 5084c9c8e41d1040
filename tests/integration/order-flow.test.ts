/**
 * One order flow (contract §10): an order's phase decides what happens to its stock and
 * receivables, the same way for /orders, POST /sales and the panel's status menu.
 */
import { describe, expect, it } from "vitest";
import { money, sumMoney } from "@/server/lib/money";
import { newOrg, unique, type TestOrg } from "../helpers/database";
import { call, expectProblem, restAs, type Answer } from "../helpers/http";
import { reserveOpenOrders } from "@/server/orders/orders/reserve-open";
import { nfeKey, orderBody, orderFixtures, upload, type Fixtures } from "../helpers/orders";
import { saleBody, salesSetup } from "../helpers/sales";
import { expectLedgerChains, warehouseBody } from "../helpers/stock";

const API = "/api/b2b";
const paths = (answer: Answer, status = 422) => (expectProblem(answer, status).errors ?? []).map((error) => error.path).sort();

async function setup(): Promise<{ org: TestOrg; f: Fixtures }> {
  const org = await newOrg();
  return { org, f: await orderFixtures(org) };
}

/** The stock record of a product in the fixtures' company and default warehouse. */
async function stockOf(org: TestOrg, f: Fixtures, productId: string, warehouseId = f.warehouse.id) {
  const row = await org.db.stockInventory.findFirstOrThrow({
    where: { company_id: f.company.id, warehouse_id: warehouseId, product_id: productId },
  });
  return { id: row.id, total: Number(row.total), reserved: Number(row.reserved) };
}

async function create(f: Fixtures, overrides: Record<string, unknown> = {}) {
  const answer = await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, overrides) });
  expect(answer.status, answer.text).toBe(201);
  return answer.json as { id: string };
}

const detailOf = async (f: Fixtures, id: string) => (await call("GET", `${API}/orders/${id}`, { headers: f.headers })).json;
const put = (f: Fixtures, id: string, overrides: Record<string, unknown>) =>
  call("PUT", `${API}/orders/${id}`, { headers: f.headers, body: orderBody(f, overrides) });

describe("the order flow", { timeout: 120_000 }, () => {
  it("an OPEN order reserves its items' quantities; changing them reserves or releases the difference; the ledger names the order", async () => {
    const { org, f } = await setup();
    const order = await create(f);
    expect(await stockOf(org, f, f.drill.id)).toMatchObject({ total: 1000, reserved: 2 });
    expect(await stockOf(org, f, f.saw.id)).toMatchObject({ total: 1000, reserved: 3 });
    const detail = await detailOf(f, order.id);
    expect(detail.status_detail.phase).toBe("OPEN");
    expect(
      detail.items.map((item: { warehouseId: string; reservedQuantity: number }) => [item.warehouseId, item.reservedQuantity]),
    ).toEqual([
      [f.warehouse.id, 2],
      [f.warehouse.id, 3],
    ]);

    // 2 drills → 5, the saw dropped: 3 more reserved, 3 released.
    const items = [{ product_id: f.drill.id, unit_value: 459.9, quantity: 5, discount: 0 }];
    expect((await put(f, order.id, { items, order_value: 2299.5, total_value: 2319.5 })).status).toBe(200);
    expect(await stockOf(org, f, f.drill.id)).toMatchObject({ total: 1000, reserved: 5 });
    expect(await stockOf(org, f, f.saw.id)).toMatchObject({ total: 1000, reserved: 0 });

    const drill = await stockOf(org, f, f.drill.id);
    const ledger = (await call("GET", `${API}/stock/${drill.id}/movements?dir=desc&perPage=2`, { headers: f.headers })).json.items;
    expect(
      ledger.map((row: { type: string; quantity: number; reference_id: string; order_id: string }) => [
        row.type,
        row.quantity,
        row.reference_id,
        row.order_id,
      ]),
    ).toEqual([
      ["RESERVE", 3, order.id, order.id],
      ["RESERVE", 2, order.id, order.id],
    ]);
    expect(ledger[0].reason).toContain(order.id);
    await expectLedgerChains(org, drill.id);

    // Another warehouse for the item: the reservation moves there (released here, reserved there).
    const other = (await call("POST", `${API}/warehouses`, { headers: f.headers, body: warehouseBody(unique("CD Sul")) })).json;
    await call("PUT", `${API}/stock/movement`, {
      headers: f.headers,
      body: { company_id: f.company.id, warehouse_id: other.id, product_id: f.drill.id, type: "INCREMENT", quantity: 10 },
    });
    expect(
      (await put(f, order.id, { items: [{ ...items[0], warehouse_id: other.id }], order_value: 2299.5, total_value: 2319.5 })).status,
    ).toBe(200);
    expect(await stockOf(org, f, f.drill.id)).toMatchObject({ reserved: 0 });
    expect(await stockOf(org, f, f.drill.id, other.id)).toMatchObject({ total: 10, reserved: 5 });
  });

  it("not enough available refuses the whole write with one error per short item and what is available; nothing is written", async () => {
    const { org, f } = await setup();
    const before = await org.db.order.count();
    const short = await call("POST", `${API}/orders`, {
      headers: f.headers,
      body: orderBody(f, {
        items: [
          { product_id: f.drill.id, unit_value: 1, quantity: 1001 },
          { product_id: f.saw.id, unit_value: 1, quantity: 1 },
        ],
        order_value: 1002,
        total_value: 1022,
      }),
    });
    const problem = expectProblem(short, 422);
    expect(problem.errors).toEqual([
      expect.objectContaining({ path: "items.0.quantity", code: "insufficient_stock", params: { available: 1000, quantity: 1001 } }),
    ]);
    expect(await org.db.order.count()).toBe(before);
    expect(await stockOf(org, f, f.saw.id)).toMatchObject({ reserved: 0 });
  });

  it("entering INVOICED needs an invoice, takes the reserved stock and makes the receivables of the payments; OPEN → INVOICED does both steps", async () => {
    const { org, f } = await setup();
    const payments = [{ payment_method_id: f.method.id, amount: 1280, installments: 3 }];
    const order = await create(f, { payments });
    expect(paths(await put(f, order.id, { payments, status: f.status("ORDER", "invoiced") }))).toEqual(["invoices"]);
    const invoiced = await put(f, order.id, { payments, status: f.status("ORDER", "invoiced"), invoices: [{ invoice_key: nfeKey() }] });
    expect(invoiced.status, invoiced.text).toBe(200);
    expect(await stockOf(org, f, f.drill.id)).toMatchObject({ total: 998, reserved: 0 });
    expect(await stockOf(org, f, f.saw.id)).toMatchObject({ total: 997, reserved: 0 });
    const drill = await stockOf(org, f, f.drill.id);
    const last = (await call("GET", `${API}/stock/${drill.id}/movements?dir=desc&perPage=1`, { headers: f.headers })).json.items[0];
    expect(last).toMatchObject({
      type: "CONSUME",
      quantity: 2,
      total_before: 1000,
      total_after: 998,
      reserved_before: 2,
      reserved_after: 0,
      order_id: order.id,
    });
    const receivables = (await call("GET", `${API}/financials?order_id=${order.id}&sort=installment`, { headers: f.headers })).json.items;
    expect(receivables.map((row: { value: number; installment: number }) => [row.installment, row.value])).toEqual([
      [1, 426.66],
      [2, 426.66],
      [3, 426.68],
    ]);
    expect((await detailOf(f, order.id)).items.every((item: { reservedQuantity: number }) => item.reservedQuantity === 0)).toBe(true);

    // Straight from OPEN to SHIPPED: reserved, then taken, in one write.
    const direct = await create(f);
    const shipped = await put(f, direct.id, { status: f.status("ORDER", "shipped"), invoices: [{ invoice_key: nfeKey() }] });
    expect(shipped.status, shipped.text).toBe(200);
    expect(await stockOf(org, f, f.drill.id)).toMatchObject({ total: 996, reserved: 0 });
    await expectLedgerChains(org, drill.id);
  });

  it("canceling releases the reservations, cancels the unpaid receivables and gives the coupon's use back; DELETE does the same", async () => {
    const { org, f } = await setup();
    const coupon = await f.post("/coupons", { code: `C${unique("X").slice(2)}`, name: "Promo", value: 5, max_uses: 5 });
    const order = await create(f, { coupons: [{ coupon_id: coupon.id }] });
    await org.db.financial.create({
      data: {
        partner_id: f.partner.id,
        order_id: order.id,
        status_id: f.status("FINANCIAL", "open"),
        value: 100,
        due_date: new Date(),
      } as never,
    });
    const uses = async () => (await call("GET", `${API}/coupons/${coupon.id}`, { headers: f.headers })).json.uses;
    expect(await uses()).toBe(1);
    const canceled = await put(f, order.id, { status: f.status("ORDER", "canceled") });
    expect(canceled.status, canceled.text).toBe(200);
    expect(await stockOf(org, f, f.drill.id)).toMatchObject({ total: 1000, reserved: 0 });
    expect(await uses()).toBe(0);
    expect((await org.db.financial.findFirstOrThrow({ where: { order_id: order.id } })).status_id).toBe(f.status("FINANCIAL", "canceled"));
    // Canceled is final: no way back, and nothing but the status and attributes changes.
    expectProblem(await put(f, order.id, { status: f.status("ORDER", "new") }), 409);

    const doomed = await create(f, { coupons: [{ coupon_id: coupon.id }] });
    expect(await stockOf(org, f, f.saw.id)).toMatchObject({ reserved: 3 });
    expect((await call("DELETE", `${API}/orders/${doomed.id}`, { headers: f.headers })).status).toBe(204);
    expect(await stockOf(org, f, f.saw.id)).toMatchObject({ total: 1000, reserved: 0 });
    expect(await uses()).toBe(0);
  });

  it("a quotation moves nothing until it becomes an order; a product that does not track stock moves none and needs no warehouse", async () => {
    const { org, f } = await setup();
    const quote = await create(f, { quotation: true, valid_until: "2099-12-31" });
    expect(await stockOf(org, f, f.drill.id)).toMatchObject({ reserved: 0 });
    expect((await put(f, quote.id, { quotation: false })).status).toBe(200);
    expect(await stockOf(org, f, f.drill.id)).toMatchObject({ reserved: 2 });
    expect((await put(f, quote.id, { quotation: true })).status).toBe(200);
    expect(await stockOf(org, f, f.drill.id)).toMatchObject({ reserved: 0 });

    const service = await f.post("/products", { name: unique("Instalação"), price: 150, track_stock: false });
    expect(service.track_stock).toBe(false);
    await org.db.warehouse.updateMany({ data: { is_default: false } });
    const installation = await call("POST", `${API}/orders`, {
      headers: f.headers,
      body: orderBody(f, { items: [{ product_id: service.id, unit_value: 150, quantity: 1 }], order_value: 150, total_value: 170 }),
    });
    expect(installation.status, installation.text).toBe(201);
    // Without a default warehouse, an order of stocked goods names one or is refused.
    expect(paths(await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f) }))).toEqual(["warehouse_id"]);
    expect((await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { warehouse_id: f.warehouse.id }) })).status).toBe(
      201,
    );
  });

  it("another org's warehouse is no warehouse of this one: named by the order or an item, the write is refused and nothing moves there", async () => {
    const { org, f } = await setup();
    const other = await setup();
    const theirs = other.f.warehouse.id;
    expect(paths(await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { warehouse_id: theirs }) }))).toEqual([
      "warehouse_id",
    ]);
    const items = orderBody(f).items.map((item, index) => (index === 0 ? { ...item, warehouse_id: theirs } : item));
    expect(paths(await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { items }) }))).toEqual([
      "items.0.warehouse_id",
    ]);
    expect(await org.db.order.count()).toBe(0);
    const reserved = await other.org.db.stockInventory.findMany({ where: { reserved: { gt: 0 } } });
    expect(reserved).toEqual([]);
  });

  it("at most one default warehouse and company per org: choosing one moves it", async () => {
    const { org, f } = await setup();
    const second = (
      await call("POST", `${API}/warehouses`, { headers: f.headers, body: { ...warehouseBody(unique("CD 2")), is_default: true } })
    ).json;
    expect(second.is_default).toBe(true);
    expect((await org.db.warehouse.findMany({ where: { is_default: true } })).map((row) => row.id)).toEqual([second.id]);
    const updated = await call("PUT", `${API}/warehouses/${f.warehouse.id}`, {
      headers: f.headers,
      body: { ...warehouseBody(f.warehouse.name), is_default: true },
    });
    expect(updated.json.is_default).toBe(true);
    expect((await org.db.warehouse.findMany({ where: { is_default: true } })).map((row) => row.id)).toEqual([f.warehouse.id]);
    await Promise.all(
      [1, 2, 3].map(async (n) =>
        call("POST", `${API}/companies`, {
          headers: f.headers,
          body: { name: `Filial ${n}`, fiscal_registration_number: newCnpjOf(n), is_default: true },
        }),
      ),
    );
    expect(await org.db.company.count({ where: { is_default: true } })).toBe(1);
  });
});

const newCnpjOf = (n: number) => ["60746948000112", "06990590000123", "11444777000161"][n - 1]!;

describe("receivables and figures", { timeout: 120_000 }, () => {
  it("refuses a split with an installment below a cent or the method's minimum (422 for orders, 400 for sales), naming payments.N.installments", async () => {
    const { f } = await setup();
    const cheap = await f.post("/products", { name: unique("Arruela"), price: 0.1 });
    const many = await f.post("/payment-methods", {
      name: unique("Crediário"),
      type: "BOLETO",
      installments: Array.from({ length: 120 }, (_, index) => ({ sequence: index + 1 })),
    });
    await call("PUT", `${API}/stock/movement`, {
      headers: f.headers,
      body: { company_id: f.company.id, warehouse_id: f.warehouse.id, product_id: cheap.id, type: "INCREMENT", quantity: 100 },
    });
    const order = (quantity: number, installments: number) =>
      orderBody(f, {
        items: [{ product_id: cheap.id, unit_value: 0.1, quantity }],
        order_value: quantity / 10,
        discount_value: 0,
        freight_value: 0,
        total_value: quantity / 10,
        payments: [{ payment_method_id: many.id, amount: quantity / 10, installments }],
      });
    expect(paths(await call("POST", `${API}/orders`, { headers: f.headers, body: order(1, 12) }))).toEqual(["payments.0.installments"]);
    expect(paths(await call("POST", `${API}/orders`, { headers: f.headers, body: order(10, 120) }))).toEqual(["payments.0.installments"]);
    expect((await call("POST", `${API}/orders`, { headers: f.headers, body: order(12, 120) })).status).toBe(201);
    const minimum = await f.post("/payment-methods", {
      name: unique("Cartão"),
      type: "CREDIT_CARD",
      minimum_installment_value: 500,
      installments: [{ sequence: 1 }, { sequence: 2 }, { sequence: 3 }],
    });
    const refused = expectProblem(
      await call("POST", `${API}/orders`, {
        headers: f.headers,
        body: orderBody(f, { payments: [{ payment_method_id: minimum.id, amount: 1280, installments: 3 }] }),
      }),
      422,
    );
    expect(refused.errors).toEqual([
      expect.objectContaining({
        path: "payments.0.installments",
        code: "installment_below_minimum",
        params: { minimum: 500, installment: 426.66, maximum: 2 },
      }),
    ]);
  });

  it("a sale whose payments are a cent off its total stores payments and receivables that add up to the stored total", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const sale = await call("POST", `${API}/sales`, {
      headers: setup.headers,
      body: saleBody(setup, {
        items: [{ product_id: setup.saw.id, quantity: 1, unit_value: 10.01 }],
        freight: { amount: 0 },
        discount: [],
        full_value: 10.01,
        total_value: 10.01,
        payments: [{ payment_method_id: setup.card.id, amount: 10.02, installments: 3 }],
      }),
    });
    expect(sale.status, sale.text).toBe(200);
    const detail = (await call("GET", `${API}/sales/${sale.json.id}`, { headers: setup.headers })).json;
    expect(detail.total_value).toBe(10.01);
    expect(detail.payments.map((payment: { amount: number }) => payment.amount)).toEqual([10.01]);
    expect(sumMoney(detail.financials.map((row: { value: number }) => money(row.value))).toNumber()).toBe(10.01);
    const order = await org.db.order.findFirstOrThrow({ where: { sale_id: sale.json.id }, include: { payments: true } });
    expect(order.total_value.toString()).toBe("10.01");
    expect(order.payments.map((payment) => payment.amount.toString())).toEqual(["10.01"]);
    // 400 for a sale whose installments are below a cent.
    const tiny = await call("POST", `${API}/sales`, {
      headers: setup.headers,
      body: saleBody(setup, {
        items: [{ product_id: setup.saw.id, quantity: 1, unit_value: 0.02 }],
        freight: { amount: 0 },
        discount: [],
        full_value: 0.02,
        total_value: 0.02,
        payments: [{ payment_method_id: setup.card.id, amount: 0.02, installments: 3 }],
      }),
    });
    expect(paths(tiny, 400)).toEqual(["payments.0.installments"]);
  });

  it("a sale's order reserves its stock through the same writer: short stock is 400 naming the sale's item; the sale's warehouse is delivery.warehouse_id", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const short = await call("POST", `${API}/sales`, {
      headers: setup.headers,
      body: saleBody(setup, {
        items: [{ product_id: setup.saw.id, quantity: 1001, unit_value: 1 }],
        freight: { amount: 0 },
        discount: [],
        full_value: 1001,
        total_value: 1001,
        payments: [{ payment_method_id: setup.pix.id, amount: 1001 }],
      }),
    });
    expect(expectProblem(short, 400).errors).toEqual([
      expect.objectContaining({ path: "items.0.quantity", params: { available: 1000, quantity: 1001 } }),
    ]);
    expect(await org.db.sale.count()).toBe(0);
    const ok = await call("POST", `${API}/sales`, { headers: setup.headers, body: saleBody(setup) });
    expect(ok.status, ok.text).toBe(200);
    const record = await org.db.stockInventory.findFirstOrThrow({ where: { product_id: setup.saw.id } });
    expect(record.reserved.toString()).toBe("3");
    const unknownWarehouse = await call("POST", `${API}/sales`, {
      headers: setup.headers,
      body: saleBody(setup, { delivery: { warehouse_id: setup.partner.id } }),
    });
    expect(paths(unknownWarehouse, 400)).toEqual(["delivery.warehouse_id"]);
  });
});

describe("SELLER scope everywhere an order is reachable", { timeout: 120_000 }, () => {
  it("a SELLER creates sales only for its own seller (403 otherwise, and when linked to none) and reads only its seller's sales, receivables, exports, captures, webhooks calls and histories", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const rest = restAs(setup.headers);
    const other = (await rest.post("/sellers", { name: unique("Outra"), email: "outra@example.com" })).json;
    const theirs = (await rest.post("/sales", saleBody(setup, { seller_id: other.id }))).json;
    const sellerHeaders = await org.bearer("SELLER");
    const seller = restAs(sellerHeaders);
    // Linked to no seller: no sales at all.
    expectProblem(await seller.post("/sales", saleBody(setup, { seller_id: undefined })), 403);
    expect((await seller.get("/sales")).json.total).toBe(0);

    await org.db.user.updateMany({ where: { role: "SELLER" }, data: { seller_id: setup.seller.id } });
    expectProblem(await seller.post("/sales", saleBody(setup, { seller_id: other.id })), 403);
    const mine = await seller.post("/sales", saleBody(setup, { seller_id: undefined }));
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json.seller_id).toBe(setup.seller.id);

    expect((await seller.get("/sales")).json.items.map((item: { id: string }) => item.id)).toEqual([mine.json.id]);
    expectProblem(await seller.get(`/sales/${theirs.id}`), 404);
    expectProblem(await seller.put("/sales/capture", { sale_id: theirs.id }), 404);
    expectProblem(await seller.put(`/sales/${theirs.id}/call-create-order-webhook`), 404);
    const theirOrder = await org.db.order.findFirstOrThrow({ where: { sale_id: theirs.id } });
    const theirReceivable = await org.db.financial.findFirstOrThrow({ where: { sale_id: theirs.id } });
    expectProblem(await seller.get(`/financials/${theirReceivable.id}`), 404);
    const receivables = (await seller.get("/financials?perPage=100")).json.items;
    expect(receivables.length).toBeGreaterThan(0);
    expect(receivables.every((row: { sale_id: string }) => row.sale_id === mine.json.id)).toBe(true);
    expect((await seller.get(`/financials?order_id=${theirOrder.id}`)).json.total).toBe(0);
    // The receivables list's totals count the same ones: the seller's own only.
    const sellerApi = await org.as("SELLER");
    expect((await sellerApi.financials.totals({})).count).toBe(receivables.length);
    expect((await sellerApi.financials.totals({ order_id: theirOrder.id })).count).toBe(0);
    expect((await (await org.as()).financials.totals({})).count).toBeGreaterThan(receivables.length);
    for (const [entity, id] of [
      ["order", theirOrder.id],
      ["sale", theirs.id],
      ["financial", theirReceivable.id],
    ] as const) {
      expectProblem(await seller.get(`/audit-events?entity=${entity}&entity_id=${id}`), 404);
    }
    expect((await seller.get(`/audit-events?entity=sale&entity_id=${mine.json.id}`)).status).toBe(200);
    for (const resource of ["sales", "financials", "orders"]) {
      const csv = await call("GET", `${API}/exports/${resource}?locale=en`, { headers: sellerHeaders });
      expect(csv.status, `${resource}: ${csv.text}`).toBe(200);
      expect(csv.text, resource).not.toContain(theirs.id);
      expect(csv.text, resource).not.toContain(theirOrder.id);
    }
    // Staff see everything.
    expect((await rest.get("/sales")).json.total).toBe(2);
  });

  it("the panel's status change adds the NF-e it asks for, checks its key and files, and refuses a phase move naming both statuses", async () => {
    const { org, f } = await setup();
    const staff = await org.as();
    const order = await create(f);
    const invoiced = f.status("ORDER", "invoiced");
    await expect(staff.orders.setStatus({ id: order.id, status: invoiced })).rejects.toMatchObject({
      cause: { errors: [{ path: "invoices", code: "invoice_required" }] },
    });
    // Another org's file is no file of this one.
    const other = await newOrg();
    const [foreign] = await upload(other, [{ name: "nfe.xml", type: "application/xml", bytes: "<nfeProc/>" }]);
    await expect(
      staff.orders.setStatus({ id: order.id, status: invoiced, invoices: [{ invoice_key: nfeKey(), xml_resource_id: foreign! }] }),
    ).rejects.toMatchObject({ cause: { errors: [{ path: "invoices.0.xml_resource_id", code: "not_found_reference" }] } });
    const key = nfeKey();
    const done = await staff.orders.setStatus({ id: order.id, status: invoiced, invoices: [{ invoice_key: key, xml_resource_id: f.xml }] });
    expect(done.status_detail.phase).toBe("INVOICED");
    expect(done.invoices.map((invoice) => [invoice.invoice_key, invoice.xml_resource_id])).toEqual([[key, f.xml]]);
    expect(done.items.map((item) => [item.warehouseName, item.reservedQuantity])).toEqual([
      [f.warehouse.name, 0],
      [f.warehouse.name, 0],
    ]);
    // The key is now this order's: another order cannot be invoiced with it.
    const second = await create(f);
    await expect(staff.orders.setStatus({ id: second.id, status: invoiced, invoices: [{ invoice_key: key }] })).rejects.toMatchObject({
      cause: { errors: [{ path: "invoices.0.invoice_key", code: "duplicate" }] },
    });
    await expect(staff.orders.setStatus({ id: order.id, status: f.status("ORDER", "canceled") })).rejects.toMatchObject({
      cause: { code: "phase_move", params: { fromPhase: "INVOICED", toPhase: "CANCELED" } },
    });
  });

  it("orders:reserve-open reserves for open orders written before orders moved stock, oldest first, and lists those stock cannot cover", async () => {
    const { org, f } = await setup();
    // Two orders as they were before §10: open, holding nothing (written as quotations, then made orders behind the writer's back).
    const older = await create(f, { quotation: true, negotiation_date: "2026-01-05T12:00:00.000Z" });
    const newer = await create(f, {
      quotation: true,
      negotiation_date: "2026-02-05T12:00:00.000Z",
      items: [{ product_id: f.drill.id, unit_value: 459.9, quantity: 999, discount: 0 }],
      order_value: 459440.1,
      discount_value: 0,
      freight_value: 0,
      total_value: 459440.1,
      payments: [],
    });
    await org.db.order.updateMany({ where: { id: { in: [older.id, newer.id] } }, data: { quotation: false } });
    expect(await stockOf(org, f, f.drill.id)).toMatchObject({ reserved: 0 });

    const result = await reserveOpenOrders(org.database.prisma, org.organizationId);
    expect(result.reserved).toEqual([{ organization_id: org.organizationId, order_id: older.id }]);
    expect(result.refused).toEqual([
      {
        organization_id: org.organizationId,
        order_id: newer.id,
        errors: [
          expect.objectContaining({
            path: "items.0.quantity",
            code: "insufficient_stock",
            params: expect.objectContaining({ available: 998 }),
          }),
        ],
      },
    ]);
    expect(await stockOf(org, f, f.drill.id)).toMatchObject({ total: 1000, reserved: 2 });
    expect(await stockOf(org, f, f.saw.id)).toMatchObject({ total: 1000, reserved: 3 });
    // Nothing more to do the second time; the refused order is tried again (and refused again).
    const again = await reserveOpenOrders(org.database.prisma, org.organizationId);
    expect(again.reserved).toEqual([]);
    expect(again.refused.map((entry) => entry.order_id)).toEqual([newer.id]);
    await expectLedgerChains(org, (await stockOf(org, f, f.drill.id)).id);
  });
});
