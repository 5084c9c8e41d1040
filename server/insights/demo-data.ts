import type { Db } from "../db/scoped";
import { scopedExecute } from "../db/sql";
import { Prisma } from "../generated/prisma/client";
import { rebuildFunnel } from "./funnel/service";
import { rebuildSalesRollups } from "./sales-rollups";
import type { FunnelEventInput } from "./funnel/schemas";

const DAYS = 180;

/** A small deterministic generator (mulberry32): the same demo every time. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Storefront sessions over the last six months for the demo org, so the dashboard's
 * funnel has history: more on weekdays, growing over time, each session walking the
 * stages with falling odds (some come back the next day to finish).
 */
export async function seedInsightsDemo(db: Db, now = new Date()): Promise<number> {
  const next = random(20_250_301);
  const products = (await db.product.findMany({ select: { id: true }, orderBy: { name: "asc" }, take: 20 })).map((product) => product.id);
  const events: FunnelEventInput[] = [];
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
    const day = new Date(now.getTime() - daysAgo * 86_400_000);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    const sessions = Math.round((weekend ? 6 : 14) + (DAYS - daysAgo) / 15 + next() * 6);
    for (let index = 0; index < sessions; index++) {
      const sessionId = `demo-${daysAgo}-${index}`;
      // Between 08:00 and 20:00 in Brazil (11:00–23:00 UTC), never in the future.
      const start = Math.min(day.getTime() - (day.getTime() % 86_400_000) + (11 + next() * 12) * 3_600_000, now.getTime() - 60_000);
      const at = (minutes: number) => new Date(Math.min(start + minutes * 60_000, now.getTime())).toISOString();
      events.push({ session_id: sessionId, stage: "SESSION", occurred_at: at(0) });
      if (next() > 0.72) continue;
      const product = products.length ? products[Math.floor(next() * products.length)] : undefined;
      events.push({ session_id: sessionId, stage: "PRODUCT", occurred_at: at(2), product_id: product ?? null });
      if (next() > 0.5) continue;
      events.push({ session_id: sessionId, stage: "SHOPPING_CART", occurred_at: at(5), product_id: product ?? null });
      if (next() > 0.55) continue;
      const later = daysAgo > 0 && next() < 0.15 ? 24 * 60 : 8;
      events.push({ session_id: sessionId, stage: "CHECKOUT", occurred_at: at(later) });
      if (next() > 0.6) continue;
      events.push({ session_id: sessionId, stage: "ORDER", occurred_at: at(later + 3) });
    }
  }
  // Written at once and counted by the rebuild (set-based): the same rollups as event by event, faster on a first start.
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO funnel_events (id, organization_id, session_id, stage, occurred_at, product_id)
    SELECT gen_random_uuid(), ${org}, e.session_id, e.stage, e.occurred_at, e.product_id
    FROM unnest(${events.map((event) => event.session_id)}::text[], ${events.map((event) => event.stage)}::text[],
                ${events.map((event) => event.occurred_at ?? now.toISOString())}::timestamptz[], ${events.map((event) => event.product_id ?? null)}::uuid[])
      AS e(session_id, stage, occurred_at, product_id)`,
  );
  await rebuildFunnel(db);
  // The demo sales history (server/sales/demo-data.ts, written before this) is counted set-based too.
  await rebuildSalesRollups(db);
  return events.length;
}
