/**
 * Holds and approvals (contract §11): an order that starts to count is held when its
 * partner is blocked, its exposure passes the limit, a receivable is overdue past the org's
 * tolerance, or an item goes further below the customer's price than its seller may; held,
 * it stays OPEN with its reservations until a MANAGER or ADMIN approves (holds lifted) or
 * rejects (canceled, §10's effects).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { diskStorage } from "@/server/files/storage";
import { encrypt } from "@/server/lib/encryption";
import { createRuntime } from "@/server/runtime";
import { callerWith, newOrg, testRuntime, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { nfeKey, orderBody, orderFixtures, receivableOf, type Fixtures } from "../helpers/orders";

const API = "/api/b2b";

beforeAll(() => newOrg().then(() => undefined), 180_000);

async function setup(): Promise<{ org: TestOrg; f: Fixtures; manager: Record<string, string> }> {
  const org = await newOrg();
  return { org, f: await orderFixtures(org), manager: await org.bearer("MANAGER") };
}

type Hold = { reason: string; details: Record<string, unknown>; created_at: string };
type Order = {
  id: string;
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
const decide = (headers: Record<string, string>, id: string, decision: string, note?: string) =>
  call("POST", `${API}/orders/${id}/approval`, { headers, body: { decision, ...(note === undefined ? {} : { note }) } });
const reasons = (order: { holds: Hold[] }) => order.holds.map((hold) => hold.reason);

/** A receivable of the partner's, due `days` ago (São Paulo noon), nothing paid. */
function overdueReceivable(f: Fixtures, value: number, days: number) {
  const due = new Date(Date.now() - days * 86_400_000);
  due.setUTCHours(15, 0, 0, 0);
  return receivableOf(f, value, { due_date: due.toISOString() });
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
          items: [{ index: 0, product_id: f.drill.id, list_unit_value: 459.9, net_unit_value: 400, discount_percent: 13.02 }],
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
    for (const body of [{}, { decision: "MAYBE" }, { decision: "APPROVE", note: "x".repeat(1001) }])
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
