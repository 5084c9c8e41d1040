import { purgeLoginThrottles } from "./auth/login-throttle";
import { purgeIdempotencyRecords } from "./http/idempotency";
import { failLapsedImports } from "./imports/service";
import { log } from "./log";
import type { Runtime } from "./runtime";

const EVERY_MS = 10 * 60_000;

/** Periodic clean-up: idempotency records past their 24 hours, spent rate-limit windows, quiet sign-in counts. */
export function startHousekeeping(runtime: Runtime): { stop(): void } {
  const { prisma } = runtime.database;
  const run = async () => {
    try {
      const purged = await purgeIdempotencyRecords(prisma);
      const { count } = await prisma.rateLimitBucket.deleteMany({ where: { window_start: { lt: new Date(Date.now() - 86_400_000) } } });
      const throttles = await purgeLoginThrottles(prisma);
      log().debug({ idempotencyRecords: purged, rateLimitBuckets: count, loginThrottles: throttles }, "housekeeping");
    } catch (error) {
      log().warn({ err: error }, "housekeeping failed; retried later");
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  // An import whose instance stopped mid-check or mid-apply ends FAILED once its claim lapses (server/imports/service.ts).
  const imports = setInterval(() => {
    failLapsedImports(prisma).catch((error: unknown) => log().warn({ err: error }, "lapsed imports could not be marked; retried later"));
  }, 15_000);
  imports.unref();
  return {
    stop: () => {
      clearInterval(timer);
      clearInterval(imports);
    },
  };
}
