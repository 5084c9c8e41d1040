/**
 * Insights over REST (contract §5 Sales funnel, Most-sold analysis): the exact math of
 * both endpoints against hand-computed figures, the rollups kept in step with sales and
 * events (and equal to a rebuild), credentials and org isolation.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { transaction } from "@/server/db/transaction";
import { scopedQuery } from "@/server/db/sql";
import { Prisma } from "@/server/generated/prisma/client";
import { rebuildInsights } from "@/server/insights/rebuild";
import { today } from "@/server/lib/calendar";
import { change, percentage } from "@/server/insights/funnel/service";
import { periodSegments } from "@/server/insights/most-sold/service";
import { newOrg, testServer, unique, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { salesKit } from "../helpers/insights";
import { stockWorld } from "../helpers/stock";

// The database is migrated once per worker, before the clock of the first test starts.
beforeAll(() => testServer());

const at = (day: string, time = "12:00:00") => `${day}T${time}-03:00`;

async function post(org: TestOrg, body: unknown, headers?: Record<string, string>) {
  return call("POST", "/api/b2b/sales-funnel/events", { headers: headers ?? (await org.bearer()), body });
}

const PERIODS =
  "period_start_date=2025-03-01&period_final_date=2025-03-10&period_before_start_date=2025-02-19&period_before_final_date=2025-02-28";

async function rollupRows(org: TestOrg) {
  return scopedQuery<{ stage: string; day: Date; previous_day: Date; sessions: number }>(
    org.db,
    (o) => Prisma.sql`
    SELECT stage, day, previous_day, sessions FROM funnel_stage_days WHERE organization_id = ${o} AND sessions <> 0 ORDER BY 1, 2, 3`,
  );
}

describe("rounding of the funnel's percentages", () => {
  it("is half-even to two places, 0 over nothing", () => {
    expect(percentage(1, 32)).toBe(3.12);
    expect(percentage(3, 32)).toBe(9.38);
    expect(percentage(2, 3)).toBe(66.67);
    expect(percentage(5, 0)).toBe(0);
    expect(change(17, 16)).toBe(6.25);
    expect(change(33, 32)).toBe(3.12);
    expect(change(1, 3)).toBe(-66.67);
    expect(change(4, 0)).toBe(0);
  });
  it("reads a period as whole years and months and, for one in part, the cheaper of what is inside or the whole minus the rest", () => {
    const today = "2026-11-23";
    const days = (from: string, to: string, sign: 1 | -1 = 1) => ({ table: "days", from, to, sign });
    const months = (from: string, to: string, sign: 1 | -1 = 1) => ({ table: "months", from, to, sign });
    const years = (from: string, to: string) => ({ table: "years", from, to, sign: 1 });
    // The last 365 days: last year's ragged days and month, then this year's row (the days and months after today hold nothing).
    expect(periodSegments("2025-11-24", "2026-11-23", today)).toEqual([
      days("2025-11-24", "2025-12-01"),
      months("2025-12-01", "2026-01-01"),
      years("2026-01-01", "2027-01-01"),
      days("2026-11-24", "2026-12-01", -1),
      months("2026-12-01", "2027-01-01", -1),
    ]);
    // Whole years, and all time: the yearly rollup alone.
    expect(periodSegments("2024-01-01", "2025-12-31", today)).toEqual([years("2024-01-01", "2026-01-01")]);
    expect(periodSegments("1900-01-01", "2999-12-31", today)).toEqual([years("1900-01-01", "3000-01-01")]);
    // Ragged ends of a few days: their days.
    expect(periodSegments("2025-01-29", "2025-03-02", today)).toEqual([
      days("2025-01-29", "2025-02-01"),
      months("2025-02-01", "2025-03-01"),
      days("2025-03-01", "2025-03-03"),
    ]);
    expect(periodSegments("2025-01-01", "2025-01-31", today)).toEqual([months("2025-01-01", "2025-02-01")]);
    expect(periodSegments("2025-01-15", "2025-01-20", today)).toEqual([days("2025-01-15", "2025-01-21")]);
    expect(periodSegments("2024-12-31", "2025-02-28", today)).toEqual([
      days("2024-12-31", "2025-01-01"),
      months("2025-01-01", "2025-03-01"),
    ]);
    // Most of a month: the month minus the days outside the period.
    expect(periodSegments("2025-01-03", "2025-02-27", today)).toEqual([
      months("2025-01-01", "2025-02-01"),
      days("2025-01-01", "2025-01-03", -1),
      months("2025-02-01", "2025-03-01"),
      days("2025-02-28", "2025-03-01", -1),
    ]);
    // The last 30 days: the month so far is its monthly row, the days after today (empty) taken away.
    expect(periodSegments("2026-10-25", "2026-11-23", today)).toEqual([
      days("2026-10-25", "2026-11-01"),
      months("2026-11-01", "2026-12-01"),
      days("2026-11-24", "2026-12-01", -1),
    ]);
  });
});

describe("sales funnel", () => {
  it("counts distinct sessions per stage in both periods, with the contract's percentages", async () => {
    const org = await newOrg();
    const ev = (session_id: string, stage: string, day: string, time?: string) => ({ session_id, stage, occurred_at: at(day, time) });
    // s2's later day first, its earlier day in a later request: the rollups must follow.
    const first = await post(org, [ev("s2", "PRODUCT", "2025-03-06")]);
    expect(first.status, first.text).toBe(202);
    expect(first.json).toEqual({ accepted: 1 });
    const events = [
      ev("s1", "SESSION", "2025-03-02"),
      ev("s1", "PRODUCT", "2025-03-02"),
      ev("s1", "SHOPPING_CART", "2025-03-02"),
      ev("s1", "CHECKOUT", "2025-03-03"),
      ev("s1", "ORDER", "2025-03-03"),
      ev("s2", "SESSION", "2025-03-05"),
      ev("s2", "PRODUCT", "2025-03-05"),
      ev("s3", "PRODUCT", "2025-03-09"),
      ev("s3", "SHOPPING_CART", "2025-03-09"),
      ev("s4", "SESSION", "2025-03-10", "23:59:00"),
      ev("s5", "SESSION", "2025-02-25"),
      ev("s5", "PRODUCT", "2025-03-04"),
      ev("s6", "CHECKOUT", "2025-03-11"),
      ev("s10", "SESSION", "2025-03-07"),
      // before period
      ev("s7", "PRODUCT", "2025-02-20"),
      ev("s7", "SHOPPING_CART", "2025-02-20"),
      ev("s7", "PRODUCT", "2025-02-27"),
      ev("s8", "PRODUCT", "2025-02-21"),
      ev("s8", "PRODUCT", "2025-02-22"),
      // 02:00 UTC on March 1st is still February 28th in São Paulo.
      { session_id: "s9", stage: "PRODUCT", occurred_at: "2025-03-01T02:00:00Z" },
      ev("s1", "PRODUCT", "2025-03-02"),
    ];
    const accepted = await post(org, events);
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.json).toEqual({ accepted: events.length });

    const funnel = await call("GET", `/api/b2b/sales-funnel?${PERIODS}`, { headers: await org.bearer("VIEWER") });
    expect(funnel.status, funnel.text).toBe(200);
    // Current: sessions s1 s2 s3 s4 s5 s10 = 6; product s1 s2 s3 s5 = 4; cart s1 s3; checkout s1; order s1.
    // Before: product s7 s8 s9 = 3; cart s7 = 1; checkout 0; order 0.
    expect(funnel.json).toEqual({
      sessions: { quantity: 6, percentage: 100 },
      product: { quantity: 4, percentage: 66.67, increased_percentage: 33.33 },
      shopping_cart: { quantity: 2, percentage: 33.33, increased_percentage: 100 },
      checkout: { quantity: 1, percentage: 16.67, increased_percentage: 0 },
      order: { quantity: 1, percentage: 16.67, increased_percentage: 0 },
    });

    // One day: March 2nd only (s1), against March 1st (nobody).
    const day = await call("GET", "/api/b2b/sales-funnel?period_start_date=2025-03-02&period_final_date=2025-03-02", {
      headers: await org.bearer(),
    });
    expect(day.json).toEqual({
      sessions: { quantity: 1, percentage: 100 },
      product: { quantity: 1, percentage: 100, increased_percentage: 0 },
      shopping_cart: { quantity: 1, percentage: 100, increased_percentage: 0 },
      checkout: { quantity: 0, percentage: 0, increased_percentage: 0 },
      order: { quantity: 0, percentage: 0, increased_percentage: 0 },
    });
    // Days given as date-times stand for their day in Brazil: February 28th, when only s9 saw a product.
    const asInstants = await call(
      "GET",
      `/api/b2b/sales-funnel?period_start_date=${encodeURIComponent("2025-03-01T01:00:00Z")}&period_final_date=2025-02-28`,
      { headers: await org.bearer() },
    );
    expect(asInstants.json.product.quantity).toBe(1);

    // The rollups kept request by request equal the ones rebuilt from the events.
    const incremental = await rollupRows(org);
    await transaction(org.db, (tx) => rebuildInsights(tx));
    expect(await rollupRows(org)).toEqual(incremental);
    expect((await call("GET", `/api/b2b/sales-funnel?${PERIODS}`, { headers: await org.bearer() })).json).toEqual(funnel.json);
  });

  it("defaults to the last 30 days against the 30 before", async () => {
    const org = await newOrg();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const answer = await post(org, [
      { session_id: "a", stage: "SESSION" },
      { session_id: "a", stage: "PRODUCT" },
      { session_id: "b", stage: "PRODUCT", occurred_at: daysAgo(10) },
      { session_id: "c", stage: "PRODUCT", occurred_at: daysAgo(40) },
      { session_id: "d", stage: "PRODUCT", occurred_at: daysAgo(75) },
    ]);
    expect(answer.status, answer.text).toBe(202);
    const funnel = await call("GET", "/api/b2b/sales-funnel", { headers: await org.bearer() });
    expect(funnel.json.sessions).toEqual({ quantity: 2, percentage: 100 });
    expect(funnel.json.product).toEqual({ quantity: 2, percentage: 100, increased_percentage: 100 });
  });

  it("is org-scoped: another org's events and products are not seen", async () => {
    const [mine, theirs] = [await newOrg(), await newOrg()];
    const kit = await salesKit(theirs);
    const foreign = await kit.product(unique("Produto alheio"));
    expect((await post(theirs, { session_id: "x", stage: "PRODUCT", product_id: foreign.id })).status).toBe(202);
    const problem = expectProblem(await post(mine, { session_id: "x", stage: "PRODUCT", product_id: foreign.id }), 422);
    expect(problem.errors).toEqual([expect.objectContaining({ path: "product_id", code: "not_found_reference" })]);
    const funnel = await call("GET", "/api/b2b/sales-funnel", { headers: await mine.bearer() });
    expect(funnel.json.sessions.quantity).toBe(0);
    expect((await call("GET", "/api/b2b/sales-funnel", { headers: await theirs.bearer() })).json.product.quantity).toBe(1);
  });

  it("needs credentials and a role that writes sales to record events", async () => {
    const org = await newOrg();
    expect((await call("POST", "/api/b2b/sales-funnel/events", { body: { session_id: "a", stage: "SESSION" } })).status).toBe(401);
    expectProblem(await post(org, { session_id: "a", stage: "SESSION" }, await org.bearer("VIEWER")), 403);
    expect((await post(org, { session_id: "a", stage: "SESSION" }, await org.bearer("SELLER"))).status).toBe(202);
    expect((await call("GET", "/api/b2b/sales-funnel")).status).toBe(401);
  });
});

describe("most-sold analysis", () => {
  async function scenario() {
    const org = await newOrg();
    const kit = await salesKit(org);
    const martelo = await kit.product("Martelo");
    const serrote = await kit.product("Serrote");
    const chave = await kit.product("Chave");
    const alicate = await kit.product("Alicate");
    const quoted = await kit.product("Orçado");
    await kit.sale(at("2025-03-02"), [
      { product: martelo.id, quantity: 2, unit: 10 },
      { product: serrote.id, quantity: 3, unit: 10 },
      { product: serrote.id, quantity: 2, unit: 10 },
    ]);
    const second = await kit.sale(at("2025-03-15"), [
      { product: martelo.id, quantity: 3, unit: 12 },
      { product: chave.id, quantity: 5, unit: 8 },
    ]);
    await kit.sale(at("2025-03-16"), [{ product: quoted.id, quantity: 100, unit: 1 }], { quotation: true });
    // 02:00 UTC on April 1st is March 31st in São Paulo.
    await kit.sale("2025-04-01T02:00:00Z", [{ product: chave.id, quantity: 1, unit: 8 }]);
    await kit.sale(at("2025-05-10"), [{ product: martelo.id, quantity: 10, unit: 10 }]);
    await kit.sale(at("2025-03-20"), [{ product: alicate.id, quantity: 5, unit: 10 }]);
    return { org, kit, second, products: { martelo, serrote, chave, alicate, quoted } };
  }

  const mostSold = async (org: TestOrg, query: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    call("POST", `/api/b2b/products/analysis/most-sold?${query}`, { headers: options.headers ?? (await org.bearer()), body: options.body });

  it("ranks non-quotation sales of the period by quantity, then value, then name", async () => {
    const { org, products } = await scenario();
    const { martelo, serrote, chave, alicate } = products;
    const march = await mostSold(org, "page=0&perPage=10&start_date=2025-03-01&final_date=2025-03-31");
    expect(march.status, march.text).toBe(200);
    expect(march.json).toEqual([
      { product_id: chave.id, product_name: "Chave", sku: chave.sku, quantity: 6, total_value: 48, sales_count: 2 },
      { product_id: martelo.id, product_name: "Martelo", sku: martelo.sku, quantity: 5, total_value: 56, sales_count: 2 },
      { product_id: alicate.id, product_name: "Alicate", sku: alicate.sku, quantity: 5, total_value: 50, sales_count: 1 },
      { product_id: serrote.id, product_name: "Serrote", sku: serrote.sku, quantity: 5, total_value: 50, sales_count: 1 },
    ]);
    // The dates in a JSON body instead of the query string.
    expect((await mostSold(org, "page=0&perPage=10", { body: { start_date: "2025-03-01", final_date: "2025-03-31" } })).json).toEqual(
      march.json,
    );
    // Pages of two.
    expect(
      (await mostSold(org, "page=1&perPage=2&start_date=2025-03-01&final_date=2025-03-31")).json.map(
        (r: { product_name: string }) => r.product_name,
      ),
    ).toEqual(["Alicate", "Serrote"]);
    expect((await mostSold(org, "page=5&perPage=2&start_date=2025-03-01&final_date=2025-03-31")).json).toEqual([]);
    // All time, and the same through whole months (the monthly rollup).
    const all = await mostSold(org, "page=0&perPage=10");
    expect(
      all.json.map((r: { product_name: string; quantity: number; total_value: number; sales_count: number }) => [
        r.product_name,
        r.quantity,
        r.total_value,
        r.sales_count,
      ]),
    ).toEqual([
      ["Martelo", 15, 156, 3],
      ["Chave", 6, 48, 2],
      ["Alicate", 5, 50, 1],
      ["Serrote", 5, 50, 1],
    ]);
    expect((await mostSold(org, "page=0&perPage=10&start_date=2025-03-01&final_date=2025-05-31")).json).toEqual(all.json);
    // Through the yearly rollup: the whole year, and from it to today (this year's row, the days after today taken away).
    expect((await mostSold(org, "page=0&perPage=10&start_date=2025-01-01&final_date=2025-12-31")).json).toEqual(all.json);
    expect((await mostSold(org, `page=0&perPage=10&start_date=2024-11-02&final_date=${today()}`)).json).toEqual(all.json);
    // A page's last row tied with the next on quantity and value: names decide, as on one page.
    expect(
      (await mostSold(org, "page=0&perPage=3&start_date=2025-03-01&final_date=2025-03-31")).json.map(
        (r: { product_name: string }) => r.product_name,
      ),
    ).toEqual(["Chave", "Martelo", "Alicate"]);
    // Ragged ends on both sides of whole months.
    const ragged = await mostSold(org, "page=0&perPage=10&start_date=2025-03-10&final_date=2025-04-30");
    expect(
      ragged.json.map((r: { product_name: string; quantity: number; total_value: number }) => [r.product_name, r.quantity, r.total_value]),
    ).toEqual([
      ["Chave", 6, 48],
      ["Alicate", 5, 50],
      ["Martelo", 3, 36],
    ]);
    // Most of March: the monthly rollup minus the days left out (March 1–2; March 31).
    const fromThird = await mostSold(org, "page=0&perPage=10&start_date=2025-03-03&final_date=2025-03-31");
    expect(
      fromThird.json.map((r: { product_name: string; quantity: number; total_value: number; sales_count: number }) => [
        r.product_name,
        r.quantity,
        r.total_value,
        r.sales_count,
      ]),
    ).toEqual([
      ["Chave", 6, 48, 2],
      ["Alicate", 5, 50, 1],
      ["Martelo", 3, 36, 1],
    ]);
    const toThirtieth = await mostSold(org, "page=0&perPage=10&start_date=2025-03-01&final_date=2025-03-30");
    expect(
      toThirtieth.json.map((r: { product_name: string; quantity: number; total_value: number; sales_count: number }) => [
        r.product_name,
        r.quantity,
        r.total_value,
        r.sales_count,
      ]),
    ).toEqual([
      ["Martelo", 5, 56, 2],
      ["Alicate", 5, 50, 1],
      ["Serrote", 5, 50, 1],
      ["Chave", 5, 40, 1],
    ]);
  });

  it("adds each sale as a rebuild from the sales would", async () => {
    const { org } = await scenario();
    const recorded = (await mostSold(org, "page=0&perPage=10")).json;
    await transaction(org.db, (tx) => rebuildInsights(tx));
    expect((await mostSold(org, "page=0&perPage=10")).json).toEqual(recorded);
    const entries = await scopedQuery<{ sales: number }>(
      org.db,
      (organization) => Prisma.sql`SELECT count(*)::int AS sales FROM sale_rollup_entries WHERE organization_id = ${organization}`,
    );
    expect(entries[0]?.sales).toBeGreaterThan(0);
  });

  it("accepts a bearer token, a key pair or the key's code alone; others see nothing", async () => {
    const { org } = await scenario();
    const key = await (await org.as()).accessKeys.create({ name: unique("Loja"), role: "VIEWER" });
    const query = "page=0&perPage=1&start_date=2025-03-01&final_date=2025-03-31";
    const pair = await mostSold(org, query, {
      headers: { "x-service-access-key-token": key.token, "x-service-access-key-code": key.code },
    });
    expect(pair.status, pair.text).toBe(200);
    const codeAlone = await mostSold(org, query, { headers: { "x-service-access-key-code": key.code } });
    expect(codeAlone.status, codeAlone.text).toBe(200);
    expect(codeAlone.json).toEqual(pair.json);
    expect(codeAlone.json[0].product_name).toBe("Chave");
    // The code alone is for this operation only.
    expect((await call("GET", "/api/b2b/sales-funnel", { headers: { "x-service-access-key-code": key.code } })).status).toBe(401);
    expect((await mostSold(org, query, { headers: { "x-service-access-key-code": "not-a-code" } })).status).toBe(401);
    expect((await mostSold(org, query, { headers: {} })).status).toBe(401);
    const other = await newOrg();
    expect((await mostSold(other, query)).json).toEqual([]);
  });
});

describe("the dashboard of a SELLER", () => {
  it("shows its own seller's sales and receivables; other roles see the org's; an unlinked SELLER sees none", async () => {
    const org = await newOrg();
    const kit = await salesKit(org);
    const [mine, theirs] = await Promise.all(
      ["Vendedora A", "Vendedor B"].map((name) =>
        org.db.seller.create({ data: { organization_id: org.organizationId, name, email: `${randomUUID()}@seller.example` } }),
      ),
    );
    const product = await kit.product("Cimento CP-II");
    const day = new Date().toISOString();
    const own = await kit.sale(day, [{ product: product.id, quantity: 2, unit: 50 }], { sellerId: mine!.id });
    await kit.sale(day, [{ product: product.id, quantity: 1, unit: 30 }], { sellerId: mine!.id });
    await kit.sale(day, [{ product: product.id, quantity: 1, unit: 500 }], { sellerId: theirs!.id });
    await kit.sale(day, [{ product: product.id, quantity: 1, unit: 7 }]);
    const open = await org.db.status.findFirstOrThrow({ where: { type: "FINANCIAL", is_final: false } });
    const due = new Date(Date.now() + 10 * 86_400_000);
    await org.db.financial.createMany({
      data: [
        { organization_id: org.organizationId, partner_id: kit.partner.id, sale_id: own, status_id: open.id, value: 100, due_date: due },
        { organization_id: org.organizationId, partner_id: kit.partner.id, status_id: open.id, value: 900, due_date: due },
      ],
    });

    const admin = await (await org.as()).dashboard.get({ days: 7 });
    expect(admin.figures_of).toBe("ORGANIZATION");
    expect(admin.kpis.sales.current).toBe(4);
    expect(admin.kpis.revenue.current).toBe(637);
    expect(admin.kpis.open_receivables.current).toBe(1000);

    const sellerUser = await org.as("SELLER");
    const unlinked = await sellerUser.dashboard.get({ days: 7 });
    expect(unlinked.figures_of).toBe("SELLER");
    expect(unlinked.kpis.sales.current).toBe(0);
    expect(unlinked.kpis.open_receivables.current).toBe(0);

    await org.db.user.updateMany({ where: { role: "SELLER" }, data: { seller_id: mine!.id } });
    const linked = await sellerUser.dashboard.get({ days: 7 });
    expect(linked.kpis.sales.current).toBe(2);
    expect(linked.kpis.revenue.current).toBe(130);
    expect(linked.kpis.average_ticket.current).toBe(65);
    expect(linked.revenue_by_day.reduce((sum, row) => sum + row.revenue, 0)).toBe(130);
    expect(linked.kpis.open_receivables.current).toBe(100);
    expect(linked.receivables_aging.find((row) => row.bucket === "CURRENT")).toMatchObject({ value: 100, count: 1 });
    // The funnel and the most sold stay the org's.
    expect(linked.top_products).toEqual(admin.top_products);
  });
});

describe("low stock (the dashboard's card)", () => {
  it("lists active records at or below their product's minimum_stock, furthest below first, with the count of all", async () => {
    const world = await stockWorld();
    const move = async (body: object) => expect((await world.move(world.key(body))).status).toBe(200);
    const api = await world.org.as("VIEWER");
    expect(await api.lowStock.list({})).toEqual({ total: 0, items: [] });

    // The screw's minimum is 5: 5 available (at it) in one warehouse, 2 (3 below) in the other, 6 (above) as its variation.
    await move({ type: "INCREMENT", quantity: 7 });
    await move({ type: "RESERVE", quantity: 2 });
    await move({ warehouse_id: world.otherWarehouse.id, type: "INCREMENT", quantity: 2 });
    await move({ product_variation_id: world.screwBlue.id, type: "INCREMENT", quantity: 6 });
    // Without a minimum, never low however little there is.
    await move({ product_id: world.cement.id, type: "INCREMENT", quantity: 0.5 });
    // A minimum that is not a number is no minimum.
    const odd = await call("POST", "/api/b2b/products", {
      headers: world.headers,
      body: { name: unique("Broca"), attributes: { minimum_stock: "10" } },
    });
    await move({ product_id: odd.json.id, type: "INCREMENT", quantity: 1 });

    const low = await api.lowStock.list({});
    expect(low.total).toBe(2);
    expect(low.items).toEqual([
      expect.objectContaining({
        warehouse: { id: world.otherWarehouse.id, name: world.otherWarehouse.name },
        product: expect.objectContaining({ id: world.screw.id, name: world.screw.name, sku: world.screw.sku, variation_name: null }),
        company: { id: world.company.id, name: world.company.name },
        available: 2,
        minimum_stock: 5,
        shortfall: 3,
      }),
      expect.objectContaining({
        warehouse: expect.objectContaining({ id: world.warehouse.id }),
        available: 5,
        minimum_stock: 5,
        shortfall: 0,
      }),
    ]);
    expect(low.items[0]?.product.measure_unit).toEqual({ abbreviation: "UN", decimals_for_quantity: 0 });
    expect(await api.lowStock.list({ limit: 1 })).toMatchObject({ total: 2, items: [{ available: 2 }] });

    // The variation drops to its product's minimum; a disabled record leaves the list.
    await move({ product_variation_id: world.screwBlue.id, type: "DECREMENT", quantity: 1 });
    expect((await api.lowStock.list({})).items.map((item) => item.product.variation_name)).toEqual([null, null, "Parafuso Azul"]);
    expect((await call("PUT", `/api/b2b/stock/${low.items[0]?.id}/disable`, { headers: world.headers })).status).toBe(200);
    expect((await api.lowStock.list({})).total).toBe(2);
    await expect(api.lowStock.list({ limit: 0 })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
  });

  it("shows only the org's own records", async () => {
    const world = await stockWorld();
    expect((await world.move(world.key({ type: "INCREMENT", quantity: 1 }))).status).toBe(200);
    expect((await (await world.org.as()).lowStock.list({})).total).toBe(1);
    const other = await stockWorld();
    expect(await (await other.org.as()).lowStock.list({})).toEqual({ total: 0, items: [] });
  });
});
