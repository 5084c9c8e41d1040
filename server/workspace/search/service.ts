import type { z } from "zod";
import type { Db } from "../../db/scoped";
import { formatFiscalNumber } from "../../lib/fiscal-number";
import { searchWhere } from "../../lib/search";
import type { searchInput, SearchResult } from "./schemas";

/**
 * The panel's global search (Ctrl+K): the records whose name-like fields hold the words,
 * accent- and case-insensitively, a few of each kind, all kinds at once.
 */
export async function searchEverything(db: Db, input: z.output<typeof searchInput>): Promise<SearchResult> {
  const where = searchWhere(input.q);
  const take = input.limit;
  const orderBy = { name: "asc" } as const;
  const [partners, products, brands, categories, sellers] = await Promise.all([
    db.partner.findMany({ where, take, orderBy, select: { id: true, name: true, fiscal_registration_number: true } }),
    db.product.findMany({ where, take, orderBy, select: { id: true, name: true, sku: true } }),
    db.brand.findMany({ where, take, orderBy, select: { id: true, name: true } }),
    db.category.findMany({ where, take, orderBy, select: { id: true, name: true } }),
    db.seller.findMany({ where, take, orderBy, select: { id: true, name: true, email: true } }),
  ]);
  return {
    partners: partners.map((row) => ({ id: row.id, title: row.name, subtitle: formatFiscalNumber(row.fiscal_registration_number) })),
    products: products.map((row) => ({ id: row.id, title: row.name, subtitle: row.sku })),
    brands: brands.map((row) => ({ id: row.id, title: row.name, subtitle: null })),
    categories: categories.map((row) => ({ id: row.id, title: row.name, subtitle: null })),
    sellers: sellers.map((row) => ({ id: row.id, title: row.name, subtitle: row.email })),
  };
}
