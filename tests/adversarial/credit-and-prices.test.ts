/**
 * The credit desk's endpoint and the page of prices under attack: parallel decisions on
 * one partner (each audited from what the last left: the row is locked), identical
 * repeats, NUL bytes, numbers past a double, deep and huge bodies, another org's ids.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { newCnpj, orderBody, orderFixtures } from "../helpers/orders";
import { newOrg, unique, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

beforeAll(() => newOrg().then(() => undefined), 180_000);

async function partnerOf(org: TestOrg) {
  const headers = await org.bearer();
  const created = await call("POST", "/api/b2b/partners", {
    headers,
    body: { name: unique("Crédito"), fiscal_registration_number: newCnpj() },
  });
  expect(created.status, created.text).toBeLessThan(300);
  return { headers, id: created.json.id as string };
}

type Change = { credit_limit?: { from: number | null; to: number | null }; credit_blocked?: { from: boolean; to: boolean } };

describe("PUT /partners/{id}/credit", () => {
  it("10 parallel conflicting decisions apply one after the other: the audit is one chain from the first value to the last", async () => {
    const org = await newOrg();
    const { headers, id } = await partnerOf(org);
    const limits = Array.from({ length: 10 }, (_, index) => 1000 + index);
    const answers = await Promise.all(
      limits.map((limit) =>
        call("PUT", `/api/b2b/partners/${id}/credit`, { headers, body: { credit_limit: limit, credit_blocked: false } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(limits.map(() => 200));
    const events = await org.db.auditEvent.findMany({ where: { entity: "partner", entity_id: id, action: "update" } });
    const changes = events.map((event) => (event.changes as Change).credit_limit!);
    expect(changes).toHaveLength(10);
    // Each decision saw what the previous one left: following from → to visits all ten.
    let current: number | null = null;
    const left = [...changes];
    while (left.length > 0) {
      const next = left.findIndex((change) => change.from === current);
      expect(next, `a decision that started from ${current}`).toBeGreaterThanOrEqual(0);
      current = left.splice(next, 1)[0]!.to;
    }
    expect((await call("GET", `/api/b2b/partners/${id}/credit`, { headers })).json.credit_limit).toBe(current);
  });

  it("10 parallel identical decisions change the partner once and are audited once", async () => {
    const org = await newOrg();
    const { headers, id } = await partnerOf(org);
    const body = { credit_limit: 5000, credit_blocked: true };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call("PUT", `/api/b2b/partners/${id}/credit`, { headers, body })));
    expect(answers.every((answer) => answer.status === 200 && answer.json.blocked === true)).toBe(true);
    expect(await org.db.auditEvent.count({ where: { entity: "partner", entity_id: id, action: "update" } })).toBe(1);
  });

  it("refuses NUL bytes, numbers past a double, strings and deep values with 422; another org's partner is 404", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const { headers, id } = await partnerOf(org);
    const path = `/api/b2b/partners/${id}/credit`;
    for (const raw of [
      '{"credit_limit": 1e999, "credit_blocked": false}',
      '{"credit_limit": 10, "credit_blocked": "true\\u0000"}',
      `{"credit_limit": ${"[".repeat(2000)}${"]".repeat(2000)}, "credit_blocked": false}`,
      JSON.stringify({ credit_limit: "9".repeat(100_000), credit_blocked: false }),
    ])
      expectProblem(await call("PUT", path, { headers: { ...headers, "content-type": "application/json" }, body: raw }), 422);
    expectProblem(await call("GET", `/api/b2b/partners/${id}%00/credit`, { headers }), 404);
    const theirs = await other.bearer();
    expectProblem(await call("PUT", path, { headers: theirs, body: { credit_limit: 1, credit_blocked: true } }), 404);
    expect((await call("GET", path, { headers })).json).toMatchObject({ credit_limit: null, blocked: false });
  });
});

describe("POST /prices/products/calculate", () => {
  it("refuses NUL bytes, numbers past a double, deep and huge item lists with 422; another org's references are unknown", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const headers = await org.bearer();
    const product = (await call("POST", "/api/b2b/products", { headers, body: { name: unique("Preço"), price: 10 } })).json;
    const page = (body: unknown) =>
      call("POST", "/api/b2b/prices/products/calculate", {
        headers: { ...headers, "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    for (const body of [
      `{"items": [{"product_id": "${product.id}", "quantity": 1e999}]}`,
      { items: [{ product_id: `${product.id}\u0000`, quantity: 1 }] },
      { items: [{ product_id: product.id, quantity: 1 }], partner_id: "\u0000" },
      `{"items": ${"[".repeat(2000)}${"]".repeat(2000)}}`,
      { items: Array.from({ length: 10_000 }, () => ({ product_id: product.id, quantity: 1 })) },
      { items: [{ product_id: product.id, quantity: 1, product_variation_id: "x".repeat(100_000) }] },
    ])
      expectProblem(await page(body), 422);
    const theirs = (
      await call("POST", "/api/b2b/partners", {
        headers: await other.bearer(),
        body: { name: unique("Alheio"), fiscal_registration_number: newCnpj() },
      })
    ).json;
    expect(
      expectProblem(await page({ partner_id: theirs.id, items: [{ product_id: product.id, quantity: 1 }] }), 422).errors?.[0]?.path,
    ).toBe("partner_id");
    const answer = await page({
      items: [
        { product_id: product.id, quantity: 2 },
        { product_id: randomUUID(), quantity: 1 },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.items[0]).toMatchObject({ unit_price: 10, total_value: 20 });
    expect(answer.json.items[1].error.code).toBe("not_found_reference");
  });
});

describe("POST /orders/{id}/approval under attack", () => {
  it("8 parallel decisions on one held order: exactly one applies (APPROVE or REJECT), the others are 409; one decision, one audit entry", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const manager = await org.bearer("MANAGER");
    await call("PUT", `/api/b2b/partners/${f.partner.id}/credit`, { headers: manager, body: { credit_limit: null, credit_blocked: true } });
    const created = await call("POST", "/api/b2b/orders", { headers: f.headers, body: orderBody(f) });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const updated_at = (await call("GET", `/api/b2b/orders/${id}`, { headers: manager })).json.updated_at;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call("POST", `/api/b2b/orders/${id}/approval`, {
          headers: manager,
          body: { decision: index % 2 ? "REJECT" : "APPROVE", note: `decisão ${index}`, updated_at },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // The others saw the order before the first decision changed it.
    for (const answer of answers.filter((answer) => answer.status !== 200))
      expect(["order_changed", "not_on_hold"]).toContain(expectProblem(answer, 409).code);
    const order = (await call("GET", `/api/b2b/orders/${id}`, { headers: f.headers })).json;
    expect(order.holds).toEqual([]);
    expect(order.decisions).toHaveLength(1);
    const audited = await org.db.auditEvent.count({ where: { entity: "order", entity_id: id, action: { in: ["approve", "reject"] } } });
    expect(audited).toBe(1);
  });

  it("bad bodies are 422, deep or huge ones refused whole; another org's order is 404; the preview of holds takes no other org's partner", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const manager = await org.bearer("MANAGER");
    const created = await call("POST", "/api/b2b/orders", { headers: f.headers, body: orderBody(f) });
    const path = `/api/b2b/orders/${created.json.id}/approval`;
    const updated_at = created.json.updated_at ?? new Date().toISOString();
    for (const body of [
      { decision: "APPROVE" },
      { decision: "APPROVE", updated_at: "0005-08-26T00:00:00Z" },
      { decision: "APPROVE", updated_at: "yesterday" },
      { decision: "approve", updated_at },
      { decision: "APPROVE", note: 12 },
      { decision: "APPROVE\u0000" },
      { decision: ["APPROVE"] },
      { decision: "APPROVE", note: { deep: { deeper: { deepest: [[[["x"]]]] } } } },
    ])
      expectProblem(await call("POST", path, { headers: manager, body }), 422);
    const huge = await call("POST", path, { headers: manager, body: { decision: "APPROVE", note: "x".repeat(3_000_000) } });
    expect([413, 422]).toContain(huge.status);
    const other = await newOrg();
    expectProblem(await call("POST", path, { headers: await other.bearer("MANAGER"), body: { decision: "APPROVE", updated_at } }), 404);
    const theirs = await other.as();
    await expect(
      theirs.orders.previewHolds({
        partner_id: f.partner.id,
        total_value: 10,
        items: [{ product_id: f.saw.id, quantity: 1, unit_value: 10, discount: 0 }],
      }),
    ).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
  });
});
