import type { Db } from "../db/scoped";
import { applyMovement } from "./stock/service";

/** [product SKU, warehouse name, quantity in, reserved] of a fresh demo org (first company). */
const demoStock: Array<[string, string, number, number]> = [
  ["PAR-SEX-14-2", "CD Guarulhos", 12_000, 1_500],
  ["PAR-SEX-14-2", "CD Contagem", 4_000, 0],
  ["BUC-NYL-8", "CD Guarulhos", 25_000, 2_000],
  ["FIO-FLEX-25", "CD Guarulhos", 1_850, 300],
  ["FIO-FLEX-25", "CD Contagem", 420, 0],
  ["FUR-IMP-650", "CD Guarulhos", 18, 4],
  ["FUR-IMP-650", "CD Contagem", 3, 0],
];

/** Stock of the demo products in the demo warehouses, moved as the system would (ledger included). */
export async function seedStockDemo(db: Db): Promise<void> {
  const company = await db.company.findFirst({ orderBy: { name: "asc" }, select: { id: true } });
  if (!company) return;
  const [products, warehouses] = await Promise.all([
    db.product.findMany({ select: { id: true, sku: true } }),
    db.warehouse.findMany({ select: { id: true, name: true } }),
  ]);
  for (const [sku, warehouseName, quantity, reserved] of demoStock) {
    const product = products.find((row) => row.sku === sku);
    const warehouse = warehouses.find((row) => row.name === warehouseName);
    if (!product || !warehouse) continue;
    const key = { company_id: company.id, warehouse_id: warehouse.id, product_id: product.id };
    await applyMovement(db, { ...key, type: "INCREMENT", quantity, reason: "Estoque inicial" });
    if (reserved > 0) await applyMovement(db, { ...key, type: "RESERVE", quantity: reserved, reason: "Pedidos em aberto" });
  }
}
