// Runs `prisma generate` with no native engine present. Prisma 7's client needs no
// engine at run time (driver adapters), but the CLI still looks for the schema engine
// binary before generating: point it at any existing file when none is installed.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
const prisma = fileURLToPath(new URL("../node_modules/prisma/build/index.js", import.meta.url));
const result = spawnSync(process.execPath, [prisma, "generate"], { cwd: root, env, stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);

// What the driver-level reads need of each model (server/crud/crud.ts, `DriverRead`), from the
// same schema: its table (`@@map`) and its Decimal fields, so a read never names a table or
// misses a decimal column by hand.
const schema = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");
const models = [...schema.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)].map(([, name, body]) => ({
  name,
  table: /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? name,
  decimals: [...body.matchAll(/^\s+(\w+)\s+Decimal\??(\s|$)/gm)].map(([, field]) => field),
}));
const lines = models.map(
  ({ name, table, decimals }) => `  ${name}: { table: ${JSON.stringify(table)}, decimals: ${JSON.stringify(decimals)} },`,
);
writeFileSync(
  path.join(root, "server/generated/read-models.ts"),
  `// Generated from prisma/schema.prisma by scripts/prisma-generate.mjs: do not edit.\n` +
    `/** Each model's table and Decimal fields (server/crud/crud.ts, \`driverRead\`). */\n` +
    `export const readModels = {\n${lines.join("\n")}\n} as const;\n`,
);
