import type { Db } from "../db/scoped";
import { applyMovement } from "./stock/service";

/** [product SKU, warehouse name, quantity in] of the demo's named products (first company). */
const demoStock: Array<[string, string, number]> = [
  ["PAR-SEX-14-2", "CD Guarulhos", 12_000],
  ["PAR-SEX-14-2", "CD Contagem", 4_000],
  ["BUC-NYL-8", "CD Guarulhos", 25_000],
  ["FIO-FLEX-25", "CD Guarulhos", 4_500],
  ["FIO-FLEX-25", "CD Contagem", 420],
  ["FUR-IMP-650", "CD Guarulhos", 3_200],
  ["FUR-IMP-650", "CD Contagem", 3],
];
/** What every other demo product has in the default warehouse. */
const DEFAULT_QUANTITY = 2_500;

/**
 * Stock of the demo products, moved in as the system would (ledger included): the first
 * company and "CD Guarulhos" become the org's defaults, where orders take stock from
 * (contract §10); the orders and sales of the demo then reserve and take from it, so each
 * product's ledger explains its figures.
 */
export async function seedStockDemo(db: Db): Promise<void> {
  const company = await db.company.findFirst({ orderBy: { name: "asc" }, select: { id: true } });
  if (!company) return;
  const [products, warehouses] = await Promise.all([
    db.product.findMany({ where: { track_stock: true }, select: { id: true, sku: true } }),
    db.warehouse.findMany({ select: { id: true, name: true } }),
  ]);
  const main = warehouses.find((row) => row.name === "CD Guarulhos") ?? warehouses[0];
  if (!main) return;
  await db.company.update({ where: { id: company.id }, data: { is_default: true } });
  await db.warehouse.update({ where: { id: main.id }, data: { is_default: true } });
  for (const product of products) {
    const named = demoStock.filter(([sku]) => sku === product.sku);
    const lines: Array<[string, number]> = named.length
      ? named.flatMap(([, warehouseName, quantity]) => {
          const warehouse = warehouses.find((row) => row.name === warehouseName);
          return warehouse ? [[warehouse.id, quantity] as [string, number]] : [];
        })
      : [[main.id, DEFAULT_QUANTITY]];
    for (const [warehouseId, quantity] of lines) {
      await applyMovement(db, {
        company_id: company.id,
        warehouse_id: warehouseId,
        product_id: product.id,
        type: "INCREMENT",
        quantity,
        reason: "Estoque inicial",
      });
    }
  }
}
