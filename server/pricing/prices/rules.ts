import { LRUCache } from "lru-cache";
import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { Prisma } from "../../generated/prisma/client";
import { exact, type Exact } from "../../lib/exact";
import { factKey, factSet, type ProductFacts } from "../criteria";
import { readCriteria, readRanges } from "../discounts/service";
import { FLAGS, inDateRange, type DiscountCandidate, type Flag, type PriceTableCandidate, type Targets } from "../engine";

/**
 * An org's price tables and discounts, kept in memory per instance under the org's
 * pricing version (`pricing_versions`, set by triggers to the id of the transaction that
 * last wrote any of them: see its migration). The calculation reads the version in the
 * statement that reads the product, so a write committed on any instance is seen by the
 * next calculation everywhere; a stale or missing entry is loaded again in one statement.
 * What depends on the product (the rows of `price_table_products` that list it) is read
 * with the product, never cached: the cache holds what is small and shared — tables,
 * their criteria rows and targets, discounts and the index of their criteria values.
 */

type MoneyText = string | null;
type TargetRow = {
  partner_id: string | null;
  profile_id: string | null;
  company_id: string | null;
  payment_method_id: string | null;
};

/** The rows of `price_table_products` that list the product (read with the product). */
export type ListedRow = {
  price_table_id: string;
  criteria_row_id: string;
  product_variation_id: string | null;
  price: MoneyText;
};

export type PricingContextIds = TargetRow;

/** A price table with its criteria rows and all its targets; `Value` is money as read (text) or as used (Exact). */
interface TableShape<Value> {
  id: string;
  name: string;
  start_date: string;
  end_date: string | null;
  flags: Record<Flag, boolean>;
  targets: TargetRow[];
  criteria: Array<{
    id: string;
    criteria_id: string;
    name: string | null;
    rate_type: "INCREASE" | "DECREASE";
    value_type: "MONETARY" | "PERCENTAGE";
    value: Value;
    has_products: boolean;
  }>;
}
/** For each flag a rule sets, the ids its targets name: whether a caller is among them is one look each. */
type Audience = Array<[column: keyof TargetRow, ids: ReadonlySet<string>]>;

const FLAG_COLUMNS: Record<Flag, keyof TargetRow> = {
  partner: "partner_id",
  profile: "profile_id",
  company: "company_id",
  payment_method: "payment_method_id",
};

function audienceOf(flags: Record<Flag, boolean>, targets: readonly TargetRow[]): Audience {
  return FLAGS.filter((flag) => flags[flag]).map((flag) => {
    const column = FLAG_COLUMNS[flag];
    return [column, new Set(targets.flatMap((target) => (target[column] ? [target[column]] : [])))];
  });
}

/** The caller is among those every flag of the rule names (a rule without flags reaches everyone). */
const reaches = (audience: Audience, context: PricingContextIds) =>
  audience.every(([column, ids]) => {
    const id = context[column];
    return id !== null && ids.has(id);
  });

type TableRule = TableShape<Exact> & { audience: Audience };

type DiscountRule = Omit<DiscountCandidate, "targets"> & {
  targets: TargetRow[];
  audience: Audience;
  /** Its candidate as the engine takes it when it names no partner, profile, company or payment method: built once. */
  candidate: DiscountCandidate | null;
  /**
   * Whether being found through a product's fact decides its criteria: each criteria has one
   * entry, so a fact one of them accepts is a criteria the product matches (unexplained, the
   * engine is handed it with its criteria decided: `criteria: []`).
   */
  decidedByFact: boolean;
  /** `candidate` with its criteria decided, built once. */
  matched: DiscountCandidate | null;
};

/**
 * An org's rules, indexed by what selects them for a product, built once per version: the
 * price tables by the products they list (read with the product) and those for every
 * product; the discounts by the facts their criteria accept (product, brand, category,
 * specification) and those for every product. Each rule has its rank in id order, so a
 * product's candidates come in that order without comparing ids.
 */
export interface PricingRules {
  version: string;
  /** Price tables in id order. */
  tables: TableRule[];
  /** Rank of each table. */
  tableRank: Map<string, number>;
  /** Tables with a criteria row for every product (no product rows): ranks. */
  everyProduct: number[];
  /** Discounts in id order. */
  discounts: DiscountRule[];
  /** Discounts without criteria: candidates for every product (ranks). */
  unconditional: number[];
  /** `key \u0000 value` of discount_criteria_values → the ranks of the discounts whose criteria accept it. */
  byFact: Map<string, number[]>;
}

type RulesRow = {
  version: string | null;
  price_tables: TableShape<string>[];
  discounts: Array<{
    id: string;
    name: string;
    is_active: boolean;
    start_date: string | null;
    end_date: string | null;
    minimum_value: MoneyText;
    maximum_value: MoneyText;
    is_discount_over_discount: boolean;
    has_criteria: boolean;
    flags: Record<Flag, boolean>;
    targets: TargetRow[];
    ranges: Prisma.JsonValue;
    criteria: Prisma.JsonValue;
  }>;
  criteria_values: Array<{ discount_id: string; key: string; value: string }>;
};

const TARGET_COLUMNS = Prisma.sql`json_build_object('partner_id', g.partner_id, 'profile_id', g.profile_id,
  'company_id', g.company_id, 'payment_method_id', g.payment_method_id)`;

const exactOrNull = (value: MoneyText): Exact | null => (value === null ? null : exact(value));

/** Every price table and discount of the org, with the version they are at, in one statement. */
async function loadRules(db: Db): Promise<PricingRules> {
  const [row] = await scopedQuery<RulesRow>(
    db,
    (org) => Prisma.sql`
    SELECT
      (SELECT version::text FROM pricing_versions WHERE organization_id = ${org}) AS version,
      (SELECT COALESCE(json_agg(json_build_object(
                'id', t.id, 'name', t.name, 'start_date', t.start_date, 'end_date', t.end_date,
                'flags', json_build_object('partner', t.is_partner_specific, 'profile', t.is_profile_specific,
                                           'company', t.is_company_specific, 'payment_method', t.is_payment_method_specific),
                'targets', COALESCE((SELECT json_agg(${TARGET_COLUMNS}) FROM price_table_targets g
                                     WHERE g.organization_id = ${org} AND g.price_table_id = t.id), '[]'::json),
                'criteria', COALESCE((SELECT json_agg(json_build_object(
                                        'id', c.id, 'criteria_id', c.criteria_id, 'name', c.name, 'rate_type', c.rate_type,
                                        'value_type', c.value_type, 'value', c.value::text, 'has_products', c.has_products)
                                      ORDER BY c.position)
                                      FROM price_table_criteria c
                                      WHERE c.organization_id = ${org} AND c.price_table_id = t.id), '[]'::json))
              ORDER BY t.id), '[]'::json)
         FROM price_tables t WHERE t.organization_id = ${org}) AS price_tables,
      (SELECT COALESCE(json_agg(json_build_object(
                'id', d.id, 'name', d.name, 'is_active', d.is_active, 'start_date', d.start_date, 'end_date', d.end_date,
                'minimum_value', d.minimum_value::text, 'maximum_value', d.maximum_value::text,
                'is_discount_over_discount', d.is_discount_over_discount, 'has_criteria', d.has_criteria,
                'flags', json_build_object('partner', d.is_partner, 'profile', d.is_profile,
                                           'company', d.is_company, 'payment_method', d.is_payment_method),
                'targets', COALESCE((SELECT json_agg(${TARGET_COLUMNS}) FROM discount_targets g
                                     WHERE g.organization_id = ${org} AND g.discount_id = d.id), '[]'::json),
                'ranges', d.ranges, 'criteria', d.criteria)
              ORDER BY d.id), '[]'::json)
         FROM discounts d WHERE d.organization_id = ${org}) AS discounts,
      (SELECT COALESCE(json_agg(json_build_object('discount_id', v.discount_id, 'key', v.key, 'value', v.value)), '[]'::json)
         FROM discount_criteria_values v WHERE v.organization_id = ${org}) AS criteria_values`,
  );
  const { version, price_tables: tables, discounts, criteria_values: values } = row!;
  const rankOf = new Map(discounts.map((discount, rank) => [discount.id, rank]));
  const byFact = new Map<string, number[]>();
  for (const value of values) {
    const rank = rankOf.get(value.discount_id);
    if (rank === undefined) continue;
    const key = factKey(value.key, value.value);
    const ranks = byFact.get(key);
    if (ranks) ranks.push(rank);
    else byFact.set(key, [rank]);
  }
  return {
    version: version ?? "0",
    tables: tables.map((table) => ({
      ...table,
      audience: audienceOf(table.flags, table.targets),
      criteria: table.criteria.map((criteria) => ({
        ...criteria,
        value: exact(criteria.value),
      })),
    })),
    tableRank: new Map(tables.map((table, rank) => [table.id, rank])),
    everyProduct: tables.flatMap((table, rank) => (table.criteria.some((criteria) => !criteria.has_products) ? [rank] : [])),
    discounts: discounts.map((discount) => {
      const rule: DiscountRule = {
        id: discount.id,
        name: discount.name,
        is_active: discount.is_active,
        start_date: discount.start_date,
        end_date: discount.end_date,
        minimum_value: exactOrNull(discount.minimum_value),
        maximum_value: exactOrNull(discount.maximum_value),
        is_discount_over_discount: discount.is_discount_over_discount,
        flags: discount.flags,
        targets: discount.targets,
        audience: audienceOf(discount.flags, discount.targets),
        ranges: readRanges(discount.ranges).map((range) => ({
          minimum_quantity: exact(range.minimum_quantity),
          type: range.type,
          value: exact(range.value),
          is_product_value: range.is_product_value,
        })),
        criteria: readCriteria(discount.criteria).map((criteria) => ({
          criteria_id: criteria.criteria_id,
          name: criteria.name,
          entries: criteria.entries,
        })),
        candidate: null,
        decidedByFact: false,
        matched: null,
      };
      rule.decidedByFact =
        discount.has_criteria && rule.criteria.length > 0 && rule.criteria.every((criteria) => criteria.entries.length === 1);
      rule.candidate = rule.audience.length > 0 ? null : { ...rule, targets: NO_TARGETS };
      rule.matched = rule.candidate && rule.decidedByFact ? { ...rule.candidate, criteria: [] } : null;
      return rule;
    }),
    unconditional: discounts.flatMap((discount, rank) => (discount.has_criteria ? [] : [rank])),
    byFact,
  };
}

/** The orgs' rules of this instance: a bounded number of orgs, the least recently used dropped first. */
const cache = new LRUCache<string, Promise<PricingRules>>({ max: 200 });

/**
 * The org's rules at `version` (read by the caller in the same statement as the product):
 * from memory when they are at that version, else loaded (once, however many requests
 * ask at the same time). A load that finds a newer version keeps the newer rules.
 */
export async function rulesAt(db: Db, version: string): Promise<PricingRules> {
  const org = db.$organizationId;
  const cached = cache.get(org);
  if (cached) {
    const rules = await cached;
    if (rules.version === version) return rules;
  }
  const current = cache.get(org);
  if (current && current !== cached) {
    const rules = await current;
    if (rules.version === version) return rules;
  }
  const loading = loadRules(db);
  cache.set(org, loading);
  loading.catch(() => {
    if (cache.get(org) === loading) cache.delete(org);
  });
  return loading;
}

/** Only the target rows that name the context's records: all the engine asks is whether they are listed. */
function targetsFor(rows: readonly TargetRow[], context: PricingContextIds): Targets {
  const targets: {
    partners: string[];
    profiles: string[];
    companies: string[];
    payment_methods: string[];
  } = {
    partners: [],
    profiles: [],
    companies: [],
    payment_methods: [],
  };
  for (const row of rows) {
    const named =
      (row.partner_id !== null && row.partner_id === context.partner_id) ||
      (row.profile_id !== null && row.profile_id === context.profile_id) ||
      (row.company_id !== null && row.company_id === context.company_id) ||
      (row.payment_method_id !== null && row.payment_method_id === context.payment_method_id);
    if (!named) continue;
    if (row.partner_id) targets.partners.push(row.partner_id);
    if (row.profile_id) targets.profiles.push(row.profile_id);
    if (row.company_id) targets.companies.push(row.company_id);
    if (row.payment_method_id) targets.payment_methods.push(row.payment_method_id);
  }
  return targets;
}

const NO_TARGETS: Targets = { partners: [], profiles: [], companies: [], payment_methods: [] };
const byRank = (a: number, b: number) => a - b;

/**
 * The candidates of a product in a context: the tables that list it or have a criteria
 * row for every product, with only the criteria rows that cover it (their product rows
 * limited to it); the discounts without criteria and those whose criteria values hold
 * one of the product's facts. Both in id order, targets limited to the context's. Found
 * through the rules' indexes: the cost follows the rules that select the product, not
 * how many the org has. Without `trace` (no steps to explain), the rules that cannot
 * apply to this caller on `date` — inactive, out of their date range, or for other
 * partners, profiles, companies or payment methods — are left out, and a discount whose
 * criteria the fact that found it decides (`decidedByFact`) comes with them decided.
 */
export function candidatesOf(
  rules: PricingRules,
  product: ProductFacts,
  listed: readonly ListedRow[],
  context: PricingContextIds,
  { date, trace }: { date: string; trace: boolean },
): { priceTables: PriceTableCandidate[]; discounts: DiscountCandidate[] } {
  const live = (rule: { start_date: string | null; end_date: string | null }) => inDateRange(date, rule.start_date, rule.end_date);
  const rowsByCriteria = new Map<string, ListedRow[]>();
  const tableRanks = new Set(rules.everyProduct);
  for (const row of listed) {
    const rows = rowsByCriteria.get(row.criteria_row_id);
    if (rows) rows.push(row);
    else rowsByCriteria.set(row.criteria_row_id, [row]);
    const rank = rules.tableRank.get(row.price_table_id);
    if (rank !== undefined) tableRanks.add(rank);
  }
  const priceTables: PriceTableCandidate[] = [];
  for (const rank of [...tableRanks].sort(byRank)) {
    const table = rules.tables[rank]!;
    if (!trace && (!live(table) || !reaches(table.audience, context))) continue;
    priceTables.push({
      id: table.id,
      name: table.name,
      start_date: table.start_date,
      end_date: table.end_date,
      flags: table.flags,
      targets: targetsFor(table.targets, context),
      criteria: table.criteria
        .filter((criteria) => !criteria.has_products || rowsByCriteria.has(criteria.id))
        .map((criteria) => ({
          criteria_id: criteria.criteria_id,
          name: criteria.name,
          rate_type: criteria.rate_type,
          value_type: criteria.value_type,
          value: criteria.value,
          products: (rowsByCriteria.get(criteria.id) ?? []).map((row) => ({
            product_id: product.id,
            product_variation_id: row.product_variation_id,
            price: exactOrNull(row.price),
          })),
        })),
    });
  }
  const ranks = new Set(rules.unconditional);
  for (const fact of factSet(product)) {
    for (const rank of rules.byFact.get(fact) ?? []) ranks.add(rank);
  }
  const discounts: DiscountCandidate[] = [];
  for (const rank of [...ranks].sort(byRank)) {
    const discount = rules.discounts[rank]!;
    if (trace) {
      discounts.push(discount.candidate ?? { ...discount, targets: targetsFor(discount.targets, context) });
      continue;
    }
    if (!discount.is_active || !live(discount) || !reaches(discount.audience, context)) continue;
    // Only facts and discounts without criteria reach here: one with criteria came through a fact.
    const decided = discount.decidedByFact;
    discounts.push(
      (decided ? discount.matched : discount.candidate) ?? {
        ...discount,
        targets: targetsFor(discount.targets, context),
        ...(decided ? { criteria: [] } : {}),
      },
    );
  }
  return { priceTables, discounts };
}
