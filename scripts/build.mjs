// `npm run build`: the panel (next build) and the server entry (server/main.ts bundled
// by esbuild into dist/server.mjs, with node_modules left external), then a stamp of
// the sources they were built from, so `npm start` knows when to build again.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { sourceStamp, writeStamp } from "./source-stamp.mjs";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

const next = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
  cwd: root,
  stdio: "inherit",
  env,
});
if (next.status !== 0) process.exit(next.status ?? 1);

// Code splitting: what a module imports with `await import()` (the PDF renderer, bar
// codes, the S3 client) lands in its own chunk, loaded on first use, not at start-up.
rmSync(path.join(root, "dist"), { recursive: true, force: true });
await build({
  // server/production.ts sets production mode, then loads server/main.ts; the PDF worker
  // threads run dist/pdf-worker.mjs (server/printing/pool.ts).
  entryPoints: {
    server: path.join(root, "server/production.ts"),
    "pdf-worker": path.join(root, "server/printing/worker.ts"),
    "import-worker": path.join(root, "server/imports/reader-worker.ts"),
  },
  outdir: path.join(root, "dist"),
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
// After the build: next build may touch tsconfig.json and next-env.d.ts.
writeStamp(root, sourceStamp(root));
console.log("built: .next (panel) and dist/server.mjs (server entry)");
