import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import type { Prisma } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { toJsonNumber } from "../../lib/money";
import { paginate, sortByColumns, type Page } from "../../lib/paging";
import { escapeLike, normalizeSearch, searchText } from "../../lib/search";
import { validateAttributes } from "../../crud/validate-attributes";
import { normalizeKey, normalizeValue, SPECIFICATION_PREFIX, type CriteriaEntry } from "../criteria";
import { asDate, dateOrNull } from "../fields";
import { replaceTargets, targetCountsOf, targetInclude, targetReferenceErrors, targetsOf } from "../targets";
import { z } from "zod";
import {
  discountRange,
  type CriteriaEntryWrite,
  type Discount,
  type DiscountListInput,
  type DiscountListRecord,
  type DiscountWriteOutput,
} from "./schemas";

/**
 * Discounts (interface "Discount"; contract §5, §8). Ranges and criteria are stored with
 * the discount (JSON); every accepted value of its criteria is also written, normalized,
 * to discount_criteria_values, the index the price calculation uses to find the
 * discounts that may match a product. Criteria are structured filters: the products they
 * select are counted with ordinary Prisma filters, never text run as SQL.
 */

/** A stored criteria (the `criteria` column). */
const storedCriteriaSchema = z.array(
  z.object({
    criteria_id: z.string(),
    name: z.string().nullable(),
    type: z.string(),
    criteria_type: z.string(),
    entries: z.array(
      z.object({
        key: z.string(),
        values: z.array(z.string()),
        type: z.string(),
        config: z.string().nullable(),
      }),
    ),
  }),
);
export type StoredCriteria = z.output<typeof storedCriteriaSchema>[number];

/** A stored range (the `ranges` column). */
const storedRangesSchema = z.array(discountRange);
export type StoredRange = z.output<typeof discountRange>;

/** The JSON columns of a discount, read back with their shape checked. */
export const readCriteria = (value: Prisma.JsonValue): StoredCriteria[] => storedCriteriaSchema.parse(value);
export const readRanges = (value: Prisma.JsonValue): StoredRange[] => storedRangesSchema.parse(value);

const detailInclude = {
  targets: { include: targetInclude, orderBy: { id: "asc" } },
} satisfies Prisma.DiscountInclude;
type DiscountRow = Prisma.DiscountGetPayload<{ include: typeof detailInclude }>;

const dateColumn = (value: string | null | undefined) => (value ? asDate(value) : null);

/** The Prisma filter of the products a criteria selects: every entry must hold. */
export function criteriaWhere(entries: readonly CriteriaEntry[]): Prisma.ProductWhereInput {
  return {
    AND: entries.map((entry): Prisma.ProductWhereInput => {
      const key = normalizeKey(entry.key);
      const values = [...new Set(entry.values.map((value) => normalizeValue(key, value)))];
      const ids = values.filter(isUuid);
      if (key === "product_id") return { id: { in: ids } };
      if (key === "brand_id") return { brand_id: { in: ids } };
      if (key === "category_id") return { categories: { some: { category_id: { in: ids } } } };
      // Criteria values are kept normalized (lower case, server/pricing/criteria.ts); sku_key
      // is the SKU in upper case: compare in its terms, or an SKU criteria never counts.
      if (key === "sku") return { sku_key: { in: values.map((value) => value.toUpperCase()) } };
      return {
        specifications: {
          some: {
            name_key: key.slice(SPECIFICATION_PREFIX.length),
            value_key: { in: values },
          },
        },
      };
    }),
  };
}

/** How many products of the org match every entry (the panel's preview, `products_quantity`). */
export async function countMatchingProducts(db: Db, entries: readonly CriteriaEntry[]): Promise<number> {
  return db.product.count({ where: criteriaWhere(entries) });
}

function entryMap(entries: StoredCriteria["entries"]) {
  return Object.fromEntries(entries.map((entry) => [entry.key, entry]));
}

async function toDiscount(db: Db, row: DiscountRow): Promise<Discount> {
  const criteria = readCriteria(row.criteria);
  const quantities = await Promise.all(criteria.map((item) => countMatchingProducts(db, item.entries)));
  return {
    id: row.id,
    name: row.name,
    minimum_value: toJsonNumber(row.minimum_value),
    maximum_value: toJsonNumber(row.maximum_value),
    start_date: dateOrNull(row.start_date),
    end_date: dateOrNull(row.end_date),
    is_discount_over_discount: row.is_discount_over_discount,
    is_partner: row.is_partner,
    is_profile: row.is_profile,
    is_company: row.is_company,
    is_payment_method: row.is_payment_method,
    is_active: row.is_active,
    quantity_condition: row.quantity_condition,
    ...targetsOf(row.targets),
    ranges: readRanges(row.ranges),
    criteria: criteria.map((item, index) => ({
      criteria_id: item.criteria_id,
      name: item.name,
      type: item.type,
      criteria_type: item.criteria_type,
      products_quantity: quantities[index] ?? 0,
      config: entryMap(item.entries),
    })),
    attributes: row.attributes as Record<string, unknown>,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function findRow(db: Db, id: string): Promise<DiscountRow> {
  const row = isUuid(id) ? await db.discount.findUnique({ where: { id }, include: detailInclude }) : null;
  if (!row) throw AppError.notFound("Discount");
  return row;
}

export async function getDiscount(db: Db, id: string): Promise<Discount> {
  return toDiscount(db, await findRow(db, id));
}

export async function listDiscounts(db: Db, input: DiscountListInput): Promise<Page<DiscountListRecord>> {
  const page = await paginate(db.discount, input, {
    sortable: sortByColumns(["id", "name", "start_date", "end_date", "created_at", "updated_at"]),
    defaultSort: "name",
    searchable: true,
    select: {
      id: true,
      name: true,
      start_date: true,
      end_date: true,
      is_active: true,
    },
    toItem: (row: { id: string; name: string; start_date: Date | null; end_date: Date | null; is_active: boolean }) => row,
  });
  const counts = await targetCountsOf(
    db,
    "discount",
    page.items.map((row) => row.id),
  );
  return {
    ...page,
    items: page.items.map((row) => {
      const { partners, profiles, companies, payment_methods } = counts(row.id);
      return {
        id: row.id,
        name: row.name,
        partners_quantity: partners,
        profiles_quantity: profiles,
        companies_quantity: companies,
        payment_methods_quantity: payment_methods,
        start_date: dateOrNull(row.start_date),
        end_date: dateOrNull(row.end_date),
        is_active: row.is_active,
      };
    }),
  };
}

function storedCriteria(input: DiscountWriteOutput): StoredCriteria[] {
  return input.criteria.map((item) => ({
    criteria_id: item.criteria_id ?? crypto.randomUUID(),
    name: item.name,
    type: item.type,
    criteria_type: item.criteria_type,
    entries: item.config.map((entry: CriteriaEntryWrite) => ({
      key: entry.key,
      values: entry.values,
      type: entry.type,
      config: entry.config,
    })),
  }));
}

function columnsOf(input: DiscountWriteOutput, criteria: StoredCriteria[]) {
  return {
    name: input.name,
    minimum_value: input.minimum_value ?? null,
    maximum_value: input.maximum_value ?? null,
    start_date: dateColumn(input.start_date),
    end_date: dateColumn(input.end_date),
    is_discount_over_discount: input.is_discount_over_discount,
    is_partner: input.is_partner,
    is_profile: input.is_profile,
    is_company: input.is_company,
    is_payment_method: input.is_payment_method,
    is_active: input.is_active,
    quantity_condition: input.quantity_condition,
    ranges: [...input.ranges].sort((a, b) => a.minimum_quantity - b.minimum_quantity),
    criteria,
    has_criteria: criteria.length > 0,
    attributes: input.attributes as Prisma.InputJsonObject,
    search_text: searchText([input.name]),
  };
}

/** The index rows of a discount's criteria: each accepted value, normalized, once. */
function criteriaValueRows(discountId: string, criteria: StoredCriteria[]) {
  const rows = new Map<string, { discount_id: string; key: string; value: string }>();
  for (const item of criteria) {
    for (const entry of item.entries) {
      const key = normalizeKey(entry.key);
      for (const value of entry.values) {
        const normalized = normalizeValue(key, value);
        rows.set(`${key}\u0000${normalized}`, {
          discount_id: discountId,
          key,
          value: normalized,
        });
      }
    }
  }
  return [...rows.values()];
}

async function check(db: Db, input: DiscountWriteOutput): Promise<void> {
  const errors = await targetReferenceErrors(db, input);
  if (errors.length > 0)
    throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
  await validateAttributes(db, "discount", input.attributes);
}

async function writeLists(db: Db, discountId: string, input: DiscountWriteOutput, criteria: StoredCriteria[]): Promise<void> {
  await replaceTargets(db, { discount_id: discountId }, input);
  await db.discountCriteriaValue.deleteMany({
    where: { discount_id: discountId },
  });
  const values = criteriaValueRows(discountId, criteria);
  if (values.length > 0) await db.discountCriteriaValue.createMany({ data: values as never });
}

export async function createDiscount(db: Db, input: DiscountWriteOutput): Promise<{ id: string }> {
  await check(db, input);
  const criteria = storedCriteria(input);
  const row = await db.discount.create({
    data: {
      ...(input.id ? { id: input.id } : {}),
      ...columnsOf(input, criteria),
    } as never,
    select: { id: true },
  });
  await writeLists(db, row.id, input, criteria);
  const created = await getDiscount(db, row.id);
  await recordAudit(db, {
    action: "create",
    entity: "discount",
    entityId: row.id,
    label: created.name,
    after: created,
  });
  return { id: row.id };
}

export async function updateDiscount(db: Db, id: string, input: DiscountWriteOutput): Promise<{ id: string }> {
  const before = await getDiscount(db, id);
  await check(db, input);
  const criteria = storedCriteria(input);
  await db.discount.update({ where: { id }, data: columnsOf(input, criteria) });
  await writeLists(db, id, input, criteria);
  const updated = await getDiscount(db, id);
  await recordAudit(db, {
    action: "update",
    entity: "discount",
    entityId: id,
    label: updated.name,
    before,
    after: updated,
  });
  return { id };
}

/** Enables or disables a discount (the panel's row and bulk actions); an unchanged one records nothing. */
export async function setDiscountActive(db: Db, id: string, active: boolean): Promise<void> {
  const current = await findRow(db, id);
  if (current.is_active === active) return;
  await db.discount.update({ where: { id }, data: { is_active: active } });
  await recordAudit(db, {
    action: "update",
    entity: "discount",
    entityId: id,
    label: current.name,
    before: { is_active: current.is_active },
    after: { is_active: active },
  });
}

export async function removeDiscount(db: Db, id: string): Promise<void> {
  const before = await getDiscount(db, id);
  await db.discount.delete({ where: { id } });
  await recordAudit(db, {
    action: "delete",
    entity: "discount",
    entityId: id,
    label: before.name,
    before,
  });
}

/** The preview's figure, from the entries as the form holds them. */
export async function previewCriteria(db: Db, entries: CriteriaEntry[]): Promise<{ products_quantity: number }> {
  return { products_quantity: await countMatchingProducts(db, entries) };
}

/** Words of the specification names of the org's products (the criteria builder offers them). */
export async function specificationNames(db: Db, search: string): Promise<string[]> {
  const rows = await db.productSpecification.findMany({
    where: search ? { name_key: { contains: escapeLike(normalizeSearch(search)) } } : {},
    distinct: ["name_key"],
    select: { name: true },
    orderBy: { name_key: "asc" },
    take: 50,
  });
  return rows.map((row) => row.name);
}
