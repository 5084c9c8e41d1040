import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SqlSession } from "./connection";

/**
 * Applies prisma/migrations/<timestamp>_<name>/migration.sql in order and records
 * them in `_prisma_migrations` exactly as Prisma Migrate does (same table, checksum =
 * SHA-256 of the file), so `prisma migrate deploy` stays usable where its engine exists.
 * Each migration runs in its own transaction; an advisory lock (Prisma's own key) makes
 * concurrent starts wait for each other instead of applying twice.
 */
export const PRISMA_ADVISORY_LOCK = 72707369;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations")): Migration[] {
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const createTable = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MigrationError";
  }
}

/** Contrib extensions the catalog search runs on, and the indexes the catalog migration makes with them. */
export const REQUIRED_EXTENSIONS = ["pg_trgm", "unaccent", "fuzzystrmatch", "btree_gin"];
const SEARCH_INDEXES = ["products_search_vector_idx", "products_name_vector_idx", "search_words_word_idx"];

/**
 * The catalog migration creates the search extensions and indexes in a block that the
 * schema tool's shadow database (no contrib) skips: a real database must have them.
 */
async function checkSearchPrerequisites(session: SqlSession): Promise<void> {
  const extensions = await session.query<{ extname: string }>("SELECT extname FROM pg_extension");
  const missing = REQUIRED_EXTENSIONS.filter((name) => !extensions.some((row) => row.extname === name));
  const indexes = await session.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE indexname = ANY($1)", [
    SEARCH_INDEXES,
  ]);
  const missingIndexes = SEARCH_INDEXES.filter((name) => !indexes.some((row) => row.indexname === name));
  if (missing.length > 0 || missingIndexes.length > 0) {
    throw new MigrationError(
      `the database lacks what product search needs: extensions ${missing.join(", ") || "(all present)"}, ` +
        `indexes ${missingIndexes.join(", ") || "(all present)"}. Install PostgreSQL's contrib package (postgresql-contrib) ` +
        `and run CREATE EXTENSION for each as a superuser, then start again.`,
    );
  }
}

/** Applies what is pending; answers the names it applied. */
export async function migrate(session: SqlSession, migrations = readMigrations()): Promise<string[]> {
  await session.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
  try {
    await session.exec(createTable);
    const applied = await session.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const byName = new Map(applied.map((row) => [row.migration_name, row]));
    const done: string[] = [];
    for (const migration of migrations) {
      const previous = byName.get(migration.name);
      if (previous?.finished_at) {
        if (previous.checksum !== migration.checksum) {
          console.warn(`migration ${migration.name} was modified after it was applied`);
        }
        continue;
      }
      if (previous) {
        throw new MigrationError(
          `migration ${migration.name} failed earlier and was not finished; fix the database and mark it rolled back`,
        );
      }
      try {
        await session.exec("BEGIN");
        await session.exec(migration.sql);
        await session.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await session.exec("COMMIT");
        done.push(migration.name);
      } catch (error) {
        await session.exec("ROLLBACK").catch(() => undefined);
        throw new MigrationError(`migration ${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
    if (migrations.some((migration) => migration.name.endsWith("_catalog"))) await checkSearchPrerequisites(session);
    return done;
  } finally {
    await session.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]);
  }
}
