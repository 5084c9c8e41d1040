// The product search scenario of `npm run bench` (issue 9): an org of 10,000 and an org
// of 100,000 products with Portuguese names, brands, categories and specifications, the
// search index built by the app (POST /products/search/synchronize), then typical
// queries against POST /products/search: an exact SKU, one word, two words, a word
// typed without its accent, a word with one typo. Prints p50/p95 per query and overall
// at both sizes, the 100k/10k ratio, and whether the plan uses the search index. Beside
// each query, the database alone: the statements the app sends for that search, sent by
// a bare client over as many connections (no HTTP, no framework), after checking they
// answer what the app answered. Its p95 is a floor for the app's on this machine.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import autocannon from "autocannon";
import pg from "pg";

const TYPES = [
  "Furadeira",
  "Parafusadeira",
  "Parafuso",
  "Porca",
  "Arruela",
  "Chave",
  "Martelo",
  "Alicate",
  "Serra",
  "Broca",
  "Lixa",
  "Tinta",
  "Cabo",
  "Fio",
  "Tomada",
  "Interruptor",
  "Disjuntor",
  "Lâmpada",
  "Luminária",
  "Mangueira",
  "Torneira",
  "Válvula",
  "Registro",
  "Cadeado",
  "Fechadura",
  "Trena",
  "Nível",
  "Esquadro",
  "Espátula",
  "Pincel",
  "Rolo",
  "Cola",
  "Silicone",
  "Fita",
  "Abraçadeira",
  "Bucha",
  "Prego",
  "Rebite",
  "Dobradiça",
  "Puxador",
  "Luva",
  "Óculos",
  "Capacete",
  "Botina",
  "Escada",
  "Carrinho",
  "Pá",
  "Enxada",
  "Regador",
  "Extensão",
  "Adaptador",
  "Conector",
  "Canaleta",
  "Eletroduto",
  "Joelho",
  "Tubo",
  "Caixa",
  "Ralo",
  "Sifão",
];
const QUALIFIERS = [
  "de Impacto",
  "Sextavado",
  "Phillips",
  "Fenda",
  "Elétrica",
  "Circular",
  "Galvanizado",
  "Inox",
  "Flexível",
  "Automático",
  "Universal",
  "Reforçado",
  "Profissional",
  "Compacta",
  "sem Fio",
  "de Pressão",
  "Ajustável",
  "Isolado",
  "Antiderrapante",
  "Magnética",
  "Digital",
  "Articulado",
  "Cromado",
  "Zincado",
  "Esmaltado",
  "Acrílica",
  "Epóxi",
  "Multiuso",
  "Monofásico",
  "Bifásico",
];
const SIZES = [
  '1/4"',
  '3/8"',
  '1/2"',
  "6mm",
  "8mm",
  "10mm",
  "12mm",
  "13mm",
  "20mm",
  "25mm",
  "650W",
  "800W",
  "1200W",
  "2,5mm²",
  "4mm²",
  "18L",
  "3,6L",
  "1m",
  "5m",
  "10m",
  "M6",
  "M8",
  "M10",
];
const BRANDS = [
  "Bosch",
  "Makita",
  "Tramontina",
  "Vonder",
  "Stanley",
  "DeWalt",
  "Tigre",
  "Pial",
  "Philips",
  "Black+Decker",
  "Gedore",
  "Irwin",
  "Suvinil",
  "Coral",
  "Pado",
  "Papaiz",
  "3M",
  "Fischer",
  "Ciser",
  "Belzer",
];
const CATEGORIES = [
  "Ferramentas Elétricas",
  "Ferramentas Manuais",
  "Fixadores",
  "Elétrica",
  "Iluminação",
  "Hidráulica",
  "Pintura",
  "Segurança",
  "Jardinagem",
  "Construção",
  "Ferragens",
  "Acessórios",
];

const QUERIES = [
  { name: "exact SKU", text: null },
  { name: "one word", text: "parafuso" },
  { name: "two words", text: "chave phillips" },
  { name: "no accent", text: "eletrica" },
  { name: "one typo", text: "furadera" },
];

function quantile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;
}

/** An org of `count` products, written straight into the database (fast), indexed by the app. */
async function seedOrg(client, { root, databaseUrl, base, count }) {
  const email = `bench-search-${count}-${randomBytes(3).toString("hex")}@bench.example`;
  const created = spawnSync(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "scripts/cli.ts",
      "org:create",
      "--name",
      `Bench search ${count}`,
      "--admin-email",
      email,
      "--admin-password",
      "bench-password-1",
    ],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, DEMO_DATA: "false" },
      encoding: "utf8",
    },
  );
  if (created.status !== 0) throw new Error(`org:create failed: ${created.stderr}`);
  const organizationId = JSON.parse(created.stdout).id;
  await client.query("SELECT setseed(0.42)");
  await client.query(
    `INSERT INTO brands (id, organization_id, name, active, search_text, updated_at)
     SELECT gen_random_uuid(), $1, b, true, lower(b), now() FROM unnest($2::text[]) AS b`,
    [organizationId, BRANDS],
  );
  await client.query(
    `INSERT INTO categories (id, organization_id, name, active, search_text, updated_at)
     SELECT gen_random_uuid(), $1, c, true, lower(c), now() FROM unnest($2::text[]) AS c`,
    [organizationId, CATEGORIES],
  );
  await client.query(
    `WITH b AS (SELECT array_agg(id ORDER BY name) AS ids FROM brands WHERE organization_id = $1),
          g AS (SELECT gs AS n,
                       $3::text[] AS types, $4::text[] AS qualifiers, $5::text[] AS sizes,
                       1 + floor(random() * array_length($3::text[], 1))::int AS t,
                       1 + floor(random() * array_length($4::text[], 1))::int AS q,
                       1 + floor(random() * array_length($5::text[], 1))::int AS s,
                       random() AS r
                FROM generate_series(1, $2) AS gs)
     INSERT INTO products (id, organization_id, name, sku, sku_key, description, brand_id, price, active, search_text, updated_at)
     SELECT gen_random_uuid(), $1,
            g.types[g.t] || ' ' || g.qualifiers[g.q] || ' ' || g.sizes[g.s],
            'SKU-' || lpad(g.n::text, 7, '0'), 'SKU-' || lpad(g.n::text, 7, '0'),
            'Produto para uso profissional e doméstico. ' || g.types[g.t] || ' com acabamento ' || lower(g.qualifiers[1 + (g.n % array_length(g.qualifiers, 1))]) || '.',
            b.ids[1 + (g.n % array_length(b.ids, 1))],
            CASE WHEN g.r < 0.9 THEN round((10 + g.r * 990)::numeric, 2) END,
            g.r < 0.97, '', now()
     FROM g, b`,
    [organizationId, count, TYPES, QUALIFIERS, SIZES],
  );
  await client.query(
    `INSERT INTO product_categories (organization_id, product_id, category_id)
     SELECT p.organization_id, p.id, c.ids[1 + (abs(hashtext(p.sku)) % array_length(c.ids, 1))]
     FROM products p, (SELECT array_agg(id ORDER BY name) AS ids FROM categories WHERE organization_id = $1) c
     WHERE p.organization_id = $1`,
    [organizationId],
  );
  await client.query(
    `INSERT INTO product_specifications (id, organization_id, product_id, name, value, name_key, value_key, is_searchable, updated_at)
     SELECT gen_random_uuid(), p.organization_id, p.id, 'Voltagem', v, 'voltagem', lower(v), true, now()
     FROM products p, LATERAL (SELECT (ARRAY['127V', '220V', 'Bivolt'])[1 + (abs(hashtext(p.id::text)) % 3)] AS v) x
     WHERE p.organization_id = $1`,
    [organizationId],
  );
  const login = await fetch(`${base}/api/b2b/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password-1" }),
  });
  const { access_token: token } = await login.json();
  const started = performance.now();
  const sync = await fetch(`${base}/api/b2b/products/search/synchronize`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  if (!sync.ok) throw new Error(`synchronize answered ${sync.status}: ${await sync.text()}`);
  const synchronizeMs = Math.round(performance.now() - started);
  const { rows } = await client.query("SELECT sku FROM products WHERE organization_id = $1 ORDER BY sku OFFSET $2 LIMIT 1", [
    organizationId,
    Math.floor(count / 2),
  ]);
  // The steady state autovacuum keeps (this machine's PostgreSQL runs without it): the
  // synchronize just rewrote every product, leaving the old versions and no hint bits.
  await client.query("VACUUM ANALYZE products");
  await client.query("ANALYZE search_words; ANALYZE product_categories; ANALYZE product_specifications");
  return { organizationId, token, sku: rows[0].sku, synchronizeMs };
}

/** The page every measured search asks for: the first, 20 products (and the connections loading it). */
const PER_PAGE = 20;
const CONNECTIONS = 4;
const searchPath = (text) => `/api/b2b/products/search?perPage=${PER_PAGE}&search=${encodeURIComponent(text)}`;

async function measure(base, token, text, requests) {
  const latencies = [];
  let failures = 0;
  const url = searchPath(text);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: requests,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: "POST", path: url }],
    setupClient: (client) => client.on("response", (_status, _bytes, ms) => latencies.push(ms)),
  });
  failures += result.errors + result.non2xx;
  return { latencies, failures };
}

/** A query's words as the app reads them (server/catalog/products/search.ts `queryWords`). */
function queryWords(text) {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .slice(0, 8)
    .map((word) => word.slice(0, 40));
}

const TYPOS = `
  SELECT q.input, w.word
  FROM unnest($2::text[]) AS q(input)
  CROSS JOIN LATERAL (
    SELECT word FROM search_words
    WHERE organization_id = $1::uuid AND word % q.input AND word <> q.input AND levenshtein(word, q.input) <= 1
    ORDER BY similarity(word, q.input) DESC, word
    LIMIT 5
  ) AS w`;
const RANKED = `
  SELECT (SELECT count(*) FROM products p WHERE p.organization_id = $1::uuid AND p.active AND p.search_vector @@ $2::tsquery) AS matched,
         (SELECT json_build_object('id', p.id::text, 'matched', p.search_vector @@ $2::tsquery) FROM products p WHERE p.organization_id = $1::uuid AND p.active AND p.sku_key = $3) AS exact,
         ARRAY(SELECT p.id::text FROM products p WHERE p.organization_id = $1::uuid AND p.active AND p.name_vector @@ $2::tsquery AND p.sku_key <> $3
               ORDER BY ts_rank(p.search_vector, $2::tsquery) DESC, p.name, p.id LIMIT $4) AS named`;
const ALL_RANKED = `
  WITH m AS MATERIALIZED (
    SELECT p.id, p.name, p.sku_key = $3 AS exact, COALESCE(p.name_vector @@ $2::tsquery, false) AS in_name, ts_rank(p.search_vector, $2::tsquery) AS sort_key
    FROM products p WHERE p.organization_id = $1::uuid AND p.active AND p.search_vector @@ $2::tsquery
    UNION ALL
    SELECT p.id, p.name, true, false, ts_rank(p.search_vector, $2::tsquery)
    FROM products p WHERE p.organization_id = $1::uuid AND p.active AND p.sku_key = $3 AND (p.search_vector @@ $2::tsquery) IS NOT TRUE
  )
  SELECT (SELECT count(*) FROM m) AS total, ARRAY(SELECT m.id::text FROM m ORDER BY m.exact DESC, m.in_name DESC, m.sort_key DESC, m.name, m.id LIMIT $4) AS ids`;
const RECORDS = `
  SELECT p.id, p.organization_id, p.name, p.sku, p.sku_key, p.description, p.brand_id, p.measure_unit_id, p.price::text AS price,
         p.ean, p.ncm, p.weight::text AS weight, p.active, p.images, p.attributes,
         to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
         to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
         (SELECT json_build_object('id', b.id, 'name', b.name) FROM brands b WHERE b.organization_id = $1::uuid AND b.id = p.brand_id) AS brand,
         (SELECT json_build_object('id', u.id, 'abbreviation', u.abbreviation, 'decimals_for_quantity', u.decimals_for_quantity)
            FROM measure_units u WHERE u.organization_id = $1::uuid AND u.id = p.measure_unit_id) AS measure_unit,
         COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name))
                     FROM product_categories pc JOIN categories c ON c.id = pc.category_id
                    WHERE pc.organization_id = $1::uuid AND pc.product_id = p.id), '[]'::json) AS categories
  FROM products p WHERE p.organization_id = $1::uuid AND p.id = ANY($2::uuid[])`;

/**
 * The first page of a search as the app's database work, by a bare client: the typo
 * candidates, the ranked statement (count, exact SKU, the names' window: the app's
 * `firstInRank`), every match ranked when the page reaches past the names (as the app
 * then does), the page's records.
 */
async function searchAlone(pool, organizationId, text, perPage) {
  const words = queryWords(text);
  const eligible = words.filter((word) => word.length >= 5 && /^[a-z]+$/.test(word));
  const alternatives = new Map();
  if (eligible.length > 0) {
    for (const row of (await pool.query(TYPOS, [organizationId, eligible])).rows)
      alternatives.set(row.input, [...(alternatives.get(row.input) ?? []), row.word]);
  }
  const tsquery = words
    .map((word, index) => {
      const forms = [index === words.length - 1 ? `${word}:*` : word, ...(alternatives.get(word) ?? [])];
      return forms.length === 1 ? forms[0] : `(${forms.join(" | ")})`;
    })
    .join(" & ");
  const key = text.normalize("NFC").trim().toUpperCase();
  const [row] = (await pool.query(RANKED, [organizationId, tsquery, key, perPage + 1])).rows;
  let total = Number(row.matched) + (row.exact && !row.exact.matched ? 1 : 0);
  let ids = [...(row.exact ? [row.exact.id] : []), ...row.named].slice(0, Math.min(perPage, total));
  if (ids.length < Math.min(perPage, total)) {
    // The page reaches past the names: every match is ranked (the app's second statement).
    const [all] = (await pool.query(ALL_RANKED, [organizationId, tsquery, key, perPage])).rows;
    total = Number(all.total);
    ids = all.ids;
  }
  const records = (await pool.query(RECORDS, [organizationId, ids])).rows;
  return { ids, total, records: records.length };
}

/** The database alone, over the pool's connections: after checking it answers the app's page. */
async function measureAlone(pool, { organizationId, text, expected, requests }) {
  const first = await searchAlone(pool, organizationId, text, PER_PAGE);
  if (first.total !== expected.total || !isDeepStrictEqual(first.ids, expected.ids)) {
    throw new Error(
      `"${text}": the bare client found ${first.total} (${first.ids.slice(0, 3).join(", ")}…), the app ${expected.total} (${expected.ids.slice(0, 3).join(", ")}…)`,
    );
  }
  for (let i = 0; i < CONNECTIONS; i++) await searchAlone(pool, organizationId, text, PER_PAGE);
  const latencies = [];
  let left = requests;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (left-- > 0) {
        const started = performance.now();
        await searchAlone(pool, organizationId, text, PER_PAGE);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

async function indexUse(client, organizationId) {
  const { rows } = await client.query(
    `EXPLAIN (FORMAT JSON) SELECT p.id FROM products p
     WHERE p.organization_id = $1 AND p.search_vector @@ to_tsquery('simple', 'chave & phillips:*')
     ORDER BY ts_rank(p.search_vector, to_tsquery('simple', 'chave & phillips:*')) DESC LIMIT 20`,
    [organizationId],
  );
  const plan = JSON.stringify(rows[0]["QUERY PLAN"]);
  // The first page of a common word comes from the matches in names (server/catalog/products/search.ts).
  const named = await client.query(
    `EXPLAIN (FORMAT JSON) SELECT p.id FROM products p
     WHERE p.organization_id = $1 AND p.name_vector @@ to_tsquery('simple', 'eletrica:*')
     ORDER BY ts_rank(p.search_vector, to_tsquery('simple', 'eletrica:*')) DESC, p.name, p.id LIMIT 21`,
    [organizationId],
  );
  return {
    usesSearchIndex: plan.includes("products_search_vector_idx"),
    usesNameIndex: JSON.stringify(named.rows[0]["QUERY PLAN"]).includes("products_name_vector_idx"),
    nodes: [...new Set([...plan.matchAll(/"Node Type":"([^"]+)"/g)].map((m) => m[1]))],
  };
}

export async function runSearchBench({ root, databaseUrl, base, requestsPerQuery = 200, sizes = [10_000, 100_000] }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // The bare client of "database alone": as many connections as autocannon opens to the app.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  const figures = [];
  try {
    for (const count of sizes) {
      console.log(`search: seeding ${count.toLocaleString("en")} products`);
      const org = await seedOrg(client, { root, databaseUrl, base, count });
      console.log(`search: index built by the app in ${org.synchronizeMs} ms`);
      const perQuery = [];
      const all = [];
      let failures = 0;
      const alone = [];
      for (const query of QUERIES) {
        const text = query.text ?? org.sku;
        const { latencies, failures: failed } = await measure(base, org.token, text, requestsPerQuery);
        failures += failed;
        latencies.sort((a, b) => a - b);
        all.push(...latencies);
        const answer = await fetch(`${base}${searchPath(text)}`, { method: "POST", headers: { authorization: `Bearer ${org.token}` } });
        const page = await answer.json();
        const expected = { total: page.total, ids: page.items.map((item) => item.id) };
        const database = await measureAlone(pool, { organizationId: org.organizationId, text, expected, requests: requestsPerQuery });
        alone.push(...database);
        perQuery.push({
          query: query.name,
          text,
          p50: quantile(latencies, 0.5),
          p95: quantile(latencies, 0.95),
          database: { p50: quantile(database, 0.5), p95: quantile(database, 0.95) },
        });
      }
      all.sort((a, b) => a - b);
      alone.sort((a, b) => a - b);
      figures.push({
        products: count,
        synchronizeMs: org.synchronizeMs,
        p50: quantile(all, 0.5),
        p95: quantile(all, 0.95),
        database: { p50: quantile(alone, 0.5), p95: quantile(alone, 0.95) },
        failures,
        perQuery,
        plan: await indexUse(client, org.organizationId),
      });
    }
  } finally {
    await Promise.all([client.end(), pool.end()]);
  }
  return figures;
}

export function printSearch(figures) {
  const ms = (value) => value.toFixed(1);
  const rows = [["products", "query", "p50 ms", "p95 ms", "database alone p50", "p95"]];
  for (const size of figures) {
    for (const q of size.perQuery)
      rows.push([
        size.products.toLocaleString("en"),
        `${q.query} (${q.text})`,
        ms(q.p50),
        ms(q.p95),
        ms(q.database.p50),
        ms(q.database.p95),
      ]);
    rows.push([
      size.products.toLocaleString("en"),
      "all queries",
      ms(size.p50),
      ms(size.p95),
      ms(size.database.p50),
      ms(size.database.p95),
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  console.log(
    rows
      .map((row) => row.map((cell, c) => (c < 2 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join("  "))
      .join("\n"),
  );
  for (const size of figures) {
    console.log(
      `${size.products.toLocaleString("en")} products: index built in ${size.synchronizeMs} ms; plan ${size.plan.usesSearchIndex ? "uses" : "does NOT use"} products_search_vector_idx (${size.plan.nodes.join(", ")}), the names' page ${size.plan.usesNameIndex ? "uses" : "does NOT use"} products_name_vector_idx; failures ${size.failures}`,
    );
  }
  const [small, large] = figures;
  if (small && large)
    console.log(
      `p95 at ${large.products.toLocaleString("en")} / p95 at ${small.products.toLocaleString("en")}: ${(large.p95 / small.p95).toFixed(2)}x`,
    );
}

export const searchTargets = (figures) => {
  const large = figures.find((size) => size.products === 100_000);
  const small = figures.find((size) => size.products === 10_000);
  return [
    ["search p95 ≤ 30 ms at 100k products", large ? large.p95 <= 30 : false],
    ["search p95 at 100k ≤ 2x the 10k figure", large && small ? large.p95 <= 2 * small.p95 : false],
    ["search plans use the indexes", large ? large.plan.usesSearchIndex && large.plan.usesNameIndex : false],
  ];
};
