import { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { normalizeSearch } from "../../lib/search";
import { typoCandidates } from "./search-index";

/**
 * Finding products by words (contract §5 "Product search"; the panel's product list uses
 * the same): every word must match (the last one as a prefix, as typed), a word of five
 * letters or more also matches the org's words one edit away, accents and case never
 * matter. Results rank by where the words are (name and SKU, then description, then
 * brand and categories, then searchable specifications); an exact SKU comes first.
 */
export interface ProductQuery {
  /** The words to find (empty: every product the filters select). */
  text: string;
  activeOnly?: boolean;
  brandId?: string;
  categoryId?: string;
  productIds?: string[];
  onlyWithPrice?: boolean;
  /** Searchable specifications the product must have: `name:value`. */
  criteria?: string[];
  /** A list field to order by instead of relevance. */
  sort?: { field: string; dir: "asc" | "desc" };
  page: number;
  perPage: number;
}

const MAX_WORDS = 8;
/** Columns a customized sort may use (the list fields), as SQL. */
const SORT_COLUMNS: Record<string, Prisma.Sql> = {
  id: Prisma.sql`p.id`,
  name: Prisma.sql`p.name`,
  sku: Prisma.sql`p.sku`,
  price: Prisma.sql`p.price`,
  active: Prisma.sql`p.active`,
  created_at: Prisma.sql`p.created_at`,
  updated_at: Prisma.sql`p.updated_at`,
};

/** Words as the index has them: no accents, lower case, letters and digits only. */
export function queryWords(text: string): string[] {
  return normalizeSearch(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, 40));
}

/** A `name:value` criterion as the normalized pair specifications are stored with. */
export function criterionKeys(criterion: string): { name: string; value: string } {
  const at = criterion.indexOf(":");
  return { name: normalizeSearch(criterion.slice(0, at)), value: normalizeSearch(criterion.slice(at + 1)) };
}

/**
 * The tsquery text: words are [a-z0-9] only, so nothing a client sends is an operator,
 * and they are already what the 'simple' configuration would make of them (lower case,
 * one token each), so the text is bound as a `tsquery` value: parsed once per statement,
 * not once per row as `to_tsquery(…, $n)` is under a prepared statement's generic plan.
 */
export function tsqueryText(words: string[], alternatives: Map<string, string[]>): string {
  return words
    .map((word, index) => {
      const last = index === words.length - 1;
      const forms = [last ? `${word}:*` : word, ...(alternatives.get(word) ?? [])];
      return forms.length === 1 ? forms[0] : `(${forms.join(" | ")})`;
    })
    .join(" & ");
}

export async function findProducts(db: Db, query: ProductQuery): Promise<{ ids: string[]; total: number }> {
  const words = queryWords(query.text);
  const alternatives = words.length > 0 ? await typoCandidates(db, words) : new Map<string, string[]>();
  const text = tsqueryText(words, alternatives);
  const skuKey = query.text.normalize("NFC").trim().toUpperCase();

  const [row] = await scopedQuery<{ ids: string[]; total: bigint }>(db, (organization) => {
    const conditions: Prisma.Sql[] = [Prisma.sql`p.organization_id = ${organization}`];
    if (query.activeOnly) conditions.push(Prisma.sql`p.active`);
    if (query.onlyWithPrice) conditions.push(Prisma.sql`p.price IS NOT NULL`);
    if (query.brandId) conditions.push(Prisma.sql`p.brand_id = ${query.brandId}::uuid`);
    if (query.productIds) conditions.push(Prisma.sql`p.id = ANY(${query.productIds}::uuid[])`);
    if (query.categoryId) {
      conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id AND pc.category_id = ${query.categoryId}::uuid)`);
    }
    for (const criterion of query.criteria ?? []) {
      const { name, value } = criterionKeys(criterion);
      conditions.push(
        Prisma.sql`EXISTS (SELECT 1 FROM product_specifications s WHERE s.product_id = p.id AND s.is_searchable AND s.name_key = ${name} AND s.value_key = ${value})`,
      );
    }
    const where = Prisma.join(conditions, " AND ");
    const window = Prisma.sql`LIMIT ${query.perPage} OFFSET ${query.page * query.perPage}`;
    const direction = query.sort?.dir === "desc" ? Prisma.sql`DESC NULLS LAST` : Prisma.sql`ASC NULLS LAST`;
    const sortColumn = query.sort ? (SORT_COLUMNS[query.sort.field] ?? Prisma.sql`p.name`) : undefined;
    if (words.length === 0) {
      // No words: the count and the page each take their own plan (the page walks an index).
      return Prisma.sql`
        SELECT (SELECT count(*) FROM products p WHERE ${where}) AS total,
               ARRAY(SELECT p.id::text FROM products p WHERE ${where} ORDER BY ${sortColumn ?? Prisma.sql`p.name`} ${direction}, p.id ${window}) AS ids`;
    }
    // Words: the matches are read once, as narrow rows (id, exact SKU, sort key), then
    // counted and only the page is sorted (top-N): a common word that matches a fifth of a
    // large catalog never sorts every match's whole row. The words' matches come from the
    // search index alone and the exact SKU from its unique index, as two branches: one
    // condition `words OR sku` made PostgreSQL OR two bitmaps, or scan the whole table.
    const matches = Prisma.sql`p.search_vector @@ ${text}::tsquery`;
    const key = sortColumn ?? Prisma.sql`ts_rank(p.search_vector, ${text}::tsquery)`;
    const order = sortColumn ? Prisma.sql`m.sort_key ${direction}, m.id` : Prisma.sql`m.exact DESC, m.sort_key DESC, m.name, m.id`;
    return Prisma.sql`
      WITH m AS MATERIALIZED (
        SELECT p.id, p.name, p.sku_key = ${skuKey} AS exact, ${key} AS sort_key FROM products p WHERE ${where} AND ${matches}
        UNION ALL
        SELECT p.id, p.name, true, ${key} FROM products p WHERE ${where} AND p.sku_key = ${skuKey} AND (${matches}) IS NOT TRUE
      )
      SELECT (SELECT count(*) FROM m) AS total, ARRAY(SELECT m.id::text FROM m ORDER BY ${order} ${window}) AS ids`;
  });
  return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
}
