import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { AppError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { mainImages } from "../../catalog/products/service";
import { money, roundMoney, toJsonNumber, ZERO } from "../../lib/money";
import { addDays, BUSINESS_TIME_ZONE, daysBetween, daysOf, dayOfDate, today, type Period } from "../../lib/calendar";
import { ANY_STAGE, change, percentage, sessionsByStage } from "../funnel/service";
import { mostSold } from "../most-sold/service";
import type { OrderScope } from "../../auth/scope";
import { AGING_BUCKETS, DASHBOARD_STAGES, type Dashboard, type DashboardInput } from "./schemas";

const TOP_PRODUCTS = 5;

/** The instant a period ends: the end of its last day in Brazil, or now for a period that ends today or later. */
function endOf(period: Period): Date {
  const next = addDays(period.final, 1);
  // Midnight of the next day in São Paulo (UTC−3; no daylight saving since 2019).
  const end = new Date(`${next}T00:00:00-03:00`);
  return end > new Date() ? new Date() : end;
}

/** The seller whose figures a SELLER's dashboard shows (null: none linked, so none); undefined for the whole org. */
type SellerFilter = string | null | undefined;

const sellerOf = (scope: OrderScope): SellerFilter => (scope.kind === "all" ? undefined : scope.sellerId);

/**
 * Revenue and count of non-quotation sales per day: the org's from its rollup; a seller's
 * from its own sales (days in Brazil, as the rollup counts them).
 */
async function salesByDay(
  db: Db,
  from: string,
  to: string,
  seller: SellerFilter,
): Promise<Map<string, { revenue: string; count: number }>> {
  if (seller === null) return new Map();
  const rows = await scopedQuery<{ day: Date; revenue: string; sales_count: number }>(db, (org) =>
    seller === undefined
      ? Prisma.sql`
    SELECT day, revenue::text AS revenue, sales_count FROM sales_days
    WHERE organization_id = ${org} AND day BETWEEN ${from}::date AND ${to}::date`
      : Prisma.sql`
    SELECT (created_at AT TIME ZONE ${BUSINESS_TIME_ZONE})::date AS day, sum(total_value)::text AS revenue, count(*)::int AS sales_count
    FROM sales
    WHERE organization_id = ${org} AND seller_id = ${seller}::uuid AND NOT quotation
      AND created_at >= (${from}::date::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE})
      AND created_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE})
    GROUP BY 1`,
  );
  return new Map(rows.map((row) => [dayOfDate(row.day), { revenue: row.revenue, count: Number(row.sales_count) }]));
}

/** The receivables a seller's figures count: those of its orders and sales. */
function receivableOfSeller(seller: SellerFilter): Prisma.Sql {
  if (seller === undefined) return Prisma.empty;
  if (seller === null) return Prisma.sql`AND false`;
  return Prisma.sql`AND (EXISTS (SELECT 1 FROM orders o WHERE o.id = f.order_id AND o.seller_id = ${seller}::uuid)
    OR EXISTS (SELECT 1 FROM sales sa WHERE sa.id = f.sale_id AND sa.seller_id = ${seller}::uuid))`;
}

/**
 * Receivables outstanding at `at`: records created by then, less what was paid off by
 * then, leaving out the ones closed unpaid (a final status short of their value:
 * canceled, reversed). Overdue: due before `at`.
 */
async function receivablesAt(db: Db, at: Date, seller: SellerFilter): Promise<{ open: string; overdue: string }> {
  const [row] = await scopedQuery<{ open: string; overdue: string }>(
    db,
    (org) => Prisma.sql`
    SELECT coalesce(sum(outstanding), 0)::text AS open, coalesce(sum(outstanding) FILTER (WHERE due_date < ${at}), 0)::text AS overdue
    FROM (
      SELECT f.due_date, f.value - CASE WHEN f.paying_off_date <= ${at} THEN f.paying_off_value ELSE 0 END AS outstanding
      FROM financials f JOIN statuses s ON s.id = f.status_id
      WHERE f.organization_id = ${org} AND f.created_at <= ${at} AND NOT (s.is_final AND f.paying_off_value < f.value)
        ${receivableOfSeller(seller)}
    ) r
    WHERE outstanding > 0`,
  );
  return row ?? { open: "0", overdue: "0" };
}

async function receivablesAging(db: Db, seller: SellerFilter): Promise<Dashboard["receivables_aging"]> {
  const now = new Date();
  const rows = await scopedQuery<{ bucket: string; value: string; count: number }>(
    db,
    (org) => Prisma.sql`
    SELECT bucket, sum(outstanding)::text AS value, count(*)::int AS count FROM (
      SELECT f.value - f.paying_off_value AS outstanding,
             CASE WHEN f.due_date >= ${now} THEN 'CURRENT'
                  WHEN ${today()}::date - (f.due_date AT TIME ZONE ${BUSINESS_TIME_ZONE})::date <= 30 THEN 'DAYS_1_30'
                  WHEN ${today()}::date - (f.due_date AT TIME ZONE ${BUSINESS_TIME_ZONE})::date <= 60 THEN 'DAYS_31_60'
                  WHEN ${today()}::date - (f.due_date AT TIME ZONE ${BUSINESS_TIME_ZONE})::date <= 90 THEN 'DAYS_61_90'
                  ELSE 'OVER_90' END AS bucket
      FROM financials f JOIN statuses s ON s.id = f.status_id
      WHERE f.organization_id = ${org} AND NOT s.is_final AND f.paying_off_value < f.value
        ${receivableOfSeller(seller)}
    ) r GROUP BY bucket`,
  );
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return AGING_BUCKETS.map((bucket) => ({
    bucket,
    value: toJsonNumber(byBucket.get(bucket)?.value ?? "0") ?? 0,
    count: Number(byBucket.get(bucket)?.count ?? 0),
  }));
}

const kpi = (current: number, previous: number) => ({ current, previous, change: previous === 0 ? null : change(current, previous) });

/**
 * Everything the panel's home page shows, for a period against the one before it. A
 * SELLER's sales and receivables figures are its own seller's; the funnel and the most
 * sold products stay the org's (issue 29).
 */
export async function getDashboard(db: Db, input: DashboardInput, scope: OrderScope): Promise<Dashboard> {
  const seller = sellerOf(scope);
  const final = input.final_date ?? today();
  const start = input.start_date ?? addDays(final, -((input.days ?? 30) - 1));
  if (start > final) throw AppError.invalid("start_date", "must not be after final_date");
  if (daysBetween(start, final) > 366 * 3) throw AppError.invalid("start_date", "the period is at most three years");
  const length = daysBetween(start, final) + 1;
  const current: Period = { start, final };
  const previous: Period = { start: addDays(start, -length), final: addDays(start, -1) };

  const [sales, funnelNow, funnelBefore, top, receivablesNow, receivablesBefore, aging] = await Promise.all([
    salesByDay(db, previous.start, current.final, seller),
    sessionsByStage(db, current),
    sessionsByStage(db, previous),
    mostSold(db, { page: 0, perPage: TOP_PRODUCTS, start_date: start, final_date: final }),
    receivablesAt(db, endOf(current), seller),
    receivablesAt(db, endOf(previous), seller),
    receivablesAging(db, seller),
  ]);

  const totals = (period: Period) => {
    let revenue = ZERO;
    let count = 0;
    for (const day of daysOf(period.start, period.final)) {
      const row = sales.get(day);
      if (row) {
        revenue = revenue.plus(money(row.revenue));
        count += row.count;
      }
    }
    return { revenue, count, ticket: count === 0 ? ZERO : roundMoney(revenue.dividedBy(count)) };
  };
  const now = totals(current);
  const before = totals(previous);
  const number = (value: Parameters<typeof toJsonNumber>[0]) => toJsonNumber(value) ?? 0;

  const images = new Map(
    (
      await mainImages(
        db,
        top.map((product) => product.product_id),
      )
    ).map((image) => [image.product_id, image.url]),
  );
  const stageKey: Record<(typeof DASHBOARD_STAGES)[number], string> = {
    SESSIONS: ANY_STAGE,
    PRODUCT: "PRODUCT",
    SHOPPING_CART: "SHOPPING_CART",
    CHECKOUT: "CHECKOUT",
    ORDER: "ORDER",
  };
  const sessions = funnelNow[ANY_STAGE] ?? 0;
  return {
    figures_of: scope.kind === "all" ? "ORGANIZATION" : "SELLER",
    period: current,
    previous_period: previous,
    kpis: {
      revenue: kpi(number(now.revenue), number(before.revenue)),
      sales: kpi(now.count, before.count),
      average_ticket: kpi(number(now.ticket), number(before.ticket)),
      open_receivables: kpi(number(receivablesNow.open), number(receivablesBefore.open)),
      overdue_receivables: kpi(number(receivablesNow.overdue), number(receivablesBefore.overdue)),
    },
    revenue_by_day: daysOf(start, final).map((day, index) => {
      const previousDay = addDays(previous.start, index);
      return {
        day,
        previous_day: previousDay,
        revenue: number(sales.get(day)?.revenue ?? "0"),
        previous_revenue: number(sales.get(previousDay)?.revenue ?? "0"),
      };
    }),
    funnel: DASHBOARD_STAGES.map((stage, index) => {
      const quantity = funnelNow[stageKey[stage]] ?? 0;
      const prior = index === 0 ? quantity : (funnelNow[stageKey[DASHBOARD_STAGES[index - 1] as (typeof DASHBOARD_STAGES)[number]]] ?? 0);
      return {
        stage,
        quantity,
        previous_quantity: funnelBefore[stageKey[stage]] ?? 0,
        percentage: percentage(quantity, sessions),
        conversion: index === 0 ? 100 : percentage(quantity, prior),
      };
    }),
    top_products: top.map((product) => ({ ...product, image_url: images.get(product.product_id) ?? null })),
    receivables_aging: aging,
  };
}
