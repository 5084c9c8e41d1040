import { z } from "zod";
import { readModels } from "../generated/read-models";
import { labelOf, recordAudit } from "../audit/service";
import type { Db } from "../db/scoped";
import type { ReadStatement } from "../db/sql";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { manageProcedure, readProcedure, sellProcedure } from "../http/trpc";
import { isUuid } from "../lib/ids";
import { paginate, pageOf, pagingInput, sortByColumns, type Page, type PagingInput } from "../lib/paging";
import { validateAttributes } from "./validate-attributes";
import { searchText, searchWhere } from "../lib/search";
import { toApi } from "../lib/serialize";

/**
 * The generic CRUD of a plain lookup resource (brands, profiles, measure units, ...):
 * schemas and a model in, a service and five REST/tRPC procedures out. Anything a
 * resource does differently is passed as a hook or written as its own procedure next
 * to these; nothing here knows a particular resource.
 */

/** The part of a Prisma model delegate the helper uses (rows are typed by the caller). */
export interface CrudDelegate<Row> {
  findMany(args: object): Promise<Row[]>;
  findFirst(args: object): Promise<Row | null>;
  count(args: object): Promise<number>;
  create(args: object): Promise<Row>;
  update(args: object): Promise<Row>;
  delete(args: object): Promise<Row>;
}

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface CrudConfig<
  Row extends object,
  Write extends AnyObject,
  Detail extends z.ZodType,
  Record extends z.ZodType,
  Filters extends AnyObject,
  ListKeys extends keyof Row = keyof Row,
> {
  /** Singular noun for messages ("Brand not found"). */
  noun: string;
  /** REST base path, e.g. "/brands". */
  path: `/${string}`;
  /** OpenAPI tag. */
  tag: string;
  /**
   * The Prisma delegate, e.g. `(db) => db.brand`. With `include`, type the rows with their
   * relations and cast: `(db) => db.partner as unknown as CrudDelegate<PartnerWithProfile>`.
   */
  model: (db: Db) => CrudDelegate<Row>;
  /** Body of POST and PUT. */
  write: Write;
  detail: Detail;
  listRecord: Record;
  /** Extra list query parameters and how they filter. */
  filters?: { schema: Filters; where: (filters: z.output<Filters>) => object };
  /** Name-like fields matched by `search` (stored normalized in `search_text`). */
  searchFields?: (input: z.output<Write>) => Array<string | null | undefined>;
  /** List-record fields a client may sort by (plain columns) or their orderBy builders. */
  sortable: readonly string[] | { [field: string]: (dir: "asc" | "desc") => object };
  defaultSort: string;
  include?: object;
  /**
   * How GET by id and GET of the list read: on the driver, in one prepared statement
   * (`ctx.readStatement`), as the other hot reads do. Through Prisma a read by id costs the
   * request most of its CPU: measured on GET /brands/{id} at 50 connections, ~1,040 µs a
   * request with Prisma's `findUnique` (whose batching of concurrent reads is half of it),
   * ~250 µs on the driver; a page of the list takes Prisma two statements (rows, count).
   * For a plain table only (no `include`): the rows are the model's scalar fields, the same
   * values Prisma answers. A list whose filters are not plain column values, or that sorts
   * by a builder, still pages through Prisma (`paginate`).
   */
  read?: DriverRead<Row>;
  /** Database data of a write (default: the validated body as is). */
  toData?: (input: z.output<Write>, db: Db, id?: string) => object | Promise<object>;
  /** API shape of a row (default: `toApi`, the output schema keeps the published fields). */
  toDetail?: (row: Row) => z.input<Detail>;
  /**
   * The columns the list reads (the default: the whole row, with `include`). A list that
   * needs a few columns of wide rows reads only those: no JSON, dates or search text to
   * parse for nothing.
   */
  listSelect?: readonly ListKeys[];
  toListRecord?: (row: Pick<Row, ListKeys>) => z.input<Record>;
  /** The entity whose custom field definitions check `attributes` (contract §5). */
  entity?: string;
  /** The record kind in the audit log (default: `entity`, else the noun in snake_case). */
  auditEntity?: string;
  /** Fields naming records of the org: a missing one is 422 on that field. */
  references?: Reference[];
  /** Records that use this one: a delete while any exist is 409 naming them. */
  usedBy?: Usage[];
  /** Runs inside the write before it happens, e.g. rules across fields (throw AppError). */
  beforeWrite?: (db: Db, input: z.output<Write>, id?: string) => Promise<void>;
  /** Runs after an update, in its transaction (e.g. to refresh what depends on the record). */
  afterUpdate?: (db: Db, before: z.input<Detail>, after: z.input<Detail>) => Promise<void>;
  /** Runs before a delete, e.g. to refuse (409) for reasons `usedBy` cannot express. */
  beforeRemove?: (db: Db, id: string) => Promise<void>;
  /** Success status of POST (201 unless interface.md says otherwise). */
  createStatus?: 200 | 201;
  /** Who writes it: "manage" (ADMIN, MANAGER; the default) or "sell" (also SELLER: partners). */
  writers?: "manage" | "sell";
  /** What POST and PUT do beyond storing the body, for the OpenAPI document (rules, fields beyond the interface, their 409s). */
  writeDescription?: string;
  /** Rules across the write's fields, stated in the document (`bodyRules` of the create and update meta). */
  bodyRules?: { [keyword: string]: unknown };
}

/** A record read by id on the driver (`CrudConfig.read`). */
export interface DriverRead<Row> {
  /** The model's table (its `@@map`). */
  table: string;
  /** The model's scalar fields: its `Prisma.<Model>ScalarFieldEnum`. */
  fields: Readonly<Record<string, keyof Row & string>>;
  /** Its Decimal fields (from the schema: `driverRead`): read as text, answered as `Prisma.Decimal`, as Prisma answers them. */
  decimals?: readonly string[];
}

/**
 * A model's `DriverRead` from the schema: its table and Decimal fields as
 * scripts/prisma-generate.mjs read them from prisma/schema.prisma, and its Prisma scalar
 * fields (`Prisma.<Model>ScalarFieldEnum`).
 */
export function driverRead<Fields extends Readonly<Record<string, string>>>(
  model: keyof typeof readModels,
  fields: Fields,
): { table: string; fields: Fields; decimals: readonly string[] } {
  const { table, decimals } = readModels[model];
  return { table, fields, decimals };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Decimal columns come as text: answered as the `Prisma.Decimal` Prisma answers. */
function withDecimals<Row>(row: Row, decimals: ReadonlySet<string>): Row {
  const values = row as Record<string, unknown>;
  for (const field of decimals) {
    const text = values[field];
    if (typeof text === "string") values[field] = new Prisma.Decimal(text);
  }
  return row;
}

/** The select list of `fields` (decimals read as text). */
function columnsOf(fields: readonly string[], decimals: ReadonlySet<string>): string {
  return fields.map((field) => (decimals.has(field) ? `${quoted(field)}::text AS ${quoted(field)}` : quoted(field))).join(", ");
}

/** A list filter the driver can run as it is: columns equal to plain values (else Prisma runs the list). */
function plainEquality(where: object): Array<[string, string | number | boolean]> | undefined {
  const pairs: Array<[string, string | number | boolean]> = [];
  for (const [column, value] of Object.entries(where)) {
    // As in Prisma's where: an undefined value filters nothing.
    if (value === undefined) continue;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return undefined;
    pairs.push([column, value]);
  }
  return pairs;
}

/** Reads one record of `read`'s table by id, bound to the caller's org; null when there is none. */
function driverReader<Row>(statement: string, read: DriverRead<Row>, decimals: ReadonlySet<string>) {
  const select = Prisma.raw(`SELECT ${columnsOf(Object.values(read.fields), decimals)} FROM ${quoted(read.table)} WHERE id = `);
  const name = `${statement}-by-id`;
  return async (readStatement: ReadStatement, id: string): Promise<Row | null> => {
    const [row] = await readStatement<Row>(name, (organization) => Prisma.sql`${select}${id}::uuid AND organization_id = ${organization}`);
    return row ? withDecimals(row, decimals) : null;
  };
}

/** What a page of a plain list asks the driver (`driverPager`). */
interface DriverPage {
  equal: Array<[string, string | number | boolean]>;
  /** `search_text` contains this (LIKE-escaped) text. */
  contains?: string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
  perPage: number;
}

/**
 * A page of `read`'s table and the total of its filter in one statement on the driver
 * (`count(*) OVER ()`), where Prisma makes two (rows, then count): the same rows in the
 * same order as `paginate`. Only a page past the end (no row to carry the total) counts
 * again.
 */
function driverPager<Row>(statement: string, read: DriverRead<Row>, decimals: ReadonlySet<string>, fields: readonly string[]) {
  const columns = columnsOf(fields, decimals);
  const from = `FROM ${quoted(read.table)} WHERE organization_id = `;
  const name = `${statement}-page`;
  return async (readStatement: ReadStatement, page: DriverPage): Promise<{ rows: Row[]; total: number }> => {
    const conditions = [
      ...page.equal.map(([column, value]) => Prisma.sql` AND ${Prisma.raw(quoted(column))} = ${value}`),
      ...(page.contains === undefined ? [] : [Prisma.sql` AND search_text LIKE ${`%${page.contains}%`}`]),
    ];
    const filter = conditions.length > 0 ? Prisma.join(conditions, "") : Prisma.empty;
    const where = (organization: Prisma.Sql) => Prisma.sql`${Prisma.raw(from)}${organization}${filter}`;
    const direction = page.dir === "desc" ? "DESC" : "ASC";
    const rows =
      page.perPage === 0
        ? []
        : await readStatement<Row & { page_total: number }>(
            name,
            (organization) =>
              Prisma.sql`SELECT ${Prisma.raw(columns)}, count(*) OVER ()::int AS page_total ${where(organization)}
                ORDER BY ${Prisma.raw(`${quoted(page.sort)} ${direction}, id ${direction}`)}
                LIMIT ${page.perPage} OFFSET ${page.page * page.perPage}`,
          );
    let total = rows[0]?.page_total ?? 0;
    if (rows.length === 0 && (page.page > 0 || page.perPage === 0)) {
      const [count] = await readStatement<{ total: number }>(
        `${name}-total`,
        (organization) => Prisma.sql`SELECT count(*)::int AS total ${where(organization)}`,
      );
      total = count?.total ?? 0;
    }
    return {
      total,
      rows: rows.map(({ page_total: _total, ...row }) => withDecimals(row as Row, decimals)),
    };
  };
}

export interface Reference {
  /** The write field holding the id (a string, or an array of ids). */
  field: string;
  /** What it names, for the message ("profile"). */
  noun: string;
  model: (db: Db) => { count(args: object): Promise<number> };
}

export interface Usage {
  /** Plural noun of the records using this one ("alternative units"). */
  label: string;
  count: (db: Db, id: string) => Promise<number>;
}

/** 422 for each reference field naming no record of the org. */
export async function checkReferences(db: Db, input: object, references: Reference[]): Promise<void> {
  const errors = [];
  for (const reference of references) {
    const value = (input as { [key: string]: unknown })[reference.field];
    const ids = (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === "string" && id !== "");
    if (ids.length === 0) continue;
    const unique = [...new Set(ids)];
    const found = unique.every(isUuid) ? await reference.model(db).count({ where: { id: { in: unique } } }) : 0;
    if (found !== unique.length) {
      errors.push({ path: reference.field, message: `no ${reference.noun} with this id exists`, code: "not_found_reference" });
    }
  }
  if (errors.length > 0) {
    throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
  }
}

/** 409 while other records use the one being deleted (named by `label` when given). */
export async function refuseWhileUsed(db: Db, noun: string, id: string, usages: Usage[], label?: string | null): Promise<void> {
  const counts = await Promise.all(usages.map(async (usage) => [usage.label, await usage.count(db, id)] as const));
  const used = counts.filter(([, count]) => count > 0);
  if (used.length > 0) {
    throw new AppError(
      "in_use",
      `${noun}${label ? ` "${label}"` : ""} is still used by ${used.map(([what, count]) => `${count} ${what}`).join(" and ")}`,
      { params: { record: label ?? null, usages: Object.fromEntries(used) } },
    );
  }
}

export const idInput = z.object({ id: z.string() });

/** The path id of an update input (the body schema extended with `id`). */
export const idOf = (input: unknown): string => (input as { id: string }).id;

export function defineCrud<
  Row extends object,
  Write extends AnyObject,
  Detail extends z.ZodType,
  ListRecord extends z.ZodType,
  Filters extends AnyObject = z.ZodObject<Record<never, never>>,
  ListKeys extends keyof Row = keyof Row,
>(config: CrudConfig<Row, Write, Detail, ListRecord, Filters, ListKeys>) {
  const sortable = Array.isArray(config.sortable)
    ? sortByColumns(config.sortable as readonly string[])
    : (config.sortable as { [field: string]: (dir: "asc" | "desc") => object });
  const notFound = () => AppError.notFound(config.noun);
  const model = config.model;
  const include = config.include ? { include: config.include } : {};
  if (config.read && config.include) throw new Error(`${config.noun}: a driver read is for a plain table, without include`);
  // The driver's statements are named after the resource ("measure-unit-by-id", ...).
  const statement = config.noun.toLowerCase().replaceAll(" ", "-");
  const decimals = new Set<string>(config.read?.decimals ?? []);
  const readById = config.read ? driverReader(statement, config.read, decimals) : undefined;
  // A list of plain columns (not sorted by a builder) pages on the driver.
  const plainSort = Array.isArray(config.sortable);
  const readPage =
    config.read && plainSort
      ? driverPager(statement, config.read, decimals, config.listSelect?.map(String) ?? Object.values(config.read.fields))
      : undefined;

  const toDetail = (row: Row) => (config.toDetail ?? toApi)(row) as z.input<Detail>;
  const toListRecord = (row: Pick<Row, ListKeys>) => (config.toListRecord ?? toApi)(row) as z.input<ListRecord>;
  const listSelect = config.listSelect ? Object.fromEntries(config.listSelect.map((key) => [key, true])) : undefined;

  const auditEntity = config.auditEntity ?? config.entity ?? config.noun.toLowerCase().replaceAll(" ", "_");
  /** Every write of the resource goes to the audit log, in its transaction. */
  function audit(db: Db, action: "create" | "update" | "delete", before: unknown, after: unknown): Promise<void> {
    const record = (after ?? before) as { id: string };
    return recordAudit(db, {
      action,
      entity: auditEntity,
      entityId: record.id,
      label: labelOf(record as Record<string, unknown>),
      before: before as Record<string, unknown> | undefined,
      after: after as Record<string, unknown> | undefined,
    });
  }

  /** Checks (references, custom fields, resource rules) then the database data of a write. */
  async function data(db: Db, input: z.output<Write>, id?: string): Promise<object> {
    if (config.references) await checkReferences(db, input, config.references);
    if (config.entity) {
      await validateAttributes(db, config.entity, (input as { attributes?: Record<string, unknown> }).attributes);
    }
    await config.beforeWrite?.(db, input, id);
    const base = config.toData ? await config.toData(input, db, id) : input;
    return config.searchFields ? { ...base, search_text: searchText(config.searchFields(input)) } : base;
  }

  const service = {
    async list(db: Db, input: PagingInput & z.output<Filters>): Promise<Page<z.input<ListRecord>>> {
      return paginate(model(db), input, {
        where: config.filters?.where(input) ?? {},
        sortable,
        defaultSort: config.defaultSort,
        searchable: Boolean(config.searchFields),
        ...(listSelect ? { select: listSelect } : { include: config.include }),
        toItem: toListRecord,
      });
    },
    /**
     * GET of the list: on the driver where the resource says how (`read`) and the filters
     * are plain column values, in one statement; else as `list`.
     */
    async page(db: Db, readStatement: ReadStatement, input: PagingInput & z.output<Filters>): Promise<Page<z.input<ListRecord>>> {
      const equal = readPage ? plainEquality(config.filters?.where(input) ?? {}) : undefined;
      const sort = input.sort || config.defaultSort;
      if (!readPage || !equal || !Object.hasOwn(sortable, sort)) return service.list(db, input);
      const { search_text: search } = config.searchFields ? searchWhere(input.search) : {};
      const { rows, total } = await readPage(readStatement, {
        equal,
        contains: search?.contains,
        sort,
        dir: input.dir,
        page: input.page,
        perPage: input.perPage,
      });
      return { currentPage: input.page, perPage: input.perPage, total, items: rows.map(toListRecord) };
    },
    async find(db: Db, id: string): Promise<Row> {
      // findFirst, not findUnique: Prisma batches concurrent findUniques into one query, and
      // under load that batching cost more CPU than it saved (GET /brands/{id} at 50
      // connections: ~1,040 µs a request with findUnique, ~500 µs with findFirst).
      const row = isUuid(id) ? await model(db).findFirst({ where: { id }, ...include }) : null;
      if (!row) throw notFound();
      return row;
    },
    async get(db: Db, id: string): Promise<z.input<Detail>> {
      return toDetail(await service.find(db, id));
    },
    /** GET by id: on the driver where the resource says how (`read`), else as `get`. */
    async read(db: Db, readStatement: ReadStatement, id: string): Promise<z.input<Detail>> {
      if (!readById) return service.get(db, id);
      const row = isUuid(id) ? await readById(readStatement, id) : null;
      if (!row) throw notFound();
      return toDetail(row);
    },
    async create(db: Db, input: z.output<Write>): Promise<z.input<Detail>> {
      const created = toDetail(await model(db).create({ data: await data(db, input), ...include }));
      await audit(db, "create", undefined, created);
      return created;
    },
    async update(db: Db, id: string, input: z.output<Write>): Promise<z.input<Detail>> {
      if (!isUuid(id)) throw notFound();
      const { id: _ignored, ...body } = input as z.output<Write> & { id?: unknown };
      const before = toDetail(await service.find(db, id));
      const updated = toDetail(await model(db).update({ where: { id }, data: await data(db, body as z.output<Write>, id), ...include }));
      await config.afterUpdate?.(db, before, updated);
      await audit(db, "update", before, updated);
      return updated;
    },
    /** Enables or disables a record with an `active` field; an unchanged one records nothing. */
    async setActive(db: Db, id: string, active: boolean): Promise<z.input<Detail>> {
      const before = toDetail(await service.find(db, id));
      const updated = toDetail(await model(db).update({ where: { id }, data: { active }, ...include }));
      await audit(db, "update", before, updated);
      return updated;
    },
    async remove(db: Db, id: string): Promise<void> {
      const before = toDetail(await service.find(db, id));
      if (config.usedBy) await refuseWhileUsed(db, config.noun, id, config.usedBy, labelOf(before as Record<string, unknown>));
      await config.beforeRemove?.(db, id);
      await model(db).delete({ where: { id } });
      await audit(db, "delete", before, undefined);
    },
  };

  const openapi = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, summary: string, description?: string) => ({
    method,
    path: path as `/${string}`,
    tags: [config.tag],
    summary,
    ...(description ? { description } : {}),
    protect: true,
  });
  const listInput = pagingInput(Object.keys(sortable)).extend((config.filters?.schema.shape ?? {}) as Filters["shape"]);
  const byId = `${config.path}/{id}`;

  const writeProcedure = config.writers === "sell" ? sellProcedure : manageProcedure;
  const hasActive = "active" in config.write.shape;

  /** The procedures before output and resolver: a resource overrides one from here. */
  const builders = {
    list: readProcedure.meta({ openapi: openapi("GET", config.path, `List ${config.tag.toLowerCase()}`) }).input(listInput),
    get: readProcedure.meta({ openapi: openapi("GET", byId, `Get a ${config.noun.toLowerCase()}`) }).input(idInput),
    create: writeProcedure
      .meta({
        openapi: openapi("POST", config.path, `Create a ${config.noun.toLowerCase()}`, config.writeDescription),
        successStatus: config.createStatus ?? 201,
        bodyRules: config.bodyRules,
      })
      .input(config.write),
    update: writeProcedure
      .meta({
        openapi: openapi("PUT", byId, `Update a ${config.noun.toLowerCase()}`, config.writeDescription),
        bodyRules: config.bodyRules,
      })
      .input(config.write.extend({ id: z.string() })),
    remove: writeProcedure
      .meta({ openapi: openapi("DELETE", byId, `Delete a ${config.noun.toLowerCase()}`), successStatus: 204 })
      .input(idInput),
  };

  const bulkSetActive = writeProcedure
    .input(bulkInput.extend({ active: z.boolean() }))
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => service.setActive(ctx.db, id, input.active)));
  // Only resources with an `active` field have it (the type says so too).
  const activeProcedures = (hasActive ? { bulkSetActive } : {}) as "active" extends keyof z.output<Write>
    ? { bulkSetActive: typeof bulkSetActive }
    : Record<never, never>;

  const procedures = {
    list: builders.list
      .output(pageOf(config.listRecord))
      .query(({ ctx, input }) => service.page(ctx.db, ctx.readStatement, input as PagingInput & z.output<Filters>)),
    // `as never`: TypeScript cannot relate a generic schema's input to its parser's type;
    // the output parser checks every answer at run time.
    get: builders.get.output(config.detail).query(({ ctx, input }) => service.read(ctx.db, ctx.readStatement, input.id) as never),
    create: builders.create.output(config.detail).mutation(({ ctx, input }) => service.create(ctx.db, input as z.output<Write>) as never),
    update: builders.update
      .output(config.detail)
      .mutation(({ ctx, input }) => service.update(ctx.db, idOf(input), input as z.output<Write>) as never),
    remove: builders.remove.output(z.void()).mutation(({ ctx, input }) => service.remove(ctx.db, input.id)),
    /**
     * The panel's bulk actions (tRPC only), in one transaction: every record that can go
     * goes; one that cannot (missing, in use) is reported in `failures` and kept.
     */
    bulkRemove: writeProcedure
      .input(bulkInput)
      .output(bulkResult)
      .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => service.remove(ctx.db, id))),
    ...activeProcedures,
  };

  return { service, builders, procedures, listInput, listRecord: config.listRecord };
}

/** Rows read at a time by an export. */
const EXPORT_PAGE = 100;

/** Every record a list shows with these filters, page by page (the CSV export streams them). */
export async function* everyRow<Input extends PagingInput, Item>(
  list: (db: Db, input: Input) => Promise<Page<Item>>,
  db: Db,
  input: Input,
): AsyncGenerator<Item> {
  for (let page = 0; ; page++) {
    const { items } = await list(db, { ...input, page, perPage: EXPORT_PAGE });
    yield* items;
    if (items.length < EXPORT_PAGE) return;
  }
}

/** The ids of a bulk action: 1 to 100 distinct records. */
export const bulkInput = z.object({
  ids: z
    .array(z.uuid({ message: "must be a UUID" }))
    .min(1, "choose at least one record")
    .max(100, "at most 100 records at a time")
    .refine((ids) => new Set(ids).size === ids.length, "lists a record twice"),
});
/** A record a bulk action left as it was, and why (the problem it would have answered alone). */
export const bulkFailure = z.object({
  id: z.string(),
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type BulkFailure = z.output<typeof bulkFailure>;

/** How many records a bulk action changed, and the ones it could not (each with its reason). */
export const bulkResult = z.object({ count: z.number().int(), failures: z.array(bulkFailure).default([]) });
export type BulkResult = z.output<typeof bulkResult>;

/**
 * Runs a bulk action on each record in the request's transaction. A record the rules
 * refuse (an AppError raised before its write: missing, in use, forbidden) is reported
 * and the others still change; any other error (a database failure) fails them all.
 */
export async function eachRecord(ids: readonly string[], act: (id: string) => Promise<unknown>): Promise<BulkResult> {
  const failures: BulkFailure[] = [];
  for (const id of ids) {
    try {
      await act(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failures.push({
        id,
        status: error.status,
        code: error.code,
        message: error.message,
        ...(error.params ? { params: error.params } : {}),
      });
    }
  }
  return { count: ids.length - failures.length, failures };
}
