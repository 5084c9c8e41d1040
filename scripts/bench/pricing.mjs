// The price calculation scenario of `npm run bench` (issue 11): an org of 100,000
// products (brands, categories, a specification each), 200 partners in 10 profiles, 3
// payment methods, 1,000 price tables (each listing 50 products with their own prices,
// a fifth of them specific to a profile, a partner or a payment method, a few covering
// every product with a rate) and 1,000 discounts (criteria by brand, category, product or
// specification, some for every product, some stacking), written straight into the
// database; then POST /prices/product/calculate for random products, partners and
// payment methods, and POST /prices/products/calculate with 50 items a call (issue 32).
// Prints p50/p95/p99 from 4 connections at once, the same from one caller at a time (the
// calculation's own latency, for reference), the same statement from a bare client (the
// database alone) and the app's p95 over it (issue 45 targets: one price ≤ 1.5×, 50 prices
// ≤ 2×; `ratio_one`, `ratio_batch` in the JSON), where the app's CPU goes per price (one a
// call and 50 a call; by layer and by function), the plans of the candidate queries, and the
// same figures for an org with 10× fewer rules (the cost must not grow with the org's rules).
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

export async function seed(client, { root, databaseUrl, base, tables, discounts }) {
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
  const TABLES = tables;
  const DISCOUNTS = discounts;
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

const BATCH = 50;

/**
 * The app's one statement of a calculation ("price-subjects", server/pricing/prices/service.ts),
 * as a bare client sends it: the products with their categories and specifications, the
 * variations, the buyer's references, the price-table rows that list the products and the
 * rules' version. $1 org, $2 product ids, $3 variation ids, $4 partner, $5 profile,
 * $6 company, $7 payment method.
 */
const SUBJECTS_SQL = `
SELECT
  COALESCE((SELECT json_agg(json_build_object(
            'id', p.id, 'name', p.name, 'sku', p.sku, 'price', p.price::text, 'brand_id', p.brand_id,
            'category_ids', COALESCE((SELECT json_agg(pc.category_id) FROM product_categories pc
                                      WHERE pc.organization_id = $1 AND pc.product_id = p.id), '[]'::json),
            'specifications', COALESCE((SELECT json_agg(json_build_object('name', s.name, 'value', s.value))
                                        FROM product_specifications s WHERE s.organization_id = $1 AND s.product_id = p.id), '[]'::json)))
     FROM products p WHERE p.organization_id = $1 AND p.id = ANY($2::uuid[])), '[]'::json) AS products,
  COALESCE((SELECT json_agg(json_build_object('id', v.id, 'name', v.name, 'price', v.price::text, 'product_id', v.product_id))
     FROM product_variations v WHERE v.organization_id = $1 AND v.id = ANY($3::uuid[])), '[]'::json) AS variations,
  (SELECT json_build_object('profile_id', pa.profile_id) FROM partners pa WHERE pa.organization_id = $1 AND pa.id = $4::uuid) AS partner,
  EXISTS (SELECT 1 FROM profiles pr WHERE pr.organization_id = $1 AND pr.id = $5::uuid) AS profile_found,
  EXISTS (SELECT 1 FROM companies co WHERE co.organization_id = $1 AND co.id = $6::uuid) AS company_found,
  (SELECT json_build_object('id', m.id, 'name', m.name, 'adjustment_rate', m.adjustment_rate::text, 'installments', m.installments)
     FROM payment_methods m WHERE m.organization_id = $1 AND m.id = $7::uuid) AS payment_method,
  COALESCE((SELECT json_agg(json_build_object('product_id', tp.product_id, 'price_table_id', tp.price_table_id,
                                              'criteria_row_id', tp.criteria_row_id,
                                              'product_variation_id', tp.product_variation_id, 'price', tp.price::text))
            FROM price_table_products tp WHERE tp.organization_id = $1 AND tp.product_id = ANY($2::uuid[])), '[]'::json) AS listed,
  (SELECT version::text FROM pricing_versions WHERE organization_id = $1) AS pricing_version`;

/**
 * The database alone: the calculation's statement for the same bodies, prepared, from a
 * bare client over 4 connections (no HTTP, no framework, no engine), after checking it
 * finds what the app prices.
 */
async function databaseAlone(databaseUrl, data, bodies, requests) {
  const clients = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  try {
    const run = (client, body) =>
      client.query({
        name: "price-subjects",
        text: SUBJECTS_SQL,
        values: [
          data.org,
          body.items.map((item) => item.product_id),
          [],
          body.partner_id ?? null,
          null,
          null,
          body.payment_method_id ?? null,
        ],
      });
    const [first] = (await run(clients[0], bodies[0])).rows;
    if (first.products.length !== new Set(bodies[0].items.map((item) => item.product_id)).size)
      throw new Error("the bare statement does not find the products the app prices");
    const latencies = [];
    let next = 0;
    await Promise.all(
      clients.map(async (client) => {
        while (next < requests) {
          const body = bodies[next++ % bodies.length];
          const started = performance.now();
          await run(client, body);
          latencies.push(performance.now() - started);
        }
      }),
    );
    return figuresOf(latencies.sort((a, b) => a - b));
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

const figuresOf = (sorted) => ({ p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99) });

/** One org's runs: one price at a time, from 4 connections, and 50 prices a call. */
async function measure({ base, databaseUrl, data, requests, profiler }) {
  const contextOf = (i) => ({
    ...(i % 3 === 0 ? { partner_id: data.partners[i % data.partners.length] } : {}),
    ...(i % 4 === 0 ? { payment_method_id: data.methods[i % data.methods.length] } : {}),
    date: "2026-02-15",
  });
  const productOf = (i) => (i % 2 ? data.listed[i % data.listed.length] : data.products[i % data.products.length]);
  const bodies = Array.from({ length: 200 }, (_, i) => ({ product_id: productOf(i), quantity: 1 + (i % 15), ...contextOf(i) }));
  const pages = Array.from({ length: 40 }, (_, i) => ({
    ...contextOf(i),
    items: Array.from({ length: BATCH }, (_, k) => ({ product_id: productOf(i * BATCH + k), quantity: 1 + (k % 15) })),
  }));
  const latencies = [];
  const run = (amount, connections, path, list) =>
    autocannon({
      url: base,
      connections,
      amount,
      headers: { authorization: `Bearer ${data.token}`, "content-type": "application/json" },
      requests: list.map((body) => ({ method: "POST", path, body: JSON.stringify(body) })),
      setupClient: (c) => c.on("response", (_status, _bytes, ms) => latencies.push(ms)),
    });
  const one = (amount, connections) => run(amount, connections, "/api/b2b/prices/product/calculate", bodies);
  await one(200, 4);
  // One caller at a time first: the calculation's own latency, no request waiting behind another.
  latencies.length = 0;
  const alone = await one(requests / 2, 1);
  const single = { ...figuresOf(latencies.sort((a, b) => a - b)), failures: alone.errors + alone.non2xx };
  latencies.length = 0;
  profiler?.start();
  const result = await one(requests, 4);
  const profile = profiler ? await profiler.stop(result.requests.total) : undefined;
  const four = { ...figuresOf(latencies.sort((a, b) => a - b)), requests: latencies.length, failures: result.errors + result.non2xx };
  await run(40, 4, "/api/b2b/prices/products/calculate", pages);
  latencies.length = 0;
  profiler?.start();
  const paged = await run(requests / 5, 4, "/api/b2b/prices/products/calculate", pages);
  // Per price: the batch's CPU divided among its 50 items.
  const batchProfile = profiler ? await profiler.stop(paged.requests.total * BATCH) : undefined;
  const batch = {
    ...figuresOf(latencies.sort((a, b) => a - b)),
    requests: latencies.length,
    failures: paged.errors + paged.non2xx,
    bytes: Math.round(paged.throughput.total / Math.max(1, paged.requests.total)),
    profile: batchProfile,
  };
  const database = {
    one: await databaseAlone(
      databaseUrl,
      data,
      bodies.map((body) => ({ ...body, items: [{ product_id: body.product_id }] })),
      requests,
    ),
    batch: await databaseAlone(databaseUrl, data, pages, requests / 5),
  };
  return {
    single,
    ...four,
    batch,
    database,
    profile,
    // Issue 45: the app against the database alone, same run, same bodies (p95 over p95).
    ratio_one: Math.round((four.p95 / database.one.p95) * 100) / 100,
    ratio_batch: Math.round((batch.p95 / database.batch.p95) * 100) / 100,
  };
}

export async function runPricingBench({ root, databaseUrl, base, profiler, requests = 2_000 }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    console.log(`pricing: seeding ${PRODUCTS.toLocaleString("en")} products, ${TABLES} price tables, ${DISCOUNTS} discounts`);
    const started = performance.now();
    const data = await seed(client, { root, databaseUrl, base, tables: TABLES, discounts: DISCOUNTS });
    console.log(`pricing: seeded in ${Math.round(performance.now() - started)} ms`);
    const full = await measure({ base, databaseUrl, data, requests, profiler });
    console.log(`pricing: seeding another org with 10× fewer rules (${TABLES / 10} price tables, ${DISCOUNTS / 10} discounts)`);
    const fewer = await seed(client, { root, databaseUrl, base, tables: TABLES / 10, discounts: DISCOUNTS / 10 });
    const small = await measure({ base, databaseUrl, data: fewer, requests });
    return {
      products: PRODUCTS,
      priceTables: TABLES,
      discounts: DISCOUNTS,
      ...full,
      fewerRules: {
        priceTables: TABLES / 10,
        discounts: DISCOUNTS / 10,
        ...small,
        profile: undefined,
        batch: { ...small.batch, profile: undefined },
      },
      failures: full.failures + full.single.failures + full.batch.failures + small.failures + small.single.failures + small.batch.failures,
      indexed: await plans(client, data.org, data.listed[0]),
    };
  } finally {
    await client.end();
  }
}

const ms = (figures) => `p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms`;

export function printPricing(figures) {
  for (const [label, run] of [
    [`${figures.priceTables} price tables, ${figures.discounts} discounts`, figures],
    [`${figures.fewerRules.priceTables} price tables, ${figures.fewerRules.discounts} discounts (10× fewer rules)`, figures.fewerRules],
  ]) {
    console.log(
      `${figures.products.toLocaleString("en")} products, ${label}: POST /prices/product/calculate ${ms(run)} over ${run.requests} ` +
        `requests from 4 connections (one caller at a time: ${ms(run.single)}); POST /prices/products/calculate with ${BATCH} items ` +
        `${ms(run.batch)} over ${run.batch.requests} requests from 4 connections (${run.batch.bytes} bytes an answer); the database ` +
        `alone (the same statement, a bare client, 4 connections): one ${ms(run.database.one)}, 50 ${ms(run.database.batch)}; ` +
        `p95 over the database's: one ${run.ratio_one}×, 50 ${run.ratio_batch}×`,
    );
  }
  console.log(
    `failures ${figures.failures}; candidate queries use indexes: price_table_products ${figures.indexed.priceTableProducts}, ` +
      `discount_criteria_values ${figures.indexed.discountCriteriaValues}`,
  );
  for (const [label, profile] of [
    ["one price a call", figures.profile],
    [`${BATCH} prices a call, per price`, figures.batch.profile],
  ]) {
    if (!profile?.layers.length) continue;
    console.log(`CPU time of a price (${label}, 4 connections) by layer:`);
    for (const { layer, share, microsPerRequest } of profile.layers)
      console.log(`  ${layer.padEnd(48)} ${(share * 100).toFixed(1).padStart(5)}%  ${Math.round(microsPerRequest)} µs/price`);
    console.log("  ... and by function (self time):");
    for (const { name, share, microsPerRequest } of profile.hot)
      console.log(`  ${name.slice(0, 90).padEnd(90)} ${(share * 100).toFixed(1).padStart(5)}%  ${Math.round(microsPerRequest)} µs/price`);
  }
}

export const pricingTargets = (figures) => [
  [
    `one price p95 ≤ 1.5 × the database alone's (100k products, 1,000 tables, 1,000 discounts; 4 connections): ${figures.ratio_one}×`,
    figures.ratio_one <= 1.5,
  ],
  [`${BATCH} prices in one call p95 ≤ 2 × the database alone's (same data): ${figures.ratio_batch}×`, figures.ratio_batch <= 2],
];
