import { normalizeSearch } from "../lib/search";

/**
 * Discount criteria (contract §8): structured product filters, never text executed as
 * SQL. An entry `{key, values}` accepts a product when one of the product's facts under
 * `key` is among `values`; a criteria accepts a product when every entry does. Keys are
 * `product_id`, `sku`, `brand_id`, `category_id` and `specification:<name>`. Pure: the
 * price engine, the candidate index (discount_criteria_values) and the panel's preview
 * compare values normalized the same way here.
 */

export const CRITERIA_KEYS = ["product_id", "sku", "brand_id", "category_id"] as const;
export const SPECIFICATION_PREFIX = "specification:";

export type CriteriaKey = (typeof CRITERIA_KEYS)[number] | `${typeof SPECIFICATION_PREFIX}${string}`;

export function isCriteriaKey(key: string): key is CriteriaKey {
  return (
    (CRITERIA_KEYS as readonly string[]).includes(key) ||
    (key.startsWith(SPECIFICATION_PREFIX) && normalizeSearch(key.slice(SPECIFICATION_PREFIX.length)) !== "")
  );
}

/** One filter of a criteria, as written (`values` are the accepted values). */
export interface CriteriaEntry {
  key: string;
  values: string[];
}

/** What a criteria can ask about a product. */
export interface ProductFacts {
  id: string;
  sku: string;
  brand_id: string | null;
  category_ids: string[];
  specifications: Array<{ name: string; value: string }>;
}

/** A key as compared: ids and SKUs as they are named, a specification by its name without accents or case. */
export function normalizeKey(key: string): string {
  return key.startsWith(SPECIFICATION_PREFIX) ? `${SPECIFICATION_PREFIX}${normalizeSearch(key.slice(SPECIFICATION_PREFIX.length))}` : key;
}

/** A value as compared: ids in lower case, SKUs and specification values without accents or case. */
export function normalizeValue(key: string, value: string): string {
  if (key === "sku" || key.startsWith(SPECIFICATION_PREFIX)) return normalizeSearch(value.normalize("NFC"));
  return value.trim().toLowerCase();
}

/** Every (key, value) a product answers to, normalized. */
function factsOf(product: ProductFacts): Array<{ key: string; value: string }> {
  const facts = [
    { key: "product_id", value: normalizeValue("product_id", product.id) },
    { key: "sku", value: normalizeValue("sku", product.sku) },
    ...(product.brand_id
      ? [
          {
            key: "brand_id",
            value: normalizeValue("brand_id", product.brand_id),
          },
        ]
      : []),
    ...product.category_ids.map((id) => ({
      key: "category_id",
      value: normalizeValue("category_id", id),
    })),
    ...product.specifications.map((specification) => {
      const key = normalizeKey(`${SPECIFICATION_PREFIX}${specification.name}`);
      return { key, value: normalizeValue(key, specification.value) };
    }),
  ];
  return facts;
}

/**
 * What is compared, kept per object: a product's facts as `key \u0000 value`, and an
 * entry's key and accepted values, normalized. Both are read-only values here (a product
 * loaded for one calculation; entries of rules kept in memory across calculations), so
 * normalizing them once per object gives the same answers as normalizing on every call.
 */
const factsKept = new WeakMap<ProductFacts, Set<string>>();
const entriesKept = new WeakMap<CriteriaEntry, Set<string>>();

/** A normalized fact as the candidate index (discount_criteria_values) and the criteria check compare it. */
export const factKey = (key: string, value: string) => `${key}\u0000${value}`;

/** A product's facts as `factKey`s, normalized once per product object (the index and the engine both read them). */
export function factSet(product: ProductFacts): Set<string> {
  let facts = factsKept.get(product);
  if (!facts) {
    facts = new Set(factsOf(product).map((fact) => factKey(fact.key, fact.value)));
    factsKept.set(product, facts);
  }
  return facts;
}

function acceptedOf(entry: CriteriaEntry): Set<string> {
  let accepted = entriesKept.get(entry);
  if (!accepted) {
    const key = normalizeKey(entry.key);
    accepted = new Set(entry.values.map((value) => factKey(key, normalizeValue(key, value))));
    entriesKept.set(entry, accepted);
  }
  return accepted;
}

/** Whether a product matches every entry of a criteria (an entry without values matches nothing). */
export function matchesCriteria(entries: readonly CriteriaEntry[], product: ProductFacts): boolean {
  const facts = factSet(product);
  return entries.every((entry) => {
    for (const accepted of acceptedOf(entry)) if (facts.has(accepted)) return true;
    return false;
  });
}
