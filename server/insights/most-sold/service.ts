import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { AppError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { toJsonNumber } from "../../lib/money";
import { MAX_PER_PAGE } from "../../lib/paging";
import { addDays, daysBetween, monthOf, nextMonth, nextYear, today, yearOf } from "../../lib/calendar";
import type { MostSoldInput, MostSoldRecord } from "./schemas";

const EARLIEST_DAY = "1900-01-01";
const LATEST_DAY = "2999-12-31";

/** A range of one rollup, [from, to), added or taken away. */
export interface Segment {
  table: "days" | "months" | "years";
  from: string;
  to: string;
  sign: 1 | -1;
}

/**
 * What a month's rows cost to read, in days of the daily rollup: a month holds each
 * product sold in it once, a day the products sold that day (a third to a half as many).
 * A year's rows are about as many as a month's (the products sold in it), a little more.
 */
const MONTH_COST_IN_DAYS = 3;
const YEAR_COST_IN_DAYS = 4;

/** The days of [from, to) that can hold sales: none after `today`. */
function pastDays(from: string, to: string, today: string): number {
  const end = to <= today ? to : addDays(today, 1);
  return end > from ? daysBetween(from, end) : 0;
}

/** What reading the segments costs, in days of the daily rollup (a range after today holds nothing: free). */
function costOf(segments: readonly Segment[], today: string): number {
  let cost = 0;
  for (const { table, from, to } of segments) {
    if (table === "days") cost += pastDays(from, to, today);
    else if (table === "years") for (let year = from; year < to && year <= today; year = nextYear(year)) cost += YEAR_COST_IN_DAYS;
    else for (let month = from; month < to && month <= today; month = nextMonth(month)) cost += MONTH_COST_IN_DAYS;
  }
  return cost;
}

const negated = (segments: readonly Segment[]): Segment[] => segments.map((segment) => ({ ...segment, sign: segment.sign === 1 ? -1 : 1 }));

/** Adds a whole unit [from, to) of a rollup, joined to the previous range of the same rollup when they meet. */
function pushWhole(segments: Segment[], table: "months" | "years", from: string, to: string): void {
  const last = segments.at(-1);
  if (last?.table === table && last.sign === 1 && last.to === from) last.to = to;
  else segments.push({ table, from, to, sign: 1 });
}

/**
 * [from, to) as reads of the rollups of one level: units (months or years) the range
 * covers whole come from that rollup; a unit it covers in part, by whichever reads less:
 * the range inside it at the level below, or the unit's row minus what lies outside the
 * range (days after today hold nothing, so a month or year that ends today is its row
 * alone). Each rollup is the sum of the one below (all written in the sale's transaction),
 * so every way gives the same sums.
 */
function cover(level: "days" | "months" | "years", from: string, to: string, today: string): Segment[] {
  if (from >= to) return [];
  if (level === "days") return [{ table: "days", from, to, sign: 1 }];
  const [unitOf, next, below] = level === "years" ? ([yearOf, nextYear, "months"] as const) : ([monthOf, nextMonth, "days"] as const);
  const segments: Segment[] = [];
  for (let unit = unitOf(from); unit < to; unit = next(unit)) {
    const unitEnd = next(unit);
    const start = from > unit ? from : unit;
    const end = to < unitEnd ? to : unitEnd;
    if (start === unit && end === unitEnd) {
      pushWhole(segments, level, unit, unitEnd);
      continue;
    }
    const inside = cover(below, start, end, today);
    const outside = [...cover(below, unit, start, today), ...cover(below, end, unitEnd, today)];
    // `today` only weighs the choice: every range is read, a future one finds nothing.
    if (costOf([{ table: level, from: unit, to: unitEnd, sign: 1 }], today) + costOf(outside, today) < costOf(inside, today)) {
      segments.push({ table: level, from: unit, to: unitEnd, sign: 1 }, ...negated(outside));
    } else {
      segments.push(...inside);
    }
  }
  return segments;
}

/**
 * A period of days as reads of the rollups: whole years from the yearly rollup, whole
 * months from the monthly one, ragged days from the daily one — or a year (a month) minus
 * what lies outside the period when that reads less. The last 365 days are the days left
 * of last year's month, a month and this year's row (days after today hold nothing): a
 * few rows per product, as for 30 days.
 */
export function periodSegments(start: string, final: string, today: string): Segment[] {
  return cover("years", start, addDays(final, 1), today);
}

function segmentSql(organization: Prisma.Sql, segment: Segment): Prisma.Sql {
  const sign = segment.sign === 1 ? Prisma.empty : Prisma.sql`-`;
  const [table, column] = {
    days: [Prisma.raw("product_sales_days"), Prisma.raw("day")],
    months: [Prisma.raw("product_sales_months"), Prisma.raw("month")],
    years: [Prisma.raw("product_sales_years"), Prisma.raw("year")],
  }[segment.table];
  // A plain range each (not one OR), so each is an index range scan of the primary key.
  return Prisma.sql`
    SELECT product_id, ${sign}quantity AS quantity, ${sign}total_value AS total_value, ${sign}sales_count AS sales_count FROM ${table}
    WHERE organization_id = ${organization} AND ${column} >= ${segment.from}::date AND ${column} < ${segment.to}::date`;
}

/**
 * The products sold most in non-quotation sales of the period (contract §5), quantity
 * descending, ties by total value descending then product name: from the sales rollups
 * (server/insights/sales-rollups.ts), whatever the period's length.
 */
export async function mostSold(db: Db, input: MostSoldInput): Promise<MostSoldRecord[]> {
  const start = input.start_date ?? EARLIEST_DAY;
  const final = input.final_date ?? LATEST_DAY;
  if (start > final) throw AppError.invalid("start_date", "must not be after final_date");
  const perPage = Math.min(input.perPage, MAX_PER_PAGE);
  if (perPage === 0) return [];
  const segments = periodSegments(start, final, today());
  const offset = BigInt(input.page) * BigInt(perPage);
  const last = offset + BigInt(perPage) - 1n;
  const rows = await scopedQuery<{
    product_id: string;
    name: string;
    sku: string;
    quantity: string;
    total_value: string;
    sales_count: number;
  }>(
    db,
    (org) => Prisma.sql`
      -- MATERIALIZED: the rollups' rows are few; a parallel plan (workers appending the ranges) took
      -- twice as long alone and more under concurrent requests on a small machine.
      WITH sold AS MATERIALIZED (${Prisma.join(
        segments.map((segment) => segmentSql(org, segment)),
        " UNION ALL ",
      )}), totals AS (
        SELECT product_id, sum(quantity) AS quantity, sum(total_value) AS total_value, sum(sales_count) AS sales_count
        FROM sold GROUP BY product_id HAVING sum(sales_count) > 0
      ), cutoff AS (
        -- The last row of the page by (quantity, value): a bounded top-N, whatever the period's length.
        SELECT quantity, total_value FROM totals ORDER BY quantity DESC, total_value DESC OFFSET ${last} LIMIT 1
      ), ranked AS (
        -- The rows up to it and every row tied with it (their names decide those ties): only these meet the products.
        SELECT * FROM totals t
        WHERE NOT EXISTS (SELECT 1 FROM cutoff) OR (t.quantity, t.total_value) >= (SELECT quantity, total_value FROM cutoff)
      )
      SELECT t.product_id, p.name, p.sku, t.quantity::text AS quantity, t.total_value::text AS total_value, t.sales_count::int AS sales_count
      FROM ranked t JOIN products p ON p.id = t.product_id AND p.organization_id = ${org}
      ORDER BY t.quantity DESC, t.total_value DESC, p.name ASC, p.id ASC
      OFFSET ${offset} LIMIT ${perPage}`,
  );
  return rows.map((row) => ({
    product_id: row.product_id,
    product_name: row.name,
    sku: row.sku,
    quantity: toJsonNumber(row.quantity) ?? 0,
    total_value: toJsonNumber(row.total_value) ?? 0,
    sales_count: Number(row.sales_count),
  }));
}
