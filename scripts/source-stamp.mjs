// A fingerprint of what a build is made from (paths, sizes and modification times of
// the sources, the schema, the config and the lock file): `npm start` rebuilds when it
// differs from the one stored by the last build.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "components",
  "lib",
  "messages",
  "server",
  "prisma/schema.prisma",
  "next.config.mjs",
  "proxy.ts",
  "package-lock.json",
  "tsconfig.json",
];
const STAMP = "dist/source-stamp";

function walk(root, relative, files) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(full).sort()) walk(root, path.join(relative, entry), files);
  } else {
    files.push(`${relative}:${stat.size}:${Math.floor(stat.mtimeMs)}`);
  }
}

export function sourceStamp(root) {
  const files = [];
  for (const source of SOURCES) walk(root, source, files);
  return createHash("sha256").update(files.join("\n")).digest("hex");
}

export function storedStamp(root) {
  const file = path.join(root, STAMP);
  return existsSync(file) && existsSync(path.join(root, ".next/BUILD_ID")) && existsSync(path.join(root, "dist/server.mjs"))
    ? readFileSync(file, "utf8").trim()
    : undefined;
}

export function writeStamp(root, stamp) {
  writeFileSync(path.join(root, STAMP), `${stamp}\n`);
}
