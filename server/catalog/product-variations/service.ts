import type { z } from "zod";
import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { AppError, type FieldError } from "../../errors";
import type { Prisma, ProductVariation as VariationRow } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { toJsonNumber } from "../../lib/money";
import { paginate, sortByColumns, type Page } from "../../lib/paging";
import { normalizeSearch, searchText } from "../../lib/search";
import { validateAttributes } from "../../crud/validate-attributes";
import { claimSku, generateSku } from "../products/service";
import { PRODUCT_VARIATION_SORT, type ProductVariation, type productVariationListInput, type ProductVariationWriteOutput } from "./schemas";

/**
 * A product's variations (contract §5 "Product variation"): each value names an existing
 * variation of the org and is one of that variation's values (422 on `values.N.value`),
 * SKUs are unique in the org among products and variations, a price overrides the
 * product's. A product of another org, or none, is 404 on every path.
 */
type StoredValue = { variation_id: string; value: string };

async function productOf(db: Db, productId: string) {
  const product = isUuid(productId)
    ? await db.product.findUnique({ where: { id: productId }, select: { id: true, name: true, sku: true, price: true } })
    : null;
  if (!product) throw AppError.notFound("Product");
  return product;
}

async function variationNames(db: Db, rows: Array<{ values: unknown }>): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.values as StoredValue[]).map((value) => value.variation_id)))];
  const variations = ids.length ? await db.variation.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  return new Map(variations.map((variation) => [variation.id, variation.name]));
}

function toVariation(row: VariationRow, productPrice: Prisma.Decimal | null, names: Map<string, string>): ProductVariation {
  return {
    id: row.id,
    product_id: row.product_id,
    name: row.name,
    sku: row.sku,
    price: toJsonNumber(row.price),
    effective_price: toJsonNumber(row.price ?? productPrice),
    active: row.active,
    values: (row.values as StoredValue[]).map((value) => ({ ...value, variation_name: names.get(value.variation_id) ?? null })),
    attributes: row.attributes as Record<string, unknown>,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function findRow(db: Db, productId: string, id: string): Promise<VariationRow> {
  const row = isUuid(id) ? await db.productVariation.findUnique({ where: { id } }) : null;
  if (!row || row.product_id !== productId) throw AppError.notFound("Product variation");
  return row;
}

export async function listProductVariations(db: Db, input: z.output<typeof productVariationListInput>): Promise<Page<ProductVariation>> {
  const product = await productOf(db, input.product_id);
  const page = await paginate(db.productVariation, input, {
    where: { product_id: product.id },
    sortable: sortByColumns(PRODUCT_VARIATION_SORT),
    defaultSort: "name",
    searchable: true,
    toItem: (row: VariationRow) => row,
  });
  const names = await variationNames(db, page.items);
  return { ...page, items: page.items.map((row) => toVariation(row, product.price, names)) };
}

export async function getProductVariation(db: Db, productId: string, id: string): Promise<ProductVariation> {
  const product = await productOf(db, productId);
  const row = await findRow(db, product.id, id);
  return toVariation(row, product.price, await variationNames(db, [row]));
}

/** 422 for a value of a variation the org does not have, or a value that variation does not offer. */
async function checkValues(db: Db, values: ProductVariationWriteOutput["values"]): Promise<void> {
  const ids = values.map((value) => value.variation_id);
  const variations = ids.length
    ? await db.variation.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, values: true } })
    : [];
  const errors: FieldError[] = [];
  values.forEach((value, index) => {
    const variation = variations.find((candidate) => candidate.id === value.variation_id);
    if (!variation) {
      errors.push({ path: `values.${index}.variation_id`, message: "no variation with this id exists", code: "not_found_reference" });
    } else if (!variation.values.some((offered) => normalizeSearch(offered) === normalizeSearch(value.value))) {
      errors.push({
        path: `values.${index}.value`,
        message: `must be one of the values of ${variation.name}: ${variation.values.join(", ")}`,
        code: "invalid_enum_value",
        params: { values: variation.values },
      });
    }
  });
  if (errors.length > 0)
    throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
}

/** The values as the variation writes them ("azul" → "Azul"). */
async function canonicalValues(db: Db, values: ProductVariationWriteOutput["values"]): Promise<StoredValue[]> {
  const variations = values.length
    ? await db.variation.findMany({ where: { id: { in: values.map((value) => value.variation_id) } }, select: { id: true, values: true } })
    : [];
  return values.map((value) => {
    const offered = variations.find((variation) => variation.id === value.variation_id)?.values ?? [];
    return {
      variation_id: value.variation_id,
      value: offered.find((candidate) => normalizeSearch(candidate) === normalizeSearch(value.value)) ?? value.value,
    };
  });
}

function skuFrom(productSku: string, values: StoredValue[]): string {
  const suffix = values
    .map((value) =>
      normalizeSearch(value.value)
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, ""),
    )
    .filter(Boolean)
    .join("-");
  return suffix ? `${productSku.toUpperCase()}-${suffix}` : `${productSku.toUpperCase()}-V`;
}

export async function createProductVariation(db: Db, productId: string, input: ProductVariationWriteOutput): Promise<ProductVariation> {
  const product = await productOf(db, productId);
  await checkValues(db, input.values);
  await validateAttributes(db, "product_variation", input.attributes);
  const values = await canonicalValues(db, input.values);
  const sku = input.sku ?? (await generateSku(db, skuFrom(product.sku, values)));
  const key = input.sku ? await claimSku(db, input.sku) : sku;
  const row = await db.productVariation.create({
    data: {
      ...(input.id ? { id: input.id } : {}),
      product_id: product.id,
      name: input.name,
      sku,
      sku_key: key,
      price: input.price ?? null,
      active: input.active,
      values,
      attributes: input.attributes as Prisma.InputJsonObject,
      search_text: searchText([input.name, sku]),
    } as never,
  });
  const created = toVariation(row, product.price, await variationNames(db, [row]));
  await recordAudit(db, {
    action: "create",
    entity: "product_variation",
    entityId: row.id,
    label: `${product.name} · ${row.name}`,
    after: created,
  });
  return created;
}

export async function updateProductVariation(
  db: Db,
  productId: string,
  id: string,
  input: ProductVariationWriteOutput,
): Promise<ProductVariation> {
  const product = await productOf(db, productId);
  const current = await findRow(db, product.id, id);
  await checkValues(db, input.values);
  await validateAttributes(db, "product_variation", input.attributes);
  const values = await canonicalValues(db, input.values);
  const sku = input.sku ?? current.sku;
  const key =
    input.sku && input.sku.normalize("NFC").toUpperCase() !== current.sku_key
      ? await claimSku(db, input.sku, { variationId: id })
      : current.sku_key;
  const row = await db.productVariation.update({
    where: { id },
    data: {
      name: input.name,
      sku,
      sku_key: key,
      price: input.price ?? null,
      active: input.active,
      values,
      attributes: input.attributes as Prisma.InputJsonObject,
      search_text: searchText([input.name, sku]),
    },
  });
  const names = await variationNames(db, [current, row]);
  const updated = toVariation(row, product.price, names);
  await recordAudit(db, {
    action: "update",
    entity: "product_variation",
    entityId: id,
    label: `${product.name} · ${row.name}`,
    before: toVariation(current, product.price, names),
    after: updated,
  });
  return updated;
}

export async function removeProductVariation(db: Db, productId: string, id: string): Promise<void> {
  const product = await productOf(db, productId);
  const current = await findRow(db, product.id, id);
  await db.productVariation.delete({ where: { id } });
  await recordAudit(db, {
    action: "delete",
    entity: "product_variation",
    entityId: id,
    label: `${product.name} · ${current.name}`,
    before: toVariation(current, product.price, await variationNames(db, [current])),
  });
}
