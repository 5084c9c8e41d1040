/**
 * What a hostile or broken checkout sends to POST /sales and PUT /sales/capture: every
 * answer is a 400 problem naming the field (never a 500), nothing is half-written, other
 * orgs' records stay out of reach, and server-decided fields cannot be forced.
 */
import { describe, expect, it } from "vitest";
import { newOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { createSale, saleBody, salesSetup } from "../helpers/sales";

describe("POST /sales under attack", () => {
  it("values that are not money: NaN-like strings, huge, negative, three decimals, exponent tricks — 400, nothing stored", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const body = saleBody(setup);
    const item = body.items[0];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ total_value: "1100" }, "total_value"],
      [{ total_value: 1e300 }, "total_value"],
      [{ full_value: -1200 }, "full_value"],
      [{ total_value: 1100.001 }, "total_value"],
      [{ items: [{ ...item, quantity: -2 }] }, "items.0.quantity"],
      [{ items: [{ ...item, quantity: 1.00001 }] }, "items.0.quantity"],
      [{ items: [{ ...item, unit_value: null }] }, "items.0.unit_value"],
      [{ payments: [{ payment_method_id: setup.pix.id, amount: 1100, installments: 1.5 }] }, "payments.0.installments"],
      [{ payments: [{ payment_method_id: setup.pix.id, amount: 1100, installments: 0 }] }, "payments.0.installments"],
      [{ freight: { amount: -30.3 } }, "freight.amount"],
      [{ discount: [{ type: "PROMO", amount: -100 }] }, "discount.0.amount"],
      [{ partner_id: "' OR 1=1 --" }, "partner_id"],
      [{ items: "all of them" }, "items"],
      [{ coupons: [{ coupon_id: setup.pix.id }, { coupon_id: setup.pix.id }] }, "coupons"],
    ];
    for (const [overrides, path] of cases) {
      const problem = expectProblem(await call("POST", "/api/b2b/sales", { headers: setup.headers, body: { ...body, ...overrides } }), 400);
      expect(
        problem.errors?.map((error) => error.path),
        JSON.stringify(overrides),
      ).toContain(path);
    }
    expect(await org.db.sale.count()).toBe(0);
    expect(await org.db.order.count()).toBe(0);
    expect(await org.db.financial.count()).toBe(0);
  }, 120_000);

  it("a payment method that is not a card cannot be made a card payment; server-decided fields are ignored", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const sale = await createSale(setup, {
      id: "11111111-1111-4111-8111-111111111111",
      organization_id: "22222222-2222-4222-8222-222222222222",
      order_id: "33333333-3333-4333-8333-333333333333",
      webhook_error: "forged",
      status_id: "44444444-4444-4444-8444-444444444444",
      payments: [
        {
          payment_method_id: setup.pix.id,
          amount: 1100,
          gateway: "manual",
          captured_at: "2026-01-01T00:00:00Z",
          card: { number: "4111111111111111" },
        },
      ],
    });
    expect(sale.id).not.toBe("11111111-1111-4111-8111-111111111111");
    expect(sale.organization_id).toBe(org.organizationId);
    expect(sale.order_id).not.toBe("33333333-3333-4333-8333-333333333333");
    const detail = (await call("GET", `/api/b2b/sales/${sale.id}`, { headers: setup.headers })).json;
    expect(detail).toMatchObject({ webhook_error: null, status: { title: "pending" } });
    expect(detail.payments[0]).toMatchObject({ gateway: null, captured_at: null, has_payment_gateway: false });
    expectProblem(await call("PUT", "/api/b2b/sales/capture", { headers: setup.headers, body: { sale_id: sale.id } }), 400);
  });

  it("another org's partner, products, payment methods, channel and coupons are unknown (400), and nothing of theirs changes", async () => {
    const mine = await salesSetup(await newOrg());
    const theirOrg = await newOrg();
    const theirs = await salesSetup(theirOrg);
    const coupon = await theirOrg.db.coupon.create({
      data: {
        organization_id: theirOrg.organizationId,
        code: "THEIRS",
        code_key: "THEIRS",
        name: "Theirs",
        type: "ORDER",
        value_type: "MONETARY",
        value: 5,
        max_uses: 1,
      },
    });
    const body = saleBody(mine, {
      partner_id: theirs.partner.id,
      items: [{ product_id: theirs.drill.id, quantity: 1, unit_value: 1100 }],
      full_value: 1100,
      discount: [],
      freight: null,
      payments: [{ payment_method_id: theirs.pix.id, amount: 1100 }],
      origin: { solution_id: theirs.channel.id },
      coupons: [{ coupon_id: coupon.id }],
    });
    const problem = expectProblem(await call("POST", "/api/b2b/sales", { headers: mine.headers, body }), 400);
    expect(problem.errors?.map((error) => error.path).sort()).toEqual([
      "coupons.0.coupon_id",
      "items.0.product_id",
      "origin.solution_id",
      "partner_id",
      "payments.0.payment_method_id",
    ]);
    expect((await theirOrg.db.coupon.findUniqueOrThrow({ where: { id: coupon.id } })).uses).toBe(0);
  });

  it("a capture body that is not JSON, or names a sale by garbage, is a 4xx problem", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    expectProblem(
      await call("PUT", "/api/b2b/sales/capture", { headers: { ...setup.headers, "content-type": "application/json" }, body: "sale_id=1" }),
      400,
    );
    expectProblem(await call("PUT", "/api/b2b/sales/capture", { headers: setup.headers, body: { sale_id: "../../etc/passwd" } }), 404);
    expectProblem(await call("PUT", "/api/b2b/sales/capture", { headers: setup.headers, body: { sale_id: ["x"] } }), 400);
    expectProblem(await call("PUT", "/api/b2b/sales/capture", { headers: {}, body: { sale_id: "x" } }), 401);
    expect((await call("GET", "/api/ready")).status).toBe(200);
  });

  it("a list query with injection-shaped or out-of-range parameters is 422 or empty, never a 500", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    await createSale(setup);
    const statuses = [];
    for (const query of [
      "?sort=id%3BDROP%20TABLE%20sales",
      "?perPage=-1",
      "?page=1e3",
      "?quotation=yes",
      "?final_date=2026-13-40",
      "?search=%27%20OR%201%3D1",
    ]) {
      statuses.push((await call("GET", `/api/b2b/sales${query}`, { headers: setup.headers })).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 200]);
    expect((await call("GET", "/api/b2b/sales?perPage=100000", { headers: setup.headers })).json.perPage).toBe(100);
  });
});
