import { randomUUID } from "node:crypto";
import type { Principal } from "../auth/principal";
import { recordAudit } from "../audit/service";
import { forOrganization, type Db, type ScopedDb } from "../db/scoped";
import { transaction } from "../db/transaction";
import { scopedExecute } from "../db/sql";
import { AppError } from "../errors";
import { Prisma, type Import, type PrismaClient } from "../generated/prisma/client";
import type { ImportKind, Role } from "../generated/prisma/enums";
import { isUuid } from "../lib/ids";
import { paginate, type Page } from "../lib/paging";
import { log } from "../log";
import type { Runtime } from "../runtime";
import { fieldOfHeader, type CheckedRow, type ImportKindSpec, type SheetRow, type StoredRow } from "./kinds/kind";
import { IMPORT_KINDS, kindSpec, type ImportSlug } from "./kinds";
import { readFileRows } from "./read-file";
import { ReadProblem } from "./reader";
import type { ImportListInput, ImportListRecord, ImportRecord } from "./schemas";
import type { ImportUpload } from "./upload";

/**
 * Imports (contract §14). POST /imports stores the file and answers 202; the instance that took
 * it checks it in the background — rows read as a stream in a worker thread, each checked by its
 * kind as the REST write checks a body, stored with what it would do — and marks it READY.
 * POST /imports/{id}/apply writes every valid row in one transaction, in the background, and
 * marks it DONE in that same transaction: a crash rolls every row back.
 *
 * The import's state lives in its row. Whoever works on it holds a claim (`claim_token`, renewed
 * while it works); a claim that lapses — the instance stopped — ends the import FAILED, nothing
 * half-written (`failLapsedImports`, every instance's housekeeping). Apply is claimed by one
 * conditional update, so of two instances (or two requests) one applies and the other gets 409.
 */

const LEASE_MS = 30_000;
const RENEW_MS = 10_000;
const PREVIEW_ROWS = 50;
const ERRORS_SHOWN = 1000;
/** An import's apply may take a while (50,000 products): its transaction's limit. */
const APPLY_TIMEOUT_MS = 15 * 60_000;
/** At most this many imports are checked or applied at once by one instance; more wait their turn. */
const RUNNING = 2;

const slugOf = (kind: ImportKind): ImportSlug => kindSpec(kind).slug as ImportSlug;

export function specOfSlug(slug: string): ImportKindSpec | undefined {
  return Object.hasOwn(IMPORT_KINDS, slug) ? IMPORT_KINDS[slug as ImportSlug] : undefined;
}

/** 403 for a role that may not import this kind (a SELLER anything but partners; a VIEWER nothing). */
function refuseRole(spec: ImportKindSpec, principal: Principal): void {
  if (spec.roles.includes(principal.role)) return;
  throw new AppError("forbidden", `Your role (${principal.role}) may not import ${spec.slug}`, {
    params: { kind: spec.slug, role: principal.role },
  });
}

/** Who may see an import: its org's managers and admins; a SELLER, the ones it made. */
function visibleTo(principal: Principal): Prisma.ImportWhereInput {
  return principal.role === "SELLER" ? { created_by_id: principal.id } : {};
}

async function findImport(db: Db, principal: Principal, id: string): Promise<Import> {
  const row = isUuid(id) ? await db.import.findFirst({ where: { id, ...visibleTo(principal) } }) : null;
  if (!row) throw AppError.notFound("Import");
  return row;
}

async function actorNames(db: Db, actors: Array<{ kind: string; id: string } | null>): Promise<Map<string, string>> {
  const ids = (kind: string) => [...new Set(actors.flatMap((actor) => (actor?.kind === kind ? [actor.id] : [])))];
  const [users, keys] = await Promise.all([
    db.user.findMany({ where: { id: { in: ids("user") } }, select: { id: true, name: true } }),
    db.accessKey.findMany({ where: { id: { in: ids("access_key") } }, select: { id: true, name: true } }),
  ]);
  return new Map([...users, ...keys].map((row) => [row.id, row.name]));
}

function listRecordOf(row: Import, names: Map<string, string>, errorsTotal: number): ImportListRecord {
  return {
    id: row.id,
    kind: slugOf(row.kind),
    status: row.status,
    file_name: row.file_name,
    format: row.format as "csv" | "xlsx",
    size: row.size,
    progress: { rows_read: row.rows_read, rows_total: row.rows_total },
    counts: { create: row.count_create, update: row.count_update, unchanged: row.count_unchanged, invalid: row.count_invalid },
    errors_total: errorsTotal,
    result: row.result as ImportListRecord["result"],
    created_by: { kind: row.created_by_kind, id: row.created_by_id, name: names.get(row.created_by_id) ?? null },
    created_at: row.created_at.toISOString(),
    applied_at: row.applied_at?.toISOString() ?? null,
  };
}

/** GET /imports/{id}: state, progress, counts, the first rows and errors. */
export async function getImport(db: Db, principal: Principal, id: string): Promise<ImportRecord> {
  const row = await findImport(db, principal, id);
  const [preview, errors, errorsTotal, names] = await Promise.all([
    db.importRow.findMany({ where: { import_id: row.id }, orderBy: { line: "asc" }, take: PREVIEW_ROWS }),
    db.importError.findMany({ where: { import_id: row.id }, orderBy: [{ line: "asc" }, { id: "asc" }], take: ERRORS_SHOWN }),
    db.importError.count({ where: { import_id: row.id } }),
    actorNames(db, [
      { kind: row.created_by_kind, id: row.created_by_id },
      row.applied_by_id && row.applied_by_kind ? { kind: row.applied_by_kind, id: row.applied_by_id } : null,
    ]),
  ]);
  const failure = row.failure as { code: string; message: string; params?: Record<string, unknown> } | null;
  // Once applied, each row links to the record it wrote (created ones had no id when checked).
  const written =
    row.status === "DONE"
      ? await kindSpec(row.kind).recordsOf(
          db,
          preview.flatMap((item) => (item.key && item.action !== "INVALID" ? [item.key] : [])),
        )
      : new Map<string, string>();
  return {
    ...listRecordOf(row, names, errorsTotal),
    encoding: row.encoding,
    columns: row.columns as ImportRecord["columns"],
    preview: preview.map((item) => ({
      line: item.line,
      action: item.action,
      record_id: (item.key && item.action !== "INVALID" ? written.get(item.key) : undefined) ?? item.target_id,
      cells: item.cells as Record<string, string>,
    })),
    errors: errors.map((error) => ({
      line: error.line,
      column: error.column,
      code: error.code,
      message: error.message,
      params: (error.params as Record<string, unknown> | null) ?? null,
    })),
    failure: failure ? { code: failure.code, message: failure.message, params: failure.params ?? null } : null,
    skip_invalid: row.skip_invalid,
    result: row.result ? pickResult(row.result) : null,
    applied_by:
      row.applied_by_id && row.applied_by_kind
        ? { kind: row.applied_by_kind, id: row.applied_by_id, name: names.get(row.applied_by_id) ?? null }
        : null,
  };
}

function pickResult(result: Prisma.JsonValue): ImportRecord["result"] {
  const value = result as { created?: number; updated?: number; unchanged?: number; skipped?: number };
  if (value.created === undefined) return null;
  return { created: value.created, updated: value.updated ?? 0, unchanged: value.unchanged ?? 0, skipped: value.skipped ?? 0 };
}

/** GET /imports: the org's imports, newest first (a SELLER's own). */
export async function listImports(db: Db, principal: Principal, input: ImportListInput): Promise<Page<ImportListRecord>> {
  const page = await paginate(db.import, input, {
    where: {
      ...visibleTo(principal),
      ...(input.search ? { file_name: { contains: input.search, mode: "insensitive" as const } } : {}),
      ...(input.kind ? { kind: specOfSlug(input.kind)?.kind } : {}),
      ...(input.status ? { status: input.status } : {}),
    },
    sortable: {
      created_at: (dir) => ({ created_at: dir }),
      file_name: (dir) => ({ file_name: dir }),
      status: (dir) => ({ status: dir }),
    },
    defaultSort: "created_at",
    toItem: (row: Import) => row,
  });
  const names = await actorNames(
    db,
    page.items.map((row) => ({ kind: row.created_by_kind, id: row.created_by_id })),
  );
  const errorCounts = await db.importError.groupBy({
    by: ["import_id"],
    where: { import_id: { in: page.items.map((row) => row.id) } },
    _count: { _all: true },
  });
  const errorsOf = new Map(errorCounts.map((entry) => [entry.import_id, entry._count._all]));
  return { ...page, items: page.items.map((row) => listRecordOf(row, names, errorsOf.get(row.id) ?? 0)) };
}

/** POST /imports: the import's row, claimed by this instance for its check (started once the write commits). */
export async function createImport(
  db: Db,
  principal: Principal,
  upload: ImportUpload & { kind: string },
  token: string,
): Promise<{ id: string; status: "CHECKING" }> {
  const spec = specOfSlug(upload.kind);
  if (!spec) throw AppError.invalid("kind", `must be one of: ${Object.keys(IMPORT_KINDS).join(", ")}`, "invalid_value");
  refuseRole(spec, principal);
  const row = await db.import.create({
    data: {
      kind: spec.kind,
      file_name: upload.fileName,
      format: upload.format,
      encoding: upload.format === "csv" ? upload.encoding : null,
      size: upload.size,
      sha256: upload.sha256,
      storage_key: upload.key,
      created_by_kind: principal.kind,
      created_by_id: principal.id,
      created_by_role: principal.role,
      claim_token: token,
      claimed_until: new Date(Date.now() + LEASE_MS),
    } as never,
    select: { id: true },
  });
  await recordAudit(db, {
    action: "create",
    entity: "import",
    entityId: row.id,
    label: upload.fileName,
    after: { kind: spec.slug, file_name: upload.fileName, size: upload.size, sha256: upload.sha256 },
  });
  return { id: row.id, status: "CHECKING" };
}

/** POST /imports/{id}/apply: claims a READY import for its apply (409 otherwise; 422 with invalid rows unless `skip_invalid`). */
export async function claimApply(db: Db, principal: Principal, id: string, skipInvalid: boolean, token: string): Promise<ImportRecord> {
  const row = await findImport(db, principal, id);
  const spec = kindSpec(row.kind);
  refuseRole(spec, principal);
  if (row.status !== "READY") {
    throw new AppError("import_state", `The import is ${row.status}: only a READY import is applied, once`, {
      params: { status: row.status },
    });
  }
  if (row.count_invalid > 0 && !skipInvalid) {
    throw new AppError(
      "validation_failed",
      `${row.count_invalid} rows have errors: fix the file, or apply with skip_invalid to leave them out`,
      {
        errors: [
          {
            path: "skip_invalid",
            message: `${row.count_invalid} rows have errors`,
            code: "has_invalid_rows",
            params: { invalid: row.count_invalid },
          },
        ],
        params: { invalid: row.count_invalid },
      },
    );
  }
  // One conditional update: of two applies at once, one finds it READY.
  const { count } = await db.import.updateMany({
    where: { id: row.id, status: "READY" },
    data: {
      status: "APPLYING",
      skip_invalid: skipInvalid,
      applied_by_kind: principal.kind,
      applied_by_id: principal.id,
      claim_token: token,
      claimed_until: new Date(Date.now() + LEASE_MS),
    },
  });
  if (count === 0) throw new AppError("import_state", "The import is already being applied", { params: { status: "APPLYING" } });
  return getImport(db, principal, id);
}

/** An import's file rows: the header decides each column's field; the first data rows checked batch by batch. */
function sheetRowsOf(header: string[], spec: ImportKindSpec, rows: Array<{ line: number; cells: string[] }>): SheetRow[] {
  const fields = header.map((cell) => fieldOfHeader(spec.columns, cell));
  return rows.map((row) => {
    const cells = new Map<string, string>();
    fields.forEach((field, index) => {
      if (field) cells.set(field, row.cells[index] ?? "");
    });
    return { line: row.line, cells };
  });
}

class LostClaim extends Error {}

/** Keeps a claim alive while work runs; `lost` once another instance (or the sweep) took the import. */
function holdClaim(prisma: PrismaClient, id: string, token: string) {
  const state = { lost: false };
  const timer = setInterval(() => {
    prisma.import
      .updateMany({ where: { id, claim_token: token }, data: { claimed_until: new Date(Date.now() + LEASE_MS) } })
      .then(({ count }) => {
        if (count === 0) state.lost = true;
      })
      .catch((error: unknown) => log().warn({ err: error, import: id }, "an import's claim could not be renewed"));
  }, RENEW_MS);
  timer.unref();
  return { state, stop: () => clearInterval(timer) };
}

async function fail(
  prisma: PrismaClient,
  id: string,
  token: string,
  failure: { code: string; message: string; params?: Record<string, unknown> },
) {
  await prisma.import.updateMany({
    where: { id, claim_token: token },
    data: { status: "FAILED", failure: failure as Prisma.InputJsonObject, claim_token: null, claimed_until: null },
  });
}

/** Checks an import's file, row by row, storing what each would do; READY at the end (or FAILED). */
export async function runCheck(runtime: Runtime, organizationId: string, id: string, token: string): Promise<void> {
  const prisma = runtime.database.prisma;
  const db = forOrganization(prisma, organizationId);
  const row = await db.import.findFirst({ where: { id, claim_token: token, status: "CHECKING" } });
  if (!row) return;
  const spec = kindSpec(row.kind);
  const claim = holdClaim(prisma, id, token);
  try {
    const body = await runtime.files.get(row.storage_key);
    if (!body) throw new ReadProblem("unreadable_file", "The stored file is gone");
    let header: string[] | undefined;
    let checker: Awaited<ReturnType<ImportKindSpec["checker"]>> | undefined;
    let columns: Array<{ header: string; field: string | null }> = [];
    let read = 0;
    for await (const batch of readFileRows(body, row.format as "csv" | "xlsx", (row.encoding ?? "utf-8") as "utf-8" | "windows-1252")) {
      if (claim.state.lost) throw new LostClaim();
      let rows = batch;
      if (!header) {
        header = batch[0]!.cells.map((cell) => cell.trim());
        rows = batch.slice(1);
        columns = header.map((cell) => ({ header: cell, field: fieldOfHeader(spec.columns, cell) ?? null }));
        const fields = columns.map((column) => column.field);
        const repeated = fields.filter((field, index) => field && fields.indexOf(field) !== index);
        if (repeated.length > 0) {
          const column = spec.columns.find((item) => item.field === repeated[0])!;
          throw new ReadProblem("repeated_column", `Two columns of the header are ${column.pt} (${column.en})`, { field: repeated[0] });
        }
        const missing = [
          ...spec.required.filter((field) => !fields.includes(field)),
          ...(spec.requiredOneOf ?? []).filter((group) => !group.some((field) => fields.includes(field))).map((group) => group[0]!),
        ];
        if (missing.length > 0) {
          const names = missing
            .map((field) => spec.columns.find((column) => column.field === field)!)
            .map((column) => `${column.pt} (${column.en})`);
          throw new ReadProblem("missing_columns", `The header lacks the columns ${names.join(", ")}`, { missing: names });
        }
        await db.import.updateMany({ where: { id, claim_token: token }, data: { columns: columns as Prisma.InputJsonArray } });
        const headerOf = new Map(columns.flatMap((column) => (column.field ? [[column.field, column.header] as const] : [])));
        checker = await spec.checker(db, {
          role: row.created_by_role as Role,
          header: (field) => headerOf.get(field) ?? spec.columns.find((column) => column.field === field)?.pt ?? field,
        });
      }
      if (rows.length === 0 || !checker) continue;
      const sheet = sheetRowsOf(header, spec, rows);
      const checked = await checker.check(sheet);
      read += rows.length;
      await storeChecked(db, id, token, checked, read, sheet);
    }
    const { count } = await db.import.updateMany({
      where: { id, claim_token: token, status: "CHECKING" },
      data: { status: "READY", rows_total: read, claim_token: null, claimed_until: null },
    });
    if (count === 0) throw new LostClaim();
  } catch (error) {
    if (error instanceof LostClaim) return;
    const failure =
      error instanceof ReadProblem
        ? { code: error.code, message: error.message, params: error.params }
        : { code: "check_failed", message: "The file could not be checked" };
    if (!(error instanceof ReadProblem)) log().error({ err: error, import: id }, "an import's check failed");
    await fail(prisma, id, token, failure).catch((failed: unknown) =>
      log().error({ err: failed, import: id }, "a failed import could not be marked"),
    );
  } finally {
    claim.stop();
  }
}

async function storeChecked(
  db: ScopedDb,
  id: string,
  token: string,
  checked: CheckedRow[],
  read: number,
  sheet: SheetRow[],
): Promise<void> {
  const counts = { create: 0, update: 0, unchanged: 0, invalid: 0 };
  for (const row of checked) counts[row.action.toLowerCase() as keyof typeof counts]++;
  await transaction(db, async (tx) => {
    // One statement a batch, the rows as one JSON parameter (Prisma's createMany binds each value on its own: slow for 500 rows of JSON).
    const rows = checked.map((row, index) => ({
      line: row.line,
      action: row.action,
      key: row.key,
      target_id: row.targetId,
      data: row.data,
      cells: Object.fromEntries(sheet[index]?.cells ?? []),
    }));
    await scopedExecute(
      tx,
      (organization) => Prisma.sql`
      INSERT INTO import_rows (organization_id, import_id, line, action, key, target_id, data, cells)
      SELECT ${organization}, ${id}::uuid, v.line, v.action::"ImportAction", v.key, v.target_id, v.data, v.cells
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(line int, action text, key text, target_id uuid, data jsonb, cells jsonb)`,
    );
    const errors = checked.flatMap((row) =>
      row.errors.map((error) => ({
        import_id: id,
        line: row.line,
        column: error.column,
        code: error.code,
        message: error.message,
        params: (error.params ?? Prisma.DbNull) as Prisma.InputJsonValue,
      })),
    );
    if (errors.length > 0) await tx.importError.createMany({ data: errors as never });
    const { count } = await tx.import.updateMany({
      where: { id, claim_token: token, status: "CHECKING" },
      data: {
        rows_read: read,
        count_create: { increment: counts.create },
        count_update: { increment: counts.update },
        count_unchanged: { increment: counts.unchanged },
        count_invalid: { increment: counts.invalid },
      },
    });
    if (count === 0) throw new LostClaim();
  });
}

/** An import's valid rows in line order, 250 at a time (50,000 never sit in memory at once, and each chunk's CPU stays short). */
async function* storedRows(db: Db, id: string): AsyncGenerator<StoredRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db.importRow.findMany({
      where: { import_id: id, action: { not: "INVALID" }, line: { gt: after } },
      orderBy: { line: "asc" },
      take: 250,
      select: { line: true, key: true, data: true },
    });
    if (rows.length === 0) return;
    yield rows.map((item) => ({ line: item.line, key: item.key, data: item.data as Record<string, unknown> }));
    after = rows.at(-1)!.line;
  }
}

/** Applies a claimed import in one transaction: every valid row written, the import DONE, or nothing at all. */
export async function runApply(runtime: Runtime, organizationId: string, id: string, token: string): Promise<void> {
  const prisma = runtime.database.prisma;
  const db = forOrganization(prisma, organizationId);
  const row = await db.import.findFirst({ where: { id, claim_token: token, status: "APPLYING" } });
  if (!row || !row.applied_by_id || !row.applied_by_kind) return;
  const spec = kindSpec(row.kind);
  const claim = holdClaim(prisma, id, token);
  try {
    await transaction(
      db,
      async (tx) => {
        const counts = await spec.apply(tx, storedRows(tx, id), { role: row.created_by_role as Role });
        if (claim.state.lost) throw new LostClaim();
        const result = { ...counts, skipped: row.count_invalid };
        const { count } = await tx.import.updateMany({
          where: { id, claim_token: token, status: "APPLYING" },
          data: {
            status: "DONE",
            result: result as Prisma.InputJsonObject,
            applied_at: new Date(),
            claim_token: null,
            claimed_until: null,
          },
        });
        if (count === 0) throw new LostClaim();
        await recordAudit(tx, {
          action: "apply",
          entity: "import",
          entityId: id,
          label: row.file_name,
          after: { kind: spec.slug, file_name: row.file_name, ...counts, skipped: row.count_invalid },
        });
      },
      { actor: { kind: row.applied_by_kind as "user" | "access_key", id: row.applied_by_id, role: row.created_by_role as Role } },
      { timeout: APPLY_TIMEOUT_MS },
    );
  } catch (error) {
    if (error instanceof LostClaim) return;
    const message = error instanceof AppError ? error.message : "The import could not be applied; nothing was written";
    if (!(error instanceof AppError)) log().error({ err: error, import: id }, "an import's apply failed");
    await fail(prisma, id, token, {
      code: "apply_failed",
      message,
      ...(error instanceof AppError && error.errors ? { params: { errors: error.errors } } : {}),
    }).catch((failed: unknown) => log().error({ err: failed, import: id }, "a failed import could not be marked"));
  } finally {
    claim.stop();
  }
}

/**
 * Imports whose claim lapsed (the instance checking or applying them stopped) end FAILED:
 * an apply's transaction died with its instance, so nothing of it was written. Run by every
 * instance's housekeeping, across orgs (the one cross-org write of imports).
 */
export async function failLapsedImports(prisma: PrismaClient, now = new Date()): Promise<number> {
  const { count } = await prisma.import.updateMany({
    where: { status: { in: ["CHECKING", "APPLYING"] }, claimed_until: { lt: now } },
    data: {
      status: "FAILED",
      failure: { code: "interrupted", message: "The server stopped while working on the import; nothing of it was written" },
      claim_token: null,
      claimed_until: null,
    },
  });
  return count;
}

/** The background work of this instance: at most `RUNNING` at once, the rest in turn. */
const queue: Array<() => Promise<void>> = [];
let running = 0;
function pump(): void {
  while (running < RUNNING && queue.length > 0) {
    const job = queue.shift()!;
    running++;
    void job()
      .catch((error: unknown) => log().error({ err: error }, "an import job failed"))
      .finally(() => {
        running--;
        pump();
      });
  }
}

/** Starts checking (or applying) an import on this instance once the request that claimed it committed. */
export function startImportJob(runtime: Runtime, organizationId: string, id: string, token: string, job: "check" | "apply"): void {
  queue.push(() => (job === "check" ? runCheck(runtime, organizationId, id, token) : runApply(runtime, organizationId, id, token)));
  pump();
}

export const newClaimToken = (): string => randomUUID();
