import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
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

  it("number the orders an org already has, rename the default statuses and ADMIN nobody changed, add identifiers' digits to search texts, and sum the monthly sales rollup into years", async () => {
    const database = await openPGlite("memory://");
    try {
      const all = readMigrations();
      const first = all.findIndex((migration) => migration.name.endsWith("_order_numbers"));
      await database.withSession((session) => migrate(session, all.slice(0, first)));
      const org = randomUUID();
      const other = randomUUID();
      const admin = randomUUID();
      await database.withSession((session) =>
        session.exec(`
          INSERT INTO organizations (id, name, updated_at) VALUES ('${org}', 'A', now()), ('${other}', 'B', now());
          INSERT INTO users (id, organization_id, name, email, password_hash, role, updated_at, created_at) VALUES
            ('${admin}', '${org}', 'Administrator', 'a@example.com', 'x', 'ADMIN', now(), now() - interval '1 day'),
            ('${randomUUID()}', '${org}', 'Administrator', 'b@example.com', 'x', 'ADMIN', now(), now());
          INSERT INTO partners (id, organization_id, name, fiscal_registration_number, phone, addresses, search_text, updated_at) VALUES
            ('${org}', '${org}', 'P', '11222333000181', '(11) 98765-4321', '[{"postal_code": "01310-100"}]', 'p 11222333000181', now()),
            ('${other}', '${other}', 'Q', '11222333000181', null, '[]', 'q 11222333000181', now());
          INSERT INTO statuses (id, organization_id, title, type, "order", is_initial, phase, updated_at, search_text) VALUES
            ('00000000-0000-4000-8000-000000000001', '${org}', 'new', 'ORDER', 1, true, 'OPEN', now(), 'new'),
            ('00000000-0000-4000-8000-000000000002', '${org}', 'canceled', 'ORDER', 2, false, 'CANCELED', now(), 'canceled'),
            ('00000000-0000-4000-8000-000000000003', '${org}', 'partially paid', 'FINANCIAL', 1, true, null, now(), 'partially paid'),
            ('00000000-0000-4000-8000-000000000004', '${org}', 'Aguardando', 'ORDER', 3, false, 'OPEN', now(), 'aguardando'),
            ('00000000-0000-4000-8000-000000000005', '${other}', 'new', 'ORDER', 1, true, 'OPEN', now(), 'new');
          -- A person saved "canceled" again: it stays as they left it.
          INSERT INTO audit_events (id, organization_id, actor_kind, action, entity, entity_id) VALUES
            ('${randomUUID()}', '${org}', 'user', 'update', 'status', '00000000-0000-4000-8000-000000000002');
          INSERT INTO orders (id, organization_id, partner_id, status_id, negotiation_date, total_value, order_value, discount_value, updated_at, created_at) VALUES
            ('00000000-0000-4000-8000-0000000000a2', '${org}', '${org}', '00000000-0000-4000-8000-000000000001', now(), 1, 1, 0, now(), now() - interval '1 hour'),
            ('00000000-0000-4000-8000-0000000000a1', '${org}', '${org}', '00000000-0000-4000-8000-000000000001', now(), 1, 1, 0, now(), now() - interval '2 hours'),
            ('00000000-0000-4000-8000-0000000000a3', '${org}', '${org}', '00000000-0000-4000-8000-000000000001', now(), 1, 1, 0, now(), now()),
            ('00000000-0000-4000-8000-0000000000b1', '${other}', '${other}', '00000000-0000-4000-8000-000000000005', now(), 1, 1, 0, now(), now());
          INSERT INTO product_sales_months (organization_id, month, product_id, quantity, total_value, sales_count) VALUES
            ('${org}', '2025-03-01', '${admin}', 5, 50, 1), ('${org}', '2025-05-01', '${admin}', 10.5, 100.25, 2),
            ('${org}', '2026-01-01', '${admin}', 1, 1, 1), ('${other}', '2025-03-01', '${admin}', 7, 70, 1);
        `),
      );
      await database.withSession((session) => migrate(session, all));
      const rows = await database.withSession((session) =>
        session.query<{ id: string; number: number }>(`SELECT id::text, number FROM orders ORDER BY id`),
      );
      expect(rows.map((row) => [row.id.slice(-2), row.number])).toEqual([
        ["a1", 1],
        ["a2", 2],
        ["a3", 3],
        ["b1", 1],
      ]);
      const next = await database.withSession((session) =>
        session.query<{ a: number; b: number }>(
          `SELECT nextval('order_number_${org.replace(/-/g, "")}')::int AS a, nextval('order_number_${other.replace(/-/g, "")}')::int AS b`,
        ),
      );
      expect(next).toEqual([{ a: 4, b: 2 }]);
      const years = await database.withSession((session) =>
        session.query<{ org: boolean; year: string; quantity: string; total_value: string; sales_count: number }>(
          `SELECT organization_id = '${org}' AS org, year::text, quantity::text, total_value::text, sales_count
           FROM product_sales_years ORDER BY 1 DESC, 2`,
        ),
      );
      expect(years.map((row) => [row.org, row.year, Number(row.quantity), Number(row.total_value), row.sales_count])).toEqual([
        [true, "2025-01-01", 15.5, 150.25, 3],
        [true, "2026-01-01", 1, 1, 1],
        [false, "2025-01-01", 7, 70, 1],
      ]);
      const titles = await database.withSession((session) =>
        session.query<{ title: string; search_text: string }>(`SELECT title, search_text FROM statuses ORDER BY id`),
      );
      expect(titles.map((row) => [row.title, row.search_text])).toEqual([
        ["Novo", "novo"],
        ["canceled", "canceled"],
        ["Pago parcialmente", "pago parcialmente"],
        ["Aguardando", "aguardando"],
        ["Novo", "novo"],
      ]);
      const users = await database.withSession((session) => session.query<{ name: string }>(`SELECT name FROM users ORDER BY created_at`));
      expect(users.map((row) => row.name)).toEqual(["Administrador(a)", "Administrator"]);
      const partners = await database.withSession((session) =>
        session.query<{ search_text: string }>(`SELECT search_text FROM partners ORDER BY name`),
      );
      expect(partners.map((row) => row.search_text)).toEqual(["p 11222333000181 11987654321 01310100", "q 11222333000181"]);
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
