import { normalizeSearch } from "../lib/search";

/**
 * Discount criteria (contract §8): structured product filters, never text executed as
 * SQL. An entry `{key, values}` accepts a product when one of the product's facts under
 * `key` is among `values`; a criteria accepts a product when every entry does. Keys are
 * `product_id`, `sku`, `brand_id`, `category_id` and `specification:<name>`. Pure: the
 * price engine, the candidate index (discount_criteria_values) and the panel's preview
 * compare values normalized the same way here.
 */

export const CRITERIA_KEYS = [
  "product_id",
  "sku",
  "brand_id",
  "category_id",
] as const;
export const SPECIFICATION_PREFIX = "specification:";

export type CriteriaKey =
  (typeof CRITERIA_KEYS)[number] | `${typeof SPECIFICATION_PREFIX}${string}`;

export function isCriteriaKey(key: string): key is CriteriaKey {
  return (
    (CRITERIA_KEYS as readonly string[]).includes(key) ||
    (key.startsWith(SPECIFICATION_PREFIX) &&
      normalizeSearch(key.slice(SPECIFICATION_PREFIX.length)) !== "")
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
  return key.startsWith(SPECIFICATION_PREFIX)
    ? `${SPECIFICATION_PREFIX}${normalizeSearch(key.slice(SPECIFICATION_PREFIX.length))}`
    : key;
}

/** A value as compared: ids in lower case, SKUs and specification values without accents or case. */
export function normalizeValue(key: string, value: string): string {
  if (key === "sku" || key.startsWith(SPECIFICATION_PREFIX))
    return normalizeSearch(value.normalize("NFC"));
  return value.trim().toLowerCase();
}

/** Every (key, value) a product answers to, normalized. */
export function factsOf(
  product: ProductFacts,
): Array<{ key: string; value: string }> {
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

/** Whether a product matches every entry of a criteria (an entry without values matches nothing). */
export function matchesCriteria(
  entries: readonly CriteriaEntry[],
  product: ProductFacts,
): boolean {
  const facts = factsOf(product);
  return entries.every((entry) => {
    const key = normalizeKey(entry.key);
    const accepted = new Set(
      entry.values.map((value) => normalizeValue(key, value)),
    );
    return facts.some((fact) => fact.key === key && accepted.has(fact.value));
  });
}
