/**
 * The commercial policy's endpoints under attack (contract §11): parallel writes of the
 * org's settings (each audited from what the last left), parallel identical approvals,
 * NUL bytes, numbers past a double, deep and huge bodies, another org's and another
 * seller's ids on the commissions.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { newOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { nfeKey, orderBody, orderFixtures } from "../helpers/orders";

beforeAll(() => newOrg().then(() => undefined), 180_000);

const SETTINGS = "/api/b2b/settings/commercial";
type Change = Record<string, { from: number; to: number }>;

describe("PUT /settings/commercial", () => {
  it("10 parallel conflicting writes apply one after the other: the audit is one chain from the first value to the last", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const days = Array.from({ length: 10 }, (_, index) => 20 + index);
    const answers = await Promise.all(
      days.map((value) => call("PUT", SETTINGS, { headers, body: { overdue_tolerance_days: value, quote_validity_days: 15 } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(days.map(() => 200));
    const events = await org.db.auditEvent.findMany({ where: { entity: "organization", action: "update" } });
    const changes = events.map((event) => (event.changes as Change).overdue_tolerance_days!);
    expect(changes).toHaveLength(10);
    let current = 5;
    const left = [...changes];
    while (left.length > 0) {
      const next = left.findIndex((change) => change.from === current);
      expect(next, `a write that started from ${current}`).toBeGreaterThanOrEqual(0);
      current = left.splice(next, 1)[0]!.to;
    }
    expect((await call("GET", SETTINGS, { headers })).json.overdue_tolerance_days).toBe(current);
  });

  it("10 parallel identical writes change the settings once and are audited once", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const body = { overdue_tolerance_days: 9, quote_validity_days: 30 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call("PUT", SETTINGS, { headers, body })));
    expect(answers.every((answer) => answer.status === 200 && answer.json.quote_validity_days === 30)).toBe(true);
    expect(await org.db.auditEvent.count({ where: { entity: "organization", action: "update" } })).toBe(1);
  });

  it("refuses NUL bytes, numbers past a double, strings, deep and huge values with 422; settings are the org's own", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const headers = { ...(await org.bearer()), "content-type": "application/json" };
    for (const raw of [
      '{"overdue_tolerance_days": 1e999, "quote_validity_days": 15}',
      '{"overdue_tolerance_days": "5\\u0000", "quote_validity_days": 15}',
      `{"overdue_tolerance_days": ${"[".repeat(2000)}${"]".repeat(2000)}, "quote_validity_days": 15}`,
      JSON.stringify({ overdue_tolerance_days: 5, quote_validity_days: "9".repeat(100_000) }),
      '{"overdue_tolerance_days": 366, "quote_validity_days": 15}',
    ])
      expectProblem(await call("PUT", SETTINGS, { headers, body: raw }), 422);
    await call("PUT", SETTINGS, { headers: await other.bearer(), body: { overdue_tolerance_days: 0, quote_validity_days: 1 } });
    expect((await call("GET", SETTINGS, { headers })).json).toEqual({ overdue_tolerance_days: 5, quote_validity_days: 15 });
  });
});

describe("POST /orders/{id}/approval and GET /commissions", () => {
  it("10 parallel identical approvals: one applies, nine are 409; the order is decided once", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const manager = await org.bearer("MANAGER");
    await call("PUT", `/api/b2b/partners/${f.partner.id}/credit`, { headers: manager, body: { credit_limit: null, credit_blocked: true } });
    const created = await call("POST", "/api/b2b/orders", { headers: f.headers, body: orderBody(f) });
    const path = `/api/b2b/orders/${created.json.id}/approval`;
    const updated_at = (await call("GET", `/api/b2b/orders/${created.json.id}`, { headers: manager })).json.updated_at;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call("POST", path, { headers: manager, body: { decision: "APPROVE", updated_at } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    expect(await org.db.orderDecision.count({ where: { order_id: created.json.id } })).toBe(1);
  });

  it("commissions: bad filters are 422; another org's seller and another seller's id (as a SELLER) answer nothing", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const seller = (await call("GET", `/api/b2b/sellers/${f.seller.id}`, { headers: f.headers })).json;
    await call("PUT", `/api/b2b/sellers/${f.seller.id}`, { headers: f.headers, body: { ...seller, commission_rate: 5 } });
    const created = await call("POST", "/api/b2b/orders", {
      headers: f.headers,
      body: orderBody(f, { status: f.status("ORDER", "invoiced"), invoices: [{ invoice_key: nfeKey() }] }),
    });
    expect(created.status, created.text).toBe(201);
    const list = (query: string, headers = f.headers) => call("GET", `/api/b2b/commissions${query}`, { headers });
    expect((await list("")).json.total).toBe(1);
    for (const query of [
      "?page=1e999",
      "?seller_id=x%00",
      "?start_date=2026-02-30",
      `?search=${"x".repeat(201)}`,
      "?sort=id",
      "?perPage=-1",
    ])
      expectProblem(await list(query), 422);
    const other = await newOrg();
    expect((await list(`?seller_id=${f.seller.id}`, await other.bearer())).json.total).toBe(0);
    const sellerHeaders = await org.bearer("SELLER");
    const user = (await org.db.user.findFirst({ where: { role: "SELLER" } }))!;
    const own = await f.post("/sellers", { name: "Própria", email: "propria@example.com", user_id: user.id });
    expect(own.id).toBeTruthy();
    expect((await list(`?seller_id=${f.seller.id}`, sellerHeaders)).json).toMatchObject({ total: 0, items: [], summary: [] });
    expect((await list("", sellerHeaders)).json.total).toBe(0);
  });
});
