import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { AppError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { toJsonNumber } from "../../lib/money";
import { addDays, monthOf, nextMonth } from "../calendar";
import type { MostSoldInput, MostSoldRecord } from "./schemas";

const EARLIEST_DAY = "1900-01-01";
const LATEST_DAY = "2999-12-31";

/**
 * A period of days as whole months (read from the monthly rollup) and the days at its
 * ends (from the daily one): [start, monthsFrom) and [monthsTo, final] by day,
 * [monthsFrom, monthsTo) by month.
 */
export function splitIntoMonths(start: string, final: string): { monthsFrom: string; monthsTo: string } {
  const monthsFrom = start === monthOf(start) ? start : nextMonth(start);
  const monthsTo = addDays(final, 1) === nextMonth(final) ? nextMonth(final) : monthOf(final);
  if (monthsFrom >= monthsTo) return { monthsFrom: addDays(final, 1), monthsTo: addDays(final, 1) };
  return { monthsFrom, monthsTo };
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
  if (input.perPage === 0) return [];
  const { monthsFrom, monthsTo } = splitIntoMonths(start, final);
  const rows = await scopedQuery<{ product_id: string; name: string; sku: string; quantity: string; total_value: string; sales_count: number }>(
    db,
    (org) => Prisma.sql`
      WITH sold AS (
        -- Two plain ranges (not one OR), so each is an index range scan of the primary key.
        SELECT product_id, quantity, total_value, sales_count FROM product_sales_days
        WHERE organization_id = ${org} AND day >= ${start}::date AND day < ${monthsFrom}::date
        UNION ALL
        SELECT product_id, quantity, total_value, sales_count FROM product_sales_days
        WHERE organization_id = ${org} AND day >= ${monthsTo}::date AND day <= ${final}::date
        UNION ALL
        SELECT product_id, quantity, total_value, sales_count FROM product_sales_months
        WHERE organization_id = ${org} AND month >= ${monthsFrom}::date AND month < ${monthsTo}::date
      ), totals AS (
        SELECT product_id, sum(quantity) AS quantity, sum(total_value) AS total_value, sum(sales_count) AS sales_count
        FROM sold GROUP BY product_id HAVING sum(sales_count) > 0
      )
      SELECT t.product_id, p.name, p.sku, t.quantity::text AS quantity, t.total_value::text AS total_value, t.sales_count::int AS sales_count
      FROM totals t JOIN products p ON p.id = t.product_id AND p.organization_id = ${org}
      ORDER BY t.quantity DESC, t.total_value DESC, p.name ASC, p.id ASC
      OFFSET ${BigInt(input.page) * BigInt(input.perPage)} LIMIT ${input.perPage}`,
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
