// `npm test`: every test, in order of speed: typecheck, lint, unit + integration (vitest),
// then a production build (skipped when dist/ was built from these sources) and the Playwright REST and panel tests against it.
// Runs on embedded PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { sourceStamp, storedStamp } from "./source-stamp.mjs";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const reports = path.resolve(".data", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => path.resolve("node_modules", ".bin", name);
function step(title, command, args, extraEnv = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return result.status === 0;
}

const database = env.TEST_DATABASE_URL ? `PostgreSQL (${env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, "//")})` : "embedded PGlite";
console.log(`Testing on ${database}`);

let ok = step("typecheck", bin("tsc"), ["--noEmit"]);
// Cached by content (no rule reads types across files): a second run (CI's second database) lints only what changed.
ok =
  step("lint (eslint: raw SQL only through the scoped helper, React and Next rules)", bin("eslint"), [
    ".",
    "--cache",
    "--cache-strategy",
    "content",
    "--cache-location",
    "node_modules/.cache/eslint/",
  ]) && ok;
const vitestReport = path.join(reports, "vitest.json");
ok =
  step("unit and integration tests (vitest)", bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
  ]) && ok;
// The build `npm start` would use: skipped when dist/ was built from these very sources
// (scripts/source-stamp.mjs), as on CI's second database.
const root = path.resolve(import.meta.dirname, "..");
const upToDate = sourceStamp(root) === storedStamp(root);
if (upToDate) console.log("\n=== build: up to date with the sources (dist/source-stamp) ===");
const built = upToDate || step("build", process.execPath, [path.resolve("scripts", "build.mjs")]);
const playwrightReport = path.join(reports, "playwright.json");
if (built) {
  ok =
    step("REST and panel tests (playwright)", bin("playwright"), ["test", "--reporter=list,json"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      CI: env.CI ?? "1",
    }) && ok;
}
ok = built && ok;

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

const { passed, failed, skipped } = counts();
console.log(`\ntests: ${passed} passed, ${failed + (ok || failed ? 0 : 1)} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
