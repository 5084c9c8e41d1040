import { z } from "zod";

export const LOW_STOCK_DEFAULT_LIMIT = 10;

/** The dashboard's low-stock card: at most `limit` records (10 by default, at most 50). */
export const lowStockInput = z.object({
  limit: z.number().int().min(1).max(50).optional(),
});
export type LowStockInput = z.output<typeof lowStockInput>;

/** An active stock record whose available quantity is at or below its product's `minimum_stock` attribute (contract §7 `stock.low`). */
export const lowStockRecord = z.object({
  /** The stock record (its ledger page is /stock/{id}). */
  id: z.string(),
  product: z.object({
    id: z.string(),
    name: z.string(),
    sku: z.string(),
    /** The variation's name (null for the product itself). */
    variation_name: z.string().nullable(),
    measure_unit: z.object({ abbreviation: z.string(), decimals_for_quantity: z.number().int() }).nullable(),
  }),
  warehouse: z.object({ id: z.string(), name: z.string() }),
  company: z.object({ id: z.string(), name: z.string() }),
  available: z.number(),
  minimum_stock: z.number(),
  /** How far below the minimum: minimum_stock − available (0 at the minimum). */
  shortfall: z.number(),
});
export type LowStockRecord = z.output<typeof lowStockRecord>;

export const lowStock = z.object({
  /** How many records are low in all, the first `limit` of them in `items`. */
  total: z.number().int(),
  /** Furthest below the minimum first, then by product name. */
  items: z.array(lowStockRecord),
});
export type LowStock = z.output<typeof lowStock>;
