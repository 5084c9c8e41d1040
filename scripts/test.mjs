// `npm test`: every test. Runs on embedded PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
//
//   npm test               everything: static checks, vitest, the build, Playwright's api, ui and document projects
//   npm test -- --no-ui    the same without the browser tests (.ci/run's PGlite half: the panel does
//                          not depend on the database, its tests run once, on PostgreSQL)
//
// What needs no database runs beside what does, so both cores stay busy:
//
//   vitest (unit, integration, adversarial) ──────────────┐
//   e2e database (e2e/setup-database.ts: orgs, demo data) ┤
//   build (next build without its type check) ────────────┴─ Playwright (REST, panel, document)
//                        └─ typecheck (tsc, which then also checks Next's route types) → eslint → prettier
//
// Playwright waits for vitest: both use the same PostgreSQL database, and the e2e server's start
// forgets every sign-in count. Its database is prepared before it starts (demo data included),
// so its server answers within seconds however busy the machine is: Playwright's clock never
// runs while the demo is written. The log ends with each phase's duration and the slowest files of
// each runner, so a regression in the suite's time shows where it is.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sourceStamp, storedStamp } from "./source-stamp.mjs";

const root = path.resolve(import.meta.dirname, "..");
const withUi = !process.argv.includes("--no-ui");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const reports = path.join(root, ".data", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");
const cache = path.join(root, "node_modules", ".cache");

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** Each step: its title, when it started (from the beginning) and how long it took. */
const phases = [];

/**
 * Runs one step. `live` steps write to the terminal as they go; the others are kept and
 * written whole when they end, so lines of steps running side by side never interleave.
 */
function run(title, command, args, { live = false, extraEnv = {} } = {}) {
  const begin = Date.now();
  if (live) console.log(`\n=== ${title} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: live ? "inherit" : ["ignore", "pipe", "pipe"] });
    const output = [];
    if (!live) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const ok = code === 0;
      const took = Date.now() - begin;
      phases.push({ title, start: begin - started, took, ok });
      if (live) console.log(`=== ${title}: ${ok ? "passed" : "FAILED"} in ${seconds(took)} ===`);
      else process.stdout.write(`\n=== ${title}: ${ok ? "passed" : "FAILED"} in ${seconds(took)} ===\n${Buffer.concat(output).toString()}`);
      resolve(ok);
    });
  });
}

const database = env.TEST_DATABASE_URL ? `PostgreSQL (${env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, "//")})` : "embedded PGlite";
console.log(`Testing on ${database}${withUi ? "" : ", without the browser tests (--no-ui)"}`);

// The build `npm start` would use: skipped when dist/ was built from these very sources (CI's second database).
let build = Promise.resolve(true);
if (sourceStamp(root) === storedStamp(root)) console.log("\n=== build: up to date with the sources (dist/source-stamp) ===");
// tsc below checks the types, Next's generated route types included: the build does not check them again.
else build = run("build", process.execPath, [path.join(root, "scripts", "build.mjs")], { extraEnv: { NEXT_BUILD_SKIP_TYPECHECK: "1" } });

// The e2e server's database: the embedded one in a folder of this run, or the PostgreSQL database.
const e2eEnv = {
  E2E_DATABASE_READY: "1",
  ...(env.TEST_DATABASE_URL ? { DATABASE_URL: env.TEST_DATABASE_URL } : { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "b2b-e2e-")) }),
  ...(withUi ? {} : { E2E_NO_UI: "1" }),
};
const e2eDatabase = run(
  "e2e database (orgs and demo data)",
  process.execPath,
  [path.join(root, "node_modules/tsx/dist/cli.mjs"), "e2e/setup-database.ts"],
  {
    extraEnv: { ...e2eEnv, LOG_LEVEL: "warn" },
  },
);

const vitest = run(
  "unit and integration tests (vitest)",
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  {
    live: true,
  },
);

const checks = build.then(async () => {
  const typecheck = await run("typecheck (tsc)", bin("tsc"), ["--noEmit", "--tsBuildInfoFile", path.join(cache, "tsc", "tsbuildinfo")]);
  // Cached by content (no rule reads types across files): a second run lints only what changed.
  const lint = await run("lint (eslint: raw SQL only through the scoped helper, React and Next rules)", bin("eslint"), [
    ".",
    "--cache",
    "--cache-strategy",
    "content",
    "--cache-location",
    path.join(cache, "eslint") + path.sep,
  ]);
  const format = await run("format (prettier --check)", bin("prettier"), [
    "--check",
    ".",
    "--log-level",
    "warn",
    "--cache",
    "--cache-location",
    path.join(cache, "prettier", "cache"),
  ]);
  return typecheck && lint && format;
});

const [vitestOk, built, e2eReady] = await Promise.all([vitest, build, e2eDatabase]);
let playwrightOk = false;
if (built && e2eReady) {
  const projects = withUi ? [] : ["--project=api", "--project=document"];
  playwrightOk = await run("REST and panel tests (playwright)", bin("playwright"), ["test", "--reporter=list,json", ...projects], {
    live: true,
    extraEnv: { ...e2eEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, CI: env.CI ?? "1" },
  });
}
if (e2eEnv.DATA_DIR) rmSync(e2eEnv.DATA_DIR, { recursive: true, force: true });
const checksOk = await checks;
const ok = vitestOk && built && e2eReady && playwrightOk && checksOk;

/** The slowest test files of each runner, from their JSON reports. */
function slowest() {
  const lines = [];
  try {
    const vitest = JSON.parse(readFileSync(vitestReport, "utf8"));
    const files = vitest.testResults.map((file) => [path.relative(root, file.name), file.endTime - file.startTime]);
    lines.push("\nslowest vitest files:", ...top(files));
  } catch {}
  try {
    const playwright = JSON.parse(readFileSync(playwrightReport, "utf8"));
    const byFile = new Map();
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          const key = `${test.projectName} › ${file}`;
          byFile.set(key, (byFile.get(key) ?? 0) + test.results.reduce((sum, result) => sum + result.duration, 0));
        }
      }
      for (const child of suite.suites ?? []) walk(child, file);
    };
    for (const suite of playwright.suites) walk(suite, suite.file);
    lines.push("\nslowest Playwright files (their tests' time added up, workers run side by side):", ...top([...byFile]));
  } catch {}
  return lines;
}
const top = (entries) =>
  entries
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([name, ms]) => `  ${seconds(ms).padStart(9)}  ${name}`);

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  try {
    const vitest = JSON.parse(readFileSync(vitestReport, "utf8"));
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + vitest.numTodoTests;
  } catch {}
  try {
    const { stats } = JSON.parse(readFileSync(playwrightReport, "utf8"));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  } catch {}
  return { passed, failed, skipped };
}

/** Every failed test by name with the first line of its error, so the end of a CI log says what failed. */
function failures() {
  const lines = [];
  const firstLine = (text) =>
    String(text ?? "")
      .replace(/\x1b\[[0-9;]*m/g, "")
      .trim()
      .split("\n")[0]
      .slice(0, 300);
  try {
    const vitest = JSON.parse(readFileSync(vitestReport, "utf8"));
    for (const file of vitest.testResults) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== "failed") continue;
        lines.push(`  vitest › ${path.relative(root, file.name)} › ${test.fullName}`, `      ${firstLine(test.failureMessages?.[0])}`);
      }
      if (file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed")) {
        lines.push(`  vitest › ${path.relative(root, file.name)}`, `      ${firstLine(file.message)}`);
      }
    }
  } catch {}
  try {
    const playwright = JSON.parse(readFileSync(playwrightReport, "utf8"));
    const walk = (suite, file, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          if (test.status !== "unexpected") continue;
          const error = test.results.find((result) => result.error)?.error;
          lines.push(`  ${test.projectName} › ${file} › ${[...titles, spec.title].join(" › ")}`, `      ${firstLine(error?.message)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, file, [...titles, child.title]);
    };
    for (const suite of playwright.suites) walk(suite, suite.file, []);
  } catch {}
  return lines.length ? ["\nfailed tests:", ...lines] : [];
}

console.log("\nphases (start → duration):");
for (const phase of phases.sort((a, b) => a.start - b.start)) {
  console.log(`  ${seconds(phase.start).padStart(9)} → ${seconds(phase.took).padStart(9)}  ${phase.ok ? "" : "FAILED  "}${phase.title}`);
}
console.log(`  ${"".padStart(9)}   ${seconds(Date.now() - started).padStart(9)}  in all`);
for (const line of slowest()) console.log(line);
for (const line of failures()) console.log(line);
const { passed, failed, skipped } = counts();
console.log(`\ntests: ${passed} passed, ${failed + (ok || failed ? 0 : 1)} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
