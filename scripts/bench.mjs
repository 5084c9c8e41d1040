// npm run bench: load-tests the built app's REST interface against a bare baseline, in one run.
//
// On a PostgreSQL database (DATABASE_URL, else a throwaway one on the local server) it
// builds the app (BENCH_SKIP_BUILD=1 reuses dist/ and .next/), starts it as shipped
// (dist/server.mjs) with the rate limit off, logs in and creates 200 brands, starts a
// baseline (node:http + pg in a worker thread, scripts/bench/baseline.mjs) answering the
// same requests with equivalent SQL, checks both answer the same, then loads each with
// autocannon: GET /brands/:id (rotating over the ids) and GET /brands?perPage=25. Then it
// starts a second instance with the rate limit on (a limit no request reaches: the same
// code path as shipped) and measures it too, timing its cold start (spawn to the first
// REST answer, database already migrated). Last, it profiles the first instance under the
// by-id load and splits a read's CPU time by layer (scripts/bench/layers.mjs).
//
// It prints per scenario req/s, p50/p99, errors, the app/baseline ratios, the rate-limit-on
// figures and their cost, each instance's RSS after its runs, the cold start and the layer
// breakdown, the targets of issue 6 met or not, and all figures as one JSON line. It exits
// non-zero when a request failed (errors or non-2xx).
//
// Environment:
//   BENCH_DURATION     seconds measured per run (default 10; plus a warm-up of a fifth, at least 1 s)
//   BENCH_CONNECTIONS  concurrent connections (default 50)
//   DATABASE_URL       PostgreSQL to use instead of a throwaway database (the brands created are deleted after)
//   BENCH_WEBHOOK_EVENTS, BENCH_WEBHOOK_BACKLOG, BENCH_WEBHOOK_LARGE_BACKLOG  test events timed one by one (200) and the bursts drained (5000, 50000)
//   BENCH_ONLY         the scenario groups to run, comma-separated: rest, search, workspace, stock, webhooks, sales, orders, pricing, insights, nfe, imports (default: all)
//   ADMIN_EMAIL, ADMIN_PASSWORD  the admin to log in as (default: the app's defaults)
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import pg from "pg";
import { hotFunctionsOf, layersOf } from "./bench/layers.mjs";
import { ordersTargets, printOrders, printPolicyCost, printTaxCost, runOrdersBench, taxesTargets } from "./bench/orders.mjs";
import { printSales, runSalesBench, salesTargets } from "./bench/sales.mjs";
import { insightsTargets, printInsights, runInsightsBench } from "./bench/insights.mjs";
import { printPricing, pricingTargets, runPricingBench } from "./bench/pricing.mjs";
import { nfeTargets, printNfe, runNfeBench } from "./bench/nfe.mjs";
import { importsTargets, printImports, runImportsBench } from "./bench/imports.mjs";
import { printSearch, runSearchBench, searchTargets } from "./bench/search.mjs";
import { printWorkspace, runWorkspaceBench, workspaceTargets } from "./bench/workspace.mjs";
import { printStock, runStockBench, stockTargets } from "./bench/stock.mjs";
import { printWebhooks, runWebhooksBench, webhooksTargets } from "./bench/webhooks.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const positive = (value, fallback) => (Number(value) > 0 ? Math.floor(Number(value)) : fallback);
const DURATION = positive(process.env.BENCH_DURATION, 10);
const CONNECTIONS = positive(process.env.BENCH_CONNECTIONS, 50);
const WARMUP = Math.max(1, Math.round(DURATION / 5));
const PROFILE_SECONDS = 5;
const BRANDS = 200;
const LOCAL_PG = "postgresql://root@127.0.0.1:5432";
const ADMIN_EMAIL = process.env.ADMIN_EMAIL || "admin@example.com";
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || "admin12345";
const AUTH_SECRET = process.env.AUTH_SECRET || randomBytes(32).toString("base64url");
// Shared by every instance, as a deployment must (server/env.ts): without it each instance
// keeps its own key in its data folder and cannot open the webhook secrets another sealed.
const APP_ENCRYPTION_KEY = process.env.APP_ENCRYPTION_KEY || randomBytes(32).toString("base64url");
/** Issue 6's targets. */
const TARGETS = { byIdRatio: 0.5, byIdP99Ratio: 3, listRatio: 0.4, rateLimitCost: 0.1, rssMb: 300, coldStartMs: 1000 };
const ONLY = new Set(
  (process.env.BENCH_ONLY || "rest,search,workspace,stock,webhooks,sales,orders,pricing,insights,nfe,imports")
    .split(",")
    .map((group) => group.trim()),
);

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

async function withAdmin(sql) {
  let failure;
  for (const name of ["postgres", "test"]) {
    const client = new pg.Client({ connectionString: `${LOCAL_PG}/${name}` });
    try {
      await client.connect();
    } catch (error) {
      failure = error;
      continue;
    }
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  }
  throw new Error(`cannot reach PostgreSQL at ${LOCAL_PG}: ${failure.message}`);
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

function build() {
  if (process.env.BENCH_SKIP_BUILD === "1" && existsSync(path.join(root, "dist/server.mjs"))) return;
  console.log("building the app (npm run build)");
  const result = spawnSync(process.execPath, ["scripts/build.mjs"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("the build failed");
}

/** RSS of a process in MB, from /proc (Linux). */
function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Math.round(Number(match[1]) / 1024) : null;
}

/** Starts the built app as shipped; answers when its REST interface first answers. */
async function startApp(databaseUrl, { name, rateLimit, profile }) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const logFile = path.join(dataDir, "app.log");
  const logFd = openSync(logFile, "a");
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    DEMO_DATA: "false",
    RATE_LIMIT_PER_MINUTE: String(rateLimit),
    NEXT_TELEMETRY_DISABLED: "1",
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    AUTH_SECRET,
    APP_ENCRYPTION_KEY,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    // Every instance on the database dispatches webhooks, whichever scenario started it: all
    // may deliver to the webhooks scenario's receiver on loopback, or one that may not would
    // claim deliveries only to refuse them.
    WEBHOOK_ALLOW_PRIVATE: "true",
    ...(profile ? { BENCH_PROFILE_FILE: path.join(dataDir, "app.cpuprofile") } : {}),
  };
  const args = [...(profile ? ["--require", path.join(root, "scripts/bench/profile-hook.cjs")] : []), "dist/server.mjs"];
  const started = performance.now();
  // Its logs go to a file, not through this process (which also drives the load).
  const child = spawn(process.execPath, args, { cwd: root, env, detached: true, stdio: ["ignore", logFd, logFd] });
  closeSync(logFd);
  const exited = once(child, "exit");
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, "SIGTERM");
      if (!(await Promise.race([exited.then(() => true), sleep(5000, false)]))) process.kill(-child.pid, "SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  let failingSince; // a start that keeps answering 5xx (bad config, failed migration) will not heal
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited while starting:\n${readFileSync(logFile, "utf8").slice(-4000)}`);
    // Unauthenticated, so 401 once the database is ready.
    const status = await fetch(`${base}/api/b2b/brands`).then(
      (r) => r.status,
      () => 0,
    );
    if (status > 0 && status < 500) break;
    failingSince = status >= 500 ? (failingSince ?? Date.now()) : undefined;
    if (performance.now() - started > 120_000 || Date.now() - (failingSince ?? Infinity) > 10_000) {
      throw new Error(`${name} did not start (last status ${status}):\n${readFileSync(logFile, "utf8").slice(-4000)}`);
    }
    await sleep(10);
  }
  const readyMs = Math.round(performance.now() - started);
  console.log(`${name}: ${base} (first REST answer ${readyMs} ms after spawn)`);
  return { base, pid: child.pid, readyMs, profileFile: env.BENCH_PROFILE_FILE };
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
  const [port] = await Promise.race([
    once(worker, "message"),
    exited.then(([code]) => Promise.reject(new Error(`baseline exited (${code})`))),
  ]);
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

async function measure(scenario, target, base, token, paths) {
  await load(base, token, paths, WARMUP);
  const r = await load(base, token, paths, DURATION);
  const result = {
    scenario,
    target,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors,
    non2xx: r.non2xx,
  };
  console.log(`  ${scenario} ${target}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
  return result;
}

function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  return rows
    .map((row) => row.map((cell, c) => (c < 2 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join("  "))
    .join("\n");
}

async function main() {
  build();
  const databaseUrl = process.env.DATABASE_URL || (await throwawayDatabase());
  const app = await startApp(databaseUrl, { name: "app", rateLimit: 0, profile: true });
  const checks = [];
  const report = {};
  if (ONLY.has("rest")) Object.assign(report, await restScenarios(databaseUrl, app, checks));
  if (ONLY.has("search")) {
    console.log("\n--- product search ---");
    const search = await runSearchBench({ root, databaseUrl, base: app.base });
    printSearch(search);
    checks.push(...searchTargets(search));
    report.search = search;
    if (search.some((size) => size.failures > 0)) process.exitCode = 1;
  }
  if (ONLY.has("workspace")) {
    console.log("\n--- panel workspace: CSV export, audit log paging ---");
    const workspace = await runWorkspaceBench({ root, databaseUrl, base: app.base });
    printWorkspace(workspace);
    checks.push(...workspaceTargets(workspace));
    report.workspace = workspace;
    if (workspace.failures > 0) process.exitCode = 1;
  }
  if (ONLY.has("stock")) {
    console.log("\n--- contended stock ---");
    const login = await call(app.base, "POST", "/api/b2b/auth/login", null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const stock = await runStockBench({ databaseUrl, base: app.base, token: login.access_token, duration: DURATION });
    printStock(stock);
    checks.push(...stockTargets(stock));
    report.stock = stock;
    if (!stock.invariants.ok || stock.non2xx > 0 || stock.errors > 0) process.exitCode = 1;
  }
  if (ONLY.has("webhooks")) {
    console.log("\n--- webhooks ---");
    const webhooks = await runWebhooksBench({
      databaseUrl,
      admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      start: (name) => startApp(databaseUrl, { name, rateLimit: 0, profile: false }),
      registerCleanup: (step) => cleanups.push(step),
    });
    printWebhooks(webhooks);
    checks.push(...webhooksTargets(webhooks));
    report.webhooks = webhooks;
    if (webhooks.duplicates > 0 || webhooks.missing > 0) process.exitCode = 1;
  }
  // The app's CPU over one scenario's run (SIGUSR2 starts the profile, then writes it): by
  // layer, and the functions that spend most on their own.
  const profiler = {
    start: () => process.kill(app.pid, "SIGUSR2"),
    async stop(requests) {
      const counts = `${app.profileFile}.statements`;
      rmSync(app.profileFile, { force: true });
      rmSync(counts, { force: true });
      process.kill(app.pid, "SIGUSR2");
      for (let wait = 0; wait < 100 && !existsSync(app.profileFile); wait++) await sleep(100);
      // The statements the app sent at the driver while profiled, per request (to a tenth).
      const statements = existsSync(counts) ? JSON.parse(readFileSync(counts, "utf8")).statements : undefined;
      const statementsPerRequest = statements === undefined ? undefined : Math.round((statements / requests) * 10) / 10;
      if (!existsSync(app.profileFile)) return { layers: [], hot: [], statementsPerRequest };
      const dist = path.join(root, "dist");
      return {
        layers: layersOf(app.profileFile, dist, requests),
        hot: hotFunctionsOf(app.profileFile, dist, requests),
        statementsPerRequest,
      };
    },
    async layers(requests) {
      return (await this.stop(requests)).layers;
    },
  };
  if (ONLY.has("sales")) {
    console.log("\n--- sales ---");
    const sales = await runSalesBench({ root, databaseUrl, base: app.base, profiler });
    printSales(sales);
    checks.push(...salesTargets(sales));
    report.sales = sales;
    if (sales.create.failures > 0 || sales.list.failures > 0) process.exitCode = 1;
  }
  if (ONLY.has("orders")) {
    console.log("\n--- orders (contract §10: stock reserved, refused when short, taken on invoicing) ---");
    const orders = await runOrdersBench({ root, databaseUrl, base: app.base, profiler });
    printOrders(orders);
    // Contract §11: the same run with a credit limit and a seller's discount limit.
    const policy = await runOrdersBench({ root, databaseUrl, base: app.base, policy: true });
    printOrders(policy);
    printPolicyCost(orders, policy);
    // Contract §12: the same run with taxes figured on every order.
    const taxed = await runOrdersBench({ root, databaseUrl, base: app.base, taxes: true, profiler });
    printOrders(taxed);
    printTaxCost(orders, taxed);
    checks.push(...ordersTargets(orders), ...ordersTargets(policy), ...taxesTargets(orders, taxed));
    report.orders = { plain: orders, policy, taxes: taxed };
    for (const run of [orders, policy, taxed])
      if (!run.invariants.ok || run.create.other > 0 || run.invoice.other > 0 || run.held > 0) process.exitCode = 1;
  }
  if (ONLY.has("nfe")) {
    console.log("\n--- NF-e (contract §13: built, numbered, signed and validated on issue) ---");
    const nfe = await runNfeBench({ root, databaseUrl, base: app.base });
    printNfe(nfe);
    checks.push(...nfeTargets(nfe));
    report.nfe = nfe;
    if (nfe.serial.failures + nfe.parallel.failures > 0) process.exitCode = 1;
  }
  if (ONLY.has("imports")) {
    console.log("\n--- imports (contract §14: 50,000 product rows checked and applied while reads are served) ---");
    const imports = await runImportsBench({ root, databaseUrl, base: app.base, pid: app.pid });
    printImports(imports);
    checks.push(...importsTargets(imports));
    report.imports = imports;
    if (imports.status !== "DONE" || imports.quiet.non2xx + imports.duringCheck.non2xx + imports.duringApply.non2xx > 0)
      process.exitCode = 1;
  }
  if (ONLY.has("insights")) {
    console.log("\n--- analytics: most-sold and sales funnel ---");
    const insights = await runInsightsBench({ root, databaseUrl, base: app.base });
    printInsights(insights);
    checks.push(...insightsTargets(insights));
    report.insights = insights;
    if (insights.results.some((r) => r.failures > 0)) process.exitCode = 1;
  }
  if (ONLY.has("pricing")) {
    console.log("\n--- price calculation ---");
    const pricing = await runPricingBench({ root, databaseUrl, base: app.base, profiler });
    printPricing(pricing);
    checks.push(...pricingTargets(pricing));
    report.pricing = pricing;
    if (pricing.failures > 0) process.exitCode = 1;
  }
  console.log("\ntargets:");
  for (const [label, met] of checks) console.log(`  ${met ? "met    " : "NOT met"}  ${label}`);
  console.log(`\n${JSON.stringify({ duration: DURATION, connections: CONNECTIONS, loadavg: os.loadavg(), ...report })}`);
}

/** GET by id and the list of 25 against the bare baseline; the rate limit's cost; RSS; cold start; the layers of a read. */
async function restScenarios(databaseUrl, app, checks) {
  const login = await call(app.base, "POST", "/api/b2b/auth/login", null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const token = login.access_token;
  const ids = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < BRANDS; i += 10) {
    const batch = Array.from({ length: Math.min(10, BRANDS - i) }, (_, j) => `Bench brand ${stamp} ${String(i + j + 1).padStart(3, "0")}`);
    ids.push(
      ...(await Promise.all(
        batch.map((name) => call(app.base, "POST", "/api/b2b/brands", token, { name, active: true }).then((b) => b.id)),
      )),
    );
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
  const scenarios = [
    {
      scenario: "get-by-id",
      paths: (prefix) => {
        let i = 0;
        return () => `${prefix}/brands/${ids[i++ % ids.length]}`;
      },
    },
    { scenario: "list-25", paths: (prefix) => () => `${prefix}/brands?perPage=25` },
  ];

  // Both must give the same answers, or the comparison means nothing.
  for (const { scenario, paths } of scenarios) {
    const [fromApp, fromBaseline] = await Promise.all([
      call(app.base, "GET", paths("/api/b2b")(), token),
      call(baseline, "GET", paths("")(), token),
    ]);
    if (!isDeepStrictEqual(fromApp, fromBaseline)) {
      throw new Error(`${scenario}: app and baseline answer differently:\n${JSON.stringify(fromApp)}\n${JSON.stringify(fromBaseline)}`);
    }
  }

  console.log(
    `load: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per run; machine load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}\n`,
  );
  const results = [];
  for (const { scenario, paths } of scenarios) {
    results.push(await measure(scenario, "app", app.base, token, paths("/api/b2b")));
    results.push(await measure(scenario, "baseline", baseline, token, paths("")));
  }
  const rss = { app: rssMb(app.pid) };

  // The rate limit as shipped (on), with a limit no request reaches: the cost of counting.
  const limited = await startApp(databaseUrl, { name: "app (rate limit on)", rateLimit: 100_000_000, profile: false });
  for (const { scenario, paths } of scenarios)
    results.push(await measure(scenario, "app+ratelimit", limited.base, token, paths("/api/b2b")));
  rss.appRateLimited = rssMb(limited.pid);

  // Where a read's CPU time goes: the first instance profiled under the by-id load.
  process.kill(app.pid, "SIGUSR2");
  const profiled = await load(app.base, token, scenarios[0].paths("/api/b2b"), PROFILE_SECONDS);
  process.kill(app.pid, "SIGUSR2");
  for (let wait = 0; wait < 100 && !existsSync(app.profileFile); wait++) await sleep(100);
  const layers = existsSync(app.profileFile) ? layersOf(app.profileFile, path.join(root, "dist"), profiled.requests.total) : [];

  const find = (scenario, target) => results.find((r) => r.scenario === scenario && r.target === target);
  const ratio = (a, b) => (b ? Number((a / b).toFixed(2)) : null);
  const ratios = scenarios.map(({ scenario }) => {
    const [a, b, limitedRun] = ["app", "baseline", "app+ratelimit"].map((target) => find(scenario, target));
    return {
      scenario,
      rps: ratio(a.rps, b.rps),
      p50: ratio(a.p50, b.p50),
      p99: ratio(a.p99, b.p99),
      rateLimitCost: Number((1 - limitedRun.rps / a.rps).toFixed(3)),
    };
  });

  const rows = [["scenario", "target", "req/s", "p50 ms", "p99 ms", "errors/non-2xx"]];
  for (const { scenario } of scenarios) {
    for (const r of results.filter((x) => x.scenario === scenario))
      rows.push([scenario, r.target, r.rps, r.p50, r.p99, `${r.errors}/${r.non2xx}`]);
    const q = ratios.find((x) => x.scenario === scenario);
    rows.push([scenario, "app/baseline", `${q.rps}x`, `${q.p50}x`, `${q.p99}x`, ""]);
    rows.push([scenario, "rate limit cost", `${(q.rateLimitCost * 100).toFixed(1)}%`, "", "", ""]);
  }
  console.log(`\n${table(rows)}\n`);
  console.log(`RSS after the runs: app ${rss.app} MB, app with rate limit ${rss.appRateLimited} MB`);
  console.log(`cold start (spawn to first REST answer, database migrated): ${limited.readyMs} ms\n`);
  if (layers.length) {
    console.log(`CPU time of a GET /brands/{id} by layer (profile of ${profiled.requests.total} requests):`);
    console.log(
      table([
        ["layer", "", "share", "µs/request"],
        ...layers.map((l) => [l.layer, "", `${(l.share * 100).toFixed(1)}%`, Math.round(l.microsPerRequest)]),
      ]),
    );
    console.log("");
  }

  const byId = ratios[0];
  const list = ratios[1];
  checks.push(
    [`GET by id ≥ ${TARGETS.byIdRatio}x the bare req/s`, byId.rps >= TARGETS.byIdRatio],
    [`GET by id p99 ≤ ${TARGETS.byIdP99Ratio}x the bare p99`, byId.p99 <= TARGETS.byIdP99Ratio],
    [`list of 25 ≥ ${TARGETS.listRatio}x the bare req/s`, list.rps >= TARGETS.listRatio],
    [`rate limit on costs ≤ ${TARGETS.rateLimitCost * 100}%`, Math.max(byId.rateLimitCost, list.rateLimitCost) <= TARGETS.rateLimitCost],
    [`RSS ≤ ${TARGETS.rssMb} MB`, Math.max(rss.app, rss.appRateLimited) <= TARGETS.rssMb],
    [`cold start ≤ ${TARGETS.coldStartMs} ms`, limited.readyMs <= TARGETS.coldStartMs],
  );
  const failed = results.filter((r) => r.errors > 0 || r.non2xx > 0);
  if (failed.length) {
    console.error(`failed requests in: ${failed.map((r) => `${r.scenario}/${r.target}`).join(", ")}`);
    process.exitCode = 1;
  }
  return { rest: { brands: ids.length, results, ratios, rss, coldStartMs: limited.readyMs, layers } };
}

try {
  await main();
} catch (error) {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
