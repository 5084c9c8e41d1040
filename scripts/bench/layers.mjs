// Sums a V8 CPU profile of the app by layer: where a request's CPU time goes. The app's
// own code is bundled in dist/ (server.mjs and the chunks it loads); their source maps tell
// which source file each sampled function is, so our layers (pipeline, auth, services) are
// told apart too.
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_LAYERS = [
  [/^@prisma\/(client|adapter-pg)|^pglite-prisma-adapter/, "Prisma (client + adapter)"],
  [/^(pg|pg-protocol|pg-pool|pg-types|postgres-)/, "pg driver"],
  [/^@trpc\//, "tRPC"],
  [/^zod/, "zod (input and output checks)"],
  [/^(pino|@pinojs|sonic-boom|thread-stream)/, "logging (pino)"],
  [/^jose|^next-auth/, "auth libraries"],
];

function sourceLayer(source) {
  if (source.includes("server/http/") || source.endsWith("server/http/trpc.ts")) return "our pipeline (server/http, server/http/trpc.ts)";
  if (source.includes("server/auth/")) return "our auth (credentials, cache)";
  if (source.includes("server/generated/")) return "Prisma (client + adapter)";
  if (source.includes("server/lib/") || source.includes("server/db/")) return "our helpers (paging, crud, scoping)";
  if (source.includes("server/")) return "our services (resources)";
  return "our code (other)";
}

/** The bundle file a frame's URL is in (dist/server.mjs or a chunk), if any. */
function bundleFile(url, bundleDir) {
  const file = url.startsWith("file:") ? fileURLToPath(url) : url;
  return file.startsWith(bundleDir + path.sep) && file.endsWith(".mjs") ? file : undefined;
}

/**
 * A profile's busy samples, each with its self time and call frame, and where a frame of
 * the bundle comes from (its source map's entry).
 */
function readProfile(profilePath, bundleDir) {
  const profile = JSON.parse(readFileSync(profilePath, "utf8"));
  const maps = new Map();
  const mapOf = (file) => {
    if (!maps.has(file)) {
      try {
        maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8"))));
      } catch {
        maps.set(file, undefined);
      }
    }
    return maps.get(file);
  };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map();
  profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const samples = [];
  let busy = 0;
  for (const [id, micros] of selfTime) {
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === "(idle)") continue;
    busy += micros;
    const bundle = bundleFile(frame.url, bundleDir);
    samples.push({ frame, micros, source: bundle ? mapOf(bundle)?.findEntry(frame.lineNumber, frame.columnNumber) : undefined, bundle });
  }
  return { samples, busy };
}

/** Totals by name, largest first, as shares of the busy time and microseconds per request. */
function ranked(totals, busy, requests) {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([name, micros]) => ({ name, share: micros / busy, microsPerRequest: requests ? micros / requests : null }));
}

export function layersOf(profilePath, bundleDir, requests) {
  const { samples, busy } = readProfile(profilePath, bundleDir);
  const layers = new Map();
  for (const { frame, micros, source, bundle } of samples) {
    const { functionName, url } = frame;
    let layer;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    if (functionName === "(garbage collector)") layer = "garbage collection";
    else if (pkg) layer = PACKAGE_LAYERS.find(([pattern]) => pattern.test(pkg))?.[1] ?? `other packages`;
    else if (bundle) layer = sourceLayer(source?.originalSource ?? "");
    else if (url.startsWith("node:") || url === "") layer = "node.js (http, net, streams, syscalls)";
    else layer = "other";
    layers.set(layer, (layers.get(layer) ?? 0) + micros);
  }
  return ranked(layers, busy, requests).map(({ name, ...rest }) => ({ layer: name, ...rest }));
}

/**
 * The functions that spend most of a profile's CPU on their own (self time), named by
 * their source file and line through the bundle's source maps: where inside a layer the
 * time goes.
 */
export function hotFunctionsOf(profilePath, bundleDir, requests, top = 12) {
  const { samples, busy } = readProfile(profilePath, bundleDir);
  const self = new Map();
  for (const { frame, micros, source } of samples) {
    let where = frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/dist\//, "dist/");
    if (source?.originalSource) where = `${source.originalSource.replace(/^.*?(server|node_modules)\//, "$1/")}:${source.originalLine + 1}`;
    const name = `${frame.functionName || "(anonymous)"} ${where}`;
    self.set(name, (self.get(name) ?? 0) + micros);
  }
  return ranked(self, busy, requests).slice(0, top);
}
