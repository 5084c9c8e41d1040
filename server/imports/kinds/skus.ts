import { skuKey } from "../../catalog/products/service";
import type { Db } from "../../db/scoped";

/** What a SKU names: a product, or a variation of one. */
export interface SkuTarget {
  product_id: string;
  product_variation_id: string | null;
}

/** The products and variations of these SKUs (compared as SKUs are: case-insensitively), by their key. */
export async function skuTargets(db: Db, skus: readonly string[]): Promise<Map<string, SkuTarget>> {
  const keys = [...new Set(skus.filter(Boolean).map(skuKey))];
  const [products, variations] = await Promise.all([
    db.product.findMany({ where: { sku_key: { in: keys } }, select: { id: true, sku_key: true } }),
    db.productVariation.findMany({ where: { sku_key: { in: keys } }, select: { id: true, sku_key: true, product_id: true } }),
  ]);
  const targets = new Map<string, SkuTarget>();
  for (const row of products) targets.set(row.sku_key, { product_id: row.id, product_variation_id: null });
  for (const row of variations) targets.set(row.sku_key, { product_id: row.product_id, product_variation_id: row.id });
  return targets;
}
