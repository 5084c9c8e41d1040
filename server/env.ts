import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Treats empty strings as unset, so `FOO=` behaves like no FOO at all. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")),
  DATA_DIR: optional(z.string()).transform((value) => path.resolve(value ?? ".data")),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  APP_ENCRYPTION_KEY: optional(z.string().min(32, "must be at least 32 characters")),
  ADMIN_EMAIL: optional(z.email()).transform((value) => value ?? "admin@example.com"),
  ADMIN_PASSWORD: optional(z.string().min(8, "must be at least 8 characters")).transform((value) => value ?? "admin12345"),
  ACCESS_TOKEN_TTL_SECONDS: optional(z.coerce.number().int().min(60)).transform((v) => v ?? 3600),
  RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(0)).transform((v) => v ?? 1200),
  /** Whose X-Forwarded-For to believe (server/auth/client-address.ts); unset: nobody's. */
  TRUST_PROXY: optional(z.string()),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).transform((value) => value ?? 3000),
  HOST: optional(z.string()).transform((value) => value ?? "0.0.0.0"),
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
  DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(200)).transform((value) => value ?? 10),
  /** The app's public address (https://b2b.example.com): makes file URLs absolute. */
  PUBLIC_URL: optional(z.url({ message: "must be a URL" })).transform((value) => value?.replace(/\/$/, "")),
  /** Where uploaded files are kept (default DATA_DIR/files), unless S3_BUCKET is set. */
  FILE_STORAGE_DIR: optional(z.string()),
  /** Uploaded files in an S3-compatible bucket instead of the disk. */
  S3_BUCKET: optional(z.string()),
  S3_ENDPOINT: optional(z.url({ message: "must be a URL" })),
  S3_REGION: optional(z.string()).transform((value) => value ?? "us-east-1"),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(z.enum(["true", "false", "1", "0"])).transform(
    (value) => value === undefined || value === "true" || value === "1",
  ),
  /** Webhook endpoints may be loopback, private or link-local addresses (local integrations, tests). */
  WEBHOOK_ALLOW_PRIVATE: optional(z.enum(["true", "false", "1", "0"])).transform((value) => value === "true" || value === "1"),
  /**
   * Contract §13: where NF-e go. `off` (default): signed and kept, tpAmb 2 (homologation), for the ERP to
   * transmit; `homologation` / `production`: the SEFAZ's environment (tpAmb 2 / 1).
   */
  SEFAZ_ENVIRONMENT: optional(z.enum(["off", "homologation", "production"])).transform((value) => value ?? "off"),
  /** PEM certificates to trust for the SEFAZ's servers (the ICP-Brasil chain), besides Node's own. */
  SEFAZ_CA_FILE: optional(z.string()),
  DEMO_DATA: optional(z.enum(["true", "false", "1", "0"])).transform((value) => value === undefined || value === "true" || value === "1"),
});

export type Env = z.infer<typeof envSchema> & { AUTH_SECRET: string; APP_ENCRYPTION_KEY: string };

export class EnvError extends Error {
  constructor(issues: string[]) {
    super(`Invalid environment:\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/**
 * Without AUTH_SECRET (or APP_ENCRYPTION_KEY), a random secret is made once and kept in
 * the data folder, so a fresh checkout runs with no configuration. Several instances
 * behind one database must share them explicitly.
 */
function secretFromDataDir(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(/*turbopackIgnore: true*/ file)) return readFileSync(/*turbopackIgnore: true*/ file, "utf8").trim();
  mkdirSync(/*turbopackIgnore: true*/ dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(/*turbopackIgnore: true*/ file, secret, { mode: 0o600 });
  return secret;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return {
    ...parsed.data,
    AUTH_SECRET: parsed.data.AUTH_SECRET ?? secretFromDataDir(parsed.data.DATA_DIR, "auth-secret"),
    APP_ENCRYPTION_KEY: parsed.data.APP_ENCRYPTION_KEY ?? secretFromDataDir(parsed.data.DATA_DIR, "encryption-key"),
  };
}

let cached: Env | undefined;

/** The validated environment of this process (read once). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
