import type { StockRecord } from "@/server/stock/stock/schemas";

/** The decimals a record's quantities have: its product's unit's (whole numbers without one). */
export const decimalsOf = (record: Pick<StockRecord, "product">) => record.product.measure_unit?.decimals_for_quantity ?? 0;

export { productNameOf } from "@/server/stock/stock/schemas";
