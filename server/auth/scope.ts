import type { Principal } from "./principal";
import type { Db } from "../db/scoped";
import { AppError } from "../errors";

/**
 * Whose orders a caller sees and writes (issue 12): ADMIN, MANAGER and VIEWER every
 * order of the org; a SELLER only the orders of the seller it is linked to (the user's
 * `seller_id`, else the seller whose `user_id` is the user). A SELLER linked to no seller
 * (an access key with the SELLER role, an unlinked user) sees none: fail closed.
 */
export type OrderScope = { kind: "all" } | { kind: "seller"; sellerId: string | null };

export const ALL_ORDERS: OrderScope = { kind: "all" };

export async function orderScope(db: Db, principal: Pick<Principal, "kind" | "id" | "role">): Promise<OrderScope> {
  if (principal.role !== "SELLER") return ALL_ORDERS;
  if (principal.kind !== "user") return { kind: "seller", sellerId: null };
  const user = await db.user.findUnique({
    where: { id: principal.id },
    select: { seller_id: true },
  });
  if (user?.seller_id) return { kind: "seller", sellerId: user.seller_id };
  const seller = await db.seller.findFirst({
    where: { user_id: principal.id },
    select: { id: true },
    orderBy: { created_at: "asc" },
  });
  return { kind: "seller", sellerId: seller?.id ?? null };
}

/** The filter of the orders a scope sees. */
export function scopeWhere(scope: OrderScope): {
  seller_id?: string;
  id?: { in: string[] };
} {
  if (scope.kind === "all") return {};
  return scope.sellerId ? { seller_id: scope.sellerId } : { id: { in: [] } };
}

/** The filter of the orders a scope sees, for a raw read: a seller's id to match, or none at all (a SELLER linked to no seller). */
export function scopeWhereSql(scope: OrderScope): { sellerId: string | null; none: boolean } {
  if (scope.kind === "all") return { sellerId: null, none: false };
  return { sellerId: scope.sellerId, none: !scope.sellerId };
}

/**
 * The seller an order or sale written in this scope gets (contract §10): a SELLER's own —
 * absent `seller_id` means its own, another seller's is 403, and one linked to no seller
 * may not write orders or sales (403).
 */
export function sellerForWrite(scope: OrderScope, requested: string | null | undefined): string | null | undefined {
  if (scope.kind === "all") return requested;
  if (!scope.sellerId) throw new AppError("seller_not_linked", "A seller user must be linked to a seller to write orders and sales");
  if (requested && requested !== scope.sellerId) {
    throw new AppError("not_own_seller", "A seller writes only their own orders and sales", {
      params: { seller_id: requested },
    });
  }
  return scope.sellerId;
}

/**
 * The receivables a scope sees (contract §10): every one for the org's staff; for a SELLER,
 * those of its seller's orders and sales (fail closed: none for a SELLER linked to no seller).
 */
export function financialScopeWhere(scope: OrderScope): { OR?: Array<Record<string, unknown>>; id?: { in: string[] } } {
  if (scope.kind === "all") return {};
  if (!scope.sellerId) return { id: { in: [] } };
  return { OR: [{ order: { seller_id: scope.sellerId } }, { sale: { seller_id: scope.sellerId } }] };
}
