/**
 * Prepares the e2e server's database in one process (scripts/e2e-server.mjs runs it with tsx
 * before starting the server): what the server does on start (migrations; on an empty
 * database the first org), then the orgs of e2e/orgs.ts that are missing, with their demo
 * data. A PostgreSQL database may still hold sign-in counts of an earlier run or of vitest's
 * HTTP tests from this address (127.0.0.1) within their 15 quiet minutes: they are forgotten.
 */
import { forgetLoginThrottles } from "../server/auth/login-throttle";
import { startDatabase } from "../server/db";
import { seedDemoData } from "../server/organizations/demo-data";
import { createOrganization } from "../server/organizations/service";
import { ORGS } from "./orgs";

async function main() {
  const database = await startDatabase();
  try {
    for (const org of Object.values(ORGS)) {
      const admin = await database.prisma.user.findUnique({ where: { email: org.email }, select: { organization_id: true } });
      const organizationId =
        admin?.organization_id ??
        (await createOrganization(database.prisma, { name: org.name, admin: { email: org.email, password: org.password } })).organization
          .id;
      if (org.demoData) await seedDemoData(database.prisma, organizationId);
    }
    if (database.kind === "postgres") await forgetLoginThrottles(database.prisma);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
