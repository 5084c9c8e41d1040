import { confirmForWrite, credentialGuard, resolvePrincipal, type CredentialPolicy, type Principal } from "../auth/principal";
import type { Db, ScopedDb } from "../db/scoped";
import { forOrganization } from "../db/scoped";
import { statementQuery } from "../db/sql";
import { transaction } from "../db/transaction";
import { AppError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import type { Role } from "../generated/prisma/enums";
import type { Runtime } from "../runtime";
import type { RequestHeaders } from "../lib/headers";
import { claimIdempotencyKey, completeIdempotencyKey, leaseSeconds, releaseIdempotencyKey, type IdempotencyRequest } from "./idempotency";

/**
 * The steps every request walks through, in order. HTTP framing (reading the body
 * with its limit, routing, rendering problem+json) lives in server/http/rest.ts and
 * server/http/trpc-endpoint.ts; the steps below are shared by every endpoint: tRPC
 * procedures run them as middlewares (server/http/trpc.ts), the non-JSON endpoints (uploads,
 * file downloads) through `defineEndpoint` (server/http/endpoint.ts).
 *
 *   1. read the body   at most 1 MiB (413), strict UTF-8, JSON ≤ 32 levels, clean strings
 *   2. authenticate    bearer token, access key pair or panel session          (401)
 *   3. rate-limit      per credential, per minute                              (429)
 *   4. authorize       the role the endpoint needs                             (403)
 *   5. scope           a database client that only sees the caller's org
 *   6. run             reads as they are; writes in one transaction that re-checks the
 *                      credential and completes the idempotency record with the write
 *                      (or, for a write one statement usually makes, that statement first)
 *   7. render          the answer, or problem+json
 */

export const ALL_ROLES: readonly Role[] = ["ADMIN", "MANAGER", "SELLER", "VIEWER"];

/** 2. The caller, or 401. */
export async function authenticate(runtime: Runtime, headers: RequestHeaders, policy?: CredentialPolicy): Promise<Principal> {
  const principal = await resolvePrincipal(runtime, headers, policy);
  if (!principal) throw new AppError("unauthorized", "Missing or invalid credentials");
  return principal;
}

/** 3. One more request of this credential this minute, or 429 with Retry-After. */
export function rateLimit(runtime: Runtime, principal: Principal): void {
  const { allowed, retryAfter } = runtime.limiter.hit(`api:${principal.kind}:${principal.id}`);
  if (!allowed) {
    throw new AppError("rate_limited", `Rate limit of ${runtime.limiter.limit} requests a minute exceeded`, { retryAfter });
  }
}

/** 4. The caller's role is one of `roles`, or 403. */
export function authorize(role: Role, roles: readonly Role[]): void {
  if (!roles.includes(role)) throw new AppError("forbidden", `The role ${role} may not do this`);
}

/** 5. The client every service receives: it adds the org to every query. */
export function scope(runtime: Runtime, principal: Principal): ScopedDb {
  return forOrganization(runtime.database.prisma, principal.organizationId);
}

export interface WriteOptions {
  db: ScopedDb;
  principal: Principal;
  roles: readonly Role[];
  /** Set when the request carried an Idempotency-Key (REST). */
  idempotency?: IdempotencyRequest;
  /** The request's id, recorded with the audit events of the write. */
  requestId?: string;
  /** A write that may take longer than the usual 30 s (rebuilding an index): its limit, ms. */
  timeoutMs?: number;
}

/** What a write answered: `value` for the caller, `body` and `status` for its idempotency record. */
export interface WriteAnswer<T> {
  value: T;
  body: unknown;
  status: number;
  /** The answer carries a secret shown once (an access key's code, a temporary password): never stored. */
  oneTimeSecret: boolean;
  /** A refusal whose writes are kept (`AppError.keepsWrites`): committed, its idempotency key released so a retry decides again. */
  refusal?: boolean;
}

/**
 * 6. A write: the idempotency key claimed first (a replay or a conflict ends here),
 * then one transaction that confirms the credential, runs the work and completes the
 * idempotency record, so a crash commits the write and its record together or neither.
 */
export async function runWrite<T>(runtime: Runtime, options: WriteOptions, work: (tx: Db) => Promise<WriteAnswer<T>>): Promise<T> {
  const claim = options.idempotency
    ? await claimIdempotencyKey(runtime.database.prisma, options.principal, options.idempotency, leaseSeconds(options.timeoutMs))
    : undefined;
  let answer: WriteAnswer<T>;
  try {
    const actor = { kind: options.principal.kind, id: options.principal.id, role: options.principal.role };
    answer = await transaction(
      options.db,
      async (tx) => {
        authorize(await confirmForWrite(tx, options.principal), options.roles);
        const answer = await work(tx);
        if (claim && !answer.refusal) await completeIdempotencyKey(tx, claim, answer);
        return answer;
      },
      { actor, requestId: options.requestId },
      options.timeoutMs ? { timeout: options.timeoutMs } : {},
    );
  } catch (error) {
    if (claim) await releaseIdempotencyKey(runtime.database.prisma, claim);
    throw error;
  }
  if (claim && answer.refusal) await releaseIdempotencyKey(runtime.database.prisma, claim);
  return answer.value;
}

/** What a write made by one statement needs besides its input (`runStatementFirst`). */
export interface OneStatement {
  organizationId: string;
  /**
   * Runs the statement, outside any transaction (it is its own), bound to the org as
   * `scopedQuery` is and prepared under `name` (server/db/sql.ts, `statementQuery`).
   */
  query<Row>(name: string, build: (organization: Prisma.Sql) => Prisma.Sql): Promise<Row[]>;
  /** A query answering one row while the credential holds with an allowed role (`credentialGuard`): the statement writes only if it does. */
  credential: Prisma.Sql;
  /** Who writes and for which request (what `writeContext` tells inside a transaction). */
  actor: { kind: Principal["kind"]; id: string };
  requestId?: string;
}

/**
 * 6, for a write one statement usually makes (a stock movement): that statement runs
 * first, on its own — atomic, with the credential's re-check inside it — and answers the
 * result, or `undefined` when it wrote nothing because the case needs more (a record to
 * create, an event, an error to explain). Then, and whenever the request carries an
 * Idempotency-Key, `full` runs as `runWrite` runs any write, and decides.
 *
 * Each round trip to the database costs the busiest path more than the statement itself:
 * the common case takes one instead of four (BEGIN, the credential, the write, COMMIT).
 */
export async function runStatementFirst<T>(
  runtime: Runtime,
  options: WriteOptions,
  statement: (write: OneStatement) => Promise<T | undefined>,
  full: (tx: Db) => Promise<WriteAnswer<T>>,
): Promise<T> {
  if (!options.idempotency) {
    const actor = { kind: options.principal.kind, id: options.principal.id };
    const { organizationId } = options.principal;
    const done = await statement({
      organizationId,
      query: (name, build) => statementQuery(runtime.database, organizationId, name, build),
      credential: credentialGuard(options.principal, options.roles),
      actor,
      requestId: options.requestId,
    });
    if (done !== undefined) return done;
  }
  return runWrite(runtime, options, full);
}
