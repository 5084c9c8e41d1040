import type { Database } from "../db/connection";

/**
 * Fixed-window counters for rate limits and login throttling. With PostgreSQL they live
 * in the database, so the limit holds across app instances; the embedded database can
 * only be opened by one process, so there a counter in memory is exact and free.
 */
export interface Counters {
  /** Adds one to `key` in the current window; answers the new count and the window's end. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetAt: Date }>;
  /** The count of `key` in the current window, without adding. */
  peek(key: string, windowSeconds: number): Promise<number>;
}

function windowStart(windowSeconds: number, now = Date.now()): Date {
  const size = windowSeconds * 1000;
  return new Date(Math.floor(now / size) * size);
}

export function memoryCounters(): Counters {
  const counts = new Map<string, { start: number; count: number }>();
  let lastSweep = Date.now();
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [key, entry] of counts) if (now - entry.start > 86_400_000) counts.delete(key);
  };
  return {
    async hit(key, windowSeconds) {
      sweep();
      const start = windowStart(windowSeconds).getTime();
      const id = `${windowSeconds}:${key}`;
      const entry = counts.get(id);
      const count = entry && entry.start === start ? entry.count + 1 : 1;
      counts.set(id, { start, count });
      return { count, resetAt: new Date(start + windowSeconds * 1000) };
    },
    async peek(key, windowSeconds) {
      const entry = counts.get(`${windowSeconds}:${key}`);
      return entry && entry.start === windowStart(windowSeconds).getTime() ? entry.count : 0;
    },
  };
}

export function databaseCounters(database: Database): Counters {
  const { prisma } = database;
  let lastSweep = 0;
  return {
    async hit(key, windowSeconds) {
      const start = windowStart(windowSeconds);
      const id = `${windowSeconds}:${key}`;
      const rows = await prisma.$queryRaw<Array<{ count: number }>>`
        INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${id}, ${start}, 1)
        ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
        RETURNING count`;
      if (Date.now() - lastSweep > 60_000) {
        lastSweep = Date.now();
        void prisma.rateLimitBucket
          .deleteMany({ where: { window_start: { lt: new Date(Date.now() - 86_400_000) } } })
          .catch(() => undefined);
      }
      return { count: Number(rows[0]?.count ?? 1), resetAt: new Date(start.getTime() + windowSeconds * 1000) };
    },
    async peek(key, windowSeconds) {
      const row = await prisma.rateLimitBucket.findUnique({
        where: { key_window_start: { key: `${windowSeconds}:${key}`, window_start: windowStart(windowSeconds) } },
      });
      return row?.count ?? 0;
    },
  };
}

const byDatabase = new WeakMap<Database, Counters>();

export function countersFor(database: Database): Counters {
  let counters = byDatabase.get(database);
  if (!counters) {
    counters = database.kind === "pglite" ? memoryCounters() : databaseCounters(database);
    byDatabase.set(database, counters);
  }
  return counters;
}
