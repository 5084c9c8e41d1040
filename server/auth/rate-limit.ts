import type { Database } from "../db/connection";
import { log } from "../log";

/**
 * The per-credential request limit (contract §6): `limit` requests in each fixed
 * one-minute window, counted in memory so a request costs no database round trip.
 *
 * With PostgreSQL, every instance adds its counts to the shared `rate_limit_buckets`
 * table once per `flushMs` (one statement for every key it saw) and learns the total
 * of all instances from the same statement. A credential's count on an instance is
 * therefore the shared total at its last flush plus its own hits since: across N
 * instances the limit may be exceeded by at most what the other N − 1 instances admitted
 * in one flush interval (1 s by default: 20 requests at the default 1200 a minute).
 * The embedded database has a single process: the memory count is exact.
 */
export interface RequestLimiter {
  /** Requests a minute per key; 0 means no limit. */
  readonly limit: number;
  /** Counts a request of `key`: `retryAfter` (seconds) is set when it is over the limit. */
  hit(key: string): { allowed: boolean; retryAfter: number };
  /** Sends the counts not yet shared (also done by the timer). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const WINDOW_MS = 60_000;

interface Bucket {
  window: number;
  /** Hits on this instance not yet added to the shared table. */
  unshared: number;
  /** The shared table's total at the last flush (every instance's flushed hits). */
  shared: number;
}

export interface LimiterOptions {
  /** How often counts are shared with other instances (ms; default 1 s). */
  flushMs?: number;
  /** The clock the one-minute windows are cut from (ms since the epoch): tests set their own. */
  now?: () => number;
}

export function createRequestLimiter(
  database: Database,
  limit: number,
  { flushMs = 1_000, now = Date.now }: LimiterOptions = {},
): RequestLimiter {
  const buckets = new Map<string, Bucket>();
  const shareable = database.kind === "postgres";
  let flushing: Promise<void> | undefined;

  const flushNow = async () => {
    const window = Math.floor(now() / WINDOW_MS) * WINDOW_MS;
    const keys: string[] = [];
    const deltas: number[] = [];
    for (const [key, bucket] of buckets) {
      if (bucket.window !== window) {
        buckets.delete(key);
        continue;
      }
      if (bucket.unshared > 0) {
        keys.push(key);
        deltas.push(bucket.unshared);
      }
    }
    if (!shareable || keys.length === 0) return;
    const windowStart = new Date(window);
    const rows = await database.prisma.$queryRaw<Array<{ key: string; count: number }>>`
      INSERT INTO rate_limit_buckets (key, window_start, count)
      SELECT key, ${windowStart}::timestamptz, delta FROM unnest(${keys}::text[], ${deltas}::int[]) AS t(key, delta)
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + EXCLUDED.count
      RETURNING key, count`;
    const sent = new Map(keys.map((key, index) => [key, deltas[index]!]));
    for (const row of rows) {
      const bucket = buckets.get(row.key);
      if (!bucket || bucket.window !== window) continue;
      bucket.unshared -= sent.get(row.key) ?? 0;
      bucket.shared = Number(row.count);
    }
  };

  const flush = () => {
    flushing ??= flushNow()
      .catch((error: unknown) => log().warn({ err: error }, "rate limit counts could not be shared; kept in memory"))
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  };

  const timer = shareable && limit > 0 ? setInterval(() => void flush(), flushMs) : undefined;
  timer?.unref();

  return {
    limit,
    hit(key) {
      if (limit === 0) return { allowed: true, retryAfter: 0 };
      const at = now();
      const window = Math.floor(at / WINDOW_MS) * WINDOW_MS;
      let bucket = buckets.get(key);
      if (!bucket || bucket.window !== window) {
        bucket = { window, unshared: 0, shared: 0 };
        buckets.set(key, bucket);
      }
      if (bucket.shared + bucket.unshared >= limit) {
        return { allowed: false, retryAfter: Math.max(1, Math.ceil((window + WINDOW_MS - at) / 1000)) };
      }
      bucket.unshared++;
      return { allowed: true, retryAfter: 0 };
    },
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
