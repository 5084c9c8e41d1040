// `npm start`: builds once if there is no build yet, then serves the app (panel and API)
// on PORT (default 3000). With no DATABASE_URL it uses the embedded database in DATA_DIR
// (default .data) and, on first start, creates the admin and demo data.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const next = path.resolve("node_modules", "next", "dist", "bin", "next");
const distDir = env.NEXT_DIST_DIR || ".next";
if (!existsSync(path.join(distDir, "BUILD_ID"))) {
  console.log("No build yet: building the app once (npm run build rebuilds it after changes).");
  const build = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, [next, "start", "-p", env.PORT || "3000"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
