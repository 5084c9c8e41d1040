import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_RATE_LIMIT } from "./e2e/limits";

const port = Number(process.env.E2E_PORT ?? 3300);
const baseURL = `http://127.0.0.1:${port}`;

// Every status each REST operation answers in this run, for e2e/document (read by the tests too).
process.env.STATUS_RECORD_FILE ??= path.resolve(".data", "test-reports", `statuses-${port}.jsonl`);
// `npm test -- --no-ui`: the REST and document projects only (the panel's tests run on the other database).
const withUi = !process.env.E2E_NO_UI;
// On PostgreSQL a second instance serves the same database (e2e/api/scale-out.spec.ts).
if (process.env.TEST_DATABASE_URL) process.env.E2E_SECOND_URL ??= `http://127.0.0.1:${port + 1}`;

/** Debian's Chromium (no browser download here); flags for a closed network. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  // A journey (create, search, edit, delete) takes 5–15 s on a quiet 2-core machine, went
  // past 30 s while other work shared it, and past 60 s (three journeys, one page's data
  // past 10 s) in a fresh-clone run on a machine otherwise quiet where two browsers shared
  // both cores the whole time. Each step still fails within 20 s.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // A failed test keeps its trace (every action's DOM, network and console) and a screenshot of
  // the end. The trace leaves out the screencast: recording it for every test cost the browser
  // as much CPU again as the tests themselves.
  use: {
    baseURL,
    launchOptions: chromium,
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "api", testDir: "e2e/api" },
    ...(withUi
      ? [{ name: "ui", testDir: "e2e/ui", use: { browserName: "chromium" as const, viewport: { width: 1280, height: 800 } } }]
      : []),
    // Last: every status the other projects saw must be in the OpenAPI document.
    { name: "document", testDir: "e2e/document", dependencies: withUi ? ["api", "ui"] : ["api"] },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/b2b/openapi.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: String(E2E_RATE_LIMIT),
      // Webhook journeys send to a receiver the test starts on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: "true",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "admin12345",
      STATUS_RECORD_FILE: process.env.STATUS_RECORD_FILE,
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL, E2E_SECOND_PORT: String(port + 1) } : {}),
    },
  },
});
