import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError, type z } from "zod";
import { authenticate, type CredentialPolicy, type Principal } from "./auth/principal";
import type { Database } from "./db/connection";
import { forOrganization, type ScopedDb } from "./db/scoped";
import { env } from "./env";
import { AppError, type AppErrorCode } from "./errors";
import { Prisma } from "./generated/prisma/client";
import type { Role } from "./generated/prisma/enums";
import { countersFor } from "./lib/counters";
import { problemOf } from "./http/problem";

export type Meta = OpenApiMeta<{
  /** The HTTP status of a success (REST); a procedure may change it per request. */
  successStatus?: 200 | 201 | 202 | 204;
  /** Where interface.md answers 400 instead of 422 for bad input. */
  invalidInputStatus?: 400 | 422;
  /** Which credentials the endpoint accepts (default: any). */
  credentials?: CredentialPolicy;
  /** The REST body when it is not the input object itself (e.g. a bare JSON array), for the document. */
  requestBody?: z.ZodType;
}>;

/** What a response needs beyond its body: set by procedures, read by `responseMeta`. */
export interface ResponseState {
  status?: number;
  headers: Record<string, string>;
}

export interface Context {
  database: Database;
  headers: Headers;
  clientAddress: string;
  response: ResponseState;
}

export function createContext(database: Database, headers: Headers): Context {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return {
    database,
    headers,
    clientAddress: forwarded || headers.get("x-real-ip") || "unknown",
    response: { headers: {} },
  };
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const problem = problemOf(error);
      return {
        message: problem.detail,
        code: shape.code,
        data: { code: shape.data.code, httpStatus: problem.status, path: shape.data.path, problem },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const trpcCodeOf: Record<AppErrorCode, TRPCError["code"]> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  VALIDATION: "UNPROCESSABLE_CONTENT",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
};

function prismaTarget(error: Prisma.PrismaClientKnownRequestError): string {
  const target = (error.meta as { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } })
    ?.target;
  if (Array.isArray(target)) return target.join(", ");
  const fields = (error.meta as { driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } })
    ?.driverAdapterError?.cause?.constraint?.fields;
  return fields?.map((field) => field.replaceAll('"', "")).join(", ") ?? "";
}

/**
 * The one mapping from what a procedure threw to a tRPC error code: AppError by its
 * code, zod input errors to 422 (or 400 where the interface says so), Prisma's unique
 * violation to 409, its "record not found" to 404 and a foreign key still in use to 409.
 * Anything else stays a 500 whose details are never shown.
 */
export function normalizeError(error: TRPCError, meta: Meta | undefined): TRPCError {
  const cause = error.cause;
  const invalidCode = meta?.invalidInputStatus === 400 ? "BAD_REQUEST" : "UNPROCESSABLE_CONTENT";
  if (cause instanceof AppError) {
    const code = cause.code === "VALIDATION" ? invalidCode : trpcCodeOf[cause.code];
    return code === error.code ? error : new TRPCError({ code, message: cause.message, cause });
  }
  if (cause instanceof ZodError && error.code === "BAD_REQUEST") {
    return new TRPCError({ code: invalidCode, message: "The request is not valid", cause });
  }
  if (cause instanceof Prisma.PrismaClientKnownRequestError) {
    if (cause.code === "P2002") {
      const fields = prismaTarget(cause);
      return new TRPCError({
        code: "CONFLICT",
        message: `A record with the same ${fields || "unique value"} already exists`,
        cause: new AppError("CONFLICT", `A record with the same ${fields || "unique value"} already exists`),
      });
    }
    if (cause.code === "P2025") {
      return new TRPCError({ code: "NOT_FOUND", message: "Record not found", cause: AppError.notFound("Record") });
    }
    if (cause.code === "P2003") {
      const message = "The record is still used by other records";
      return new TRPCError({ code: "CONFLICT", message, cause: new AppError("CONFLICT", message) });
    }
  }
  return error;
}

const errors = t.middleware(async ({ ctx, next, meta }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AppError && cause.retryAfter) ctx.response.headers["Retry-After"] = String(cause.retryAfter);
  throw normalizeError(result.error, meta);
});

const successStatus = t.middleware(({ ctx, meta, next }) => {
  ctx.response.status = meta?.successStatus;
  return next();
});

export const publicProcedure = t.procedure.use(errors).use(successStatus);

/** Every request of a principal counts against its per-minute limit (contract §6). */
async function enforceRateLimit(ctx: Context, principal: Principal): Promise<void> {
  const limit = env().RATE_LIMIT_PER_MINUTE;
  if (limit === 0) return;
  const { count, resetAt } = await countersFor(ctx.database).hit(`api:${principal.kind}:${principal.id}`, 60);
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    throw new AppError("TOO_MANY_REQUESTS", `Rate limit of ${limit} requests a minute exceeded`, { retryAfter });
  }
}

const authenticated = t.middleware(async ({ ctx, meta, next }) => {
  const principal = await authenticate(ctx.database.prisma, ctx.headers, meta?.credentials);
  if (!principal) throw new AppError("UNAUTHORIZED", "Missing or invalid credentials");
  await enforceRateLimit(ctx, principal);
  return next({
    ctx: { principal, db: forOrganization(ctx.database.prisma, principal.organizationId) as ScopedDb },
  });
});

/** Any signed-in user or access key of the org: reads. */
export const readProcedure = publicProcedure.use(authenticated);

function allow(roles: Role[]) {
  return readProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.principal.role)) {
      throw new AppError("FORBIDDEN", `The role ${ctx.principal.role} may not do this`);
    }
    return next();
  });
}

/** Writes of every business resource (catalog, prices, stock, settings). */
export const manageProcedure = allow(["ADMIN", "MANAGER"]);
/** Writes of the commercial flow a seller runs: orders, sales, partners. */
export const sellProcedure = allow(["ADMIN", "MANAGER", "SELLER"]);
/** Users, access keys, webhooks. */
export const adminProcedure = allow(["ADMIN"]);
