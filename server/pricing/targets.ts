import type { Db } from "../db/scoped";
import { scopedQuery } from "../db/sql";
import type { FieldError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { isUuid } from "../lib/ids";

/**
 * The partners, profiles, companies and payment methods a price table or discount names
 * (price_table_targets, discount_targets: one row per record, one id column set), shared
 * by both resources: reference checks, the rows a write stores, the lists a read answers.
 */

export interface TargetsInput {
  partners: Array<{
    id?: string;
    partner_id: string;
    attributes: Record<string, unknown>;
  }>;
  profiles: Array<{
    id?: string;
    profile_id: string;
    attributes: Record<string, unknown>;
  }>;
  companies: Array<{
    id?: string;
    company_id: string;
    attributes: Record<string, unknown>;
  }>;
  payment_methods: Array<{
    id?: string;
    payment_method_id: string;
    attributes: Record<string, unknown>;
  }>;
}

interface TargetRow {
  id?: string;
  partner_id?: string;
  profile_id?: string;
  company_id?: string;
  payment_method_id?: string;
  attributes: Prisma.InputJsonObject;
}

/** The include that reads a target row with the name of what it names. */
export const targetInclude = {
  partner: { select: { name: true } },
  profile: { select: { name: true } },
  company: { select: { name: true } },
  payment_method: { select: { name: true } },
} as const;

export interface StoredTarget {
  id: string;
  partner_id: string | null;
  profile_id: string | null;
  company_id: string | null;
  payment_method_id: string | null;
  attributes: unknown;
  partner: { name: string } | null;
  profile: { name: string } | null;
  company: { name: string } | null;
  payment_method: { name: string } | null;
}

/** 422 entries for each listed record that does not exist in the org. */
export async function targetReferenceErrors(db: Db, input: TargetsInput): Promise<FieldError[]> {
  const existing = async (ids: string[], count: (ids: string[]) => Promise<Array<{ id: string }>>) =>
    new Set(ids.length ? (await count(ids.filter(isUuid))).map((row) => row.id) : []);
  const [partners, profiles, companies, methods] = await Promise.all([
    existing(
      input.partners.map((entry) => entry.partner_id),
      (ids) =>
        db.partner.findMany({
          where: { id: { in: ids } },
          select: { id: true },
        }),
    ),
    existing(
      input.profiles.map((entry) => entry.profile_id),
      (ids) =>
        db.profile.findMany({
          where: { id: { in: ids } },
          select: { id: true },
        }),
    ),
    existing(
      input.companies.map((entry) => entry.company_id),
      (ids) =>
        db.company.findMany({
          where: { id: { in: ids } },
          select: { id: true },
        }),
    ),
    existing(
      input.payment_methods.map((entry) => entry.payment_method_id),
      (ids) =>
        db.paymentMethod.findMany({
          where: { id: { in: ids } },
          select: { id: true },
        }),
    ),
  ]);
  const errors: FieldError[] = [];
  const missing = (path: string, noun: string) =>
    errors.push({
      path,
      message: `no ${noun} with this id exists`,
      code: "not_found_reference",
    });
  input.partners.forEach((entry, index) => partners.has(entry.partner_id) || missing(`partners.${index}.partner_id`, "partner"));
  input.profiles.forEach((entry, index) => profiles.has(entry.profile_id) || missing(`profiles.${index}.profile_id`, "profile"));
  input.companies.forEach((entry, index) => companies.has(entry.company_id) || missing(`companies.${index}.company_id`, "company"));
  input.payment_methods.forEach(
    (entry, index) => methods.has(entry.payment_method_id) || missing(`payment_methods.${index}.payment_method_id`, "payment method"),
  );
  return errors;
}

/** The rows a write stores (ids kept when sent). */
function targetRows(input: TargetsInput): TargetRow[] {
  const row = (entry: { id?: string; attributes: Record<string, unknown> }, column: Omit<TargetRow, "attributes">): TargetRow => ({
    ...(entry.id ? { id: entry.id } : {}),
    ...column,
    attributes: entry.attributes as Prisma.InputJsonObject,
  });
  return [
    ...input.partners.map((entry) => row(entry, { partner_id: entry.partner_id })),
    ...input.profiles.map((entry) => row(entry, { profile_id: entry.profile_id })),
    ...input.companies.map((entry) => row(entry, { company_id: entry.company_id })),
    ...input.payment_methods.map((entry) => row(entry, { payment_method_id: entry.payment_method_id })),
  ];
}

const attributesOf = (row: StoredTarget) => row.attributes as Record<string, unknown>;

/** The four lists as answered, with names. */
export function targetsOf(rows: StoredTarget[]) {
  return {
    partners: rows.flatMap((row) =>
      row.partner_id
        ? [
            {
              id: row.id,
              partner_id: row.partner_id,
              partner_name: row.partner?.name ?? "",
              attributes: attributesOf(row),
            },
          ]
        : [],
    ),
    profiles: rows.flatMap((row) =>
      row.profile_id
        ? [
            {
              id: row.id,
              profile_id: row.profile_id,
              profile_name: row.profile?.name ?? "",
              attributes: attributesOf(row),
            },
          ]
        : [],
    ),
    companies: rows.flatMap((row) =>
      row.company_id
        ? [
            {
              id: row.id,
              company_id: row.company_id,
              company_name: row.company?.name ?? "",
              attributes: attributesOf(row),
            },
          ]
        : [],
    ),
    payment_methods: rows.flatMap((row) =>
      row.payment_method_id
        ? [
            {
              id: row.id,
              payment_method_id: row.payment_method_id,
              payment_method_name: row.payment_method?.name ?? "",
              attributes: attributesOf(row),
            },
          ]
        : [],
    ),
  };
}

/** Whose targets: a discount's (discount_targets) or a price table's (price_table_targets). */
export type TargetOwner = { discount_id: string } | { price_table_id: string };

/** Replaces the targets of a discount or price table with the lists of a write (ids kept when sent). */
export async function replaceTargets(db: Db, owner: TargetOwner, input: TargetsInput): Promise<void> {
  const rows = targetRows(input).map((row) => ({ ...row, ...owner }));
  if ("discount_id" in owner) {
    await db.discountTarget.deleteMany({ where: { discount_id: owner.discount_id } });
    if (rows.length > 0) await db.discountTarget.createMany({ data: rows as never });
  } else {
    await db.priceTableTarget.deleteMany({ where: { price_table_id: owner.price_table_id } });
    if (rows.length > 0) await db.priceTableTarget.createMany({ data: rows as never });
  }
}

export interface TargetCounts {
  partners: number;
  profiles: number;
  companies: number;
  payment_methods: number;
}

const NO_TARGETS: TargetCounts = { partners: 0, profiles: 0, companies: 0, payment_methods: 0 };

const TARGET_TABLES = {
  discount: { table: Prisma.raw("discount_targets"), owner: Prisma.raw("discount_id") },
  price_table: { table: Prisma.raw("price_table_targets"), owner: Prisma.raw("price_table_id") },
} as const;

/**
 * How many partners, profiles, companies and payment methods each of a page of discounts
 * or price tables names (their lists' `*_quantity` / `*_size`), counted in one statement.
 */
export async function targetCountsOf(db: Db, kind: keyof typeof TARGET_TABLES, ids: string[]): Promise<(id: string) => TargetCounts> {
  if (ids.length === 0) return () => NO_TARGETS;
  const { table, owner } = TARGET_TABLES[kind];
  const rows = await scopedQuery<TargetCounts & { id: string }>(
    db,
    (org) => Prisma.sql`
    SELECT ${owner} AS id, count(partner_id)::int AS partners, count(profile_id)::int AS profiles,
           count(company_id)::int AS companies, count(payment_method_id)::int AS payment_methods
    FROM ${table} WHERE organization_id = ${org} AND ${owner} = ANY(${ids}::uuid[]) GROUP BY ${owner}`,
  );
  const counts = new Map(rows.map(({ id, ...row }) => [id, row]));
  return (id) => counts.get(id) ?? NO_TARGETS;
}
