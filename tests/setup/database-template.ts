import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPGlite, openPostgres } from "@/server/db/connection";
import { migrate } from "@/server/db/migrator";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of a migrated embedded database's data folder (PGlite's `dumpDataDir`). */
    databaseTemplate: string;
  }
}

/**
 * Once per run, before any test file: the database every test worker starts from. On
 * PostgreSQL (TEST_DATABASE_URL) the migrations are applied to it here, once. For the
 * embedded database a migrated one's data folder is dumped to a file that each worker
 * loads (PGlite's `loadDataDir`), instead of creating a database and applying every
 * migration again; the tests of the embedded engine itself use it on PostgreSQL too.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openPostgres(url, 1);
    try {
      await database.withSession((session) => migrate(session));
    } finally {
      await database.close();
    }
  }
  const database = await openPGlite("memory://");
  const folder = mkdtempSync(path.join(os.tmpdir(), "b2b-test-template-"));
  const file = path.join(folder, "pgdata.tar");
  try {
    await database.withSession((session) => migrate(session));
    writeFileSync(file, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("databaseTemplate", file);
  return () => rmSync(folder, { recursive: true, force: true });
}
