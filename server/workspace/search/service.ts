import type { z } from "zod";
import type { Db } from "../../db/scoped";
import { Prisma } from "../../generated/prisma/client";
import { formatFiscalNumber } from "../../lib/fiscal-number";
import { isUuid } from "../../lib/ids";
import { toJsonNumber } from "../../lib/money";
import { searchWhere } from "../../lib/search";
import { orderSearchMatches } from "../../orders/orders/service";
import { scopeWhere, type OrderScope } from "../../auth/scope";
import type { OrderSearchHit, searchInput, SearchResult } from "./schemas";

/**
 * The panel's global search (Ctrl+K): the records whose name-like fields hold the words,
 * accent- and case-insensitively, a few of each kind, all kinds at once. Orders only in
 * the caller's order scope (a SELLER's own).
 */
export async function searchEverything(db: Db, scope: OrderScope, input: z.output<typeof searchInput>): Promise<SearchResult> {
  const where = searchWhere(input.q);
  const take = input.limit;
  const orderBy = { name: "asc" } as const;
  const [partners, products, orders, brands, categories, sellers] = await Promise.all([
    db.partner.findMany({ where, take, orderBy, select: { id: true, name: true, fiscal_registration_number: true } }),
    db.product.findMany({ where, take, orderBy, select: { id: true, name: true, sku: true } }),
    searchOrders(db, scope, input.q, take),
    db.brand.findMany({ where, take, orderBy, select: { id: true, name: true } }),
    db.category.findMany({ where, take, orderBy, select: { id: true, name: true } }),
    db.seller.findMany({ where, take, orderBy, select: { id: true, name: true, email: true } }),
  ]);
  return {
    partners: partners.map((row) => ({ id: row.id, title: row.name, subtitle: formatFiscalNumber(row.fiscal_registration_number) })),
    products: products.map((row) => ({ id: row.id, title: row.name, subtitle: row.sku })),
    orders,
    brands: brands.map((row) => ({ id: row.id, title: row.name, subtitle: null })),
    categories: categories.map((row) => ({ id: row.id, title: row.name, subtitle: null })),
    sellers: sellers.map((row) => ({ id: row.id, title: row.name, subtitle: row.email })),
  };
}

/**
 * Orders as staff look for them: by the partner's name, trade name or CPF/CNPJ, the
 * shipment city or the observation (the order's search text); by its number as people
 * type it ("1.234", "nº 1234") or its id; by an invoice's NF-e key or number; by the
 * external id of the sale that made it. Newest first.
 */
async function searchOrders(db: Db, scope: OrderScope, q: string, take: number): Promise<OrderSearchHit[]> {
  const text = q.trim();
  // What the orders list finds, and beyond it: the id, an invoice's number, the sale's external id.
  const matches: Prisma.OrderWhereInput[] = [
    ...orderSearchMatches(text),
    ...(isUuid(text) ? [{ id: text.toLowerCase() }] : []),
    ...(/^\d+$/.test(text) ? [{ invoices: { some: { invoice_number: text } } }] : []),
    { sale: { external_id: text } },
  ];
  const rows = await db.order.findMany({
    where: { ...scopeWhere(scope), OR: matches },
    take,
    orderBy: [{ negotiation_date: "desc" }, { id: "asc" }],
    select: {
      id: true,
      number: true,
      negotiation_date: true,
      total_value: true,
      quotation: true,
      partner: { select: { name: true } },
      status: { select: { title: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    title: row.partner.name,
    subtitle: row.status.title,
    negotiation_date: row.negotiation_date.toISOString(),
    total_value: toJsonNumber(row.total_value) ?? 0,
    quotation: row.quotation,
  }));
}
