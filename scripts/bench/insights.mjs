// The analytics scenario of `npm run bench` (issue 14): one org with a year of history
// written straight into PostgreSQL with generate_series — 5,000 products, 100,000 sales
// (3% quotations) with 1,000,000 sale items (best sellers skewed), and 1,000,000 sales
// funnel events of 250,000 storefront sessions — then the rollups built by the app's
// own rebuild (`npm run cli -- insights:rebuild`), then POST /products/analysis/most-sold
// and GET /sales-funnel for a 30-day and a 365-day period, plus the cost of recording
// events (batches of 20 through POST /sales-funnel/events, rollups in the same
// transaction). Prints p50/p95 per case and whether each read is at most 300 ms at p95.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";

const TARGET_P95_MS = 300;
const SIZES = { products: 5_000, sales: 100_000, itemsPerSale: 10, events: 1_000_000, eventsPerSession: 4 };

function quantile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;
}

function cli(root, databaseUrl, args) {
  const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DEMO_DATA: "false" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`cli ${args[0]} failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** A year of sales and funnel events for a fresh org, in SQL. */
async function seed(client, organizationId) {
  const started = performance.now();
  await client.query("SELECT setseed(0.14)");
  await client.query(
    `INSERT INTO products (id, organization_id, name, sku, sku_key, price, active, search_text, updated_at)
     SELECT gen_random_uuid(), $1, 'Produto ' || lpad(n::text, 5, '0'), 'INS-' || lpad(n::text, 5, '0'), 'INS-' || lpad(n::text, 5, '0'),
            round((5 + random() * 500)::numeric, 2), true, '', now()
     FROM generate_series(1, $2) AS n`,
    [organizationId, SIZES.products],
  );
  const {
    rows: [{ partner_id: partnerId }],
  } = await client.query(
    `INSERT INTO partners (id, organization_id, name, fiscal_registration_number, updated_at)
     VALUES (gen_random_uuid(), $1, 'Cliente do bench', '11222333000181', now()) RETURNING id AS partner_id`,
    [organizationId],
  );
  await client.query(
    `INSERT INTO sales (id, organization_id, partner_id, status_id, updated_by, quotation, full_value, total_value, created_at, updated_at)
     SELECT gen_random_uuid(), $1, $2, (SELECT id FROM statuses WHERE organization_id = $1 AND type = 'SALE' AND is_initial LIMIT 1),
            'bench', random() < 0.03, 0, 0, now() - random() * interval '365 days', now()
     FROM generate_series(1, $3)`,
    [organizationId, partnerId, SIZES.sales],
  );
  // Items: a skewed product choice (a few best sellers), quantities 1–20.
  await client.query(
    `WITH p AS (SELECT array_agg(id ORDER BY name) AS ids FROM products WHERE organization_id = $1),
          s AS (SELECT id FROM sales WHERE organization_id = $1)
     INSERT INTO sale_items (id, organization_id, sale_id, position, product_id, unit_value, quantity, total_value)
     SELECT gen_random_uuid(), $1, sale_id, k, product_id, u, q, u * q
     FROM (SELECT s.id AS sale_id, k, p.ids[1 + floor(power(random(), 2.5) * array_length(p.ids, 1))::int] AS product_id,
                  round((5 + random() * 200)::numeric, 2) AS u, (1 + floor(random() * 20))::numeric AS q
           FROM s, p, generate_series(0, $2 - 1) AS k) i`,
    [organizationId, SIZES.itemsPerSale],
  );
  await client.query(
    `UPDATE sales s SET full_value = t.total, total_value = t.total
     FROM (SELECT sale_id, sum(total_value) AS total FROM sale_items WHERE organization_id = $1 GROUP BY sale_id) t
     WHERE s.id = t.sale_id AND s.organization_id = $1`,
    [organizationId],
  );
  // Funnel: sessions of four events each, walking down the stages; 5% finish the next day.
  await client.query(
    `INSERT INTO funnel_events (id, organization_id, session_id, stage, occurred_at, product_id)
     SELECT gen_random_uuid(), $1, 'bench-' || (n / $3), stage, at, NULL
     FROM generate_series(0, $2 - 1) AS n,
          LATERAL (SELECT abs(hashint4(n / $3)::bigint) / 2147483647.0 AS h, n % $3 AS k) x,
          LATERAL (SELECT now() - (x.h * interval '364 days') + (x.k * interval '3 minutes')
                          + CASE WHEN x.k = 3 AND abs(hashint4(n / $3 + 7)::bigint) % 20 = 0 THEN interval '1 day' ELSE interval '0' END AS at,
                          CASE x.k WHEN 0 THEN 'SESSION'
                                   WHEN 1 THEN 'PRODUCT'
                                   WHEN 2 THEN CASE WHEN abs(hashint4(n / $3 + 1)::bigint) % 100 < 40 THEN 'SHOPPING_CART' ELSE 'PRODUCT' END
                                   ELSE CASE WHEN abs(hashint4(n / $3 + 2)::bigint) % 100 < 10 THEN 'ORDER'
                                             WHEN abs(hashint4(n / $3 + 2)::bigint) % 100 < 20 THEN 'CHECKOUT' ELSE 'PRODUCT' END END AS stage) e
     WHERE e.at <= now()`,
    [organizationId, SIZES.events, SIZES.eventsPerSession],
  );
  const counts = await client.query(
    `SELECT (SELECT count(*) FROM sales WHERE organization_id = $1)::int AS sales,
            (SELECT count(*) FROM sale_items WHERE organization_id = $1)::int AS items,
            (SELECT count(*) FROM funnel_events WHERE organization_id = $1)::int AS events`,
    [organizationId],
  );
  return { ...counts.rows[0], seedMs: Math.round(performance.now() - started) };
}

async function measure(base, headers, method, path, requests, body) {
  const latencies = [];
  const result = await autocannon({
    url: base,
    connections: 4,
    amount: requests,
    headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
    requests: [{ method, path, ...(body ? { setupRequest: (request) => ({ ...request, body: body() }) } : {}) }],
    setupClient: (client) => client.on("response", (_status, _bytes, ms) => latencies.push(ms)),
  });
  latencies.sort((a, b) => a - b);
  return {
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    requests: latencies.length,
    failures: result.errors + result.non2xx,
  };
}

const day = (date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(date);
const daysAgo = (n) => day(new Date(Date.now() - n * 86_400_000));

export async function runInsightsBench({ root, databaseUrl, base, requestsPerCase = 200 }) {
  const email = `bench-insights-${randomBytes(3).toString("hex")}@bench.example`;
  const org = cli(root, databaseUrl, [
    "org:create",
    "--name",
    "Bench insights",
    "--admin-email",
    email,
    "--admin-password",
    "bench-password-1",
  ]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    console.log(
      `insights: seeding ${SIZES.sales.toLocaleString("en")} sales, ${(SIZES.sales * SIZES.itemsPerSale).toLocaleString("en")} items, ${SIZES.events.toLocaleString("en")} funnel events`,
    );
    const seeded = await seed(client, org.id);
    console.log(`insights: seeded in ${seeded.seedMs} ms; building the rollups (insights:rebuild)`);
    const rebuild = cli(root, databaseUrl, ["insights:rebuild", "--org", org.id]);
    await client.query(
      "ANALYZE product_sales_days; ANALYZE product_sales_months; ANALYZE funnel_stage_days; ANALYZE funnel_session_days; ANALYZE funnel_sessions; ANALYZE sales_days",
    );
    const rollups = (
      await client.query(
        `SELECT (SELECT count(*) FROM product_sales_days WHERE organization_id = $1)::int AS product_days,
                (SELECT count(*) FROM product_sales_months WHERE organization_id = $1)::int AS product_months,
                (SELECT count(*) FROM funnel_stage_days WHERE organization_id = $1)::int AS stage_days,
                (SELECT count(*) FROM funnel_session_days WHERE organization_id = $1)::int AS session_days`,
        [org.id],
      )
    ).rows[0];
    const login = await fetch(`${base}/api/b2b/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "bench-password-1" }),
    });
    const { access_token: token } = await login.json();
    const headers = { authorization: `Bearer ${token}` };
    const today = daysAgo(0);
    const cases = [];
    for (const days of [30, 365]) {
      const start = daysAgo(days - 1);
      cases.push({
        name: `most-sold ${days} days`,
        days,
        method: "POST",
        path: `/api/b2b/products/analysis/most-sold?page=0&perPage=20&start_date=${start}&final_date=${today}`,
        read: true,
      });
      cases.push({
        name: `sales funnel ${days} days`,
        days,
        method: "GET",
        path: `/api/b2b/sales-funnel?period_start_date=${start}&period_final_date=${today}`,
        read: true,
      });
    }
    const results = [];
    for (const item of cases) {
      const check = await fetch(base + item.path, { method: item.method, headers });
      if (!check.ok) throw new Error(`${item.name}: ${check.status} ${await check.text()}`);
      const figures = await measure(base, headers, item.method, item.path, requestsPerCase);
      results.push({ ...item, ...figures });
    }
    let batch = 0;
    const write = await measure(base, headers, "POST", "/api/b2b/sales-funnel/events", 100, () =>
      JSON.stringify(
        Array.from({ length: 20 }, (_, i) => ({
          session_id: `bench-write-${batch++}-${i % 5}`,
          stage: ["SESSION", "PRODUCT", "SHOPPING_CART", "CHECKOUT", "ORDER"][i % 5],
        })),
      ),
    );
    results.push({ name: "record 20 events", method: "POST", path: "/api/b2b/sales-funnel/events", read: false, ...write });
    return { sizes: SIZES, seeded, rebuildMs: rebuild.ms, rollups, results };
  } finally {
    await client.end();
  }
}

export function printInsights(figures) {
  const rows = [["case", "requests", "p50 ms", "p95 ms", "≤ 300 ms"]];
  for (const r of figures.results) rows.push([r.name, r.requests, r.p50, r.p95, r.read ? (r.p95 <= TARGET_P95_MS ? "yes" : "NO") : "-"]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  console.log(
    rows
      .map((row) => row.map((cell, c) => (c < 1 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join("  "))
      .join("\n"),
  );
  const { seeded, rollups } = figures;
  console.log(
    `data: ${seeded.sales.toLocaleString("en")} sales, ${seeded.items.toLocaleString("en")} items, ${seeded.events.toLocaleString("en")} events (seeded in ${seeded.seedMs} ms); ` +
      `rollups rebuilt in ${figures.rebuildMs} ms: ${rollups.product_days.toLocaleString("en")} product-days, ${rollups.product_months.toLocaleString("en")} product-months, ` +
      `${rollups.stage_days.toLocaleString("en")} stage-day rows, ${rollups.session_days.toLocaleString("en")} session-days`,
  );
}

/** Most-sold over any period costs about what 30 days cost (issue 32): p95 ≤ 100 ms. */
const MOST_SOLD_P95_MS = 100;

export const insightsTargets = (figures) =>
  figures.results
    .filter((r) => r.read)
    .map((r) => {
      const target = r.name.startsWith("most-sold") ? MOST_SOLD_P95_MS : TARGET_P95_MS;
      return [`${r.name} p95 ≤ ${target} ms`, r.p95 !== null && r.p95 <= target && r.failures === 0];
    });
