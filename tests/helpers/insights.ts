import { randomUUID } from "node:crypto";
import { transaction } from "@/server/db/transaction";
import { recordNewSale } from "@/server/insights/sales-rollups";
import { money } from "@/server/lib/money";
import type { TestOrg } from "./database";

/**
 * Sales written with the shared models, as the sales module writes them, and recorded in
 * the insights rollups in the same transaction (what the sales module does on create).
 */
export async function salesKit(org: TestOrg) {
  const status = await org.db.status.findFirstOrThrow({ where: { type: "SALE", is_initial: true } });
  const partner = await org.db.partner.create({
    data: {
      organization_id: org.organizationId,
      name: "Construtora Alfa",
      fiscal_registration_number: randomUUID().replace(/-/g, "").slice(0, 14),
    },
  });
  const product = (name: string, sku = `SKU-${randomUUID().slice(0, 8)}`) =>
    org.db.product.create({ data: { organization_id: org.organizationId, name, sku, sku_key: sku.toUpperCase() } });
  const sale = async (
    createdAt: string,
    items: Array<{ product: string; quantity: number; unit: number }>,
    options: { quotation?: boolean; sellerId?: string } = {},
  ) => {
    const total = items.reduce((sum, item) => sum + item.quantity * item.unit, 0);
    return transaction(org.db, async (tx) => {
      const created = await tx.sale.create({
        data: {
          organization_id: org.organizationId,
          partner_id: partner.id,
          status_id: status.id,
          updated_by: "test",
          quotation: options.quotation ?? false,
          seller_id: options.sellerId ?? null,
          full_value: total,
          total_value: total,
          created_at: new Date(createdAt),
        },
      });
      await tx.saleItem.createMany({
        data: items.map((item, position) => ({
          organization_id: org.organizationId,
          sale_id: created.id,
          position,
          product_id: item.product,
          unit_value: item.unit,
          quantity: item.quantity,
          total_value: item.quantity * item.unit,
        })),
      });
      if (!created.quotation) {
        await recordNewSale(tx, {
          saleId: created.id,
          createdAt: created.created_at,
          total: money(total),
          items: items.map((item) => ({
            product_id: item.product,
            quantity: money(item.quantity),
            total_value: money(item.quantity * item.unit),
          })),
        });
      }
      return created.id;
    });
  };
  return { status, partner, product, sale };
}
