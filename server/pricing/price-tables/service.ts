import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { AppError, type FieldError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { toJsonNumber } from "../../lib/money";
import { paginate, sortByColumns, type Page } from "../../lib/paging";
import { searchText } from "../../lib/search";
import { validateAttributes } from "../../crud/validate-attributes";
import { replaceTargets, targetCountsOf, targetInclude, targetReferenceErrors, targetsOf } from "../targets";
import type { PriceTable, PriceTableListInput, PriceTableListRecord, PriceTableSaved, PriceTableWriteOutput } from "./schemas";

/**
 * Price tables (interface "Price table"; contract §5). A table is its row, its criteria
 * (price_table_criteria), the products they list (price_table_products, indexed by
 * product for the price calculation) and its targets; a write replaces the three lists
 * whole, in the request's transaction, after checking every reference (422 naming it).
 */

const detailInclude = {
  targets: { include: targetInclude, orderBy: { id: "asc" } },
  criteria: {
    orderBy: { position: "asc" },
    include: {
      products: {
        orderBy: { position: "asc" },
        include: {
          product: { select: { name: true, sku: true, price: true } },
          variation: { select: { name: true, sku: true, price: true } },
        },
      },
    },
  },
} satisfies Prisma.PriceTableInclude;
type PriceTableRow = Prisma.PriceTableGetPayload<{
  include: typeof detailInclude;
}>;

/** A database date as `YYYY-MM-DD`. */
export function dateOf(value: Date): string {
  return value.toISOString().slice(0, 10);
}
export const dateOrNull = (value: Date | null) => (value ? dateOf(value) : null);
const asDate = (value: string) => new Date(`${value}T00:00:00Z`);

async function findRow(db: Db, id: string): Promise<PriceTableRow> {
  const row = isUuid(id) ? await db.priceTable.findUnique({ where: { id }, include: detailInclude }) : null;
  if (!row) throw AppError.notFound("Price table");
  return row;
}

async function toPriceTable(db: Db, row: PriceTableRow): Promise<PriceTable> {
  const everyProduct = row.criteria.some((criteria) => !criteria.has_products) ? await db.product.count() : 0;
  return {
    id: row.id,
    name: row.name,
    start_date: dateOf(row.start_date),
    end_date: dateOrNull(row.end_date),
    is_partner_specific: row.is_partner_specific,
    is_profile_specific: row.is_profile_specific,
    is_company_specific: row.is_company_specific,
    is_payment_method_specific: row.is_payment_method_specific,
    criteria: row.criteria.map((criteria) => ({
      criteria_id: criteria.criteria_id,
      name: criteria.name,
      rate_type: criteria.rate_type,
      value_type: criteria.value_type,
      criteria_type: criteria.criteria_type,
      value: Number(criteria.value.toString()),
      products_quantity: criteria.has_products ? new Set(criteria.products.map((product) => product.product_id)).size : everyProduct,
      products: criteria.products.map((product) => ({
        product_id: product.product_id,
        product_variation_id: product.product_variation_id,
        price: toJsonNumber(product.price),
        base_price: toJsonNumber(product.variation?.price ?? product.product.price),
        name: product.variation ? `${product.product.name} — ${product.variation.name}` : product.product.name,
        sku: product.variation?.sku ?? product.product.sku,
        attributes: product.attributes as Record<string, unknown>,
      })),
    })),
    ...targetsOf(row.targets),
    attributes: row.attributes as Record<string, unknown>,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function getPriceTable(db: Db, id: string): Promise<PriceTable> {
  return toPriceTable(db, await findRow(db, id));
}

export async function listPriceTables(db: Db, input: PriceTableListInput): Promise<Page<PriceTableListRecord>> {
  const page = await paginate(db.priceTable, input, {
    sortable: sortByColumns(["id", "name", "start_date", "end_date", "created_at", "updated_at"]),
    defaultSort: "name",
    searchable: true,
    toItem: (row) => row,
  });
  const counts = await targetCountsOf(
    db,
    "price_table",
    page.items.map((row) => row.id),
  );
  return {
    ...page,
    items: page.items.map((row) => {
      const { partners, profiles, companies, payment_methods } = counts(row.id);
      return {
        id: row.id,
        name: row.name,
        partner_size: partners,
        profile_size: profiles,
        company_size: companies,
        payment_method_size: payment_methods,
        start_date: dateOf(row.start_date),
        end_date: dateOrNull(row.end_date),
        attributes: row.attributes as Record<string, unknown>,
      };
    }),
  };
}

/** 422 for each product or variation of the criteria that is not in the org (or a variation of another product). */
async function productReferenceErrors(db: Db, input: PriceTableWriteOutput): Promise<FieldError[]> {
  const productIds = [...new Set(input.criteria.flatMap((criteria) => criteria.products.map((product) => product.product_id)))];
  const variationIds = [
    ...new Set(
      input.criteria.flatMap((criteria) =>
        criteria.products.flatMap((product) => (product.product_variation_id ? [product.product_variation_id] : [])),
      ),
    ),
  ];
  const [products, variations] = await Promise.all([
    productIds.length
      ? db.product.findMany({
          where: { id: { in: productIds } },
          select: { id: true },
        })
      : [],
    variationIds.length
      ? db.productVariation.findMany({
          where: { id: { in: variationIds } },
          select: { id: true, product_id: true },
        })
      : [],
  ]);
  const known = new Set(products.map((product) => product.id));
  const productOf = new Map(variations.map((variation) => [variation.id, variation.product_id]));
  const errors: FieldError[] = [];
  input.criteria.forEach((criteria, c) =>
    criteria.products.forEach((product, p) => {
      if (!known.has(product.product_id)) {
        errors.push({
          path: `criteria.${c}.products.${p}.product_id`,
          message: "no product with this id exists",
          code: "not_found_reference",
        });
      } else if (product.product_variation_id && productOf.get(product.product_variation_id) !== product.product_id) {
        errors.push({
          path: `criteria.${c}.products.${p}.product_variation_id`,
          message: "no variation of this product has this id",
          code: "not_found_reference",
        });
      }
    }),
  );
  return errors;
}

async function check(db: Db, input: PriceTableWriteOutput): Promise<void> {
  const errors = [...(await targetReferenceErrors(db, input)), ...(await productReferenceErrors(db, input))];
  if (errors.length > 0)
    throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
  await validateAttributes(db, "price_table", input.attributes);
}

function columnsOf(input: PriceTableWriteOutput) {
  return {
    name: input.name,
    start_date: asDate(input.start_date),
    end_date: input.end_date ? asDate(input.end_date) : null,
    is_partner_specific: input.is_partner_specific,
    is_profile_specific: input.is_profile_specific,
    is_company_specific: input.is_company_specific,
    is_payment_method_specific: input.is_payment_method_specific,
    attributes: input.attributes as Prisma.InputJsonObject,
    search_text: searchText([input.name]),
  };
}

/** Replaces the criteria, their products and the targets of a table. */
async function writeLists(db: Db, priceTableId: string, input: PriceTableWriteOutput): Promise<void> {
  await db.priceTableCriteria.deleteMany({
    where: { price_table_id: priceTableId },
  });
  await replaceTargets(db, { price_table_id: priceTableId }, input);
  for (const [position, criteria] of input.criteria.entries()) {
    const row = await db.priceTableCriteria.create({
      data: {
        price_table_id: priceTableId,
        criteria_id: criteria.criteria_id ?? crypto.randomUUID(),
        position,
        name: criteria.name,
        rate_type: criteria.rate_type,
        value_type: criteria.value_type,
        criteria_type: criteria.criteria_type,
        value: criteria.value,
        has_products: criteria.products.length > 0,
      } as never,
      select: { id: true },
    });
    if (criteria.products.length === 0) continue;
    await db.priceTableProduct.createMany({
      data: criteria.products.map((product, index) => ({
        price_table_id: priceTableId,
        criteria_row_id: row.id,
        position: index,
        product_id: product.product_id,
        product_variation_id: product.product_variation_id ?? null,
        price: product.price ?? null,
        attributes: product.attributes as Prisma.InputJsonObject,
      })) as never,
    });
  }
}

const savedOf = (table: PriceTable): PriceTableSaved => ({
  id: table.id,
  name: table.name,
  start_date: table.start_date,
  end_date: table.end_date,
  attributes: table.attributes,
});

export async function createPriceTable(db: Db, input: PriceTableWriteOutput): Promise<PriceTableSaved> {
  await check(db, input);
  const row = await db.priceTable.create({
    data: {
      ...(input.id ? { id: input.id } : {}),
      ...columnsOf(input),
    } as never,
    select: { id: true },
  });
  await writeLists(db, row.id, input);
  const created = await getPriceTable(db, row.id);
  await recordAudit(db, {
    action: "create",
    entity: "price_table",
    entityId: row.id,
    label: created.name,
    after: created,
  });
  return savedOf(created);
}

export async function updatePriceTable(db: Db, id: string, input: PriceTableWriteOutput): Promise<PriceTableSaved> {
  const before = await getPriceTable(db, id);
  await check(db, input);
  await db.priceTable.update({ where: { id }, data: columnsOf(input) });
  await writeLists(db, id, input);
  const updated = await getPriceTable(db, id);
  await recordAudit(db, {
    action: "update",
    entity: "price_table",
    entityId: id,
    label: updated.name,
    before,
    after: updated,
  });
  return savedOf(updated);
}

export async function removePriceTable(db: Db, id: string): Promise<void> {
  const before = await getPriceTable(db, id);
  await db.priceTable.delete({ where: { id } });
  await recordAudit(db, {
    action: "delete",
    entity: "price_table",
    entityId: id,
    label: before.name,
    before,
  });
}
