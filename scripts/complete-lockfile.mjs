// The npm registry reachable here serves only the Linux builds of platform-specific
// packages (next's SWC, Tailwind's oxide, ...). `npm install` then writes a lock file
// without the other platforms' optional entries, and `npm ci` refuses it as out of sync.
// This adds those entries back (version, os, cpu, optional), as npm writes them where
// the whole registry is reachable; npm skips them on a non-matching platform.
// Run after `npm install` changes package-lock.json:  node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
const systems = ["android", "darwin", "freebsd", "linux", "win32", "openharmony", "sunos", "aix", "netbsd", "openbsd"];
const cpus = ["arm64", "x64", "arm", "ia32", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

function platformOf(name) {
  const words = name.split("/").pop().split("-");
  const os = systems.filter((system) => words.includes(system));
  const cpu = cpus.filter((value) => words.includes(value) || words.includes(value === "arm" ? "armv7" : value));
  if (words.includes("gnueabihf") || words.includes("musleabihf") || words.includes("eabi")) cpu.push("arm");
  return { os: [...new Set(os)], cpu: [...new Set(cpu)] };
}

/** Where npm would resolve `name` from a package at `path` (nearest node_modules up the tree). */
function resolved(path, name) {
  let base = path;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const at = base.lastIndexOf("/node_modules/");
    base = at === -1 ? "" : base.slice(0, at);
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolved(path, name)) continue;
    const { os, cpu } = platformOf(name);
    if (os.length === 0 && cpu.length === 0) continue;
    packages[`node_modules/${name}`] = {
      version: version.replace(/^[\^~=]/, ""),
      ...(cpu.length ? { cpu } : {}),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os.length ? { os } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
