/**
 * A partner's credit (contract §11): the limit and block the credit desk sets, and what
 * the partner owes now — open receivables (canceled and reversed ones left out) and its
 * OPEN and CONFIRMED orders that have no receivables yet.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { dayOf, daysBetween } from "@/server/lib/calendar";
import { newOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { orderBody, orderFixtures, receivableOf } from "../helpers/orders";

beforeAll(() => newOrg().then(() => undefined), 180_000);

describe("partner credit", () => {
  it("adds open receivables and orders without receivables; the credit desk sets the limit and block, audited", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const credit = (headers = f.headers, id = f.partner.id) => call("GET", `/api/b2b/partners/${id}/credit`, { headers });
    const first = await credit();
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({
      credit_limit: null,
      exposure: 0,
      available: null,
      overdue_value: 0,
      oldest_overdue_days: null,
      blocked: false,
    });

    // An OPEN order without receivables counts; a quotation holds nothing.
    await f.post("/orders", orderBody(f));
    await f.post("/orders", orderBody(f, { quotation: true }));
    const receivable = (value: number, over: Record<string, unknown>) => receivableOf(f, value, over);
    await receivable(300, { paying_off_value: 100, due_date: "2026-01-10T15:00:00Z" }); // 200 open, overdue
    await receivable(500, {}); // 500 open, not yet due
    await receivable(999, { status: f.status("FINANCIAL", "canceled") }); // canceled: left out
    await receivable(100, { reversed_value: 100, due_date: "2026-01-05T15:00:00Z" }); // reversed: nothing open
    const owed = await credit();
    expect(owed.json).toEqual({
      credit_limit: null,
      exposure: 1980, // 1,280.00 (the open order) + 200.00 + 500.00
      available: null,
      overdue_value: 200,
      oldest_overdue_days: daysBetween("2026-01-10", dayOf(new Date())),
      blocked: false,
    });

    const manager = await org.bearer("MANAGER");
    const set = await call("PUT", `/api/b2b/partners/${f.partner.id}/credit`, {
      headers: manager,
      body: { credit_limit: 2500.5, credit_blocked: true },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ credit_limit: 2500.5, exposure: 1980, available: 520.5, blocked: true });
    expect((await call("GET", `/api/b2b/partners/${f.partner.id}`, { headers: manager })).json).toMatchObject({
      credit_limit: 2500.5,
      credit_blocked: true,
    });
    const audit = await org.db.auditEvent.findMany({ where: { entity: "partner", entity_id: f.partner.id, action: "update" } });
    expect(audit.map((event) => event.changes)).toContainEqual({
      credit_limit: { from: null, to: 2500.5 },
      credit_blocked: { from: false, to: true },
    });

    // A seller's edit of the partner keeps the credit desk's decision.
    const seller = await org.bearer("SELLER");
    const partner = (await call("GET", `/api/b2b/partners/${f.partner.id}`, { headers: seller })).json;
    const edited = await call("PUT", `/api/b2b/partners/${f.partner.id}`, {
      headers: seller,
      body: { name: partner.name, fiscal_registration_number: partner.fiscal_registration_number, phone: "(11) 3333-4444" },
    });
    expect(edited.status, edited.text).toBeLessThan(300);
    expect((await credit(seller)).json).toMatchObject({ credit_limit: 2500.5, blocked: true });

    // No limit again.
    const cleared = await call("PUT", `/api/b2b/partners/${f.partner.id}/credit`, {
      headers: manager,
      body: { credit_limit: null, credit_blocked: false },
    });
    expect(cleared.json).toMatchObject({ credit_limit: null, available: null, blocked: false });
  });

  it("is the credit desk's: SELLER and VIEWER read it but may not set it; bad values are 422; another org's partner is 404", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const f = await orderFixtures(org);
    const path = `/api/b2b/partners/${f.partner.id}/credit`;
    for (const role of ["SELLER", "VIEWER"] as const) {
      const headers = await org.bearer(role);
      expect((await call("GET", path, { headers })).status).toBe(200);
      expectProblem(await call("PUT", path, { headers, body: { credit_limit: 10, credit_blocked: false } }), 403);
    }
    const admin = await org.bearer("ADMIN");
    for (const body of [
      { credit_limit: -1, credit_blocked: false },
      { credit_limit: 10.555, credit_blocked: false },
      { credit_limit: 10 },
      { credit_limit: "10", credit_blocked: false },
    ])
      expectProblem(await call("PUT", path, { headers: admin, body }), 422);
    const theirs = await other.bearer("ADMIN");
    expectProblem(await call("GET", path, { headers: theirs }), 404);
    expectProblem(await call("PUT", path, { headers: theirs, body: { credit_limit: 1, credit_blocked: true } }), 404);
    expectProblem(await call("GET", `/api/b2b/partners/${randomUUID()}/credit`, { headers: admin }), 404);
    expectProblem(await call("GET", "/api/b2b/partners/not-an-id/credit", { headers: admin }), 404);
    expectProblem(
      await call("PUT", "/api/b2b/partners/not-an-id/credit", { headers: admin, body: { credit_limit: 1, credit_blocked: true } }),
      404,
    );
    expect((await call("GET", path, { headers: admin })).json).toMatchObject({ credit_limit: null, blocked: false });
  });
});
