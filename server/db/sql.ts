import { Prisma, type PrismaClient } from "../generated/prisma/client";
import { isUuid } from "../lib/ids";
import type { Database } from "./connection";
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
function bound(db: Pick<Db, "$organizationId">, build: (organization: Prisma.Sql) => Prisma.Sql): Prisma.Sql {
  // The placeholder binds a marker of this call only, so the check is that the statement
  // uses the placeholder it was given: the org's id bound some other way (a value the
  // builder took from elsewhere, another org's) does not pass. Then the marker becomes the id.
  const marker = new OrganizationMarker();
  const statement = build(Prisma.sql`${marker}::uuid`);
  if (!statement.values.includes(marker)) {
    throw new Error("A scoped raw query must filter by the organization placeholder it is given");
  }
  const organizationId = db.$organizationId;
  return new Prisma.Sql(
    statement.strings,
    statement.values.map((value) => (value === marker ? organizationId : value)),
  );
}

/** What a builder's organization placeholder binds until the statement is checked. */
class OrganizationMarker {}

export function scopedQuery<Row>(db: Db, build: (organization: Prisma.Sql) => Prisma.Sql): Promise<Row[]> {
  return db.$queryRaw<Row[]>(bound(db, build));
}

export function scopedExecute(db: Db, build: (organization: Prisma.Sql) => Prisma.Sql): Promise<number> {
  return db.$executeRaw(bound(db, build));
}

/**
 * What marks a statement to prepare (`preparedQuery`); the PostgreSQL connection
 * (server/db/connection.ts, `statementNameOf`) prepares only the statements that start with it.
 */
export const PREPARED_MARK = "/* prepared:";

/**
 * `scopedQuery` for a hot statement whose plan does not depend on its values (it finds
 * rows by key): each pool connection parses and plans it once, then only binds and runs
 * it. Planning is most of what a statement with a few CTEs costs the database (a stock
 * movement: 1.4 ms of its CPU unprepared, 0.6 ms prepared). Not for statements whose
 * best plan depends on the values (search words), nor for text that varies without bound:
 * each distinct text is one more prepared statement per connection. `name` says what it is.
 */
export function preparedQuery<Row>(db: Db, name: string, build: (organization: Prisma.Sql) => Prisma.Sql): Promise<Row[]> {
  return db.$queryRaw<Row[]>(marked(name, bound(db, build)));
}

/** `statement` marked to be prepared, its name a comment. */
function marked(name: string, statement: Prisma.Sql): Prisma.Sql {
  if (!/^[a-z][a-z-]*$/.test(name)) throw new Error(`A prepared statement's name is lowercase words: ${name}`);
  return Prisma.sql`${Prisma.raw(`${PREPARED_MARK}${name} */`)} ${statement}`;
}

/** The GIN indexes of search (created by the catalog and search_name_tier migrations where their extensions exist). */
export type SearchIndex = "products_search_vector_idx" | "products_name_vector_idx" | "search_words_word_idx";

/**
 * Merges a search index's pending entries into its tree, as VACUUM would: after a bulk
 * rewrite (a rebuild of the org's index), searches do not read the new entries one at a
 * time until autovacuum comes. An index is shared by every org and holds no rows of its
 * own, so no org binds this. Nothing is done where the index does not exist, or where the
 * app's role does not own it (only its owner may merge it).
 */
export async function mergePendingEntries(db: Db, index: SearchIndex): Promise<void> {
  await db.$queryRaw`
    SELECT gin_clean_pending_list(c.oid) FROM pg_class c WHERE c.oid = to_regclass(${index}) AND pg_has_role(c.relowner, 'USAGE')`;
}

/** Tables a bulk write (an import) grows by tens of thousands of rows in one transaction. */
export type GrowingTable = "products" | "product_categories";

/**
 * Refreshes the planner's statistics of tables a bulk write is growing, inside its transaction
 * (ANALYZE may run in one, and counts the rows the transaction wrote): plans made while a table
 * was small — prepared ones kept — would otherwise read the whole table for every thousand rows
 * written, and 50,000 products would take minutes instead of seconds (issue 44, measured).
 * Statistics are the table's, not an org's rows, so no org binds this.
 */
export async function refreshStatistics(db: Db, tables: readonly GrowingTable[]): Promise<void> {
  await db.$executeRawUnsafe(`ANALYZE ${tables.join(", ")}`);
}

/**
 * How a hot read runs its one statement (`ctx.readStatement`): prepared (`preparedQuery`)
 * and bound to the org. A read outside any transaction runs it on the driver directly
 * (`driverReads`); inside a write's transaction, on that transaction (`transactionReads`).
 * Its columns come as the driver reads them in both ways: cast numbers to text, aggregate
 * into JSON, keep timestamps out (or as text).
 */
export type ReadStatement = <Row>(name: string, build: (organization: Prisma.Sql) => Prisma.Sql) => Promise<Row[]>;

/** `ReadStatement` outside a transaction: on the driver (Prisma would cost the read a fifth of its request). */
export function driverReads(database: Pick<Database, "statement">, organizationId: string): ReadStatement {
  return (name, build) => statementQuery(database, organizationId, name, build);
}

/** `ReadStatement` inside the transaction `db` is (or on the scoped client): through Prisma, prepared. */
export function transactionReads(db: Db): ReadStatement {
  return (name, build) => preparedQuery(db, name, build);
}

/**
 * `preparedQuery` for a write that is one statement on its own (server/http/pipeline.ts,
 * `runStatementFirst`), run on the driver directly (`Database.statement`): Prisma would
 * cost the statement a fifth of its request. Its columns come as the driver reads them
 * (text, booleans, JSON, timestamps as Date): cast numbers to text. Bound to the org as
 * `scopedQuery` is.
 */
export function statementQuery<Row>(
  database: Pick<Database, "statement">,
  organizationId: string,
  name: string,
  build: (organization: Prisma.Sql) => Prisma.Sql,
): Promise<Row[]> {
  const statement = marked(name, bound({ $organizationId: organizationId }, build));
  return database.statement<Row>(statement.text, statement.values);
}

/** Makes a new org's order number sequence (server/orders/orders/number.ts): its first order is nº 1. */
export async function createOrderNumberSequence(tx: Pick<PrismaClient, "$executeRaw">, organizationId: string): Promise<void> {
  if (!isUuid(organizationId)) throw new Error("An organization id is a UUID");
  const name = `order_number_${organizationId.toLowerCase().replace(/-/g, "")}`;
  await tx.$executeRaw`CREATE SEQUENCE ${Prisma.raw(`"${name}"`)}`;
}

/**
 * Rows to insert as one parameter, whatever their number: `names` and `values` for the
 * INSERT's column list and SELECT list, `from` the `jsonb_to_recordset` that types each
 * column (`[name, PostgreSQL type]`). A statement that writes a record and what hangs off it
 * uses one per child table (a CTE each), so a write of many rows is one round trip.
 *
 *   INSERT INTO order_items (organization_id, order_id, ${items.names})
 *   SELECT ${organization}, created.id, ${items.values} FROM created, ${items.from}
 */
export function recordset(
  columns: ReadonlyArray<readonly [string, string]>,
  rows: readonly object[],
): { names: Prisma.Sql; values: Prisma.Sql; from: Prisma.Sql } {
  return {
    names: Prisma.raw(columns.map(([name]) => name).join(", ")),
    values: Prisma.raw(columns.map(([name]) => `r.${name}`).join(", ")),
    from: Prisma.sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${Prisma.raw(columns.map(([name, type]) => `${name} ${type}`).join(", "))})`,
  };
}
