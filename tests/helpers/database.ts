import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { hashPassword } from "@/server/auth/password";
import { issueAccessToken } from "@/server/auth/tokens";
import { openPGlite, openPostgres, type Database } from "@/server/db/connection";
import { forOrganization } from "@/server/db/scoped";
import type { Role } from "@/server/generated/prisma/enums";
import { createAppServer } from "@/server/http/server";
import { api } from "@/server/root";
import { createOrganization } from "@/server/organizations/service";
import type { OrgLanguage } from "@/server/settings/statuses/service";
import { appRouter } from "@/server/root";
import { diskStorage } from "@/server/files/storage";
import { createRuntime, registerRuntime, type Runtime } from "@/server/runtime";
import { createCallerFactory, createContext } from "@/server/http/trpc";
import { inject } from "vitest";

/**
 * One migrated database and one runtime per test worker (vitest.config.mts: the files of a
 * worker share them): in-memory PGlite loaded from the run's migrated template, or the
 * PostgreSQL named by TEST_DATABASE_URL, migrated once before the run
 * (tests/setup/database-template.ts). Tests never clean up: each makes its own org (unique
 * names), so they cannot see each other's rows.
 */
let shared: Promise<Runtime> | undefined;
/** Where the test runtime stores uploaded files (a folder of its own per worker). */
let filesDir: string | undefined;

export function testRuntime(): Promise<Runtime> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const database = url
      ? await openPostgres(url, 4)
      : await openPGlite("memory://", { dataDir: new Blob([readFileSync(inject("databaseTemplate"))]) });
    filesDir = mkdtempSync(path.join(os.tmpdir(), "b2b-test-files-"));
    return registerRuntime(await createRuntime(database, { rateLimitPerMinute: 0, files: diskStorage(filesDir) }));
  })();
  return shared;
}

/** The folder of the test runtime's file storage (uploads land in `<org id>/<file id>`). */
export async function testFilesDir(): Promise<string> {
  await testRuntime();
  if (filesDir === undefined) throw new Error("the test runtime has no file storage");
  return filesDir;
}

export async function testDatabase(): Promise<Database> {
  return (await testRuntime()).database;
}

export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

const createCaller = createCallerFactory(appRouter);

export type Caller = ReturnType<typeof createCaller>;

/** A tRPC caller with these request headers, as if from `clientAddress`. */
export function callerWith(runtime: Runtime, headers: Record<string, string> = {}, clientAddress = `test-${randomUUID()}`): Caller {
  return createCaller(createContext(runtime, { id: randomUUID(), headers, clientAddress }));
}

export interface TestOrg {
  runtime: Runtime;
  database: Database;
  organizationId: string;
  adminEmail: string;
  /** The scoped client of this org, for checks behind the API. */
  db: ReturnType<typeof forOrganization>;
  /** A tRPC caller authenticated as a user of this org with `role` (ADMIN by default). */
  as(role?: Role): Promise<Caller>;
  /** Bearer headers of a user of this org with `role`, for HTTP tests. */
  bearer(role?: Role): Promise<Record<string, string>>;
}

/** The password of every user `newOrg` makes ("password123"), hashed once per worker: a hash is slow on purpose. */
let passwordHashOnce: Promise<string> | undefined;
const testPasswordHash = () => (passwordHashOnce ??= hashPassword("password123"));

/** A fresh org with an admin, plus callers for any role. Its users' password is "password123". */
/** A new org; its defaults are titled in English unless told (the tests name statuses by those titles). */
export async function newOrg(options: { language?: OrgLanguage } = {}): Promise<TestOrg> {
  const runtime = await testRuntime();
  const { database } = runtime;
  const adminEmail = `${randomUUID()}@test.example`;
  const passwordHash = await testPasswordHash();
  const { organization, admin } = await createOrganization(database.prisma, {
    name: unique("Org"),
    language: options.language ?? "en",
    admin: { email: adminEmail, passwordHash },
  });
  const users = new Map<Role, string>([["ADMIN", admin.id]]);
  const bearer = async (role: Role = "ADMIN") => {
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
    const { token } = await issueAccessToken({ userId, organizationId: organization.id, tokenVersion: 0 });
    return { authorization: `Bearer ${token}` };
  };
  return {
    runtime,
    database,
    organizationId: organization.id,
    adminEmail,
    db: forOrganization(database.prisma, organization.id),
    bearer,
    async as(role: Role = "ADMIN") {
      return callerWith(runtime, await bearer(role));
    },
  };
}

/**
 * The app's HTTP server (REST, tRPC, health) on a free port of this worker, without
 * the panel: REST tests in vitest go through the real pipeline.
 */
let httpBase: Promise<string> | undefined;

export function testServer(): Promise<string> {
  httpBase ??= (async () => {
    const { server } = createAppServer(await testRuntime(), api);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    server.unref();
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  })();
  return httpBase;
}
