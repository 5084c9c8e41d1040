import { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { normalizeSearch } from "../../lib/search";
import { typoCandidates } from "./search-index";

/**
 * Finding products by words (contract §5 "Product search"; the panel's product list uses
 * the same): every word must match (the last one as a prefix, as typed), a word of five
 * letters or more also matches the org's words one edit away, accents and case never
 * matter. Results rank by where the words are: an exact SKU first, then the products whose
 * name or SKU holds every word, then the others; within each group by `ts_rank` over the
 * weighted document (name and SKU, then description, then brand and categories, then
 * searchable specifications), then name and id.
 */
export interface ProductQuery {
  /** The words to find (empty: every product the filters select). */
  text: string;
  /** true: active products only; false: inactive only; null: none (both asked). */
  active?: boolean | null;
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

/** The ids of a page and the true total (contract §4). */
interface Found {
  ids: string[];
  total: number;
}

export async function findProducts(db: Db, query: ProductQuery): Promise<Found> {
  const words = queryWords(query.text);
  const alternatives = words.length > 0 ? await typoCandidates(db, words) : new Map<string, string[]>();
  const text = tsqueryText(words, alternatives);
  const skuKey = query.text.normalize("NFC").trim().toUpperCase();
  const offset = query.page * query.perPage;
  const window = Prisma.sql`LIMIT ${query.perPage} OFFSET ${offset}`;
  const direction = query.sort?.dir === "desc" ? Prisma.sql`DESC NULLS LAST` : Prisma.sql`ASC NULLS LAST`;
  const sortColumn = query.sort ? (SORT_COLUMNS[query.sort.field] ?? Prisma.sql`p.name`) : undefined;

  if (words.length === 0) {
    // No words: the count and the page each take their own plan (the page walks an index).
    return found(
      await scopedQuery<FoundRow>(db, (organization) => {
        const where = filtersOf(query, organization);
        return Prisma.sql`
          SELECT (SELECT count(*) FROM products p WHERE ${where}) AS total,
                 ARRAY(SELECT p.id::text FROM products p WHERE ${where} ORDER BY ${sortColumn ?? Prisma.sql`p.name`} ${direction}, p.id ${window}) AS ids`;
      }),
    );
  }
  const matches = Prisma.sql`p.search_vector @@ ${text}::tsquery`;
  const inNames = Prisma.sql`p.name_vector @@ ${text}::tsquery`;
  const rank = Prisma.sql`ts_rank(p.search_vector, ${text}::tsquery)`;
  if (!sortColumn) {
    const first = await firstInRank(db, query, { matches, inNames, rank, skuKey, offset });
    if (first) return first;
  }
  // Words: the matches are read once, as narrow rows (id, exact SKU, in the name, sort key),
  // then counted and only the page is sorted (top-N): a common word that matches a fifth
  // of a large catalog never sorts every match's whole row. The words' matches come from
  // the search index alone and the exact SKU from its unique index, as two branches: one
  // condition `words OR sku` made PostgreSQL OR two bitmaps, or scan the whole table.
  const key = sortColumn ?? rank;
  const order = sortColumn
    ? Prisma.sql`m.sort_key ${direction}, m.id`
    : Prisma.sql`m.exact DESC, m.in_name DESC, m.sort_key DESC, m.name, m.id`;
  const inName = sortColumn ? Prisma.sql`false` : Prisma.sql`COALESCE(${inNames}, false)`;
  return found(
    await scopedQuery<FoundRow>(db, (organization) => {
      const where = filtersOf(query, organization);
      return Prisma.sql`
        WITH m AS MATERIALIZED (
          SELECT p.id, p.name, p.sku_key = ${skuKey} AS exact, ${inName} AS in_name, ${key} AS sort_key FROM products p WHERE ${where} AND ${matches}
          UNION ALL
          SELECT p.id, p.name, true, false, ${key} FROM products p WHERE ${where} AND p.sku_key = ${skuKey} AND (${matches}) IS NOT TRUE
        )
        SELECT (SELECT count(*) FROM m) AS total, ARRAY(SELECT m.id::text FROM m ORDER BY ${order} ${window}) AS ids`;
    }),
  );
}

type FoundRow = { ids: string[]; total: bigint };

function found([row]: FoundRow[]): Found {
  return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
}

/** The conditions of the query's filters, the org's first. */
function filtersOf(query: ProductQuery, organization: Prisma.Sql): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`p.organization_id = ${organization}`];
  if (query.active === true) conditions.push(Prisma.sql`p.active`);
  if (query.active === false) conditions.push(Prisma.sql`NOT p.active`);
  if (query.active === null) conditions.push(Prisma.sql`false`);
  if (query.onlyWithPrice) conditions.push(Prisma.sql`p.price IS NOT NULL`);
  if (query.brandId) conditions.push(Prisma.sql`p.brand_id = ${query.brandId}::uuid`);
  if (query.productIds) conditions.push(Prisma.sql`p.id = ANY(${query.productIds}::uuid[])`);
  if (query.categoryId) {
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id AND pc.category_id = ${query.categoryId}::uuid)`,
    );
  }
  for (const criterion of query.criteria ?? []) {
    const { name, value } = criterionKeys(criterion);
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM product_specifications s WHERE s.product_id = p.id AND s.is_searchable AND s.name_key = ${name} AND s.value_key = ${value})`,
    );
  }
  return Prisma.join(conditions, " AND ");
}

/**
 * The ranked order is: the exact SKU, then the products whose name or SKU holds every word
 * (`name_vector`), then the others, each group by `ts_rank`, name and id. A page that
 * lies within the first two groups — the first pages of a common word, which has many
 * matches in names — is read from the name index alone: only those matches are ranked,
 * and the others are only counted. Answers nothing when the page reaches past the names
 * (the caller ranks every match then). One statement: the count, the exact SKU, and the
 * names' window from one row before the page, so that it holds the page whether or not
 * an exact SKU comes first.
 */
async function firstInRank(
  db: Db,
  query: ProductQuery,
  {
    matches,
    inNames,
    rank,
    skuKey,
    offset,
  }: { matches: Prisma.Sql; inNames: Prisma.Sql; rank: Prisma.Sql; skuKey: string; offset: number },
): Promise<Found | null> {
  const from = Math.max(0, offset - 1);
  const [row] = await scopedQuery<{ matched: bigint; exact: { id: string; matched: boolean } | null; named: string[] }>(
    db,
    (organization) => {
      const where = filtersOf(query, organization);
      return Prisma.sql`
      SELECT (SELECT count(*) FROM products p WHERE ${where} AND ${matches}) AS matched,
             (SELECT json_build_object('id', p.id::text, 'matched', ${matches}) FROM products p WHERE ${where} AND p.sku_key = ${skuKey}) AS exact,
             ARRAY(SELECT p.id::text FROM products p WHERE ${where} AND ${inNames} AND p.sku_key <> ${skuKey}
                   ORDER BY ${rank} DESC, p.name, p.id LIMIT ${query.perPage + 1} OFFSET ${from}) AS named`;
    },
  );
  const { exact, named } = row!;
  const total = Number(row!.matched) + (exact && !exact.matched ? 1 : 0);
  const shift = exact ? 1 : 0;
  const end = Math.min(offset + query.perPage, total);
  if (offset >= total) return { ids: [], total };
  // A full window holds the page; a short one holds every name left, and the page may
  // reach past them.
  if (end - shift > from + named.length) return null;
  const ids: string[] = [];
  for (let index = offset; index < end; index++) ids.push(index < shift ? exact!.id : named[index - shift - from]!);
  return { ids, total };
}
