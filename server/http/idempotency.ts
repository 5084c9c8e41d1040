import { createHash } from "node:crypto";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/scoped";
import { TRANSACTION_OPTIONS } from "../db/transaction";
import { AppError } from "../errors";
import type { PrismaClient } from "../generated/prisma/client";

/**
 * Idempotency-Key on writes (contract §6), after Stripe's design:
 *
 * - Keys belong to the authenticated caller (a user or an access key), so they are
 *   claimed only after authentication and one caller's keys never meet another's.
 * - The first request claims the key with a lease; the same key with the same request
 *   within 24 hours replays the stored answer; with another request it is 422; while
 *   the first still runs, 409.
 * - The answer is stored in the same transaction as the write it protects: a crash
 *   commits both or neither. A claim whose request died without committing is free
 *   again when its lease ends; the lease outlasts the longest its write may take
 *   (waiting for a connection, then its own transaction limit), so a retry never takes
 *   over a key whose first request still runs.
 * - Only successes are stored. A failed write (4xx, 5xx) releases the key, so the
 *   caller can fix the request and retry with it.
 * - An answer that carries a one-time secret (an access key's code, a temporary
 *   password) is never stored: its replay is a 409 saying so and naming the record.
 */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** How much longer than its write may take a claim is held. */
const LEASE_MARGIN_SECONDS = 10;

/** The lease of a claim whose write runs with `transactionTimeoutMs` (the usual 30 s by default). */
export function leaseSeconds(transactionTimeoutMs: number = TRANSACTION_OPTIONS.timeout): number {
  return Math.ceil((TRANSACTION_OPTIONS.maxWait + transactionTimeoutMs) / 1000) + LEASE_MARGIN_SECONDS;
}

export interface IdempotencyRequest {
  key: string;
  /** SHA-256 of the method, path, query and body. */
  requestHash: string;
}

export interface IdempotencyClaim {
  id: string;
}

/** A stored answer, replayed instead of running the write again. */
export class IdempotentReplay extends Error {
  constructor(
    readonly status: number,
    readonly body: string | null,
  ) {
    super("Replayed the stored answer of this Idempotency-Key");
    this.name = "IdempotentReplay";
  }
}

const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/** An Idempotency-Key header checked: 1 to 255 visible ASCII characters, else 422. */
export function checkIdempotencyKey(key: string): void {
  if (!VALID_KEY.test(key)) {
    throw new AppError("validation_failed", "Idempotency-Key must be 1 to 255 visible ASCII characters", {
      errors: [{ path: "Idempotency-Key", message: "must be 1 to 255 visible ASCII characters", code: "invalid" }],
    });
  }
}

/**
 * The Idempotency-Key of a request with what identifies the request: its method, path
 * and query, and its body (or, for an upload, what it carries: `body` is then a
 * description of the files, the same whatever multipart boundary a retry uses).
 */
export function idempotencyRequest(key: string, method: string, pathAndQuery: string, body: string): IdempotencyRequest {
  checkIdempotencyKey(key);
  return { key, requestHash: createHash("sha256").update(`${method} ${pathAndQuery}\n${body}`).digest("hex") };
}

const credentialOf = (principal: Principal) => `${principal.kind}:${principal.id}`;

/** Claims the key for `lease` seconds (`leaseSeconds`), or ends the request: a replay, 409 or 422. */
export async function claimIdempotencyKey(
  prisma: PrismaClient,
  principal: Principal,
  request: IdempotencyRequest,
  lease: number,
): Promise<IdempotencyClaim> {
  const credential = credentialOf(principal);
  // A new key, or one whose earlier request died uncommitted (lease over), or expired.
  const claimed = await prisma.$queryRaw<Array<{ id: string }>>`
    INSERT INTO idempotency_records (id, credential, key, request_hash, locked_until, created_at)
    VALUES (gen_random_uuid(), ${credential}, ${request.key}, ${request.requestHash}, now() + make_interval(secs => ${lease}), now())
    ON CONFLICT (credential, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at,
          status = NULL, body = NULL, resource_id = NULL, secret_withheld = false
      WHERE (idempotency_records.status IS NULL AND idempotency_records.locked_until < now())
         OR idempotency_records.created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
    RETURNING id`;
  if (claimed[0]) return claimed[0];

  const existing = await prisma.idempotencyRecord.findUnique({ where: { credential_key: { credential, key: request.key } } });
  // Released between the two statements: try once more.
  if (!existing) return claimIdempotencyKey(prisma, principal, request, lease);
  if (existing.request_hash !== request.requestHash) {
    throw new AppError("idempotency_key_reused", "This Idempotency-Key was already used with a different request", {
      errors: [{ path: "Idempotency-Key", message: "was already used with a different request", code: "idempotency_key_reused" }],
    });
  }
  if (existing.status === null) {
    throw new AppError("idempotency_in_progress", "A request with this Idempotency-Key is still being processed; retry later");
  }
  if (existing.secret_withheld) {
    throw new AppError(
      "secret_not_replayable",
      `The request with this Idempotency-Key succeeded${existing.resource_id ? ` (record ${existing.resource_id})` : ""}, ` +
        "but its answer held a secret that is shown only once and never stored, so it cannot be replayed",
      { params: { record: existing.resource_id } },
    );
  }
  throw new IdempotentReplay(existing.status, existing.body);
}

/** Stores the answer, inside the write's own transaction. */
export async function completeIdempotencyKey(
  tx: Db,
  claim: IdempotencyClaim,
  answer: { body: unknown; status: number; oneTimeSecret: boolean },
): Promise<void> {
  const body = answer.status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body);
  const id = (answer.body as { id?: unknown } | null)?.id;
  await tx.$executeRaw`
    UPDATE idempotency_records
    SET status = ${answer.status}, locked_until = NULL,
        body = ${answer.oneTimeSecret ? null : body},
        secret_withheld = ${answer.oneTimeSecret},
        resource_id = ${typeof id === "string" ? id : null}
    WHERE id = ${claim.id}::uuid`;
}

/** Frees the key of a write that failed, so it can be retried. */
export async function releaseIdempotencyKey(prisma: PrismaClient, claim: IdempotencyClaim): Promise<void> {
  await prisma.idempotencyRecord.deleteMany({ where: { id: claim.id, status: null } }).catch(() => undefined);
}

/** Removes records past their 24 hours (housekeeping). */
export async function purgeIdempotencyRecords(prisma: PrismaClient): Promise<number> {
  const { count } = await prisma.idempotencyRecord.deleteMany({
    where: { created_at: { lt: new Date(Date.now() - IDEMPOTENCY_TTL_HOURS * 3_600_000) } },
  });
  return count;
}
