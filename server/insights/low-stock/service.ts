import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { Prisma } from "../../generated/prisma/client";
import { toJsonNumber } from "../../lib/money";
import { LOW_STOCK_DEFAULT_LIMIT, type LowStock, type LowStockInput } from "./schemas";

interface Row {
  id: string;
  available: string;
  minimum: string;
  shortfall: string;
  product_id: string;
  product_name: string;
  sku: string;
  variation_name: string | null;
  unit_abbreviation: string | null;
  unit_decimals: number | null;
  warehouse_id: string;
  warehouse_name: string;
  company_id: string;
  company_name: string;
  low_count: bigint | number;
}

/**
 * Active stock records of active products whose available quantity (total − reserved) is at
 * or below the product's `minimum_stock` attribute (a JSON number; products without one are
 * never low), furthest below first. One query: the page and the count of all.
 */
export async function listLowStock(db: Db, input: LowStockInput): Promise<LowStock> {
  const limit = input.limit ?? LOW_STOCK_DEFAULT_LIMIT;
  const rows = await scopedQuery<Row>(
    db,
    (organization) => Prisma.sql`
    SELECT s.id, (s.total - s.reserved)::text AS available, m.minimum::text AS minimum,
           (m.minimum - (s.total - s.reserved))::text AS shortfall,
           p.id AS product_id, p.name AS product_name, coalesce(v.sku, p.sku) AS sku, v.name AS variation_name,
           u.abbreviation AS unit_abbreviation, u.decimals_for_quantity AS unit_decimals,
           w.id AS warehouse_id, w.name AS warehouse_name, c.id AS company_id, c.name AS company_name,
           count(*) OVER () AS low_count
    FROM stock_inventories s
    JOIN products p ON p.id = s.product_id AND p.organization_id = s.organization_id
    CROSS JOIN LATERAL (
      SELECT CASE WHEN jsonb_typeof(p.attributes -> 'minimum_stock') = 'number' THEN (p.attributes ->> 'minimum_stock')::numeric END AS minimum
    ) m
    JOIN warehouses w ON w.id = s.warehouse_id
    JOIN companies c ON c.id = s.company_id
    LEFT JOIN product_variations v ON v.id = s.product_variation_id
    LEFT JOIN measure_units u ON u.id = p.measure_unit_id
    WHERE s.organization_id = ${organization} AND s.active AND p.active
      AND m.minimum IS NOT NULL AND s.total - s.reserved <= m.minimum
    ORDER BY m.minimum - (s.total - s.reserved) DESC, p.name, v.name NULLS FIRST, w.name, s.id
    LIMIT ${limit}`,
  );
  const number = (value: string) => toJsonNumber(value) ?? 0;
  return {
    total: Number(rows[0]?.low_count ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      product: {
        id: row.product_id,
        name: row.product_name,
        sku: row.sku,
        variation_name: row.variation_name,
        measure_unit:
          row.unit_abbreviation === null
            ? null
            : { abbreviation: row.unit_abbreviation, decimals_for_quantity: Number(row.unit_decimals ?? 0) },
      },
      warehouse: { id: row.warehouse_id, name: row.warehouse_name },
      company: { id: row.company_id, name: row.company_name },
      available: number(row.available),
      minimum_stock: number(row.minimum),
      shortfall: number(row.shortfall),
    })),
  };
}
