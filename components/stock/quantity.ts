import type { StockRecord } from "@/server/stock/stock/schemas";

/** The decimals a record's quantities have: its product's unit's (whole numbers without one). */
export const decimalsOf = (record: Pick<StockRecord, "product">) => record.product.measure_unit?.decimals_for_quantity ?? 0;

/** How the panel names a record's product: "Parafuso — Azul". */
export const productNameOf = (record: Pick<StockRecord, "product">) =>
  record.product.variation_name ? `${record.product.name} — ${record.product.variation_name}` : record.product.name;
