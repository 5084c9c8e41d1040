// The panel workspace scenario of `npm run bench` (issue 8): an org of 20,000 partners
// and an audit log of 200,000 entries, written straight into the database. Measures the
// streamed CSV export of the whole partner list (GET /exports/partners: time, rows a
// second, bytes, time to the first byte) and the audit log's keyset paging (GET
// /audit-events): the newest page against a page at the far end of the log, which keyset
// paging keeps as cheap (offset paging would read the whole log to get there).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";

const PARTNERS = 20_000;
const AUDIT_EVENTS = 200_000;
const PAGE_REQUESTS = 200;

function quantile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;
}

const cursorOf = (seq) => Buffer.from(`seq:${seq}`).toString("base64url");

async function seed(client, { root, databaseUrl, base }) {
  const email = `bench-workspace-${randomBytes(3).toString("hex")}@bench.example`;
  const created = spawnSync(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "scripts/cli.ts",
      "org:create",
      "--name",
      "Bench workspace",
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
  // Fiscal numbers only need to be unique here (the bench reads, it never validates them).
  await client.query(
    `INSERT INTO partners (id, organization_id, name, trade_name, fiscal_registration_number, email, active, addresses, search_text, updated_at)
     SELECT gen_random_uuid(), $1, 'Cliente ' || lpad(n::text, 6, '0') || ' Comércio Ltda', 'Loja ' || n,
            lpad(n::text, 14, '0'), 'compras' || n || '@cliente.example', n % 10 <> 0,
            jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'name', 'Sede', 'city', 'São Paulo', 'state', 'SP', 'is_default', true)),
            'cliente ' || n, now()
     FROM generate_series(1, $2) AS n`,
    [organizationId, PARTNERS],
  );
  await client.query(
    `INSERT INTO audit_events (id, organization_id, occurred_at, actor_kind, actor_id, action, entity, entity_id, entity_label, changes)
     SELECT gen_random_uuid(), $1, now() - make_interval(secs => $2 - n), 'system', NULL,
            CASE WHEN n % 5 = 0 THEN 'create' ELSE 'update' END, 'partner', gen_random_uuid(), 'Cliente ' || n,
            jsonb_build_object('active', jsonb_build_object('from', true, 'to', false))
     FROM generate_series(1, $2) AS n`,
    [organizationId, AUDIT_EVENTS],
  );
  await client.query("ANALYZE partners; ANALYZE audit_events");
  const { rows } = await client.query("SELECT min(seq) AS oldest FROM audit_events WHERE organization_id = $1", [organizationId]);
  const login = await fetch(`${base}/api/b2b/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password-1" }),
  });
  const { access_token: token } = await login.json();
  return { organizationId, token, deepCursor: cursorOf(BigInt(rows[0].oldest) + 26n) };
}

/** The whole partner list as CSV, read to the end: ms to the first byte and to the last, bytes, lines. */
async function exportOnce(base, token) {
  const started = performance.now();
  const response = await fetch(`${base}/api/b2b/exports/partners?locale=pt-BR`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let firstByteMs = null;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    firstByteMs ??= Math.round(performance.now() - started);
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return { ms: Math.round(performance.now() - started), firstByteMs, bytes, rows: lines - 1 };
}

async function pageLatencies(base, token, path) {
  const latencies = [];
  const result = await autocannon({
    url: base,
    connections: 4,
    amount: PAGE_REQUESTS,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: "GET", path }],
    setupClient: (client) => client.on("response", (_status, _bytes, ms) => latencies.push(ms)),
  });
  latencies.sort((a, b) => a - b);
  return { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), failures: result.errors + result.non2xx };
}

export async function runWorkspaceBench({ root, databaseUrl, base }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const org = await seed(client, { root, databaseUrl, base });
    await exportOnce(base, org.token); // warm-up
    const runs = [];
    for (let run = 0; run < 3; run++) runs.push(await exportOnce(base, org.token));
    runs.sort((a, b) => a.ms - b.ms);
    const exported = runs[1];
    const newest = await pageLatencies(base, org.token, "/api/b2b/audit-events?perPage=25");
    const deepest = await pageLatencies(base, org.token, `/api/b2b/audit-events?perPage=25&cursor=${org.deepCursor}`);
    return {
      partners: PARTNERS,
      auditEvents: AUDIT_EVENTS,
      export: { ...exported, rowsPerSecond: Math.round((exported.rows / exported.ms) * 1000) },
      audit: { newest, deepest },
      failures: newest.failures + deepest.failures + (exported.rows === PARTNERS ? 0 : 1),
    };
  } finally {
    await client.end();
  }
}

export function printWorkspace(figures) {
  const { export: csv, audit } = figures;
  console.log(
    `  export of ${figures.partners} partners (CSV, streamed): ${csv.ms} ms (first byte ${csv.firstByteMs} ms), ${csv.rowsPerSecond} rows/s, ${(csv.bytes / 1024 / 1024).toFixed(1)} MiB, ${csv.rows} rows`,
  );
  console.log(
    `  audit log of ${figures.auditEvents}: newest page p50 ${audit.newest.p50} ms / p95 ${audit.newest.p95} ms; oldest page p50 ${audit.deepest.p50} ms / p95 ${audit.deepest.p95} ms`,
  );
}

/** The export keeps its first byte under a second; the far end of the log costs about what its newest page does. */
export const workspaceTargets = (figures) => [
  [`export's first byte under 1 s (${figures.export.firstByteMs} ms)`, figures.export.firstByteMs < 1000],
  [`export of every row (${figures.export.rows} of ${figures.partners})`, figures.export.rows === figures.partners],
  [
    `audit log's oldest page p50 within 2x its newest (${figures.audit.deepest.p50} vs ${figures.audit.newest.p50} ms)`,
    figures.audit.deepest.p50 <= Math.max(2 * figures.audit.newest.p50, figures.audit.newest.p50 + 5),
  ],
];
