import type { Db } from "../db/scoped";
import { scopedExecute } from "../db/sql";
import { Prisma } from "../generated/prisma/client";
import { type Money, ZERO } from "../lib/money";
import { BUSINESS_TIME_ZONE, dayOf, monthOf, yearOf } from "../lib/calendar";

/**
 * Sales rollups for the most-sold analysis and the dashboard: per day (`sales_days`:
 * revenue and count of non-quotation sales), per day and product and per month and
 * product (`product_sales_days`, `product_sales_months`, `product_sales_years`: quantity, value,
 * sales). A period reads whole years and months from the coarser tables and only its
 * ragged ends from the finer ones, so the last 365 days are a few rows per product sold.
 *
 * `recordNewSale` is called by the sales module inside the transaction that writes a sale
 * (a quotation adds nothing); what each sale added is kept in `sale_rollup_entries`, and
 * `rebuildSalesRollups` makes them all again from the sales.
 */

/** What a sale adds to the rollups. */
export interface SaleContribution {
  saleId: string;
  createdAt: Date;
  total: Money;
  items: ReadonlyArray<{ product_id: string; quantity: Money; total_value: Money }>;
}

/**
 * Adds a new sale (not a quotation) to the rollups, in one statement: its day's revenue and
 * count, each product's quantity, value and sales on its day, month and year, and the entry
 * that keeps what it added (`sale_rollup_entries`). Every sale of the org's day updates the
 * same rows, in the same order (products by id), so concurrent sales wait for each other
 * instead of deadlocking.
 */
export async function recordNewSale(db: Db, sale: SaleContribution): Promise<void> {
  const byProduct = new Map<string, { quantity: Money; total_value: Money }>();
  for (const item of sale.items) {
    const entry = byProduct.get(item.product_id) ?? { quantity: ZERO, total_value: ZERO };
    byProduct.set(item.product_id, { quantity: entry.quantity.plus(item.quantity), total_value: entry.total_value.plus(item.total_value) });
  }
  const products = [...byProduct].sort(([a], [b]) => a.localeCompare(b));
  const ids = products.map(([id]) => id);
  const quantities = products.map(([, entry]) => entry.quantity.toString());
  const values = products.map(([, entry]) => entry.total_value.toString());
  const day = dayOf(sale.createdAt);
  const stored = products.map(([product_id, entry]) => ({
    product_id,
    quantity: entry.quantity.toString(),
    total_value: entry.total_value.toString(),
  }));
  const upsert = (table: string, column: string, key: string) => Prisma.sql`
    INSERT INTO ${Prisma.raw(table)} (organization_id, ${Prisma.raw(column)}, product_id, quantity, total_value, sales_count)
    SELECT organization_id, ${key}::date, id, quantity, total_value, 1 FROM products ORDER BY id
    ON CONFLICT (organization_id, ${Prisma.raw(column)}, product_id) DO UPDATE SET
      quantity = ${Prisma.raw(table)}.quantity + excluded.quantity,
      total_value = ${Prisma.raw(table)}.total_value + excluded.total_value,
      sales_count = ${Prisma.raw(table)}.sales_count + 1`;
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    WITH products AS (
      SELECT ${org} AS organization_id, p.id, p.quantity, p.total_value
      FROM unnest(${ids}::uuid[], ${quantities}::numeric[], ${values}::numeric[]) AS p(id, quantity, total_value)
    ), day AS (
      INSERT INTO sales_days (organization_id, day, revenue, sales_count)
      VALUES (${org}, ${day}::date, ${sale.total.toString()}::numeric, 1)
      ON CONFLICT (organization_id, day) DO UPDATE SET revenue = sales_days.revenue + excluded.revenue, sales_count = sales_days.sales_count + 1
    ), days AS (${upsert("product_sales_days", "day", day)}
    ), months AS (${upsert("product_sales_months", "month", monthOf(day))}
    ), years AS (${upsert("product_sales_years", "year", yearOf(day))})
    INSERT INTO sale_rollup_entries (sale_id, organization_id, day, total_value, products)
    VALUES (${sale.saleId}::uuid, ${org}, ${day}::date, ${sale.total.toString()}::numeric, ${JSON.stringify(stored)}::jsonb)`,
  );
}

/** Recomputes the org's sales rollups from its sales (set-based SQL). */
export async function rebuildSalesRollups(db: Db): Promise<void> {
  const zone = BUSINESS_TIME_ZONE;
  for (const table of ["product_sales_years", "product_sales_months", "product_sales_days", "sales_days", "sale_rollup_entries"]) {
    await scopedExecute(db, (org) => Prisma.sql`DELETE FROM ${Prisma.raw(table)} WHERE organization_id = ${org}`);
  }
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO sale_rollup_entries (sale_id, organization_id, day, total_value, products)
    SELECT s.id, s.organization_id, (s.created_at AT TIME ZONE ${zone})::date, s.total_value,
           coalesce((SELECT jsonb_agg(jsonb_build_object('product_id', i.product_id, 'quantity', i.quantity::text, 'total_value', i.total_value::text))
                     FROM (SELECT product_id, sum(quantity) AS quantity, sum(total_value) AS total_value
                           FROM sale_items WHERE sale_id = s.id GROUP BY product_id) i), '[]'::jsonb)
    FROM sales s WHERE s.organization_id = ${org} AND NOT s.quotation`,
  );
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO sales_days (organization_id, day, revenue, sales_count)
    SELECT organization_id, day, sum(total_value), count(*)::int FROM sale_rollup_entries
    WHERE organization_id = ${org} GROUP BY organization_id, day`,
  );
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO product_sales_days (organization_id, day, product_id, quantity, total_value, sales_count)
    SELECT s.organization_id, (s.created_at AT TIME ZONE ${zone})::date, i.product_id, sum(i.quantity), sum(i.total_value), count(DISTINCT s.id)::int
    FROM sales s JOIN sale_items i ON i.sale_id = s.id
    WHERE s.organization_id = ${org} AND NOT s.quotation
    GROUP BY 1, 2, 3`,
  );
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO product_sales_months (organization_id, month, product_id, quantity, total_value, sales_count)
    SELECT organization_id, date_trunc('month', day)::date, product_id, sum(quantity), sum(total_value), sum(sales_count)::int
    FROM product_sales_days WHERE organization_id = ${org} GROUP BY 1, 2, 3`,
  );
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO product_sales_years (organization_id, year, product_id, quantity, total_value, sales_count)
    SELECT organization_id, date_trunc('year', month)::date, product_id, sum(quantity), sum(total_value), sum(sales_count)::int
    FROM product_sales_months WHERE organization_id = ${org} GROUP BY 1, 2, 3`,
  );
}
