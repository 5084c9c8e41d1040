/**
 * Rooms that say what they hold (issue 41): the folders of server/ (and its top-level files,
 * each a room of its own) form no pair that imports each other, but for the ones named
 * below with why. A pair is a rule in the wrong room: the seller scope lives with auth, the
 * calendar in lib, the CRUD builder in crud/, the phases beside the statuses, the transport
 * (procedures, pipeline, document) in http/ — which knows no resource: server/root.ts hands
 * it the API.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(__dirname, "../../server");

/** The pairs allowed, each with why it cannot be cut. */
const ALLOWED: Record<string, string> = {
  "auth<->runtime":
    "the runtime holds what the process shares, the credential cache and the request limiter among it; " +
    "resolving a caller reads the runtime's database and cache",
};

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "generated") return [];
    if (statSync(full).isDirectory()) return filesOf(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** A file's room: its folder under server/, or the file itself at the top. */
function roomOf(file: string): string {
  const [first = "", ...rest] = path.relative(SERVER, file).split(path.sep);
  return rest.length === 0 ? first.replace(/\.tsx?$/, "") : first;
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/server/")
    ? path.join(SERVER, specifier.slice("@/server/".length))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base || !base.startsWith(SERVER) || base.includes(`${path.sep}generated`)) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

describe("server/ rooms", () => {
  it("no two rooms import each other, but the pairs named with why", () => {
    const imports = new Map<string, Map<string, string>>();
    for (const file of filesOf(SERVER)) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/(?:from\s+|import\s*\(\s*)["']([^"']+)["']/g)) {
        const target = resolveImport(file, match[1]!);
        if (!target) continue;
        const [from, to] = [roomOf(file), roomOf(target)];
        if (from === to) continue;
        if (!imports.has(from)) imports.set(from, new Map());
        imports.get(from)!.set(to, `${path.relative(SERVER, file)} → ${match[1]}`);
      }
    }
    const pairs: string[] = [];
    for (const [from, targets] of imports) {
      for (const [to, example] of targets) {
        const back = imports.get(to)?.get(from);
        if (from < to && back) pairs.push(`${from}<->${to} (${example}; ${back})`);
      }
    }
    const unexplained = pairs.filter((pair) => !ALLOWED[pair.slice(0, pair.indexOf(" "))]);
    expect(unexplained).toEqual([]);
    expect(pairs.length).toBeLessThanOrEqual(3);
  });
});
