// The price calculation scenario of `npm run bench` (issue 11): an org of 100,000
// products (brands, categories, a specification each), 200 partners in 10 profiles, 3
// payment methods, 1,000 price tables (each listing 50 products with their own prices,
// a fifth of them specific to a profile, a partner or a payment method, a few covering
// every product with a rate) and 1,000 discounts (criteria by brand, category, product or
// specification, some for every product, some stacking), written straight into the
// database; then POST /prices/product/calculate for random products, partners and
// payment methods. Prints p50/p95 from 4 connections at once (target: p95 ≤ 5 ms), the
// same from one caller at a time (the calculation's own latency, for reference), and the
// plans of the candidate queries.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";

const PRODUCTS = 100_000;
const TABLES = 1_000;
const DISCOUNTS = 1_000;
const PRODUCTS_PER_TABLE = 50;
const BRANDS = 40;
const CATEGORIES = 30;

function quantile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;
}

async function seed(client, { root, databaseUrl, base }) {
  const email = `bench-pricing-${randomBytes(3).toString("hex")}@bench.example`;
  const created = spawnSync(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "scripts/cli.ts",
      "org:create",
      "--name",
      "Bench pricing",
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
  const org = JSON.parse(created.stdout).id;
  const q = (sql, params = []) => client.query(sql, [org, ...params]);
  await client.query("SELECT setseed(0.11)");
  await q(
    `INSERT INTO brands (id, organization_id, name, active, search_text, updated_at) SELECT gen_random_uuid(), $1, 'Marca ' || n, true, 'marca ' || n, now() FROM generate_series(1, $2) n`,
    [BRANDS],
  );
  await q(
    `INSERT INTO categories (id, organization_id, name, active, search_text, updated_at) SELECT gen_random_uuid(), $1, 'Categoria ' || n, true, 'categoria ' || n, now() FROM generate_series(1, $2) n`,
    [CATEGORIES],
  );
  await q(
    `WITH b AS (SELECT array_agg(id ORDER BY name) ids FROM brands WHERE organization_id = $1)
     INSERT INTO products (id, organization_id, name, sku, sku_key, brand_id, price, active, search_text, updated_at)
     SELECT gen_random_uuid(), $1, 'Produto ' || n, 'PRC-' || lpad(n::text, 7, '0'), 'PRC-' || lpad(n::text, 7, '0'),
            b.ids[1 + n % array_length(b.ids, 1)], round((5 + random() * 995)::numeric, 2), true, '', now()
     FROM generate_series(1, $2) n, b`,
    [PRODUCTS],
  );
  await q(
    `INSERT INTO product_categories (organization_id, product_id, category_id)
     SELECT p.organization_id, p.id, c.ids[1 + abs(hashtext(p.sku)) % array_length(c.ids, 1)]
     FROM products p, (SELECT array_agg(id ORDER BY name) ids FROM categories WHERE organization_id = $1) c WHERE p.organization_id = $1`,
  );
  await q(
    `INSERT INTO product_specifications (id, organization_id, product_id, name, value, name_key, value_key, is_searchable, updated_at)
     SELECT gen_random_uuid(), $1, p.id, 'Voltagem', v, 'voltagem', lower(v), true, now()
     FROM products p, LATERAL (SELECT (ARRAY['127V', '220V', 'Bivolt'])[1 + abs(hashtext(p.id::text)) % 3] v) x WHERE p.organization_id = $1`,
  );
  await q(
    `INSERT INTO profiles (id, organization_id, name, search_text, updated_at) SELECT gen_random_uuid(), $1, 'Perfil ' || n, '', now() FROM generate_series(1, 10) n`,
  );
  await q(
    `WITH pr AS (SELECT array_agg(id) ids FROM profiles WHERE organization_id = $1)
     INSERT INTO partners (id, organization_id, name, fiscal_registration_number, profile_id, search_text, updated_at)
     SELECT gen_random_uuid(), $1, 'Parceiro ' || n, lpad(n::text, 11, '0'), pr.ids[1 + n % 10], '', now() FROM generate_series(1, 200) n, pr`,
  );
  await q(
    `INSERT INTO payment_methods (id, organization_id, name, adjustment_rate, installments, search_text, updated_at)
     SELECT gen_random_uuid(), $1, m, r, '[{"sequence":1,"tax":0,"discount":0,"due_date_delay":0},{"sequence":3,"tax":2.5,"discount":0,"due_date_delay":30}]', '', now()
     FROM (VALUES ('PIX', -5), ('Cartão', 3), ('Boleto', 0)) v(m, r)`,
  );
  // Price tables: every 5th specific (profile, partner, payment method in turn); every 100th covers every product with a rate.
  await q(
    `INSERT INTO price_tables (id, organization_id, name, start_date, end_date, is_partner_specific, is_profile_specific, is_payment_method_specific, search_text, updated_at)
     SELECT gen_random_uuid(), $1, 'Tabela ' || n, DATE '2026-01-01' - (n % 90), CASE WHEN n % 7 = 0 THEN DATE '2026-03-01' END,
            n % 15 = 5, n % 15 = 0, n % 15 = 10, 'tabela ' || n, now()
     FROM generate_series(1, $2) n`,
    [TABLES],
  );
  await q(
    `INSERT INTO price_table_criteria (id, organization_id, price_table_id, criteria_id, position, rate_type, value_type, value, has_products)
     SELECT gen_random_uuid(), $1, t.id, gen_random_uuid(), 0, 'DECREASE', 'PERCENTAGE', 1 + (random() * 10)::int, (split_part(t.name, ' ', 2)::int % 100) <> 0
     FROM price_tables t WHERE t.organization_id = $1`,
  );
  await q(
    `WITH p AS (SELECT array_agg(id) ids FROM products WHERE organization_id = $1)
     INSERT INTO price_table_products (id, organization_id, price_table_id, criteria_row_id, position, product_id, price)
     SELECT gen_random_uuid(), $1, c.price_table_id, c.id, k, p.ids[1 + floor(random() * array_length(p.ids, 1))::int], round((5 + random() * 900)::numeric, 2)
     FROM price_table_criteria c, p, generate_series(0, $2 - 1) k WHERE c.organization_id = $1 AND c.has_products`,
    [PRODUCTS_PER_TABLE],
  );
  for (const [flag, column, source] of [
    ["is_profile_specific", "profile_id", "profiles"],
    ["is_partner_specific", "partner_id", "partners"],
    ["is_payment_method_specific", "payment_method_id", "payment_methods"],
  ]) {
    await q(
      `WITH s AS (SELECT array_agg(id) ids FROM ${source} WHERE organization_id = $1)
       INSERT INTO price_table_targets (id, organization_id, price_table_id, ${column})
       SELECT gen_random_uuid(), $1, t.id, s.ids[1 + floor(random() * array_length(s.ids, 1))::int] FROM price_tables t, s WHERE t.organization_id = $1 AND t.${flag}`,
    );
  }
  // Discounts: criteria by brand, category, product or specification in turn; every 50th for every product; every 4th stacks.
  await q(
    `WITH b AS (SELECT array_agg(id::text) ids FROM brands WHERE organization_id = $1),
          c AS (SELECT array_agg(id::text) ids FROM categories WHERE organization_id = $1),
          p AS (SELECT array_agg(id::text) ids FROM products WHERE organization_id = $1),
          d AS (SELECT n, CASE WHEN n % 50 = 0 THEN NULL WHEN n % 4 = 0 THEN 'brand_id' WHEN n % 4 = 1 THEN 'category_id' WHEN n % 4 = 2 THEN 'product_id' ELSE 'specification:Voltagem' END AS k,
                       CASE WHEN n % 4 = 0 THEN b.ids[1 + n % array_length(b.ids, 1)] WHEN n % 4 = 1 THEN c.ids[1 + n % array_length(c.ids, 1)]
                            WHEN n % 4 = 2 THEN p.ids[1 + floor(random() * array_length(p.ids, 1))::int] ELSE (ARRAY['127V', '220V', 'Bivolt'])[1 + n % 3] END AS v
                FROM generate_series(1, $2) n, b, c, p)
     INSERT INTO discounts (id, organization_id, name, start_date, is_discount_over_discount, is_active, ranges, criteria, has_criteria, search_text, updated_at)
     SELECT gen_random_uuid(), $1, 'Desconto ' || n, DATE '2025-06-01', n % 4 = 3, n % 10 <> 9,
            jsonb_build_array(jsonb_build_object('minimum_quantity', 1, 'type', 'PERCENTAGE', 'value', 1 + n % 5, 'is_product_value', false),
                              jsonb_build_object('minimum_quantity', 10, 'type', 'PERCENTAGE', 'value', 5 + n % 5, 'is_product_value', false)),
            CASE WHEN k IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object('criteria_id', gen_random_uuid(), 'name', NULL, 'type', 'FIXED', 'criteria_type', 'FILTER',
              'entries', jsonb_build_array(jsonb_build_object('key', k, 'values', jsonb_build_array(v), 'type', 'SQL', 'config', NULL)))) END,
            k IS NOT NULL, 'desconto ' || n, now()
     FROM d`,
    [DISCOUNTS],
  );
  await q(
    `INSERT INTO discount_criteria_values (organization_id, discount_id, key, value)
     SELECT DISTINCT $1::uuid, d.id, CASE WHEN e->>'key' LIKE 'specification:%' THEN 'specification:' || lower(substr(e->>'key', 15)) ELSE e->>'key' END,
            CASE WHEN e->>'key' LIKE 'specification:%' THEN lower(v) ELSE lower(v) END
     FROM discounts d, jsonb_array_elements(d.criteria) c, jsonb_array_elements(c->'entries') e, jsonb_array_elements_text(e->'values') v
     WHERE d.organization_id = $1`,
  );
  await client.query("ANALYZE");
  const login = await fetch(`${base}/api/b2b/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password-1" }),
  });
  const { access_token: token } = await login.json();
  const sample = async (sql) => (await q(sql)).rows.map((row) => row.id);
  return {
    org,
    token,
    products: await sample("SELECT id FROM products WHERE organization_id = $1 ORDER BY random() LIMIT 200"),
    listed: await sample("SELECT DISTINCT product_id AS id FROM price_table_products WHERE organization_id = $1 LIMIT 100"),
    partners: await sample("SELECT id FROM partners WHERE organization_id = $1 LIMIT 50"),
    methods: await sample("SELECT id FROM payment_methods WHERE organization_id = $1"),
  };
}

async function plans(client, org, productId) {
  const explain = async (sql, params) => JSON.stringify((await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)).rows[0]["QUERY PLAN"]);
  const tables = await explain("SELECT DISTINCT price_table_id FROM price_table_products WHERE organization_id = $1 AND product_id = $2", [
    org,
    productId,
  ]);
  const values = await explain(
    "SELECT discount_id FROM discount_criteria_values WHERE organization_id = $1 AND key = 'brand_id' AND value = $2",
    [org, productId],
  );
  return { priceTableProducts: !tables.includes('"Seq Scan"'), discountCriteriaValues: !values.includes('"Seq Scan"') };
}

export async function runPricingBench({ root, databaseUrl, base, requests = 2_000 }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    console.log(`pricing: seeding ${PRODUCTS.toLocaleString("en")} products, ${TABLES} price tables, ${DISCOUNTS} discounts`);
    const started = performance.now();
    const data = await seed(client, { root, databaseUrl, base });
    console.log(`pricing: seeded in ${Math.round(performance.now() - started)} ms`);
    const bodies = Array.from({ length: 200 }, (_, i) => ({
      product_id: i % 2 ? data.listed[i % data.listed.length] : data.products[i % data.products.length],
      quantity: 1 + (i % 15),
      ...(i % 3 === 0 ? { partner_id: data.partners[i % data.partners.length] } : {}),
      ...(i % 4 === 0 ? { payment_method_id: data.methods[i % data.methods.length] } : {}),
      date: "2026-02-15",
    }));
    const latencies = [];
    const run = (amount, connections = 4) =>
      autocannon({
        url: base,
        connections,
        amount,
        headers: { authorization: `Bearer ${data.token}`, "content-type": "application/json" },
        requests: bodies.map((body) => ({ method: "POST", path: "/api/b2b/prices/product/calculate", body: JSON.stringify(body) })),
        setupClient: (c) => c.on("response", (_status, _bytes, ms) => latencies.push(ms)),
      });
    await run(200);
    // One caller at a time first: the calculation's own latency, no request waiting behind another.
    latencies.length = 0;
    const alone = await run(requests / 2, 1);
    latencies.sort((a, b) => a - b);
    const single = { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), failures: alone.errors + alone.non2xx };
    latencies.length = 0;
    const result = await run(requests);
    latencies.sort((a, b) => a - b);
    return {
      single,
      products: PRODUCTS,
      priceTables: TABLES,
      discounts: DISCOUNTS,
      requests: latencies.length,
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      failures: result.errors + result.non2xx + single.failures,
      indexed: await plans(client, data.org, data.listed[0]),
    };
  } finally {
    await client.end();
  }
}

export function printPricing(figures) {
  console.log(
    `${figures.products.toLocaleString("en")} products, ${figures.priceTables} price tables, ${figures.discounts} discounts: ` +
      `POST /prices/product/calculate p50 ${figures.p50} ms, p95 ${figures.p95} ms over ${figures.requests} requests from 4 connections ` +
      `(one caller at a time: p50 ${figures.single.p50} ms, p95 ${figures.single.p95} ms); failures ${figures.failures}; ` +
      `candidate queries use indexes: price_table_products ${figures.indexed.priceTableProducts}, discount_criteria_values ${figures.indexed.discountCriteriaValues}`,
  );
}

export const pricingTargets = (figures) => [
  ["price calculation p95 ≤ 5 ms (100k products, 1,000 tables, 1,000 discounts)", figures.p95 <= 5],
];
