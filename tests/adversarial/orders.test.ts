/**
 * Orders under attack: malformed, huge and deep input, totals a cent or two off, numbers
 * JSON cannot hold, and ids of another org for every reference an order has.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { nfeKey, orderBody, orderFixtures } from "../helpers/orders";

const API = "/api/b2b";
const paths = (problem: { errors?: Array<{ path: string }> }) => (problem.errors ?? []).map((error) => error.path).sort();

describe("orders, adversarial", { timeout: 180_000 }, () => {
  it("answers 4xx, never 500, to malformed, huge and deep bodies", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      call("POST", `${API}/orders`, {
        headers: { ...f.headers, ...headers },
        body,
      });
    expectProblem(await post("{not json", { "content-type": "application/json" }), 422);
    expectProblem(await post([]), 422);
    expectProblem(await post(null), 422);
    expectProblem(await post("1e999", { "content-type": "application/json" }), 422);
    // 1e999 is Infinity to a JSON parser: not a finite amount.
    expect(
      paths(
        expectProblem(
          await post(`{"total_value": 1e999}`, {
            "content-type": "application/json",
          }),
          422,
        ),
      ),
    ).toContain("total_value");
    let deep: unknown = {};
    for (let level = 0; level < 60; level++) deep = { nested: deep };
    expect((await post(orderBody(f, { attributes: deep }))).status).toBe(422);
    expect(
      (
        await post(
          orderBody(f, {
            items: Array.from({ length: 501 }, () => ({
              product_id: f.saw.id,
              unit_value: 1,
              quantity: 1,
            })),
          }),
        )
      ).status,
    ).toBe(422);
    expect((await post({ ...orderBody(f), observation: "x".repeat(2_000_000) })).status).toBe(413);
    expect(
      paths(
        expectProblem(
          await post(
            orderBody(f, {
              items: [
                {
                  product_id: "'; DROP TABLE orders; --",
                  unit_value: 1,
                  quantity: 1,
                },
              ],
            }),
          ),
          422,
        ),
      ),
    ).toContain("items.0.product_id");
    expect(paths(expectProblem(await post(orderBody(f, { negotiation_date: "yesterday" })), 422))).toEqual(["negotiation_date"]);
    expect(paths(expectProblem(await post(orderBody(f, { total_value: -1 })), 422))).toContain("total_value");
    expect(paths(expectProblem(await post(orderBody(f, { order_value: 1260.001 })), 422))).toContain("order_value");
    expect(
      paths(
        expectProblem(
          await post(
            orderBody(f, {
              items: [
                {
                  product_id: f.saw.id,
                  unit_value: 1,
                  quantity: Number.MAX_VALUE,
                },
              ],
            }),
          ),
          422,
        ),
      ),
    ).toContain("items.0.quantity");
    expectProblem(await call("GET", `${API}/orders/%ZZ`, { headers: f.headers }), 404);
    expectProblem(
      await call("GET", `${API}/orders/${"a".repeat(5000)}`, {
        headers: f.headers,
      }),
      404,
    );
    expectProblem(await call("GET", `${API}/orders?perPage=-1`, { headers: f.headers }), 422);
    expectProblem(
      await call("GET", `${API}/orders?quotation=maybe`, {
        headers: f.headers,
      }),
      422,
    );
    expect(
      (
        await call("GET", `${API}/orders?perPage=100000`, {
          headers: f.headers,
        })
      ).json.perPage,
    ).toBe(100);
  });

  it("refuses totals 0.02 off and accepts 0.01", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const post = (overrides: Record<string, unknown>) =>
      call("POST", `${API}/orders`, {
        headers: f.headers,
        body: orderBody(f, overrides),
      });
    expect(paths(expectProblem(await post({ total_value: 1280.02 }), 422))).toEqual(["total_value"]);
    expect(paths(expectProblem(await post({ total_value: 1279.98 }), 422))).toEqual(["total_value"]);
    expect(paths(expectProblem(await post({ order_value: 1259.98, total_value: 1279.98 }), 422))).toEqual(["order_value"]);
    expect((await post({ total_value: 1280.01 })).status).toBe(201);
    expect((await post({ total_value: 1279.99 })).status).toBe(201);
  });

  it("treats every id of another org as unknown: partner, product, payment method, files, coupons, status", async () => {
    const mine = await newOrg();
    const theirs = await newOrg();
    const f = await orderFixtures(mine);
    const g = await orderFixtures(theirs);
    const coupon = await g.post("/coupons", {
      code: `X${randomUUID().slice(0, 8)}`,
      name: "Deles",
      value: 5,
    });
    const order = await call("POST", `${API}/orders`, {
      headers: g.headers,
      body: orderBody(g),
    });
    const post = (overrides: Record<string, unknown>) =>
      call("POST", `${API}/orders`, {
        headers: f.headers,
        body: orderBody(f, overrides),
      });
    expect(paths(expectProblem(await post({ partner_id: g.partner.id }), 422))).toEqual(["partner_id"]);
    expect(
      paths(
        expectProblem(
          await post({
            items: [{ product_id: g.saw.id, unit_value: 420, quantity: 3 }],
          }),
          422,
        ),
      ),
    ).toEqual(["items.0.product_id"]);
    expect(
      paths(
        expectProblem(
          await post({
            payments: [{ payment_method_id: g.method.id, amount: 1 }],
          }),
          422,
        ),
      ),
    ).toEqual(["payments.0.payment_method_id"]);
    expect(paths(expectProblem(await post({ attachments: [g.image] }), 422))).toEqual(["attachments.0"]);
    expect(
      paths(
        expectProblem(
          await post({
            invoices: [{ invoice_key: nfeKey(), xml_resource_id: g.xml }],
          }),
          422,
        ),
      ),
    ).toEqual(["invoices.0.xml_resource_id"]);
    expect(paths(expectProblem(await post({ coupons: [{ coupon_id: coupon.id }] }), 422))).toEqual(["coupons.0.coupon_id"]);
    expect(paths(expectProblem(await post({ status: g.status("ORDER", "new") }), 422))).toEqual(["status"]);
    expectProblem(
      await call("POST", `${API}/orders/${order.json.id}/payments`, {
        headers: f.headers,
        body: { payment_method_id: f.method.id, amount: 1, installments: 1 },
      }),
      404,
    );
    expectProblem(
      await call("DELETE", `${API}/resource-files/${f.xml}`, {
        headers: g.headers,
      }),
      404,
    );
    expect((await call("GET", `${API}/coupons/${coupon.id}`, { headers: g.headers })).json.uses).toBe(0);
  });
});
