import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError, z } from "zod";
import type { CredentialPolicy, Principal } from "../auth/principal";
import type { Db } from "../db/scoped";
import { driverReads, transactionReads, type ReadStatement } from "../db/sql";
import { AppError, answeredStatus, trpcCodeOf, type ProblemCode } from "../errors";
import { Prisma } from "../generated/prisma/client";
import type { Role } from "../generated/prisma/enums";
import type { RequestHeaders } from "../lib/headers";
import type { IdempotencyRequest } from "./idempotency";
import {
  ALL_ROLES,
  authenticate,
  authorize,
  rateLimit,
  runStatementFirst,
  runWrite,
  scope,
  type OneStatement,
  type WriteAnswer,
} from "./pipeline";
import { fieldErrors, problemOf } from "./problem";
import type { Runtime } from "../runtime";

export type Meta = OpenApiMeta<{
  /** The HTTP status of a success (REST); a procedure may change it per request. */
  successStatus?: 200 | 201 | 202 | 204;
  /** Other success statuses the procedure may choose per request (PUT /sales/capture: 204 when already captured). */
  alsoSucceeds?: ReadonlyArray<200 | 201 | 202 | 204>;
  /** Where interface.md answers 400 instead of 422 for bad input. */
  invalidInputStatus?: 400 | 422;
  /** Which credentials the endpoint accepts (default: any). */
  credentials?: CredentialPolicy;
  /**
   * The REST body is not an object but a JSON value put into this input field (the
   * opening hours' bare array); `requestBody` is its schema, for the document.
   */
  bodyField?: string;
  requestBody?: z.ZodType;
  /**
   * Rules across the body's fields (a flag requires its list, a type its options), as JSON
   * Schema keywords (`allOf` of `if`/`then`) merged into the documented body: what the
   * service checks, the document states.
   */
  bodyRules?: Record<string, unknown>;
  /**
   * A POST whose input is its query string, as interface.md has it (POST /products/search);
   * "query-and-body": the query string over an optional JSON object body (most-sold).
   */
  inputFrom?: "query" | "query-and-body";
  /** Input fields of a body operation that come in the query string (`?explain=true` of the price calculation). */
  queryFields?: readonly string[];
  /** A write that may run longer than the usual 30 s transaction limit (ms). */
  transactionTimeoutMs?: number;
  /** The answer holds a secret shown once (an access key's code, a temporary password): never stored for replays. */
  oneTimeSecret?: boolean;
  /** Error statuses beyond the ones every operation of its kind answers (server/http/openapi.ts). */
  errors?: readonly number[];
  /**
   * A write one statement usually makes (a stock movement): no transaction is opened
   * around its resolver, which writes only through `ctx.inOneStatement` (it opens one when
   * the statement cannot do the write alone, and always when the request has an
   * Idempotency-Key).
   */
  oneStatement?: boolean;
  /** The roles that may call it (set by the procedure builders below; read by the document). */
  roles?: readonly Role[];
}>;

/** What a response needs beyond its body: set by procedures, read when rendering. */
export interface ResponseState {
  status?: number;
  headers: Record<string, string>;
}

/** The request as the procedures see it, whatever transport it came by. */
export interface RequestInfo {
  /** The request id every log line of the request carries. */
  id: string;
  headers: RequestHeaders;
  /** The client's address (forwarded headers are trusted only from TRUST_PROXY). */
  clientAddress: string;
  /** The Idempotency-Key of a REST write, with a hash of the request it came with. */
  idempotency?: IdempotencyRequest;
}

export interface Context {
  runtime: Runtime;
  request: RequestInfo;
  response: ResponseState;
}

export function createContext(runtime: Runtime, request: RequestInfo): Context {
  return { runtime, request, response: { headers: {} } };
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const problem = problemOf(error, ctx?.request.id);
      return {
        message: problem.detail,
        code: shape.code,
        data: { code: shape.data.code, httpStatus: problem.status, path: shape.data.path, problem },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Internal column names as the request calls them (`sku_key` is the SKU compared case-insensitively). */
const requestFieldOf: Record<string, string> = { sku_key: "sku", code_key: "code", name_key: "name" };

/**
 * The columns of a unique index named the Prisma way (`<table>_<col>_<col>_key`): the
 * PostgreSQL adapter reports only the index's name, and columns hold underscores too, so
 * the name is matched against the model's own columns.
 */
function columnsOfIndex(modelName: string | undefined, table: string | undefined, index: string): string[] {
  const columns = Object.keys(
    (Prisma as unknown as Record<string, Record<string, string> | undefined>)[`${modelName}ScalarFieldEnum`] ?? {},
  );
  let rest = index.replace(new RegExp(`^${table ?? ""}_`), "").replace(/_key$/, "");
  const found: string[] = [];
  while (rest !== "") {
    const column = columns.sort((a, b) => b.length - a.length).find((name) => rest === name || rest.startsWith(`${name}_`));
    if (!column) return [];
    found.push(column);
    rest = rest.slice(column.length).replace(/^_/, "");
  }
  return found;
}

/** The request fields of a unique violation (never the org column, never internal names). */
function conflictingFields(error: Prisma.PrismaClientKnownRequestError): string[] {
  const meta = error.meta as
    | {
        target?: unknown;
        modelName?: string;
        driverAdapterError?: { cause?: { table?: string; constraint?: { fields?: string[]; index?: string } } };
      }
    | undefined;
  const cause = meta?.driverAdapterError?.cause;
  const fields = Array.isArray(meta?.target)
    ? (meta.target as string[])
    : (cause?.constraint?.fields ?? (cause?.constraint?.index ? columnsOfIndex(meta?.modelName, cause.table, cause.constraint.index) : []));
  return fields
    .map((field) => field.replaceAll('"', ""))
    .filter((field) => field !== "organization_id")
    .map((field) => requestFieldOf[field] ?? field);
}

function conflict(
  message: string,
  errors?: AppError["errors"],
  code: ProblemCode = "conflict",
  params?: Record<string, unknown>,
): TRPCError {
  return new TRPCError({ code: "CONFLICT", message, cause: new AppError(code, message, { errors, params }) });
}

/**
 * The one mapping from what a procedure threw to a tRPC error code: AppError by its
 * code, zod input errors to 422 (or 400 where the interface says so), Prisma's unique
 * violation to 409 naming the request's fields, its "record not found" to 404, a
 * foreign key still in use and a write conflict to 409. Anything else stays a 500 whose
 * details are never shown.
 */
export function normalizeError(error: TRPCError, meta: Meta | undefined): TRPCError {
  const cause = error.cause;
  const invalidCode = trpcCodeOf(answeredStatus(422, meta?.invalidInputStatus));
  if (cause instanceof AppError) {
    const code = trpcCodeOf(answeredStatus(cause.status, meta?.invalidInputStatus));
    return code === error.code ? error : new TRPCError({ code, message: cause.message, cause });
  }
  if (cause instanceof ZodError && error.code === "BAD_REQUEST") {
    const field = meta?.bodyField;
    if (!field) return new TRPCError({ code: invalidCode, message: "The request is not valid", cause });
    // The body is the value of one input field: its errors are named as in the body.
    const errors = fieldErrors(cause).map((entry) => ({
      ...entry,
      path: entry.path === field ? "(body)" : entry.path.startsWith(`${field}.`) ? entry.path.slice(field.length + 1) : entry.path,
    }));
    return new TRPCError({
      code: invalidCode,
      message: "The request is not valid",
      cause: new AppError("validation_failed", "The request is not valid", { errors }),
    });
  }
  if (cause instanceof Prisma.PrismaClientKnownRequestError) {
    if (cause.code === "P2002") {
      const fields = conflictingFields(cause);
      const named = fields.join(", ") || "unique value";
      return conflict(
        `A record with the same ${named} already exists`,
        fields.map((path) => ({ path, message: "is already used by another record", code: "duplicate", params: { field: path } })),
        "duplicate",
        { fields },
      );
    }
    if (cause.code === "P2025") {
      return new TRPCError({ code: "NOT_FOUND", message: "Record not found", cause: AppError.notFound("Record") });
    }
    if (cause.code === "P2003") return conflict("The record is still used by other records", undefined, "in_use");
    if (cause.code === "P2034") return conflict("The record was changed by another request at the same time; retry");
  }
  return error;
}

/** A thrown error as the normalized tRPC error, with Retry-After kept for the answer. */
function failure(error: unknown, ctx: Context, meta: Meta | undefined): TRPCError {
  const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error });
  const cause = trpcError.cause;
  if (cause instanceof AppError && cause.retryAfter) ctx.response.headers["Retry-After"] = String(cause.retryAfter);
  return normalizeError(trpcError, meta);
}

/**
 * tRPC checks a procedure's input and output with the schema's `parseAsync`, and zod 4 runs
 * its compiled check of an object only in a synchronous parse: asynchronously it walks every
 * object key by key (measured on a 50-item tax calculation: the answer's check 500 µs against
 * 104, the body's 144 against 75). So each schema a procedure is given checks with `parse`
 * first; one that turns out to refine asynchronously (none does today: zod then throws
 * $ZodAsyncError) falls back to `parseAsync`. The same values and the same ZodError either way.
 */
const checksSynchronously = new WeakSet<z.ZodType>();
function syncFirst<T>(schema: T): T {
  if (!(schema instanceof z.ZodType) || checksSynchronously.has(schema)) return schema;
  const parseAsync = schema.parseAsync.bind(schema);
  schema.parseAsync = async (data, params) => {
    try {
      return schema.parse(data, params);
    } catch (error) {
      if (error instanceof z.core.$ZodAsyncError) return parseAsync(data, params);
      throw error;
    }
  };
  checksSynchronously.add(schema);
  return schema;
}

/** A procedure builder whose `.input()` and `.output()` schemas check synchronously first, and so every builder chained from it. */
function withSyncChecks<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const next: unknown = value.apply(target, key === "input" || key === "output" ? args.map(syncFirst) : args);
        // A builder chains on (`.meta()`, `.input()`, …); `.query()` and `.mutation()` answer the procedure itself.
        return next !== null && typeof next === "object" && "input" in next ? withSyncChecks(next) : next;
      };
    },
  });
}

/** Every procedure's first builder: schemas given to its chain check synchronously first. */
const procedure = withSyncChecks(t.procedure);

/** Login and the document: the success status and the error mapping, nothing else. */
export const publicProcedure = procedure.use(async ({ ctx, meta, next }) => {
  ctx.response.status = meta?.successStatus;
  const result = await next();
  if (!result.ok) throw failure(result.error, ctx, meta);
  return result;
});

/**
 * How a resolver makes a write one statement usually makes (meta `oneStatement`):
 * `statement` first, on its own, answering `undefined` when it wrote nothing; then `full`
 * in a transaction (server/http/pipeline.ts, `runStatementFirst`). Inside a transaction
 * already (any other procedure, or a request with an Idempotency-Key) it is `full` there.
 */
export type InOneStatement = <T>(statement: (write: OneStatement) => Promise<T | undefined>, full: (tx: Db) => Promise<T>) => Promise<T>;

/** `InOneStatement` where the work already has its transaction (or is a read). */
const within =
  (db: Db): InOneStatement =>
  (_statement, full) =>
    full(db);

/** A refusal whose writes commit (`AppError.keepsWrites`: the holds a move found). */
const keepsWrites = (error: TRPCError) => error.cause instanceof AppError && error.cause.keepsWrites;

/** Carries a failed result out of the transaction it must roll back. */
class Rollback<T> {
  constructor(readonly result: T) {}
}

/**
 * Steps 2–6 of server/http/pipeline.ts in one middleware (each tRPC middleware costs a
 * copy of the call's options): authenticate, rate-limit, authorize, scope, then reads as
 * they are and writes in one transaction that re-checks the credential and completes
 * the idempotency record. `ctx.readStatement` runs a hot read's one statement prepared:
 * on the driver for a read, on the transaction for a write (server/db/sql.ts).
 */
export function procedureFor(roles: readonly Role[]) {
  return procedure.meta({ roles }).use(async ({ ctx, meta, type, next }) => {
    ctx.response.status = meta?.successStatus;
    const proceed = (principal: Principal, db: Db, inOneStatement: InOneStatement, readStatement: ReadStatement = transactionReads(db)) =>
      next({ ctx: { principal, db, inOneStatement, readStatement } });
    let result: Awaited<ReturnType<typeof proceed>>;
    try {
      const principal = await authenticate(ctx.runtime, ctx.request.headers, meta?.credentials);
      rateLimit(ctx.runtime, principal);
      authorize(principal.role, roles);
      const db = scope(ctx.runtime, principal);
      const write = {
        db,
        principal,
        roles,
        idempotency: ctx.request.idempotency,
        requestId: ctx.request.id,
        timeoutMs: meta?.transactionTimeoutMs,
      };
      if (type !== "mutation") {
        result = await proceed(principal, db, within(db), driverReads(ctx.runtime.database, principal.organizationId));
      } else if (meta?.oneStatement && !write.idempotency) {
        result = await proceed(principal, db, (statement, full) =>
          runStatementFirst(ctx.runtime, write, statement, async (tx) => {
            const value = await full(tx);
            return { value, body: value, status: ctx.response.status ?? 200, oneTimeSecret: false };
          }),
        );
      } else {
        result = await runWrite(ctx.runtime, write, async (tx): Promise<WriteAnswer<typeof result>> => {
          const written = await proceed(principal, tx, within(tx));
          if (!written.ok && keepsWrites(written.error))
            return { value: written, body: null, status: 0, oneTimeSecret: false, refusal: true };
          if (!written.ok) throw new Rollback(written);
          const status = ctx.response.status ?? 200;
          return { value: written, body: written.data, status, oneTimeSecret: meta?.oneTimeSecret === true };
        }).catch((error: unknown) => {
          if (error instanceof Rollback) return error.result as typeof result;
          throw error;
        });
      }
    } catch (error) {
      throw failure(error, ctx, meta);
    }
    if (!result.ok) throw failure(result.error, ctx, meta);
    return result;
  });
}

/** Any signed-in user or access key of the org: reads (and writes to one's own account). */
export const readProcedure = procedureFor(ALL_ROLES);
/** Writes of every business resource (catalog, prices, stock, settings). */
export const manageProcedure = procedureFor(["ADMIN", "MANAGER"]);
/** Writes of the commercial flow a seller runs: orders, sales, partners. */
export const sellProcedure = procedureFor(["ADMIN", "MANAGER", "SELLER"]);
/** Users, access keys, webhooks. */
export const adminProcedure = procedureFor(["ADMIN"]);
