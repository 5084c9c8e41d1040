import type { Db } from "../../db/scoped";
import { scopedExecute } from "../../db/sql";
import { Prisma } from "../../generated/prisma/client";
import { defineCrud } from "../../lib/crud";
import { isUuid } from "../../lib/ids";
import { normalizeSearch } from "../../lib/search";
import { product, productFilters, productListRecord, productWrite, type ProductWriteOutput } from "./schemas";

const SKU_BASE_LENGTH = 40;

/** How SKUs compare for uniqueness in an org: Unicode NFC, upper case. */
export function skuKey(sku: string): string {
  return sku.normalize("NFC").toUpperCase();
}

/**
 * "Furadeira de Impacto 650W" → "FURADEIRA-DE-IMPACTO-650W", then -2, -3... until free in
 * the org. Generations of one base take turns (a lock held until the write's transaction
 * ends), so twenty products created at once with one name get twenty SKUs.
 */
export async function generateSku(db: Db, name: string): Promise<string> {
  const base =
    normalizeSearch(name)
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, SKU_BASE_LENGTH)
      .replace(/-+$/, "") || "PRODUCT";
  await scopedExecute(db, (organization) => Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('product-sku:' || ${organization}::text || ':' || ${base}))`);
  const taken = new Set(
    (await db.product.findMany({ where: { sku_key: { startsWith: base } }, select: { sku_key: true } })).map((row) => row.sku_key),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const crud = defineCrud({
  noun: "Product",
  entity: "product",
  path: "/products",
  tag: "Products",
  model: (db) => db.product,
  write: productWrite,
  detail: product,
  listRecord: productListRecord,
  // interface.md: POST /products answers 200.
  createStatus: 200,
  filters: {
    schema: productFilters,
    where: ({ only_active, product_ids }) => ({
      ...(only_active ? { active: true } : {}),
      ...(product_ids ? { id: { in: product_ids.filter(isUuid) } } : {}),
    }),
  },
  searchFields: (input) => [input.name, input.sku],
  toData: (input) => (input.sku === undefined ? input : { ...input, sku_key: skuKey(input.sku) }),
  sortable: ["id", "name", "sku", "active"],
  defaultSort: "name",
  usedBy: [{ label: "alternative units", count: (db, id) => db.alternativeUnit.count({ where: { product_id: id } }) }],
});

/** A write whose SKU is settled: the given one, the stored one (PUT without it) or a generated one. */
async function withSku(db: Db, input: ProductWriteOutput, id?: string): Promise<ProductWriteOutput & { sku: string }> {
  if (input.sku !== undefined) return { ...input, sku: input.sku };
  if (id) return { ...input, sku: (await crud.service.find(db, id)).sku };
  return { ...input, sku: await generateSku(db, input.name) };
}

export const products = {
  ...crud,
  service: {
    ...crud.service,
    create: async (db: Db, input: ProductWriteOutput) => crud.service.create(db, await withSku(db, input)),
    update: async (db: Db, id: string, input: ProductWriteOutput) => crud.service.update(db, id, await withSku(db, input, id)),
  },
};
