import type { Database } from "../db/connection";
import type { Env } from "../env";
import { seedDemoData } from "./demo-data";
import { createOrganization } from "./service";

/** Serializes first starts of several processes against one PostgreSQL. */
const BOOTSTRAP_LOCK = 72707370;

/**
 * First start on an empty database: one org and one ADMIN from ADMIN_EMAIL and
 * ADMIN_PASSWORD, plus demo data unless DEMO_DATA=false.
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
      });
      if (config.DEMO_DATA) await seedDemoData(prisma, organization.id);
      return organization;
    } finally {
      await session.query("SELECT pg_advisory_unlock($1)", [BOOTSTRAP_LOCK]);
    }
  });
}
