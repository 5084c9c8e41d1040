import type { Role } from "../generated/prisma/enums";
import { log } from "../log";
import type { Db, ScopedDb } from "./scoped";

/**
 * Transactions are explicit. Every write request runs in one (server/http/trpc.ts opens it and
 * hands services the transaction client as `ctx.db`), so a service that writes several
 * rows — a record, its ledger rows, the outbox rows and audit entries it causes, the
 * idempotency record of the request — commits all of them or none. Code outside a
 * request (workers, the CLI) opens one with `transaction`.
 *
 * Services never open transactions themselves: they take `db: Db` and compose.
 */

/** Long enough for a large write on a busy pool; a stuck transaction still ends. */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 30_000 } as const;

/** Who a transaction writes for: recorded with the audit events it causes. */
export interface WriteContext {
  /** The user or access key, and the role it writes with (a rule may depend on it: a SELLER may not delete a partner with history). */
  actor?: { kind: "user" | "access_key"; id: string; role?: Role };
  /** The request that caused it (its X-Request-Id). */
  requestId?: string;
}

interface Unit extends WriteContext {
  afterCommit: Array<() => void>;
  afterRollback: Array<() => void>;
}

/** Each open transaction's unit of work, by its client (no AsyncLocalStorage: see server/log.ts). */
const units = new WeakMap<object, Unit>();

/**
 * Runs `work` in one transaction of `db` (a scoped client); hooks registered with
 * `afterCommit` run once it commits; `context` says for whom (audit events).
 */
export async function transaction<T>(
  db: ScopedDb,
  work: (tx: Db) => Promise<T>,
  context: WriteContext = {},
  options: { timeout?: number } = {},
): Promise<T> {
  const unit: Unit = { ...context, afterCommit: [], afterRollback: [] };
  let result: T;
  try {
    result = await db.$transaction(
      (tx) => {
        units.set(tx, unit);
        return work(tx);
      },
      { ...TRANSACTION_OPTIONS, ...options },
    );
  } catch (error) {
    for (const hook of unit.afterRollback) {
      try {
        hook();
      } catch (failure) {
        log().error({ err: failure }, "an after-rollback hook failed");
      }
    }
    throw error;
  }
  for (const hook of unit.afterCommit) {
    try {
      hook();
    } catch (error) {
      log().error({ err: error }, "an after-commit hook failed");
    }
  }
  return result;
}

/**
 * Runs `hook` after the transaction of `db` commits (never if it rolls back), or at once
 * when `db` is not a transaction. For effects outside the database that must not happen
 * for a write that did not: dropping cached credentials, waking a worker.
 */
export function afterCommit(db: Db, hook: () => void): void {
  const unit = units.get(db);
  if (unit) unit.afterCommit.push(hook);
  else hook();
}

/**
 * Runs `hook` if the transaction of `db` rolls back (never if it commits): undoing what a write did outside
 * the database before it failed — the bytes of a file it stored. Outside a transaction, never.
 */
export function afterRollback(db: Db, hook: () => void): void {
  units.get(db)?.afterRollback.push(hook);
}

/** Whether `db` is an open transaction's client (what is read through it stays true until it ends). */
export function inTransaction(db: Db): boolean {
  return units.has(db);
}

/** For whom the transaction of `db` writes (empty outside one: the CLI, the seed). */
export function writeContext(db: Db): WriteContext {
  const unit = units.get(db);
  return unit ? { actor: unit.actor, requestId: unit.requestId } : {};
}
