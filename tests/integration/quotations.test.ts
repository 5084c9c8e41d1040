/**
 * Quotations that expire (contract §11): a quotation stands until its `valid_until` (its
 * negotiation day + the org's `quote_validity_days` unless given); an expired one cannot
 * become an order (422), and the panel duplicates it as a new quotation instead.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOf } from "@/server/lib/calendar";
import { newOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { orderBody, orderFixtures } from "../helpers/orders";

const API = "/api/b2b";

beforeAll(() => newOrg().then(() => undefined), 180_000);

describe("quotations' validity (contract §11)", { timeout: 120_000 }, () => {
  it("defaults to the negotiation day + the org's days; an expired one is 422 to turn into an order; a valid one turns", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const create = async (overrides: Record<string, unknown>) => {
      const answer = await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { quotation: true, ...overrides }) });
      expect(answer.status, answer.text).toBe(201);
      return (await call("GET", `${API}/orders/${answer.json.id}`, { headers: f.headers })).json;
    };
    // Negotiated 2026-03-10 (São Paulo): valid 15 days, until 2026-03-25 — long past.
    const old = await create({});
    expect(old.valid_until).toBe("2026-03-25");
    const convert = await call("PUT", `${API}/orders/${old.id}`, { headers: f.headers, body: orderBody(f, { quotation: false }) });
    expect(expectProblem(convert, 422).errors).toEqual([
      { path: "quotation", message: expect.any(String), code: "quotation_expired", params: { valid_until: "2026-03-25" } },
    ]);
    expect((await call("GET", `${API}/orders/${old.id}`, { headers: f.headers })).json.quotation).toBe(true);
    // Late in the São Paulo evening is still that day.
    expect((await create({ negotiation_date: "2026-03-11T02:30:00.000Z" })).valid_until).toBe("2026-03-25");

    // Given, or by the org's own validity.
    const open = await create({ valid_until: "2099-01-31" });
    expect(open.valid_until).toBe("2099-01-31");
    const turned = await call("PUT", `${API}/orders/${open.id}`, { headers: f.headers, body: orderBody(f, { quotation: false }) });
    expect(turned.status, turned.text).toBe(200);
    expect((await call("GET", `${API}/orders/${open.id}`, { headers: f.headers })).json.items[0].reservedQuantity).toBe(2);
    await call("PUT", `${API}/settings/commercial`, { headers: f.headers, body: { overdue_tolerance_days: 5, quote_validity_days: 30 } });
    const today = dayOf(new Date());
    expect((await create({ negotiation_date: new Date().toISOString() })).valid_until).toBe(addDays(today, 30));
    expectProblem(await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { valid_until: "31/01/2099" }) }), 422);
  });

  it("an expired quotation is duplicated as a new one, negotiated today, with its items; it may then become an order", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const answer = await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { quotation: true }) });
    const admin = await org.as();
    const copy = await admin.orders.duplicateQuotation({ id: answer.json.id });
    expect(copy).toMatchObject({
      quotation: true,
      valid_until: addDays(dayOf(new Date()), 15),
      partner_id: f.partner.id,
      seller_id: f.seller.id,
      total_value: 1280,
      items: [
        { productId: f.drill.id, unitValue: 459.9, quantity: 2, discount: 19.8, listUnitValue: 459.9 },
        { productId: f.saw.id, unitValue: 120, quantity: 3, discount: 0 },
      ],
    });
    expect(copy.id).not.toBe(answer.json.id);
    expect(copy.number).toBeGreaterThan((await admin.orders.get({ id: answer.json.id })).number);
    const turned = await call("PUT", `${API}/orders/${copy.id}`, { headers: f.headers, body: orderBody(f, { quotation: false }) });
    expect(turned.status, turned.text).toBe(200);

    // Another org's quotation is not found; a SELLER duplicates only its own seller's.
    const other = await newOrg();
    await expect((await other.as()).orders.duplicateQuotation({ id: answer.json.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect((await org.as("SELLER")).orders.duplicateQuotation({ id: answer.json.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
