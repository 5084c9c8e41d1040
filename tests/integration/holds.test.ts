/**
 * Holds and approvals (contract §11): an order that starts to count is held when its
 * partner is blocked, its exposure passes the limit, a receivable is overdue past the org's
 * tolerance, or an item goes further below the customer's price than its seller may; held,
 * it stays OPEN with its reservations until a MANAGER or ADMIN approves (holds lifted) or
 * rejects (canceled, §10's effects).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { diskStorage } from "@/server/files/storage";
import { addDays, today } from "@/server/lib/calendar";
import { encrypt } from "@/server/lib/encryption";
import { createRuntime } from "@/server/runtime";
import { callerWith, newOrg, testRuntime, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { stockFor } from "../helpers/stock";
import { newCnpj, nfeKey, orderBody, orderFixtures, receivableOf, type Fixtures } from "../helpers/orders";

const API = "/api/b2b";

beforeAll(() => newOrg().then(() => undefined), 180_000);

async function setup(): Promise<{ org: TestOrg; f: Fixtures; manager: Record<string, string> }> {
  const org = await newOrg();
  return { org, f: await orderFixtures(org), manager: await org.bearer("MANAGER") };
}

type Hold = { reason: string; details: Record<string, unknown>; created_at: string };
type Order = {
  id: string;
  updated_at: string;
  holds: Hold[];
  decisions: Array<{ decision: string; note: string | null; holds: Hold[]; actor_name: string | null }>;
  status: string;
  status_detail: { phase: string };
  items: Array<{ unitValue: number; listUnitValue: number | null; reservedQuantity: number }>;
};

const get = async (f: Fixtures, id: string) => (await call("GET", `${API}/orders/${id}`, { headers: f.headers })).json as Order;
const create = async (f: Fixtures, overrides: Record<string, unknown> = {}) => {
  const answer = await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, overrides) });
  expect(answer.status, answer.text).toBe(201);
  return get(f, answer.json.id);
};
const put = (f: Fixtures, id: string, overrides: Record<string, unknown>) =>
  call("PUT", `${API}/orders/${id}`, { headers: f.headers, body: orderBody(f, overrides) });
const credit = (f: Fixtures, headers: Record<string, string>, body: { credit_limit: number | null; credit_blocked: boolean }) =>
  call("PUT", `${API}/partners/${f.partner.id}/credit`, { headers, body });
/** A decision on the order as the decider reads it now (its `updated_at`; one who cannot read it sends the time). */
const decide = async (headers: Record<string, string>, id: string, decision: string, note?: string) => {
  const seen = await call("GET", `${API}/orders/${id}`, { headers });
  const updated_at = seen.status === 200 ? (seen.json.updated_at as string) : new Date().toISOString();
  return call("POST", `${API}/orders/${id}/approval`, { headers, body: { decision, updated_at, ...(note === undefined ? {} : { note }) } });
};
const reasons = (order: { holds: Hold[] }) => order.holds.map((hold) => hold.reason);

/** A receivable of the partner's, due `days` ago (São Paulo noon), nothing paid. */
/**
 * A receivable due `days` calendar days before today in São Paulo, where the holds count
 * days (at noon there): a date taken in UTC is a day ahead from 21:00 in São Paulo on.
 */
function overdueReceivable(f: Fixtures, value: number, days: number) {
  return receivableOf(f, value, { due_date: `${addDays(today(), -days)}T15:00:00.000Z` });
}

describe("holds (contract §11)", { timeout: 120_000 }, () => {
  it("a blocked partner's order is held OPEN with its reservations; confirming it is 409 naming the hold; the list filters it", async () => {
    const { f, manager } = await setup();
    expect((await credit(f, manager, { credit_limit: null, credit_blocked: true })).status).toBe(200);
    const held = await create(f);
    expect(reasons(held)).toEqual(["CREDIT_BLOCKED"]);
    expect(held.status_detail.phase).toBe("OPEN");
    expect(held.items.map((item) => item.reservedQuantity)).toEqual([2, 3]);

    const confirm = await put(f, held.id, { status: f.status("ORDER", "confirmed") });
    expect(expectProblem(confirm, 409)).toMatchObject({ code: "order_on_hold", params: { holds: ["CREDIT_BLOCKED"] } });
    const invoice = await put(f, held.id, { status: f.status("ORDER", "invoiced"), invoices: [{ invoice_key: nfeKey() }] });
    expectProblem(invoice, 409);
    expect((await get(f, held.id)).status_detail.phase).toBe("OPEN");

    // Created straight into CONFIRMED: refused whole, nothing written.
    const before = (await call("GET", `${API}/orders?perPage=1`, { headers: f.headers })).json.total;
    expectProblem(
      await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { status: f.status("ORDER", "confirmed") }) }),
      409,
    );
    expect((await call("GET", `${API}/orders?perPage=1`, { headers: f.headers })).json.total).toBe(before);

    // A quotation holds nothing; it is decided when it becomes an order.
    const quote = await create(f, { quotation: true, valid_until: "2099-12-31" });
    expect(reasons(quote)).toEqual([]);
    expect((await put(f, quote.id, { quotation: false })).status).toBe(200);
    expect(reasons(await get(f, quote.id))).toEqual(["CREDIT_BLOCKED"]);

    // The list: holds per record and the on_hold filter.
    const free = await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { quotation: true }) });
    const onHold = (await call("GET", `${API}/orders?on_hold=true&perPage=100`, { headers: f.headers })).json;
    expect(onHold.items.map((order: { id: string }) => order.id).sort()).toEqual([held.id, quote.id].sort());
    expect(onHold.items[0].holds[0]).toMatchObject({ reason: "CREDIT_BLOCKED", details: {}, created_at: expect.any(String) });
    const notHeld = (await call("GET", `${API}/orders?on_hold=false&perPage=100`, { headers: f.headers })).json;
    expect(notHeld.items.map((order: { id: string }) => order.id)).toContain(free.json.id);
    expect(notHeld.items.map((order: { id: string }) => order.id)).not.toContain(held.id);
    expectProblem(await call("GET", `${API}/orders?on_hold=maybe`, { headers: f.headers }), 422);
  });

  it("CREDIT_LIMIT counts the partner's exposure with the order; OVERDUE follows the org's tolerance; DISCOUNT the seller's limit", async () => {
    const { org, f, manager } = await setup();
    expect((await credit(f, manager, { credit_limit: 2000, credit_blocked: false })).status).toBe(200);
    const first = await create(f); // 1,280.00 of 2,000.00
    expect(reasons(first)).toEqual([]);
    const second = await create(f);
    expect(second.holds).toEqual([
      {
        reason: "CREDIT_LIMIT",
        details: { limit: 2000, exposure: 2560, order_value: 1280, excess: 560 },
        created_at: expect.any(String),
      },
    ]);

    // A receivable 10 days overdue: past the default tolerance of 5 days.
    expect((await credit(f, manager, { credit_limit: null, credit_blocked: false })).status).toBe(200);
    await overdueReceivable(f, 300, 10);
    const late = await create(f);
    expect(late.holds).toEqual([{ reason: "OVERDUE", details: { days: 10, value: 300, tolerance: 5 }, created_at: expect.any(String) }]);
    const settings = `${API}/settings/commercial`;
    expect((await call("GET", settings, { headers: await org.bearer("VIEWER") })).json).toEqual({
      overdue_tolerance_days: 5,
      quote_validity_days: 15,
    });
    expectProblem(await call("PUT", settings, { headers: manager, body: { overdue_tolerance_days: 15, quote_validity_days: 15 } }), 403);
    for (const body of [
      { overdue_tolerance_days: -1, quote_validity_days: 15 },
      { overdue_tolerance_days: 5.5, quote_validity_days: 15 },
      { overdue_tolerance_days: 5, quote_validity_days: 0 },
      { overdue_tolerance_days: 5 },
    ])
      expectProblem(await call("PUT", settings, { headers: f.headers, body }), 422);
    const set = await call("PUT", settings, { headers: f.headers, body: { overdue_tolerance_days: 15, quote_validity_days: 20 } });
    expect(set.json).toEqual({ overdue_tolerance_days: 15, quote_validity_days: 20 });
    expect(reasons(await create(f))).toEqual([]);

    // The customer's price is the engine's (the product's 459.90); the seller may go 5 % below it.
    expect(first.items.map((item) => item.listUnitValue)).toEqual([459.9, 120]);
    const deep = await create(f, {
      items: [
        { product_id: f.drill.id, unit_value: 400, quantity: 2, discount: 0 },
        { product_id: f.saw.id, unit_value: 120, quantity: 3 },
      ],
      order_value: 1160,
      total_value: 1180,
    });
    expect(deep.holds).toEqual([
      {
        reason: "DISCOUNT",
        details: {
          max_discount_percent: 5,
          // The line 800.00 less its share of the order's own discount of 10 (800/1160 × 10 = 6.90), over 2: 396.55.
          items: [{ index: 0, product_id: f.drill.id, list_unit_value: 459.9, net_unit_value: 396.55, discount_percent: 13.77 }],
        },
        created_at: expect.any(String),
      },
    ]);
    // A seller allowed 15 % is not held for the same items.
    expect(
      (
        await call("PUT", `${API}/sellers/${f.seller.id}`, {
          headers: f.headers,
          body: { name: f.seller.name, email: f.seller.email, max_discount_percent: 15 },
        })
      ).status,
    ).toBe(200);
    expect(reasons(await create(f, deepBody(f)))).toEqual([]);
    // Without a seller nobody's limit applies.
    expect(reasons(await create(f, { ...deepBody(f), seller_id: null }))).toEqual([]);
  });

  it("every reason at once, in order; a change of terms decides again and keeps when each began", async () => {
    const { f, manager } = await setup();
    await overdueReceivable(f, 100, 30);
    expect((await credit(f, manager, { credit_limit: 500, credit_blocked: true })).status).toBe(200);
    const all = await create(f, deepBody(f));
    expect(reasons(all)).toEqual(["CREDIT_BLOCKED", "CREDIT_LIMIT", "OVERDUE", "DISCOUNT"]);
    // Back to the customer's prices: the discount hold goes, the others stay with their dates.
    const repriced = await put(f, all.id, {});
    expect(repriced.status, repriced.text).toBe(200);
    const after = await get(f, all.id);
    expect(reasons(after)).toEqual(["CREDIT_BLOCKED", "CREDIT_LIMIT", "OVERDUE"]);
    expect(after.holds[0]!.created_at).toBe(all.holds[0]!.created_at);
  });
});

/** Items priced 13 % below the drill's customer's price. */
function deepBody(f: Fixtures) {
  return {
    items: [
      { product_id: f.drill.id, unit_value: 400, quantity: 2, discount: 0 },
      { product_id: f.saw.id, unit_value: 120, quantity: 3 },
    ],
    order_value: 1160,
    total_value: 1180,
  };
}

describe("approval (contract §11)", { timeout: 120_000 }, () => {
  it("MANAGER approves: holds lifted, the decision kept with who and the note, audited, order.approved; then it is confirmed and invoiced", async () => {
    const { org, f, manager } = await setup();
    await org.db.webhook.create({
      data: {
        organization_id: org.organizationId,
        url: "https://example.com/hook",
        events: ["order.held", "order.approved", "order.rejected"],
        secret_encrypted: encrypt("s"),
      },
    });
    expect((await credit(f, manager, { credit_limit: null, credit_blocked: true })).status).toBe(200);
    const held = await create(f);
    for (const role of ["SELLER", "VIEWER"] as const) expectProblem(await decide(await org.bearer(role), held.id, "APPROVE"), 403);
    for (const body of [
      {},
      { decision: "MAYBE", updated_at: held.updated_at },
      { decision: "APPROVE", note: "x".repeat(1001), updated_at: held.updated_at },
      { decision: "APPROVE" },
      { decision: "APPROVE", updated_at: "0000-01-01T00:00:00Z" },
    ])
      expectProblem(await call("POST", `${API}/orders/${held.id}/approval`, { headers: manager, body }), 422);
    expectProblem(await decide(manager, "00000000-0000-4000-8000-000000000000", "APPROVE"), 404);

    const approved = await decide(manager, held.id, "APPROVE", "Cliente pagou o atrasado por PIX");
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.holds).toEqual([]);
    expect(approved.json.decisions).toEqual([
      {
        id: expect.any(String),
        decision: "APPROVE",
        note: "Cliente pagou o atrasado por PIX",
        holds: [{ reason: "CREDIT_BLOCKED", details: {}, created_at: held.holds[0]!.created_at }],
        actor: expect.stringMatching(/^user:/),
        actor_name: "MANAGER user",
        created_at: expect.any(String),
      },
    ]);
    expect(await org.db.auditEvent.count({ where: { entity: "order", entity_id: held.id, action: "approve" } })).toBe(1);
    expect(expectProblem(await decide(manager, held.id, "APPROVE"), 409)).toMatchObject({ code: "not_on_hold" });

    // A write that keeps the terms keeps the approval: it moves on.
    expect((await put(f, held.id, { observation: "Liberado", status: f.status("ORDER", "confirmed") })).status).toBe(200);
    const invoiced = await put(f, held.id, {
      status: f.status("ORDER", "invoiced"),
      invoices: [{ invoice_key: nfeKey() }],
      observation: "Liberado",
    });
    expect(invoiced.status, invoiced.text).toBe(200);
    const events = await org.db.webhookDelivery.findMany({ where: { subject_id: held.id }, select: { event_type: true } });
    expect(events.map((event) => event.event_type).sort()).toEqual(["order.approved", "order.held"]);
  });

  it("a change of terms after the approval decides again; a confirmed order cannot take a hold (409)", async () => {
    const { f, manager } = await setup();
    expect((await credit(f, manager, { credit_limit: 1500, credit_blocked: false })).status).toBe(200);
    const order = await create(f);
    expect(reasons(order)).toEqual([]);
    expect((await put(f, order.id, { status: f.status("ORDER", "confirmed") })).status).toBe(200);
    // Doubling the saw's quantity passes the limit: refused while CONFIRMED, nothing changed.
    const bigger = {
      items: [
        { product_id: f.drill.id, unit_value: 459.9, quantity: 2, discount: 19.8 },
        { product_id: f.saw.id, unit_value: 120, quantity: 6 },
      ],
      order_value: 1620,
      total_value: 1640,
      status: f.status("ORDER", "confirmed"),
    };
    expect(expectProblem(await put(f, order.id, bigger), 409)).toMatchObject({
      code: "order_on_hold",
      params: { holds: ["CREDIT_LIMIT"] },
    });
    expect((await get(f, order.id)).items.map((item) => item.reservedQuantity)).toEqual([2, 3]);
  });

  it("REJECT cancels the order: reservations released, unpaid receivables canceled, order.rejected; SELLER sees only its own holds", async () => {
    const { org, f, manager } = await setup();
    expect((await credit(f, manager, { credit_limit: null, credit_blocked: true })).status).toBe(200);
    const held = await create(f);
    const rejected = await decide(manager, held.id, "REJECT", "Sem crédito");
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.json).toMatchObject({
      holds: [],
      status_detail: { phase: "CANCELED" },
      decisions: [{ decision: "REJECT", note: "Sem crédito" }],
    });
    expect(rejected.json.items.map((item: { reservedQuantity: number }) => item.reservedQuantity)).toEqual([0, 0]);
    expect(await org.db.auditEvent.count({ where: { entity: "order", entity_id: held.id, action: "reject" } })).toBe(1);
    expectProblem(await decide(manager, held.id, "APPROVE"), 409);

    // A SELLER sees the holds of its own seller's orders only; another org sees none of them.
    const sellerHeaders = await org.bearer("SELLER");
    const sellerUser = (await org.db.user.findFirst({ where: { role: "SELLER" } }))!;
    const own = await f.post("/sellers", {
      name: "Própria",
      email: "propria@example.com",
      user_id: sellerUser.id,
      max_discount_percent: 5,
    });
    const mine = await call("POST", `${API}/orders`, { headers: sellerHeaders, body: orderBody(f, { seller_id: own.id }) });
    expect(mine.status, mine.text).toBe(201);
    await create(f); // the fixture seller's, held too
    const seen = (await call("GET", `${API}/orders?on_hold=true&perPage=100`, { headers: sellerHeaders })).json;
    expect(seen.items.map((order: { id: string }) => order.id)).toEqual([mine.json.id]);
    const other = await newOrg();
    expect((await call("GET", `${API}/orders?on_hold=true`, { headers: await other.bearer() })).json.total).toBe(0);
    expectProblem(await decide(await other.bearer("MANAGER"), held.id, "APPROVE"), 404);
  });
});

describe("the credit race (contract §11)", { timeout: 120_000 }, () => {
  it("eight orders racing for a limit that fits one, on two instances: exactly one passes, the others are held", async () => {
    const { f, manager } = await setup();
    expect((await credit(f, manager, { credit_limit: 1300, credit_blocked: false })).status).toBe(200);
    const shared = await testRuntime();
    const other = await createRuntime(shared.database, { rateLimitPerMinute: 0, files: diskStorage("/tmp/unused") });
    try {
      const viaOther = callerWith(other, f.headers);
      const ids = await Promise.all(
        Array.from({ length: 8 }, async (_, index) => {
          if (index % 2 === 1) return (await viaOther.orders.create(orderBody(f) as Parameters<typeof viaOther.orders.create>[0])).id;
          const answer = await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f) });
          expect(answer.status, answer.text).toBe(201);
          return answer.json.id as string;
        }),
      );
      const held = await Promise.all(ids.map(async (id) => reasons(await get(f, id))));
      expect(held.filter((list) => list.length === 0)).toHaveLength(1);
      expect(held.filter((list) => list.includes("CREDIT_LIMIT"))).toHaveLength(7);
    } finally {
      await other.close();
    }
  });
});

/** Issue 40: the ways around the commercial policy an outside attack found, each closed. */
describe("holds that cannot be escaped (contract §11, amended)", { timeout: 120_000 }, () => {
  it("a move from OPEN decides again on what stands now: a later block, limit or overdue is recorded and the move refused (409)", async () => {
    const { org, f, manager } = await setup();
    const order = await create(f);
    expect(reasons(order)).toEqual([]);
    // Blocked after the order was written: confirming it is refused, and the hold is there to decide on.
    expect((await credit(f, manager, { credit_limit: null, credit_blocked: true })).status).toBe(200);
    const confirm = await put(f, order.id, { status: f.status("ORDER", "confirmed") });
    expect(expectProblem(confirm, 409)).toMatchObject({ code: "order_on_hold", params: { holds: ["CREDIT_BLOCKED"] } });
    const held = await get(f, order.id);
    expect(reasons(held)).toEqual(["CREDIT_BLOCKED"]);
    expect(held.status_detail.phase).toBe("OPEN");
    expect(await org.db.auditEvent.count({ where: { entity: "order", entity_id: order.id, action: "update" } })).toBe(1);
    // Invoicing straight from OPEN is refused the same way, the NF-e key not taken.
    const invoice = await put(f, order.id, { status: f.status("ORDER", "invoiced"), invoices: [{ invoice_key: nfeKey() }] });
    expectProblem(invoice, 409);
    // Approved: the move goes on (what was approved is not held again while the terms stand).
    expect((await decide(manager, order.id, "APPROVE", "Bloqueio revisto")).status).toBe(200);
    const confirmed = await put(f, order.id, { status: f.status("ORDER", "confirmed") });
    expect(confirmed.status, confirmed.text).toBe(200);

    // Overdue and over the limit after the write: both found on the move.
    const other = await setup();
    const second = await create(other.f);
    await overdueReceivable(other.f, 100, 20);
    expect((await credit(other.f, other.manager, { credit_limit: 1000, credit_blocked: false })).status).toBe(200);
    expect(expectProblem(await put(other.f, second.id, { status: other.f.status("ORDER", "confirmed") }), 409)).toMatchObject({
      params: { holds: ["CREDIT_LIMIT", "OVERDUE"] },
    });
    expect(reasons(await get(other.f, second.id))).toEqual(["CREDIT_LIMIT", "OVERDUE"]);
    // The panel's status menu (tRPC) refuses the same way, and keeps the holds.
    const caller = await other.org.as();
    await expect(caller.orders.setStatus({ id: second.id, status: other.f.status("ORDER", "confirmed") })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("the order's own discount (and a sale's) is spread over the items before the DISCOUNT comparison", async () => {
    const { f } = await setup();
    // 2 × 459.90 + 3 × 120.00 = 1,279.80; an order discount of 300 takes the drill's line 23 % below its price.
    const deep = await create(f, {
      items: [
        { product_id: f.drill.id, unit_value: 459.9, quantity: 2, discount: 0 },
        { product_id: f.saw.id, unit_value: 120, quantity: 3 },
      ],
      order_value: 1279.8,
      discount_value: 300,
      total_value: 1009.8,
    });
    expect(reasons(deep)).toEqual(["DISCOUNT"]);
    const sale = await call("POST", `${API}/sales`, {
      headers: f.headers,
      body: {
        partner_id: f.partner.id,
        company_id: f.company.id,
        seller_id: f.seller.id,
        created_at: new Date().toISOString(),
        updated_by: "loja",
        full_value: 459.9,
        total_value: 359.9,
        discount: [{ type: "COUPON", amount: 100 }],
        items: [{ product_id: f.drill.id, quantity: 1, unit_value: 459.9 }],
        payments: [{ payment_method_id: f.method.id, amount: 359.9, installments: 1 }],
      },
    });
    expect(sale.status, sale.text).toBe(200);
    const saleOrder = (await call("GET", `${API}/orders?search=${encodeURIComponent(f.partner.name)}&perPage=100`, { headers: f.headers }))
      .json.items as Array<{ id: string; origin: string; holds: Hold[] }>;
    expect(saleOrder.find((order) => order.origin === "SALE")?.holds.map((hold) => hold.reason)).toEqual(["DISCOUNT"]);
  });

  it("a change of company decides the holds again; an installment count the method does not offer is 422", async () => {
    const { f, manager } = await setup();
    const order = await create(f);
    expect((await credit(f, manager, { credit_limit: null, credit_blocked: true })).status).toBe(200);
    const other = await f.post("/companies", { name: "Filial", fiscal_registration_number: newCnpj() });
    await stockFor(f.headers, { company_id: other.id, products: [f.drill, f.saw], warehouse: f.warehouse });
    const moved = await put(f, order.id, { company_id: other.id });
    expect(moved.status, moved.text).toBe(200);
    expect(reasons(await get(f, order.id))).toEqual(["CREDIT_BLOCKED"]);

    const method = await f.post("/payment-methods", {
      name: "Cartão 1x ou 6x",
      type: "CREDIT_CARD",
      installments: [{ sequence: 1 }, { sequence: 6 }],
    });
    const payments = (installments: number) => [{ payment_method_id: method.id, amount: 1280, installments }];
    const three = await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { payments: payments(3) }) });
    expect(expectProblem(three, 422).errors).toEqual([
      expect.objectContaining({ path: "payments.0.installments", code: "installments_not_offered", params: { offered: [1, 6] } }),
    ]);
    expect((await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { payments: payments(6) }) })).status).toBe(201);
  });

  it("exposure leaves out reversed receivables and counts what an invoiced order's receivables do not cover", async () => {
    const { f, manager } = await setup();
    const standing = async () => (await call("GET", `${API}/partners/${f.partner.id}/credit`, { headers: manager })).json;
    // Reversed ("Estornado"): neither owed nor overdue, so no OVERDUE hold.
    await receivableOf(f, 300, { status: f.status("FINANCIAL", "reversed"), due_date: "2026-01-05T15:00:00Z" });
    expect(await standing()).toMatchObject({ exposure: 0, overdue_value: 0, oldest_overdue_days: null });
    expect(reasons(await create(f, { status: f.status("ORDER", "invoiced"), invoices: [{ invoice_key: nfeKey() }] }))).toEqual([]);
    // That invoiced order has no payments, so no receivables: its whole total is owed.
    expect((await standing()).exposure).toBe(1280);
    // An order of 1,280.00 paid by 1.00: its receivable covers 1.00, the rest is still owed.
    const paid = await create(f, {
      payments: [{ payment_method_id: f.method.id, amount: 1, installments: 1 }],
    });
    expect((await put(f, paid.id, { status: f.status("ORDER", "invoiced"), invoices: [{ invoice_key: nfeKey() }] })).status).toBe(200);
    expect((await standing()).exposure).toBe(2560);
  });

  it("an approval approves what it saw: an order changed since is 409 order_changed", async () => {
    const { f, manager } = await setup();
    expect((await credit(f, manager, { credit_limit: null, credit_blocked: true })).status).toBe(200);
    const held = await create(f);
    const seen = held.updated_at;
    expect((await put(f, held.id, { observation: "Trocado depois da leitura" })).status).toBe(200);
    const late = await call("POST", `${API}/orders/${held.id}/approval`, {
      headers: manager,
      body: { decision: "APPROVE", updated_at: seen },
    });
    expect(expectProblem(late, 409)).toMatchObject({ code: "order_changed", params: { updated_at: expect.any(String) } });
    expect(reasons(await get(f, held.id))).toEqual(["CREDIT_BLOCKED"]);
    expect((await decide(manager, held.id, "APPROVE")).status).toBe(200);
  });

  it("a SELLER cannot extend a quotation's validity (a MANAGER can, audited); dates out of range are 422", async () => {
    const { org, f } = await setup();
    const sellerUser = await org.bearer("SELLER");
    const user = (await org.db.user.findFirst({ where: { role: "SELLER" } }))!;
    const own = await f.post("/sellers", { name: "Vendedora", email: "vendedora@example.com", user_id: user.id });
    const today = new Date().toISOString().slice(0, 10);
    const body = (overrides: Record<string, unknown>) =>
      orderBody(f, { seller_id: own.id, quotation: true, negotiation_date: `${today}T12:00:00Z`, ...overrides });
    const longer = await call("POST", `${API}/orders`, { headers: sellerUser, body: body({ valid_until: "2099-12-31" }) });
    expect(expectProblem(longer, 403)).toMatchObject({ code: "validity_extension_denied" });
    const quote = await call("POST", `${API}/orders`, { headers: sellerUser, body: body({}) });
    expect(quote.status, quote.text).toBe(201);
    const stored = (await call("GET", `${API}/orders/${quote.json.id}`, { headers: sellerUser })).json;
    expectProblem(
      await call("PUT", `${API}/orders/${quote.json.id}`, { headers: sellerUser, body: body({ valid_until: "2099-12-31" }) }),
      403,
    );
    // Shorter is the seller's to choose; later is a MANAGER's, and audited.
    expect((await call("PUT", `${API}/orders/${quote.json.id}`, { headers: sellerUser, body: body({ valid_until: today }) })).status).toBe(
      200,
    );
    const manager = await org.bearer("MANAGER");
    expect(
      (await call("PUT", `${API}/orders/${quote.json.id}`, { headers: manager, body: body({ valid_until: "2099-12-31" }) })).status,
    ).toBe(200);
    const audits = await org.db.auditEvent.findMany({ where: { entity: "order", entity_id: quote.json.id, action: "update" } });
    expect(audits.some((event) => JSON.stringify(event.changes).includes("2099-12-31"))).toBe(true);
    expect(stored.valid_until).not.toBe("2099-12-31");
    for (const overrides of [
      { valid_until: "0000-01-01" },
      { negotiation_date: "1000-01-01T00:00:00Z" },
      { negotiation_date: "9999-12-31T00:00:00Z" },
    ])
      expectProblem(await call("POST", `${API}/orders`, { headers: f.headers, body: body(overrides) }), 422);
  });

  it("the holds preview answers a SELLER only about its own orders (another seller's order is 404)", async () => {
    const { org, f } = await setup();
    const someone = await create(f);
    const user = await org.bearer("SELLER");
    const seller = await callerWith(org.runtime, user);
    const preview = {
      id: someone.id,
      partner_id: f.partner.id,
      total_value: 10,
      items: [{ product_id: f.saw.id, quantity: 1, unit_value: 10, discount: 0 }],
    };
    await expect(seller.orders.previewHolds(preview)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const admin = await org.as();
    expect((await admin.orders.previewHolds(preview)).holds).toEqual([]);
  });

  it("a PUT keeps the fields beyond the interface it omits; a partner's credit is not written with the partner (422)", async () => {
    const { org, f } = await setup();
    const seller = await f.post("/sellers", {
      name: "Com política",
      email: "p@example.com",
      max_discount_percent: 7,
      commission_rate: 3,
      active: false,
    });
    const put = await call("PUT", `${API}/sellers/${seller.id}`, {
      headers: f.headers,
      body: { name: "Com política", email: "p@example.com" },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ max_discount_percent: 7, commission_rate: 3, active: false });
    const partner = await f.post("/partners", {
      name: "Cliente IE",
      fiscal_registration_number: newCnpj(),
      state_registration: "110042490114",
    });
    const edited = await call("PUT", `${API}/partners/${partner.id}`, {
      headers: f.headers,
      body: { name: "Cliente IE", fiscal_registration_number: partner.fiscal_registration_number },
    });
    expect(edited.json.state_registration).toBe("110042490114");
    for (const [method, path] of [
      ["POST", "/partners"],
      ["PUT", `/partners/${partner.id}`],
    ] as const) {
      for (const field of [{ credit_limit: 1_000_000 }, { credit_blocked: false }]) {
        const answer = await call(method, `${API}${path}`, {
          headers: await org.bearer("SELLER"),
          body: { name: "Cliente IE", fiscal_registration_number: partner.fiscal_registration_number, ...field },
        });
        expect(expectProblem(answer, 422).errors).toEqual([expect.objectContaining({ path: Object.keys(field)[0] })]);
      }
    }
  });

  it("a partner with a credit decision or a history is not deleted: 403 for a SELLER, 409 for others", async () => {
    const { org, f, manager } = await setup();
    const sellerHeaders = await org.bearer("SELLER");
    const fresh = await f.post("/partners", { name: "Sem histórico", fiscal_registration_number: newCnpj() });
    expect(
      (await call("PUT", `${API}/partners/${fresh.id}/credit`, { headers: manager, body: { credit_limit: null, credit_blocked: true } }))
        .status,
    ).toBe(200);
    expect(expectProblem(await call("DELETE", `${API}/partners/${fresh.id}`, { headers: sellerHeaders }), 403)).toMatchObject({
      code: "partner_delete_denied",
    });
    expect(expectProblem(await call("DELETE", `${API}/partners/${fresh.id}`, { headers: manager }), 409)).toMatchObject({
      code: "partner_has_history",
      params: { credit: true },
    });
    await create(f);
    expect(expectProblem(await call("DELETE", `${API}/partners/${f.partner.id}`, { headers: f.headers }), 409)).toMatchObject({
      params: { usages: { orders: 1 } },
    });
    // Re-created with the same CNPJ: impossible while the blocked one stands.
    expectProblem(
      await call("POST", `${API}/partners`, {
        headers: sellerHeaders,
        body: { name: "De novo", fiscal_registration_number: fresh.fiscal_registration_number },
      }),
      409,
    );
    const plain = await f.post("/partners", { name: "Apagável", fiscal_registration_number: newCnpj() });
    expect((await call("DELETE", `${API}/partners/${plain.id}`, { headers: sellerHeaders })).status).toBe(204);
  });
});
