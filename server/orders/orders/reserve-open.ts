import type { PrismaClient } from "../../generated/prisma/client";
import { forOrganization } from "../../db/scoped";
import { transaction } from "../../db/transaction";
import { AppError, type FieldError } from "../../errors";
import { ALL_ORDERS } from "../../auth/scope";
import { writeOrder } from "./write-order";

export interface ReserveOpenResult {
  /** The orders that now hold their reservations. */
  reserved: Array<{ organization_id: string; order_id: string }>;
  /** Those stock could not cover (or that lacked a company or warehouse to take it from): why, per field. */
  refused: Array<{ organization_id: string; order_id: string; errors: FieldError[] }>;
}

/**
 * Contract §10's catch-up for data written before orders moved stock: every OPEN or
 * CONFIRMED order (not a quotation) with an item of a stock-tracking product that holds no
 * reservation is written again as it is, which reserves what it needs, oldest first (the
 * first to be negotiated gets the stock). Each order is its own transaction through the one
 * writer; an order the stock cannot cover is left as it was and listed with the writer's
 * errors (e.g. `items.0.quantity` with the available quantity).
 */
export async function reserveOpenOrders(prisma: PrismaClient, organizationId?: string): Promise<ReserveOpenResult> {
  const organizations = await prisma.organization.findMany({
    where: organizationId ? { id: organizationId } : {},
    select: { id: true },
    orderBy: { created_at: "asc" },
  });
  if (organizationId && organizations.length === 0) throw new AppError("not_found", "Organization not found");
  const result: ReserveOpenResult = { reserved: [], refused: [] };
  for (const { id: organization_id } of organizations) {
    const db = forOrganization(prisma, organization_id);
    const orders = await db.order.findMany({
      where: {
        quotation: false,
        status: { phase: { in: ["OPEN", "CONFIRMED"] } },
        items: { some: { stock_id: null, product: { track_stock: true } } },
      },
      select: { id: true, status_id: true },
      orderBy: [{ negotiation_date: "asc" }, { created_at: "asc" }],
    });
    for (const order of orders) {
      try {
        // The order's own status again: no history entry, no event; its stock brought up to date.
        await transaction(db, (tx) =>
          writeOrder(tx, ALL_ORDERS, { kind: "status", id: order.id, status: order.status_id }, { announce: false }),
        );
        result.reserved.push({ organization_id, order_id: order.id });
      } catch (error) {
        if (!(error instanceof AppError) || !error.errors) throw error;
        result.refused.push({ organization_id, order_id: order.id, errors: error.errors });
      }
    }
  }
  return result;
}
