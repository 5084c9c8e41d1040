import type { Db } from "../db/scoped";
import { scopedExecute } from "../db/sql";
import { Prisma } from "../generated/prisma/client";
import { money, type Money, ZERO } from "../lib/money";
import { BUSINESS_TIME_ZONE, dayOf, monthOf, yearOf } from "../lib/calendar";

/**
 * Sales rollups for the most-sold analysis and the dashboard: per day (`sales_days`:
 * revenue and count of non-quotation sales), per day and product and per month and
 * product (`product_sales_days`, `product_sales_months`, `product_sales_years`: quantity, value,
 * sales). A period reads whole years and months from the coarser tables and only its
 * ragged ends from the finer ones, so the last 365 days are a few rows per product sold.
 *
 * `recordSaleInRollups` is called by the sales module inside the transaction that writes
 * the sale. It is idempotent and follows changes: what a sale added is kept in
 * `sale_rollup_entries`, taken out first and added again from the sale as it is now
 * (a quotation, or a sale that is gone, adds nothing).
 */

interface Contribution {
  day: string;
  revenue: Money;
  products: Array<{ product_id: string; quantity: Money; total_value: Money }>;
}

interface StoredProduct {
  product_id: string;
  quantity: string;
  total_value: string;
}

async function apply(db: Db, contribution: Contribution, sign: 1 | -1): Promise<void> {
  const { day, revenue } = contribution;
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO sales_days (organization_id, day, revenue, sales_count)
    VALUES (${org}, ${day}::date, ${revenue.times(sign).toString()}::numeric, ${sign})
    ON CONFLICT (organization_id, day) DO UPDATE SET
      revenue = sales_days.revenue + excluded.revenue, sales_count = sales_days.sales_count + excluded.sales_count`,
  );
  const products = [...contribution.products].sort((a, b) => a.product_id.localeCompare(b.product_id));
  if (products.length) {
    const ids = products.map((p) => p.product_id);
    const quantities = products.map((p) => p.quantity.times(sign).toString());
    const values = products.map((p) => p.total_value.times(sign).toString());
    for (const [table, column, key] of [
      [Prisma.raw("product_sales_days"), Prisma.raw("day"), day],
      [Prisma.raw("product_sales_months"), Prisma.raw("month"), monthOf(day)],
      [Prisma.raw("product_sales_years"), Prisma.raw("year"), yearOf(day)],
    ] as const) {
      await scopedExecute(
        db,
        (org) => Prisma.sql`
        INSERT INTO ${table} (organization_id, ${column}, product_id, quantity, total_value, sales_count)
        SELECT ${org}, ${key}::date, p.id, p.quantity, p.total_value, ${sign}
        FROM unnest(${ids}::uuid[], ${quantities}::numeric[], ${values}::numeric[]) AS p(id, quantity, total_value)
        ORDER BY p.id
        ON CONFLICT (organization_id, ${column}, product_id) DO UPDATE SET
          quantity = ${table}.quantity + excluded.quantity,
          total_value = ${table}.total_value + excluded.total_value,
          sales_count = ${table}.sales_count + excluded.sales_count`,
      );
      if (sign < 0) {
        await scopedExecute(
          db,
          (org) => Prisma.sql`
          DELETE FROM ${table} WHERE organization_id = ${org} AND ${column} = ${key}::date AND product_id = ANY(${ids}::uuid[]) AND sales_count = 0`,
        );
      }
    }
  }
  if (sign < 0) {
    await scopedExecute(
      db,
      (org) => Prisma.sql`DELETE FROM sales_days WHERE organization_id = ${org} AND day = ${day}::date AND sales_count = 0`,
    );
  }
}

/** What the sale adds to the rollups now: null for a quotation or a missing sale. */
async function contributionOf(db: Db, saleId: string): Promise<Contribution | null> {
  const sale = await db.sale.findUnique({
    where: { id: saleId },
    select: {
      created_at: true,
      quotation: true,
      total_value: true,
      items: { select: { product_id: true, quantity: true, total_value: true } },
    },
  });
  if (!sale || sale.quotation) return null;
  const byProduct = new Map<string, { product_id: string; quantity: Money; total_value: Money }>();
  for (const item of sale.items) {
    const entry = byProduct.get(item.product_id) ?? { product_id: item.product_id, quantity: ZERO, total_value: ZERO };
    entry.quantity = entry.quantity.plus(money(item.quantity));
    entry.total_value = entry.total_value.plus(money(item.total_value));
    byProduct.set(item.product_id, entry);
  }
  return { day: dayOf(sale.created_at), revenue: money(sale.total_value), products: [...byProduct.values()] };
}

/**
 * Brings the rollups in line with the sale as it is in `db` (the sales module calls it
 * inside the transaction that creates or changes the sale).
 */
export async function recordSaleInRollups(db: Db, saleId: string): Promise<void> {
  const previous = await db.saleRollupEntry.findUnique({ where: { sale_id: saleId } });
  if (previous) {
    await apply(
      db,
      {
        day: previous.day.toISOString().slice(0, 10),
        revenue: money(previous.total_value),
        products: (previous.products as unknown as StoredProduct[]).map((p) => ({
          product_id: p.product_id,
          quantity: money(p.quantity),
          total_value: money(p.total_value),
        })),
      },
      -1,
    );
  }
  const now = await contributionOf(db, saleId);
  if (!now) {
    if (previous) await db.saleRollupEntry.delete({ where: { sale_id: saleId } });
    return;
  }
  await apply(db, now, 1);
  const stored = {
    day: new Date(`${now.day}T00:00:00Z`),
    total_value: now.revenue.toString(),
    products: now.products.map((p) => ({
      product_id: p.product_id,
      quantity: p.quantity.toString(),
      total_value: p.total_value.toString(),
    })),
  };
  await db.saleRollupEntry.upsert({
    where: { sale_id: saleId },
    create: { sale_id: saleId, organization_id: db.$organizationId, ...stored },
    update: stored,
  });
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
