// trpc-to-openapi 3.3 turns on zod coercion for every input, JSON bodies included, and
// does it by mutating the shared schemas: after one REST call `{"active": "false"}`
// would pass as `true`, on REST and tRPC alike. Query strings need coercion; JSON
// bodies do not. This limits it to requests without a body.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../node_modules", import.meta.url));
const targets = [
  ["dist/cjs/adapters/node-http/core.js", "if (utils_1.zodSupportsCoerce && (0, utils_1.instanceofZodTypeObject)(unwrappedSchema)) {", "if (!useBody && utils_1.zodSupportsCoerce && (0, utils_1.instanceofZodTypeObject)(unwrappedSchema)) {"],
  ["dist/esm/adapters/node-http/core.mjs", "if (zodSupportsCoerce && instanceofZodTypeObject(unwrappedSchema)) {", "if (!useBody && zodSupportsCoerce && instanceofZodTypeObject(unwrappedSchema)) {"],
];
for (const [file, from, to] of targets) {
  const full = path.join(root, "trpc-to-openapi", file);
  const source = readFileSync(full, "utf8");
  if (source.includes(to)) continue;
  if (!source.includes(from)) {
    console.error(`patch-trpc-to-openapi: ${file} changed; review the patch for this version`);
    process.exit(1);
  }
  writeFileSync(full, source.replace(from, to));
}
