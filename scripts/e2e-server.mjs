// The server Playwright tests run against: prepares the database (migrations, the
// first org and its ADMIN, and a second org for tenant-isolation tests), then serves
// the built app. Embedded PGlite in a fresh folder unless DATABASE_URL is set.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
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
const other = cli(
  "org:create",
  "--name", "E2E Other Org",
  "--admin-email", env.E2E_OTHER_ADMIN_EMAIL ?? "other-admin@example.com",
  "--admin-password", env.E2E_OTHER_ADMIN_PASSWORD ?? "other12345",
);
if (other.status !== 0 && !/already exists/.test(other.stderr)) {
  process.stderr.write(other.stderr);
  process.exit(1);
}

const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", env.PORT ?? "3300"], {
  env,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
