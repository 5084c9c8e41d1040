import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openPGlite } from "@/server/db/connection";
import { migrate, readMigrations } from "@/server/db/migrator";
import { testDatabase } from "../helpers/database";

const prismaDiff = path.resolve(__dirname, "../../../shared/tools/prisma-diff");

describe("migrations", () => {
  it("are recorded as Prisma records them and applying again changes nothing", async () => {
    const database = await testDatabase();
    const rows = await database.withSession((session) =>
      session.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
        `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
      ),
    );
    const migrations = readMigrations();
    expect(rows.map((row) => row.migration_name)).toEqual(migrations.map((migration) => migration.name));
    expect(rows.map((row) => row.checksum)).toEqual(migrations.map((migration) => migration.checksum));
    expect(rows.every((row) => row.finished_at && row.applied_steps_count === 1)).toBe(true);
    expect(await database.withSession((session) => migrate(session))).toEqual([]);
  });

  it("roll a failing migration back entirely", async () => {
    const database = await openPGlite("memory://");
    try {
      const broken = [{ name: "20000101000000_broken", checksum: "x", sql: 'CREATE TABLE "half" (id int); SELECT nope();' }];
      await expect(database.withSession((session) => migrate(session, broken))).rejects.toThrow(/20000101000000_broken failed/);
      const tables = await database.withSession((session) =>
        session.query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_tables WHERE tablename = 'half'`),
      );
      expect(tables[0]?.count).toBe(0);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!existsSync(prismaDiff))(
    "match prisma/schema.prisma (prisma-diff --check)",
    () => {
      const run = () => execFileSync(prismaDiff, ["--check"], { cwd: path.resolve(__dirname, "../.."), encoding: "utf8", stdio: "pipe" });
      expect(run).not.toThrow();
    },
    180_000,
  );
});
