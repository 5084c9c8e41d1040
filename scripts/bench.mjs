// npm run bench: load-tests the built app's REST interface against a bare baseline.
//
// One run: picks a PostgreSQL database (DATABASE_URL, else a throwaway one on the local
// server), builds the app (BENCH_SKIP_BUILD=1 reuses .next), starts `next start` on it, logs
// in and creates 200 brands, starts a baseline (node:http + pg, scripts/bench/baseline.mjs)
// answering the same requests with equivalent SQL, checks that both answer the same,
// then loads each with autocannon, one after the other: GET /brands/:id (rotating over
// the created ids) and GET /brands?perPage=25. Prints a table (req/s, p50, p99,
// errors/non-2xx, app/baseline ratios) and the figures as one JSON line; exits non-zero
// if any request failed or answered non-2xx. Stops both servers and drops the throwaway
// database at the end, on failure and on Ctrl-C.
//
// Environment:
//   BENCH_DURATION     seconds measured per scenario and target (default 10; plus a
//                      warm-up of a fifth of it, at least 1 s, before each)
//   BENCH_CONNECTIONS  concurrent autocannon connections (default 50)
//   DATABASE_URL       PostgreSQL to use instead of a throwaway database on
//                      postgresql://root@127.0.0.1:5432 (the created brands are deleted after)
//   ADMIN_EMAIL, ADMIN_PASSWORD  the admin to log in as (default: the app's defaults)
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import pg from "pg";

const root = fileURLToPath(new URL("..", import.meta.url));
const positive = (value, fallback) => (Number(value) > 0 ? Math.floor(Number(value)) : fallback);
const DURATION = positive(process.env.BENCH_DURATION, 10);
const CONNECTIONS = positive(process.env.BENCH_CONNECTIONS, 50);
const WARMUP = Math.max(1, Math.round(DURATION / 5));
const BRANDS = 200;
const LOCAL_PG = "postgresql://root@127.0.0.1:5432";
const ADMIN_EMAIL = process.env.ADMIN_EMAIL || "admin@example.com";
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || "admin12345";

// Cleanup steps run last-registered first, once, whatever ends the run.
const cleanups = [];
let cleaning;
const cleanup = () =>
  (cleaning ??= (async () => {
    for (const step of cleanups.reverse()) await step().catch((error) => console.error(`cleanup: ${error.message}`));
  })());
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    cleanup().finally(() => process.exit(130));
  });
}

async function adminClient() {
  let failure;
  for (const name of ["postgres", "test"]) {
    const client = new pg.Client({ connectionString: `${LOCAL_PG}/${name}` });
    try {
      await client.connect();
      return client;
    } catch (error) {
      failure = error;
    }
  }
  throw new Error(`cannot reach PostgreSQL at ${LOCAL_PG}: ${failure.message}`);
}

async function withAdmin(sql) {
  const client = await adminClient();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function throwawayDatabase() {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await withAdmin(`CREATE DATABASE ${name}`);
  cleanups.push(() => withAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  console.log(`database: throwaway ${name}`);
  return `${LOCAL_PG}/${name}`;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startApp(databaseUrl) {
  // Always build: an old .next would measure old code. BENCH_SKIP_BUILD=1 reuses it.
  if (process.env.BENCH_SKIP_BUILD !== "1" || !existsSync(path.join(root, ".next/BUILD_ID"))) {
    console.log("building the app (next build)");
    const build = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (build.status !== 0) throw new Error("next build failed");
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-")); // keeps the app's files out of the repo
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: "false",
    RATE_LIMIT_PER_MINUTE: "0",
    NEXT_TELEMETRY_DISABLED: "1",
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(32).toString("base64url"),
    DATA_DIR: dataDir,
  };
  const bin = path.join(root, "node_modules/.bin/next");
  // Its own process group, so stopping it also stops anything next spawns.
  const child = spawn(bin, ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (log = (log + chunk).slice(-8000)));
  const exited = once(child, "exit");
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, "SIGTERM");
      if (!(await Promise.race([exited.then(() => true), sleep(5000, false)]))) process.kill(-child.pid, "SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let failingSince; // a start that keeps answering 5xx (bad config, failed migration) will not heal
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the app exited while starting:\n${log}`);
    // Unauthenticated, so 401 once the database is migrated and bootstrapped.
    const status = await fetch(`${base}/api/b2b/brands`).then((r) => r.status, () => 0);
    if (status > 0 && status < 500) break;
    failingSince = status >= 500 ? (failingSince ?? Date.now()) : undefined;
    if (Date.now() - started > 120_000 || Date.now() - (failingSince ?? Infinity) > 10_000) {
      throw new Error(`the app did not start (last status ${status}):\n${log}`);
    }
    await sleep(250);
  }
  console.log(`app: ${base} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return base;
}

async function call(base, method, url, token, body) {
  const headers = { ...(token && { authorization: `Bearer ${token}` }), ...(body && { "content-type": "application/json" }) };
  const response = await fetch(base + url, { method, headers, body: body && JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function startBaseline(workerData) {
  const worker = new Worker(new URL("./bench/baseline.mjs", import.meta.url), { workerData });
  const exited = once(worker, "exit");
  cleanups.push(async () => {
    worker.postMessage("close");
    if (!(await Promise.race([exited.then(() => true), sleep(3000, false)]))) await worker.terminate();
  });
  const [port] = await Promise.race([once(worker, "message"), exited.then(([code]) => Promise.reject(new Error(`baseline exited (${code})`)))]);
  return `http://127.0.0.1:${port}`;
}

/** One autocannon run; `paths` yields the path of each request. */
function load(base, token, paths, duration) {
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || (await throwawayDatabase());
  const app = await startApp(databaseUrl);

  const login = await call(app, "POST", "/api/b2b/auth/login", null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const token = login.access_token;
  const ids = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < BRANDS; i += 10) {
    const batch = Array.from({ length: Math.min(10, BRANDS - i) }, (_, j) => `Bench brand ${stamp} ${String(i + j + 1).padStart(3, "0")}`);
    ids.push(...(await Promise.all(batch.map((name) => call(app, "POST", "/api/b2b/brands", token, { name, active: true }).then((b) => b.id)))));
  }
  if (process.env.DATABASE_URL) {
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query("DELETE FROM brands WHERE id = ANY($1::uuid[])", [ids]).finally(() => client.end());
    });
  }
  console.log(`seeded: ${ids.length} brands`);

  const baseline = await startBaseline({ databaseUrl, token, organizationId: login.organization_id });
  console.log(`baseline: ${baseline}`);
  const targets = [
    { target: "app", base: app, prefix: "/api/b2b" },
    { target: "baseline", base: baseline, prefix: "" },
  ];
  const scenarios = [
    { scenario: "get-by-id", paths: (prefix) => { let i = 0; return () => `${prefix}/brands/${ids[i++ % ids.length]}`; } },
    { scenario: "list-25", paths: (prefix) => () => `${prefix}/brands?perPage=25` },
  ];

  // Both must give the same answers, or the comparison means nothing.
  for (const { scenario, paths } of scenarios) {
    const [fromApp, fromBaseline] = await Promise.all(targets.map((t) => call(t.base, "GET", paths(t.prefix)(), token)));
    if (!isDeepStrictEqual(fromApp, fromBaseline)) {
      throw new Error(`${scenario}: app and baseline answer differently:\n${JSON.stringify(fromApp)}\n${JSON.stringify(fromBaseline)}`);
    }
  }

  console.log(`load: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per run\n`);
  const results = [];
  for (const { scenario, paths } of scenarios) {
    for (const { target, base, prefix } of targets) {
      await load(base, token, paths(prefix), WARMUP);
      const r = await load(base, token, paths(prefix), DURATION);
      results.push({ scenario, target, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, errors: r.errors, non2xx: r.non2xx });
      console.log(`  ${scenario} ${target}: ${Math.round(r.requests.average)} req/s`);
    }
  }

  const ratio = (a, b) => (b ? Number((a / b).toFixed(2)) : null);
  const ratios = scenarios.map(({ scenario }) => {
    const [a, b] = ["app", "baseline"].map((target) => results.find((r) => r.scenario === scenario && r.target === target));
    return { scenario, rps: ratio(a.rps, b.rps), p50: ratio(a.p50, b.p50), p99: ratio(a.p99, b.p99) };
  });
  const rows = [["scenario", "target", "req/s", "p50 ms", "p99 ms", "errors/non-2xx"]];
  for (const { scenario } of scenarios) {
    for (const r of results.filter((x) => x.scenario === scenario)) rows.push([scenario, r.target, r.rps, r.p50, r.p99, `${r.errors}/${r.non2xx}`]);
    const q = ratios.find((x) => x.scenario === scenario);
    rows.push([scenario, "app/baseline", `${q.rps}x`, `${q.p50}x`, `${q.p99}x`, ""]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  console.log("\n" + rows.map((row) => row.map((cell, c) => (c < 2 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join("  ")).join("\n") + "\n");
  console.log(JSON.stringify({ duration: DURATION, connections: CONNECTIONS, brands: ids.length, results, ratios }));

  const failed = results.filter((r) => r.errors > 0 || r.non2xx > 0);
  if (failed.length) {
    console.error(`failed requests in: ${failed.map((r) => `${r.scenario}/${r.target}`).join(", ")}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
