import { randomUUID } from "node:crypto";
import { issueAccessToken } from "@/server/auth/tokens";
import { openPGlite, openPostgres, type Database } from "@/server/db/connection";
import { migrate } from "@/server/db/migrator";
import { forOrganization } from "@/server/db/scoped";
import type { Role } from "@/server/generated/prisma/enums";
import { createOrganization } from "@/server/organizations/service";
import { appRouter } from "@/server/root";
import { createCallerFactory, createContext } from "@/server/trpc";
import { hashPassword } from "@/server/auth/password";

/**
 * One migrated database per test worker: in-memory PGlite, or the PostgreSQL named by
 * TEST_DATABASE_URL. Tests never clean up: each makes its own org (unique names), so
 * they cannot see each other's rows.
 */
let shared: Promise<Database> | undefined;

export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const database = url ? await openPostgres(url, 4) : await openPGlite("memory://");
    await database.withSession((session) => migrate(session));
    return database;
  })();
  return shared;
}

export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

const createCaller = createCallerFactory(appRouter);

export type Caller = ReturnType<typeof createCaller>;

export interface TestOrg {
  database: Database;
  organizationId: string;
  adminEmail: string;
  /** The scoped client of this org, for checks behind the API. */
  db: ReturnType<typeof forOrganization>;
  /** A tRPC caller authenticated as a user of this org with `role` (ADMIN by default). */
  as(role?: Role): Promise<Caller>;
}

export function callerWith(database: Database, headers: Record<string, string> = {}): Caller {
  return createCaller(createContext(database, new Headers(headers)));
}

/** A fresh org with an admin, plus callers for any role. */
export async function newOrg(): Promise<TestOrg> {
  const database = await testDatabase();
  const adminEmail = `${randomUUID()}@test.example`;
  const { organization, admin } = await createOrganization(database.prisma, {
    name: unique("Org"),
    admin: { email: adminEmail, password: "password123" },
  });
  const users = new Map<Role, string>([["ADMIN", admin.id]]);
  const passwordHash = await hashPassword("password123");
  return {
    database,
    organizationId: organization.id,
    adminEmail,
    db: forOrganization(database.prisma, organization.id),
    async as(role: Role = "ADMIN") {
      let userId = users.get(role);
      if (!userId) {
        const user = await database.prisma.user.create({
          data: {
            organization_id: organization.id,
            name: `${role} user`,
            email: `${role.toLowerCase()}-${randomUUID()}@test.example`,
            password_hash: passwordHash,
            role,
          },
        });
        users.set(role, (userId = user.id));
      }
      const { token } = await issueAccessToken({ userId, organizationId: organization.id });
      return callerWith(database, { authorization: `Bearer ${token}` });
    },
  };
}
