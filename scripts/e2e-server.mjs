// The server Playwright tests run against: prepares the database (e2e/setup-database.ts:
// migrations and the orgs of e2e/orgs.ts with their admins and demo data), then serves the
// built app (dist/server.mjs, built by `npm run build`). Embedded PGlite in a fresh folder
// unless DATABASE_URL or DATA_DIR is set; a PostgreSQL database may already hold other tests' orgs.
// `npm test` prepares the database in a phase of its own (E2E_DATABASE_READY=1): then the
// start only forgets sign-in counts, and Playwright's clock never runs while demo data is written.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
if (!env.DATABASE_URL && !env.DATA_DIR) env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "b2b-e2e-"));

const ready = env.E2E_DATABASE_READY === "1";
const setup = spawnSync(
  process.execPath,
  ["node_modules/tsx/dist/cli.mjs", "e2e/setup-database.ts", ...(ready ? ["--sign-ins-only"] : [])],
  {
    env,
    encoding: "utf8",
  },
);
if (setup.status !== 0) {
  process.stderr.write(setup.stderr);
  process.exit(1);
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
