import path from "node:path";
import { env } from "../env";
import { openPGlite, openPostgres, type Database } from "./connection";
import { migrate } from "./migrator";

export type { Database } from "./connection";

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else embedded PGlite. */
export async function openConfiguredDatabase(): Promise<Database> {
  const { DATABASE_URL, DATA_DIR, DATABASE_POOL_SIZE } = env();
  return DATABASE_URL ? openPostgres(DATABASE_URL, DATABASE_POOL_SIZE) : openPGlite(path.join(DATA_DIR, "pglite"));
}

/** Opens the configured database and runs `prepare` on it; closed again when that fails. */
export async function openAnd(prepare: (database: Database) => Promise<unknown>): Promise<Database> {
  const database = await openConfiguredDatabase();
  try {
    await prepare(database);
    return database;
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** Opens and applies pending migrations (the CLI). */
export function openMigratedDatabase(): Promise<Database> {
  return openAnd((database) => database.withSession((session) => migrate(session)));
}
