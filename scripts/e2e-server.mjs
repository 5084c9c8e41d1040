// The server Playwright tests run against: prepares the database (migrations, the
// test org with its ADMIN and demo data, and a second org for tenant-isolation tests),
// then serves the built app (dist/server.mjs, built by `npm run build`). Embedded PGlite in a fresh folder unless DATABASE_URL is
// set; a PostgreSQL database may already hold other tests' orgs, so both orgs are
// created when missing rather than left to the first-start bootstrap.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
if (!env.DATABASE_URL && !env.DATA_DIR) env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "b2b-e2e-"));

const cli = (...args) =>
  spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/cli.ts", ...args], { env, encoding: "utf8" });

const setup = cli("db:setup");
if (setup.status !== 0) {
  process.stderr.write(setup.stderr);
  process.exit(1);
}
const orgs = [
  ["E2E Org", env.ADMIN_EMAIL ?? "admin@example.com", env.ADMIN_PASSWORD ?? "admin12345", "--demo-data"],
  ["E2E Other Org", env.E2E_OTHER_ADMIN_EMAIL ?? "other-admin@example.com", env.E2E_OTHER_ADMIN_PASSWORD ?? "other12345"],
];
for (const [name, email, password, ...flags] of orgs) {
  const created = cli("org:create", "--name", name, "--admin-email", email, "--admin-password", password, ...flags);
  if (created.status !== 0 && !/already exists/.test(created.stderr)) {
    process.stderr.write(created.stderr);
    process.exit(1);
  }
}

// A PostgreSQL database may still hold sign-in counts of an earlier run or of vitest's
// server tests from this address (127.0.0.1) within their 15 quiet minutes: start from none.
if (env.DATABASE_URL) {
  const forgotten = cli("auth:unthrottle");
  if (forgotten.status !== 0) {
    process.stderr.write(forgotten.stderr);
    process.exit(1);
  }
}

// Every status each REST operation answers during the run (checked against the document by e2e/document).
if (env.STATUS_RECORD_FILE) {
  mkdirSync(path.dirname(env.STATUS_RECORD_FILE), { recursive: true });
  rmSync(env.STATUS_RECORD_FILE, { force: true });
}

const start = (port) =>
  spawn(process.execPath, ["--enable-source-maps", "dist/server.mjs"], {
    env: { ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    stdio: "inherit",
  });
const servers = [start(env.PORT ?? "3300")];
// A second instance on the same PostgreSQL (scale-out tests): E2E_SECOND_PORT.
if (env.DATABASE_URL && env.E2E_SECOND_PORT) servers.push(start(env.E2E_SECOND_PORT));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => servers.forEach((server) => server.kill(signal)));
for (const server of servers) server.on("exit", (code) => process.exit(code ?? 0));
