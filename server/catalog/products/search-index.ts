import { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db/scoped";
import { mergePendingEntries, scopedExecute, scopedQuery } from "../../db/sql";

/**
 * The product search index lives in the products table, current with every write that
 * changes what a product is found by (contract §5 "Product search"):
 *
 * - `search_vector`: a weighted full-text document, accents folded (unaccent), no
 *   stemming ('simple': SKUs and codes stay whole) — A name and SKU, B description,
 *   C brand and category names, D searchable specifications ("voltagem 220v").
 * - `name_vector`: the name and SKU part alone, where a search finds the matches that rank
 *   first (every word in the name or SKU) without ranking all of them.
 * - `search_words`: the org's words of five letters or more, where a query word with a
 *   typo finds its candidates (a trigram index, then an edit distance of one).
 *
 * Product, specification, brand and category writes call these in their transaction.
 */

/** Name and SKU (the SKU also split at its separators): `name_vector`, and the A part of `search_vector`. */
const NAME = Prisma.sql`to_tsvector('simple', unaccent(p.name || ' ' || p.sku || ' ' || regexp_replace(p.sku, '[^[:alnum:]]+', ' ', 'g')))`;

const VECTOR = Prisma.sql`
    setweight(${NAME}, 'A')
 || setweight(to_tsvector('simple', unaccent(coalesce(p.description, ''))), 'B')
 || setweight(to_tsvector('simple', unaccent(
      coalesce((SELECT b.name FROM brands b WHERE b.organization_id = p.organization_id AND b.id = p.brand_id), '') || ' ' ||
      coalesce((SELECT string_agg(c.name, ' ') FROM product_categories pc
                  JOIN categories c ON c.organization_id = p.organization_id AND c.id = pc.category_id
                 WHERE pc.organization_id = p.organization_id AND pc.product_id = p.id), '')
    )), 'C')
 || setweight(to_tsvector('simple', unaccent(
      coalesce((SELECT string_agg(s.name || ' ' || s.value, ' ') FROM product_specifications s
                 WHERE s.organization_id = p.organization_id AND s.product_id = p.id AND s.is_searchable), '')
    )), 'D')`;

/** Words worth correcting: letters only, five or more (contract: one typo in words of 5+ letters). */
const WORDS = (organization: Prisma.Sql, where: Prisma.Sql) => Prisma.sql`
  INSERT INTO search_words (organization_id, word)
  SELECT DISTINCT p.organization_id, w.word
  FROM products p, unnest(tsvector_to_array(p.search_vector)) AS w(word)
  WHERE p.organization_id = ${organization} AND ${where} AND char_length(w.word) >= 5 AND w.word ~ '^[[:alpha:]]+$'
  ON CONFLICT DO NOTHING`;

/** Both vectors of a product, as one SET list. */
const VECTORS = Prisma.sql`search_vector = ${VECTOR}, name_vector = ${NAME}`;

/** Recomputes the index of these products. */
export async function refreshProducts(db: Db, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = Prisma.sql`p.id = ANY(${productIds}::uuid[])`;
  await scopedExecute(
    db,
    (organization) => Prisma.sql`UPDATE products AS p SET ${VECTORS} WHERE p.organization_id = ${organization} AND ${ids}`,
  );
  await scopedExecute(db, (organization) => WORDS(organization, ids));
}

/** After a brand is renamed: its products are found by the new name. */
export async function refreshProductsOfBrand(db: Db, brandId: string): Promise<void> {
  const rows = await db.product.findMany({ where: { brand_id: brandId }, select: { id: true } });
  await refreshProducts(
    db,
    rows.map((row) => row.id),
  );
}

/** After a category is renamed: its products are found by the new name. */
export async function refreshProductsOfCategory(db: Db, categoryId: string): Promise<void> {
  const rows = await db.productCategory.findMany({ where: { category_id: categoryId }, select: { product_id: true } });
  await refreshProducts(
    db,
    rows.map((row) => row.product_id),
  );
}

/** POST /products/search/synchronize: rebuilds the org's whole index; answers how many products. */
export async function synchronizeSearchIndex(db: Db): Promise<number> {
  await scopedExecute(db, (organization) => Prisma.sql`DELETE FROM search_words WHERE organization_id = ${organization}`);
  const updated = await scopedExecute(
    db,
    (organization) => Prisma.sql`UPDATE products AS p SET ${VECTORS} WHERE p.organization_id = ${organization}`,
  );
  await scopedExecute(db, (organization) => WORDS(organization, Prisma.sql`true`));
  await mergePendingEntries(db, "products_search_vector_idx");
  await mergePendingEntries(db, "products_name_vector_idx");
  await mergePendingEntries(db, "search_words_word_idx");
  return updated;
}

/** The org's known words within one edit of each query word (five letters or more). */
export async function typoCandidates(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const eligible = words.filter((word) => word.length >= 5 && /^[a-z]+$/.test(word));
  const candidates = new Map<string, string[]>();
  if (eligible.length === 0) return candidates;
  const rows = await scopedQuery<{ input: string; word: string }>(
    db,
    (organization) => Prisma.sql`
      SELECT q.input, w.word
      FROM unnest(${eligible}::text[]) AS q(input)
      CROSS JOIN LATERAL (
        SELECT word FROM search_words
        WHERE organization_id = ${organization} AND word % q.input AND word <> q.input AND levenshtein(word, q.input) <= 1
        ORDER BY similarity(word, q.input) DESC, word
        LIMIT 5
      ) AS w`,
  );
  for (const row of rows) candidates.set(row.input, [...(candidates.get(row.input) ?? []), row.word]);
  return candidates;
}
