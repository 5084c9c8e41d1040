/**
 * Prepares the e2e server's database: what the server does on start (migrations; on an empty
 * database the first org), then the orgs of e2e/orgs.ts that are missing, with their demo
 * data (each org's demo written to the end, its progress on stderr). `npm test` runs it as a
 * phase of its own, beside vitest, before Playwright starts its server (whose start then only
 * opens the database); scripts/e2e-server.mjs runs it when Playwright is run alone.
 *
 *   --sign-ins-only   only forget the sign-in counts (below): the database is prepared already
 *
 * A PostgreSQL database may still hold sign-in counts of an earlier run or of vitest's HTTP
 * tests from this address (127.0.0.1) within their 15 quiet minutes: they are forgotten.
 * `E2E_NO_UI` leaves out the orgs only the panel's tests use.
 */
import { forgetLoginThrottles } from "../server/auth/login-throttle";
import { startDatabase } from "../server/organizations/bootstrap";
import { demoReporter, seedDemoData } from "../server/organizations/demo-data";
import { createOrganization } from "../server/organizations/service";
import { ORGS } from "./orgs";

async function main() {
  const signInsOnly = process.argv.includes("--sign-ins-only");
  const database = await startDatabase();
  try {
    for (const org of signInsOnly ? [] : Object.values(ORGS)) {
      if (org.uiOnly && process.env.E2E_NO_UI) continue;
      const admin = await database.prisma.user.findUnique({ where: { email: org.email }, select: { organization_id: true } });
      const organizationId =
        admin?.organization_id ??
        (await createOrganization(database.prisma, { name: org.name, admin: { email: org.email, password: org.password } })).organization
          .id;
      const say = (line: string) => console.error(`${org.name}: ${line}`);
      if (org.demoData) await seedDemoData(database.prisma, organizationId, { onProgress: demoReporter(say) });
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
