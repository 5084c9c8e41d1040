import { Prisma } from "../generated/prisma/client";
import type { Db } from "./scoped";

/**
 * Raw SQL, for what Prisma cannot say (row locks, `UPDATE … RETURNING` with conditions,
 * aggregates over large tables), always bound to the caller's org. The builder receives
 * the org as a bound parameter and must filter by it: a statement that does not use it
 * is refused before it runs. Everywhere else raw queries are a lint error
 * (eslint.config.mjs), so tenant isolation cannot be bypassed by accident.
 *
 *   const rows = await scopedQuery<{ total: number }>(db, (org) => Prisma.sql`
 *     SELECT total FROM stock WHERE organization_id = ${org} AND id = ${id}::uuid FOR UPDATE`);
 */
function bound(db: Db, build: (organization: Prisma.Sql) => Prisma.Sql): Prisma.Sql {
  const organizationId = db.$organizationId;
  const statement = build(Prisma.sql`${organizationId}::uuid`);
  if (!statement.values.includes(organizationId)) {
    throw new Error("A scoped raw query must filter by the organization it is given");
  }
  return statement;
}

export function scopedQuery<Row>(db: Db, build: (organization: Prisma.Sql) => Prisma.Sql): Promise<Row[]> {
  return db.$queryRaw<Row[]>(bound(db, build));
}

export function scopedExecute(db: Db, build: (organization: Prisma.Sql) => Prisma.Sql): Promise<number> {
  return db.$executeRaw(bound(db, build));
}
