// `npm start`: builds when the sources changed since the last build (or there is none),
// then runs the server entry (dist/server.mjs): the panel and the API on PORT (default
// 3000). With no DATABASE_URL it uses the embedded database in DATA_DIR (default .data)
// and, on first start, creates the admin and demo data.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { sourceStamp, storedStamp } from "./source-stamp.mjs";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };

if (sourceStamp(root) !== storedStamp(root)) {
  console.log("The sources changed since the last build (or there is none): building first.");
  const build = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, ["--enable-source-maps", path.join(root, "dist/server.mjs")], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
