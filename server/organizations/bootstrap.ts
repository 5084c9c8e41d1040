import { openAnd } from "../db";
import type { Database } from "../db/connection";
import { migrate } from "../db/migrator";
import { env } from "../env";
import type { Env } from "../env";
import { createOrganization } from "./service";

/** Serializes first starts of several processes against one PostgreSQL. */
const BOOTSTRAP_LOCK = 72707370;

/**
 * First start on an empty database: one org and one ADMIN from ADMIN_EMAIL and
 * ADMIN_PASSWORD, marked as owed demo data unless DEMO_DATA=false. The demo itself is
 * written after the server listens (server/app.ts, `startDemo`), so the first sign-in
 * does not wait for it.
 */
export async function bootstrap(database: Database, config: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD" | "DEMO_DATA">) {
  const { prisma } = database;
  if ((await prisma.organization.count()) > 0) return null;
  return database.withSession(async (session) => {
    await session.query("SELECT pg_advisory_lock($1)", [BOOTSTRAP_LOCK]);
    try {
      if ((await prisma.organization.count()) > 0) return null;
      const { organization } = await createOrganization(prisma, {
        name: "Demo Distributor",
        admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
        demo: config.DEMO_DATA,
      });
      return organization;
    } finally {
      await session.query("SELECT pg_advisory_unlock($1)", [BOOTSTRAP_LOCK]);
    }
  });
}

/** Opens, migrates and, on an empty database, creates the first org (the server, the CLI's db:setup, the e2e setup). */
export function startDatabase(): Promise<Database> {
  return openAnd(async (database) => {
    await database.withSession((session) => migrate(session));
    await bootstrap(database, env());
  });
}
