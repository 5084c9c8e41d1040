import { randomUUID } from "node:crypto";
import { forOrganization } from "../db/scoped";
import { scopedExecute } from "../db/sql";
import { transaction } from "../db/transaction";
import { Prisma, type PrismaClient } from "../generated/prisma/client";
import { decrypt } from "../lib/encryption";
import { log } from "../log";
import { systemResolver, type Resolver } from "./address";
import { claimDueDeliveries, type ClaimedDelivery } from "./claim";
import { sendDelivery, type Outcome } from "./send";
import { onWake } from "./wake";

/** Retries after the first attempt fails: about 1 min, 5 min, 30 min, 2 h and 12 h; then the delivery is failed (contract §7). */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000] as const;

export interface DispatcherOptions {
  prisma: PrismaClient;
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
  /** The wait before each retry; its length is the number of retries. */
  retryDelaysMs?: readonly number[];
  /** Each wait is varied by up to this fraction, so retries of many deliveries spread out (0–1). */
  jitter?: number;
  /** The whole exchange with a receiver (default 10 s). */
  timeoutMs?: number;
  /** How long a claim holds before another instance may take the row over (default 60 s, well above the timeout). */
  leaseMs?: number;
  /** Deliveries sent at once by this instance at most (default 32). */
  concurrency?: number;
  /** Deliveries in flight per endpoint at most, on every instance together (default 4): a hanging receiver holds only these. */
  perEndpoint?: number;
  /** How often to look for due rows when nothing wakes it. */
  pollIntervalMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE: send to loopback and private addresses too. */
  allowPrivate: boolean;
  resolve?: Resolver;
  /** Only these orgs' deliveries (tests that share one database; sharding). Default: every org. */
  organizations?: readonly string[];
}

export interface Dispatcher {
  /** Claims due deliveries (up to `concurrency`), sends them and records the outcomes; answers how many were claimed. */
  runOnce(): Promise<number>;
  /**
   * Sends until stopped, each delivery on its own: a free slot is filled as soon as a
   * delivery ends (or a write queues one: `nudge`), else at the next poll.
   */
  start(): void;
  /** Looks for due deliveries now (a transaction that queued some has committed). */
  nudge(): void;
  /** Stops: requests in flight are aborted and their rows released for the next start (no attempt is counted). */
  stop(): Promise<void>;
}

/** Where a delivery stands after an attempt. */
interface Recorded {
  state: "SUCCEEDED" | "FAILED" | "PENDING";
  delivered_at: Date | null;
  /** When it is due again (a retry); null: it is not. */
  next_attempt_at: Date | null;
}

/**
 * An attempt's outcome in one statement: the delivery's state (only while this claim holds it:
 * `claim_token`), and the attempt itself for an active endpoint's delivery.
 */
async function recordOutcome(
  db: ReturnType<typeof forOrganization>,
  recorded: { row: ClaimedDelivery; token: string; at: Date; attempt: number; outcome: Outcome; next: Recorded; logAttempt: boolean },
): Promise<void> {
  const { row, token, at, attempt, outcome, next } = recorded;
  await scopedExecute(
    db,
    (organization) => Prisma.sql`
      WITH recorded AS (
        UPDATE webhook_deliveries
           SET claim_token = NULL, attempts = ${attempt}, last_status = ${outcome.status}::int, last_error = ${outcome.error},
               state = ${next.state}::"WebhookDeliveryState", delivered_at = ${next.delivered_at}::timestamptz,
               next_attempt_at = COALESCE(${next.next_attempt_at}::timestamptz, next_attempt_at), updated_at = ${at}
         WHERE organization_id = ${organization} AND id = ${row.id}::uuid AND claim_token = ${token}::uuid
        RETURNING id)
      INSERT INTO webhook_attempts (id, organization_id, delivery_id, attempted_at, status_code, error, duration_ms, response_excerpt)
      SELECT gen_random_uuid(), ${organization}, ${row.id}::uuid, ${at}, ${outcome.status}::int, ${outcome.error},
             ${outcome.durationMs}::int, ${outcome.responseExcerpt}
       WHERE ${recorded.logAttempt}`,
  );
}

/** The webhook dispatcher: sends the outbox (server/webhooks/outbox.ts), one instance per row. */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const now = options.now ?? (() => new Date());
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const jitter = Math.min(Math.max(options.jitter ?? 0.1, 0), 1);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = options.leaseMs ?? Math.max(60_000, timeoutMs * 3);
  const concurrency = options.concurrency ?? 32;
  const perEndpoint = options.perEndpoint ?? 4;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const resolve = options.resolve ?? systemResolver;
  const { prisma } = options;

  const abort = new AbortController();
  let running = false;
  let loop: Promise<void> | undefined;
  let nudged = false;
  /** The deliveries being sent by the running loop. */
  const inFlight = new Set<Promise<void>>();
  let wakeUp: (() => void) | undefined;
  let stopWaking: (() => void) | undefined;

  const delayAfter = (attempt: number): number => {
    const base = delays[attempt - 1]!;
    return Math.round(base * (1 + (Math.random() * 2 - 1) * jitter));
  };

  async function deliver(row: ClaimedDelivery, token: string): Promise<void> {
    const db = forOrganization(prisma, row.organization_id);
    // The endpoint as the claim read it (a deleted one takes its deliveries with it).
    const { webhook } = row;
    let outcome: Outcome;
    const notSent = (error: string): Outcome => ({ ok: false, status: null, error, durationMs: 0, responseExcerpt: null, aborted: false });
    let secret: string | undefined;
    try {
      secret = decrypt(webhook.secret_encrypted);
    } catch {
      secret = undefined;
    }
    if (!webhook.active) {
      outcome = notSent("the endpoint is inactive");
    } else if (secret === undefined) {
      // Counted as an attempt: retried, then failed, instead of retried forever.
      outcome = notSent("the signing secret cannot be decrypted (was APP_ENCRYPTION_KEY changed?)");
    } else {
      outcome = await sendDelivery(
        {
          url: webhook.url,
          secret,
          body: JSON.stringify(row.payload),
          deliveryId: row.id,
          eventType: row.event_type,
          unixSeconds: Math.floor(now().getTime() / 1000),
        },
        { timeoutMs, allowPrivate: options.allowPrivate, resolve, signal: abort.signal },
      );
    }
    const at = now();
    if (outcome.aborted) {
      // Shutting down: not an attempt; the row is due again for whoever runs next.
      await db.webhookDelivery.updateMany({ where: { id: row.id, claim_token: token }, data: { claim_token: null, next_attempt_at: at } });
      return;
    }
    // An inactive endpoint's delivery is failed without an attempt.
    const attempt = webhook.active ? row.attempts + 1 : row.attempts;
    const final = !outcome.ok && (!webhook.active || attempt > delays.length);
    const next: Recorded = outcome.ok
      ? { state: "SUCCEEDED", delivered_at: at, next_attempt_at: null }
      : final
        ? { state: "FAILED", delivered_at: null, next_attempt_at: null }
        : { state: "PENDING", delivered_at: null, next_attempt_at: new Date(at.getTime() + delayAfter(attempt)) };
    if (row.subject_type !== "sale" || !row.subject_id) {
      // The common case, in one statement: the outcome, and the attempt of an active endpoint.
      await recordOutcome(db, { row, token, at, attempt, outcome, next, logAttempt: webhook.active });
      log().info(
        { deliveryId: row.id, event: row.event_type, attempt, status: outcome.status, ok: outcome.ok, final, ms: outcome.durationMs },
        outcome.ok ? "webhook delivered" : final ? "webhook failed for good" : "webhook attempt failed; retried later",
      );
      return;
    }
    await transaction(db, async (tx) => {
      const { count } = await tx.webhookDelivery.updateMany({
        where: { id: row.id, claim_token: token },
        data: {
          claim_token: null,
          attempts: attempt,
          last_status: outcome.status,
          last_error: outcome.error,
          ...(outcome.ok
            ? { state: "SUCCEEDED", delivered_at: at }
            : final
              ? { state: "FAILED" }
              : { state: "PENDING", next_attempt_at: new Date(at.getTime() + delayAfter(attempt)) }),
        },
      });
      if (webhook.active) {
        await tx.webhookAttempt.create({
          data: {
            organization_id: row.organization_id,
            delivery_id: row.id,
            attempted_at: at,
            status_code: outcome.status,
            error: outcome.error,
            duration_ms: outcome.durationMs,
            response_excerpt: outcome.responseExcerpt,
          },
        });
      }
      // The claim was lost (redelivered, or the lease ran out and another instance took it): its owner reports.
      if (count === 0 || row.subject_type !== "sale" || !row.subject_id) return;
      if (outcome.ok) {
        await tx.sale.updateMany({ where: { id: row.subject_id, webhook_error: { not: null } }, data: { webhook_error: null } });
      } else if (final) {
        const reason = webhook.active
          ? `${row.event_type} to ${webhook.url} failed after ${attempt} attempt${attempt === 1 ? "" : "s"}: ${outcome.error}`
          : `${row.event_type} to ${webhook.url} not sent: ${outcome.error}`;
        await tx.sale.updateMany({ where: { id: row.subject_id }, data: { webhook_error: reason.slice(0, 1000) } });
      }
    });
    log().info(
      { deliveryId: row.id, event: row.event_type, attempt, status: outcome.status, ok: outcome.ok, final, ms: outcome.durationMs },
      outcome.ok ? "webhook delivered" : final ? "webhook failed for good" : "webhook attempt failed; retried later",
    );
  }

  /** Claims up to `limit` due deliveries, fairly across endpoints and orgs (server/webhooks/claim.ts). */
  async function claim(limit: number): Promise<{ rows: ClaimedDelivery[]; token: string }> {
    const token = randomUUID();
    const at = now();
    const rows = await claimDueDeliveries(prisma, {
      now: at,
      leaseUntil: new Date(at.getTime() + leaseMs),
      limit,
      perEndpoint,
      token,
      organizations: options.organizations,
    });
    return { rows, token };
  }

  const send = (row: ClaimedDelivery, token: string): Promise<void> =>
    deliver(row, token).catch((error: unknown) =>
      log().error({ err: error, deliveryId: row.id }, "a webhook delivery could not be recorded; retried after its lease"),
    );

  async function runOnce(): Promise<number> {
    const { rows, token } = await claim(concurrency);
    await Promise.all(rows.map((row) => send(row, token)));
    return rows.length;
  }

  function waitForWork(): Promise<void> {
    if (nudged) {
      nudged = false;
      return Promise.resolve();
    }
    return new Promise((done) => {
      const timer = setTimeout(finish, pollIntervalMs);
      timer.unref();
      function finish() {
        clearTimeout(timer);
        wakeUp = undefined;
        nudged = false;
        done();
      }
      wakeUp = finish;
    });
  }

  async function run(): Promise<void> {
    while (running) {
      const free = concurrency - inFlight.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const { rows, token } = await claim(free);
          claimed = rows.length;
          for (const row of rows) {
            // Each delivery ends on its own time and frees its slot (and its endpoint's) at once.
            const sending: Promise<void> = send(row, token).finally(() => {
              inFlight.delete(sending);
              nudge();
            });
            inFlight.add(sending);
          }
        } catch (error) {
          log().warn({ err: error }, "the webhook dispatcher could not claim deliveries; retrying at the next poll");
        }
      }
      if (!running) break;
      // Every free slot filled: more may be due. Otherwise wait for a slot, a write or the poll.
      if (free > 0 && claimed === free) continue;
      await waitForWork();
    }
    await Promise.all(inFlight);
  }

  const nudge = () => {
    nudged = true;
    wakeUp?.();
  };

  return {
    runOnce,
    nudge,
    start() {
      if (running) return;
      running = true;
      stopWaking = onWake(nudge);
      loop = run();
    },
    async stop() {
      running = false;
      stopWaking?.();
      abort.abort();
      wakeUp?.();
      await loop;
    },
  };
}
