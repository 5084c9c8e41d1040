import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { AppError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { toJsonNumber } from "../../lib/money";
import { MAX_PER_PAGE } from "../../lib/paging";
import { addDays, daysBetween, monthOf, nextMonth, today } from "../calendar";
import type { MostSoldInput, MostSoldRecord } from "./schemas";

const EARLIEST_DAY = "1900-01-01";
const LATEST_DAY = "2999-12-31";

/** A range of one rollup, [from, to), added or taken away. */
export interface Segment {
  table: "days" | "months";
  from: string;
  to: string;
  sign: 1 | -1;
}

/**
 * What a month's rows cost to read, in days of the daily rollup: a month holds each
 * product sold in it once, a day the products sold that day (a third to a half as many).
 */
const MONTH_COST_IN_DAYS = 3;

/** The days of [from, to) that can hold sales: none after `today`. */
function pastDays(from: string, to: string, today: string): number {
  const end = to <= today ? to : addDays(today, 1);
  return end > from ? daysBetween(from, end) : 0;
}

/**
 * A period of days as reads of the rollups. Whole months come from the monthly rollup;
 * a month the period covers in part, by whichever reads fewer rows: the period's days
 * in it (daily rollup), or the month's row minus the month's days outside the period
 * (days after today hold nothing, so a month that ends today is its monthly row alone).
 * The monthly rollup is the sum of the daily one (both written in the sale's
 * transaction), so both ways give the same sums.
 */
export function periodSegments(start: string, final: string, today: string): Segment[] {
  const end = addDays(final, 1);
  const segments: Segment[] = [];
  for (let month = monthOf(start); month < end; month = nextMonth(month)) {
    const monthEnd = nextMonth(month);
    const from = start > month ? start : month;
    const to = end < monthEnd ? end : monthEnd;
    const last = segments.at(-1);
    if (from === month && to === monthEnd) {
      if (last?.table === "months" && last.sign === 1 && last.to === month) last.to = monthEnd;
      else segments.push({ table: "months", from: month, to: monthEnd, sign: 1 });
      continue;
    }
    const inside = pastDays(from, to, today);
    const before = pastDays(month, from, today);
    const after = pastDays(to, monthEnd, today);
    // `today` only weighs the choice: every range is read, a future one finds nothing.
    if (MONTH_COST_IN_DAYS + before + after < inside) {
      segments.push({ table: "months", from: month, to: monthEnd, sign: 1 });
      if (from > month) segments.push({ table: "days", from: month, to: from, sign: -1 });
      if (to < monthEnd) segments.push({ table: "days", from: to, to: monthEnd, sign: -1 });
    } else {
      segments.push({ table: "days", from, to, sign: 1 });
    }
  }
  return segments;
}

function segmentSql(organization: Prisma.Sql, segment: Segment): Prisma.Sql {
  const sign = segment.sign === 1 ? Prisma.empty : Prisma.sql`-`;
  const [table, column] =
    segment.table === "days"
      ? [Prisma.raw("product_sales_days"), Prisma.raw("day")]
      : [Prisma.raw("product_sales_months"), Prisma.raw("month")];
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
      WITH sold AS (${Prisma.join(
        segments.map((segment) => segmentSql(org, segment)),
        " UNION ALL ",
      )}), totals AS (
        SELECT product_id, sum(quantity) AS quantity, sum(total_value) AS total_value, sum(sales_count) AS sales_count
        FROM sold GROUP BY product_id HAVING sum(sales_count) > 0
      )
      SELECT t.product_id, p.name, p.sku, t.quantity::text AS quantity, t.total_value::text AS total_value, t.sales_count::int AS sales_count
      FROM totals t JOIN products p ON p.id = t.product_id AND p.organization_id = ${org}
      ORDER BY t.quantity DESC, t.total_value DESC, p.name ASC, p.id ASC
      OFFSET ${BigInt(input.page) * BigInt(perPage)} LIMIT ${perPage}`,
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
