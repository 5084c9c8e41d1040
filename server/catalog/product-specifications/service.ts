import type { z } from "zod";
import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import type { Prisma, ProductSpecification as SpecificationRow } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { paginate, sortByColumns, type Page } from "../../lib/paging";
import { normalizeSearch } from "../../lib/search";
import { validateAttributes } from "../../crud/validate-attributes";
import { refreshProducts } from "../products/search-index";
import {
  PRODUCT_SPECIFICATION_SORT,
  type ProductSpecification,
  type productSpecificationListInput,
  type ProductSpecificationWriteOutput,
} from "./schemas";

/**
 * A product's technical specifications ("Voltagem: 220V"). The searchable ones feed the
 * product's search document and the `criteria` filters, so every write refreshes the
 * product's index in the same transaction.
 */
async function productOf(db: Db, productId: string) {
  const product = isUuid(productId) ? await db.product.findUnique({ where: { id: productId }, select: { id: true, name: true } }) : null;
  if (!product) throw AppError.notFound("Product");
  return product;
}

function toSpecification(row: SpecificationRow): ProductSpecification {
  return {
    id: row.id,
    product_id: row.product_id,
    name: row.name,
    value: row.value,
    is_searchable: row.is_searchable,
    attributes: row.attributes as Record<string, unknown>,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function findRow(db: Db, productId: string, id: string): Promise<SpecificationRow> {
  const row = isUuid(id) ? await db.productSpecification.findUnique({ where: { id } }) : null;
  if (!row || row.product_id !== productId) throw AppError.notFound("Product specification");
  return row;
}

function columnsOf(input: ProductSpecificationWriteOutput) {
  return {
    name: input.name,
    value: input.value,
    name_key: normalizeSearch(input.name),
    value_key: normalizeSearch(input.value),
    is_searchable: input.is_searchable,
    attributes: input.attributes as Prisma.InputJsonObject,
  };
}

export async function listProductSpecifications(
  db: Db,
  input: z.output<typeof productSpecificationListInput>,
): Promise<Page<ProductSpecification>> {
  const product = await productOf(db, input.product_id);
  return paginate(db.productSpecification, input, {
    where: { product_id: product.id },
    sortable: sortByColumns(PRODUCT_SPECIFICATION_SORT),
    defaultSort: "name",
    toItem: toSpecification,
  });
}

export async function getProductSpecification(db: Db, productId: string, id: string): Promise<ProductSpecification> {
  const product = await productOf(db, productId);
  return toSpecification(await findRow(db, product.id, id));
}

export async function createProductSpecification(
  db: Db,
  productId: string,
  input: ProductSpecificationWriteOutput,
): Promise<ProductSpecification> {
  const product = await productOf(db, productId);
  await validateAttributes(db, "product_specification", input.attributes);
  const row = await db.productSpecification.create({
    data: { ...(input.id ? { id: input.id } : {}), product_id: product.id, ...columnsOf(input) } as never,
  });
  await refreshProducts(db, [product.id]);
  const created = toSpecification(row);
  await recordAudit(db, {
    action: "create",
    entity: "product_specification",
    entityId: row.id,
    label: `${product.name} · ${row.name}`,
    after: created,
  });
  return created;
}

export async function updateProductSpecification(
  db: Db,
  productId: string,
  id: string,
  input: ProductSpecificationWriteOutput,
): Promise<ProductSpecification> {
  const product = await productOf(db, productId);
  const current = await findRow(db, product.id, id);
  await validateAttributes(db, "product_specification", input.attributes);
  const row = await db.productSpecification.update({ where: { id }, data: columnsOf(input) });
  await refreshProducts(db, [product.id]);
  const updated = toSpecification(row);
  await recordAudit(db, {
    action: "update",
    entity: "product_specification",
    entityId: id,
    label: `${product.name} · ${row.name}`,
    before: toSpecification(current),
    after: updated,
  });
  return updated;
}

export async function removeProductSpecification(db: Db, productId: string, id: string): Promise<void> {
  const product = await productOf(db, productId);
  const current = await findRow(db, product.id, id);
  await db.productSpecification.delete({ where: { id } });
  await refreshProducts(db, [product.id]);
  await recordAudit(db, {
    action: "delete",
    entity: "product_specification",
    entityId: id,
    label: `${product.name} · ${current.name}`,
    before: toSpecification(current),
  });
}
