// The product search scenario of `npm run bench` (issue 9): an org of 10,000 and an org
// of 100,000 products with Portuguese names, brands, categories and specifications, the
// search index built by the app (POST /products/search/synchronize), then typical
// queries against POST /products/search: an exact SKU, one word, two words, a word
// typed without its accent, a word with one typo. Prints p50/p95 per query and overall
// at both sizes, the 100k/10k ratio, and whether the plan uses the search index.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";

const TYPES = [
  "Furadeira", "Parafusadeira", "Parafuso", "Porca", "Arruela", "Chave", "Martelo", "Alicate", "Serra", "Broca", "Lixa", "Tinta",
  "Cabo", "Fio", "Tomada", "Interruptor", "Disjuntor", "Lâmpada", "Luminária", "Mangueira", "Torneira", "Válvula", "Registro",
  "Cadeado", "Fechadura", "Trena", "Nível", "Esquadro", "Espátula", "Pincel", "Rolo", "Cola", "Silicone", "Fita", "Abraçadeira",
  "Bucha", "Prego", "Rebite", "Dobradiça", "Puxador", "Luva", "Óculos", "Capacete", "Botina", "Escada", "Carrinho", "Pá",
  "Enxada", "Regador", "Extensão", "Adaptador", "Conector", "Canaleta", "Eletroduto", "Joelho", "Tubo", "Caixa", "Ralo", "Sifão",
];
const QUALIFIERS = [
  "de Impacto", "Sextavado", "Phillips", "Fenda", "Elétrica", "Circular", "Galvanizado", "Inox", "Flexível", "Automático",
  "Universal", "Reforçado", "Profissional", "Compacta", "sem Fio", "de Pressão", "Ajustável", "Isolado", "Antiderrapante",
  "Magnética", "Digital", "Articulado", "Cromado", "Zincado", "Esmaltado", "Acrílica", "Epóxi", "Multiuso", "Monofásico", "Bifásico",
];
const SIZES = ["1/4\"", "3/8\"", "1/2\"", "6mm", "8mm", "10mm", "12mm", "13mm", "20mm", "25mm", "650W", "800W", "1200W", "2,5mm²", "4mm²", "18L", "3,6L", "1m", "5m", "10m", "M6", "M8", "M10"];
const BRANDS = ["Bosch", "Makita", "Tramontina", "Vonder", "Stanley", "DeWalt", "Tigre", "Pial", "Philips", "Black+Decker", "Gedore", "Irwin", "Suvinil", "Coral", "Pado", "Papaiz", "3M", "Fischer", "Ciser", "Belzer"];
const CATEGORIES = ["Ferramentas Elétricas", "Ferramentas Manuais", "Fixadores", "Elétrica", "Iluminação", "Hidráulica", "Pintura", "Segurança", "Jardinagem", "Construção", "Ferragens", "Acessórios"];

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
  const created = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/cli.ts", "org:create", "--name", `Bench search ${count}`, "--admin-email", email, "--admin-password", "bench-password-1"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DEMO_DATA: "false" },
    encoding: "utf8",
  });
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
  const login = await fetch(`${base}/api/b2b/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "bench-password-1" }) });
  const { access_token: token } = await login.json();
  const started = performance.now();
  const sync = await fetch(`${base}/api/b2b/products/search/synchronize`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  if (!sync.ok) throw new Error(`synchronize answered ${sync.status}: ${await sync.text()}`);
  const synchronizeMs = Math.round(performance.now() - started);
  const { rows } = await client.query("SELECT sku FROM products WHERE organization_id = $1 ORDER BY sku OFFSET $2 LIMIT 1", [organizationId, Math.floor(count / 2)]);
  // The steady state autovacuum keeps (this machine's PostgreSQL runs without it): the
  // synchronize just rewrote every product, leaving the old versions and no hint bits.
  await client.query("VACUUM ANALYZE products");
  await client.query("ANALYZE search_words; ANALYZE product_categories; ANALYZE product_specifications");
  return { organizationId, token, sku: rows[0].sku, synchronizeMs };
}

async function measure(base, token, text, requests) {
  const latencies = [];
  let failures = 0;
  const url = `/api/b2b/products/search?perPage=20&search=${encodeURIComponent(text)}`;
  const result = await autocannon({
    url: base,
    connections: 4,
    amount: requests,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: "POST", path: url }],
    setupClient: (client) => client.on("response", (_status, _bytes, ms) => latencies.push(ms)),
  });
  failures += result.errors + result.non2xx;
  return { latencies, failures };
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
  const figures = [];
  try {
    for (const count of sizes) {
      console.log(`search: seeding ${count.toLocaleString("en")} products`);
      const org = await seedOrg(client, { root, databaseUrl, base, count });
      console.log(`search: index built by the app in ${org.synchronizeMs} ms`);
      const perQuery = [];
      const all = [];
      let failures = 0;
      for (const query of QUERIES) {
        const text = query.text ?? org.sku;
        const { latencies, failures: failed } = await measure(base, org.token, text, requestsPerQuery);
        failures += failed;
        latencies.sort((a, b) => a - b);
        all.push(...latencies);
        perQuery.push({ query: query.name, text, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95) });
      }
      all.sort((a, b) => a - b);
      figures.push({ products: count, synchronizeMs: org.synchronizeMs, p50: quantile(all, 0.5), p95: quantile(all, 0.95), failures, perQuery, plan: await indexUse(client, org.organizationId) });
    }
  } finally {
    await client.end();
  }
  return figures;
}

export function printSearch(figures) {
  const rows = [["products", "query", "p50 ms", "p95 ms"]];
  for (const size of figures) {
    for (const q of size.perQuery) rows.push([size.products.toLocaleString("en"), `${q.query} (${q.text})`, q.p50, q.p95]);
    rows.push([size.products.toLocaleString("en"), "all queries", size.p50, size.p95]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  console.log(rows.map((row) => row.map((cell, c) => (c < 2 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join("  ")).join("\n"));
  for (const size of figures) {
    console.log(`${size.products.toLocaleString("en")} products: index built in ${size.synchronizeMs} ms; plan ${size.plan.usesSearchIndex ? "uses" : "does NOT use"} products_search_vector_idx (${size.plan.nodes.join(", ")}), the names' page ${size.plan.usesNameIndex ? "uses" : "does NOT use"} products_name_vector_idx; failures ${size.failures}`);
  }
  const [small, large] = figures;
  if (small && large) console.log(`p95 at ${large.products.toLocaleString("en")} / p95 at ${small.products.toLocaleString("en")}: ${(large.p95 / small.p95).toFixed(2)}x`);
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

