import { createHash } from "node:crypto";
import type { PrismaClient } from "../generated/prisma/client";

/**
 * Sign-in throttling (contract §2), shared by POST /auth/login and the panel's sign-in:
 *
 * - Every attempt is counted before its password is checked, in one atomic statement a
 *   key, so parallel attempts cannot all slip through before the first failure is
 *   recorded. An attempt refused (429) checks nothing and is not counted.
 * - Per (email, client address): 5 attempts freely, then each further one must wait a
 *   growing delay (1 s, 2 s, 4 s, … up to 15 min) after the one before. Another address
 *   has its own count: an attacker cannot lock the real user out.
 * - Per client address (many emails from one place): 50 attempts freely, then the same
 *   growing delays.
 * - A success clears the (email, address) count; 15 quiet minutes clear any count.
 *
 * The client address is the connection's peer unless TRUST_PROXY names the proxies in
 * front (server/auth/client-address.ts): a caller cannot choose it by sending headers.
 */
const FREE_PER_PAIR = 5;
const FREE_PER_ADDRESS = 50;
const MAX_DELAY_SECONDS = 15 * 60;
const QUIET_MINUTES = 15;

export interface LoginAttempt {
  keys: string[];
}

const keyOf = (text: string) => createHash("sha256").update(text).digest("hex");

/** Claims one attempt on `key`: null when allowed, else the seconds to wait. */
async function claim(prisma: PrismaClient, key: string, free: number): Promise<number | null> {
  const claimed = await prisma.$queryRaw<Array<{ failures: number }>>`
    INSERT INTO login_throttles AS t (key, failures, blocked_until, updated_at)
    VALUES (${key}, 1, now(), now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN t.updated_at < now() - make_interval(mins => ${QUIET_MINUTES}) THEN 1 ELSE t.failures + 1 END,
      blocked_until = now() + make_interval(secs => LEAST(${MAX_DELAY_SECONDS}, CASE
        WHEN t.updated_at < now() - make_interval(mins => ${QUIET_MINUTES}) OR t.failures + 1 <= ${free} THEN 0
        ELSE power(2, t.failures - ${free}) END)),
      updated_at = now()
    WHERE t.blocked_until <= now() OR t.updated_at < now() - make_interval(mins => ${QUIET_MINUTES})
    RETURNING failures`;
  if (claimed.length > 0) return null;
  const rows = await prisma.$queryRaw<Array<{ wait: number }>>`
    SELECT GREATEST(1, CEIL(EXTRACT(EPOCH FROM blocked_until - now())))::int AS wait FROM login_throttles WHERE key = ${key}`;
  return rows[0]?.wait ?? 1;
}

/**
 * Counts an attempt of `email` from `address`; answers the seconds to wait when it may
 * not be checked now (429), else the attempt to settle with `loginSucceeded`.
 */
export async function claimLoginAttempt(
  prisma: PrismaClient,
  email: string,
  address: string,
): Promise<{ retryAfter: number } | LoginAttempt> {
  const pair = keyOf(`pair:${email}|${address}`);
  const place = keyOf(`address:${address}`);
  // A refused attempt checks no password, so it counts on neither key: the address is
  // claimed only once the pair allowed the attempt, and the pair gets its claim back when
  // the address refuses it (it was allowed then, so it may be asked again at once).
  const pairWait = await claim(prisma, pair, FREE_PER_PAIR);
  if (pairWait !== null) return { retryAfter: pairWait };
  const placeWait = await claim(prisma, place, FREE_PER_ADDRESS);
  if (placeWait !== null) {
    await prisma.$executeRaw`UPDATE login_throttles SET failures = GREATEST(failures - 1, 0), blocked_until = now() WHERE key = ${pair}`;
    return { retryAfter: placeWait };
  }
  return { keys: [pair, place] };
}

/** A right password: the (email, address) count starts over, the address gets its attempt back. */
export async function loginSucceeded(prisma: PrismaClient, attempt: LoginAttempt): Promise<void> {
  const [pair, place] = attempt.keys;
  await prisma.$executeRaw`DELETE FROM login_throttles WHERE key = ${pair}`;
  await prisma.$executeRaw`UPDATE login_throttles SET failures = GREATEST(failures - 1, 0) WHERE key = ${place}`;
}

/** Rows of counts gone quiet (housekeeping). */
export async function purgeLoginThrottles(prisma: PrismaClient): Promise<number> {
  return prisma.$executeRaw`DELETE FROM login_throttles WHERE updated_at < now() - interval '1 day'`;
}

/** Forgets every count (an operator's command after a false lock-out; a test run's start). */
export async function forgetLoginThrottles(prisma: PrismaClient): Promise<number> {
  return prisma.$executeRaw`DELETE FROM login_throttles`;
}
