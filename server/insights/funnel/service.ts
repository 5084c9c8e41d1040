import type { Db } from "../../db/scoped";
import { scopedExecute, scopedQuery } from "../../db/sql";
import { AppError, type FieldError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { money, roundMoney, toJsonNumber } from "../../lib/money";
import { addDays, BUSINESS_TIME_ZONE as BUSINESS_ZONE, daysBetween, dayOf, today, type Period } from "../../lib/calendar";
import type { FunnelEventInput, FunnelQuery, SalesFunnel } from "./schemas";

/**
 * The sales funnel (contract §5): events are stored as they come, and in the same
 * transaction the rollups that answer GET /sales-funnel for any period in a few rows:
 *
 * - `funnel_session_days`: the days a session had an event of a stage (and of any stage:
 *   "ANY");
 * - `funnel_stage_days`: per (stage, day, previous active day of the session for that
 *   stage) the number of session-days. A session active in [S, E] has exactly one active
 *   day in [S, E] whose previous active day is before S (its first in the period), so the
 *   distinct sessions of a period are `sum(sessions) where day in [S, E] and previous_day
 *   < S`: exact, and summed from rows that stay few (most sessions live one day), where
 *   daily distinct counts could not be added up.
 *
 * An event that lands between two active days of its session (sent late) moves the
 * later day's "previous" to it; the arithmetic below does that for a whole batch at once.
 * Each session's row in `funnel_sessions` is locked first, in one order, so concurrent
 * requests about one session count it in turn.
 */

/** previous_day of a session's first active day of a stage. */
export const NO_PREVIOUS_DAY = "0001-01-01";
/** The rollup stage of "any event": the funnel's `sessions`. */
export const ANY_STAGE = "ANY";
/** The stages the funnel answers (SESSION events count only as sessions). */
const COUNTED_STAGES = ["PRODUCT", "SHOPPING_CART", "CHECKOUT", "ORDER"] as const;

/** Events may be dated this far ahead of the server's clock (clients' clocks drift). */
const FUTURE_TOLERANCE_MS = 60 * 60_000;
const EARLIEST = Date.parse("2000-01-01T00:00:00Z");

interface SessionDay {
  session: string;
  stage: string;
  day: string;
}

const keyOf = (parts: readonly string[]) => parts.join("\u0000");

/** The (day, previous day) pairs of a session's sorted active days. */
function contributions(days: readonly string[]): Array<[string, string]> {
  return days.map((day, index) => [day, index === 0 ? NO_PREVIOUS_DAY : (days[index - 1] as string)]);
}

/**
 * Stores the events and updates the funnel's rollups, in the caller's transaction.
 * Answers how many were accepted. Bad items are 422 naming their index, or only the
 * field when the body was a `single` event (contract §9).
 */
export async function recordFunnelEvents(
  db: Db,
  events: FunnelEventInput[],
  options: { single?: boolean; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const at = (index: number, field: string) => (options.single ? field : `${index}.${field}`);
  const errors: FieldError[] = [];
  const rows = events.map((event, index) => {
    const occurredAt = event.occurred_at ? new Date(event.occurred_at) : now;
    if (occurredAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
      errors.push({ path: at(index, "occurred_at"), message: "must not be in the future", code: "in_the_future" });
    } else if (occurredAt.getTime() < EARLIEST) {
      errors.push({ path: at(index, "occurred_at"), message: "must not be before 2000", code: "too_small" });
    }
    return {
      index,
      session: event.session_id,
      stage: event.stage,
      occurredAt,
      productId: event.product_id ?? null,
      day: dayOf(occurredAt),
    };
  });
  const productIds = [...new Set(rows.flatMap((row) => (row.productId ? [row.productId] : [])))];
  if (productIds.length) {
    const found = new Set(
      (await db.product.findMany({ where: { id: { in: productIds } }, select: { id: true } })).map((product) => product.id),
    );
    for (const row of rows) {
      if (row.productId && !found.has(row.productId)) {
        errors.push({ path: at(row.index, "product_id"), message: "is not a product of this organization", code: "not_found_reference" });
      }
    }
  }
  if (errors.length) {
    errors.sort((a, b) => a.path.localeCompare(b.path, "en", { numeric: true }));
    throw new AppError("validation_failed", `${errors.length} event(s) are not valid`, { errors });
  }

  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO funnel_events (id, organization_id, session_id, stage, occurred_at, product_id)
    SELECT gen_random_uuid(), ${org}, e.session_id, e.stage, e.occurred_at, e.product_id
    FROM unnest(${rows.map((row) => row.session)}::text[], ${rows.map((row) => row.stage)}::text[],
                ${rows.map((row) => row.occurredAt.toISOString())}::timestamptz[], ${rows.map((row) => row.productId)}::uuid[])
      AS e(session_id, stage, occurred_at, product_id)`,
  );

  // 1. Lock each session (sorted: one lock order for every request).
  const sessions = new Map<string, { first: Date; last: Date; count: number }>();
  for (const row of rows) {
    const seen = sessions.get(row.session);
    if (!seen) sessions.set(row.session, { first: row.occurredAt, last: row.occurredAt, count: 1 });
    else {
      if (row.occurredAt < seen.first) seen.first = row.occurredAt;
      if (row.occurredAt > seen.last) seen.last = row.occurredAt;
      seen.count++;
    }
  }
  const sessionIds = [...sessions.keys()].sort();
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO funnel_sessions (organization_id, session_id, first_event_at, last_event_at, events)
    SELECT ${org}, s.id, s.first_at, s.last_at, s.n
    FROM unnest(${sessionIds}::text[], ${sessionIds.map((id) => sessions.get(id)?.first.toISOString())}::timestamptz[],
                ${sessionIds.map((id) => sessions.get(id)?.last.toISOString())}::timestamptz[],
                ${sessionIds.map((id) => sessions.get(id)?.count)}::int[]) AS s(id, first_at, last_at, n)
    ORDER BY s.id
    ON CONFLICT (organization_id, session_id) DO UPDATE SET
      first_event_at = LEAST(funnel_sessions.first_event_at, excluded.first_event_at),
      last_event_at = GREATEST(funnel_sessions.last_event_at, excluded.last_event_at),
      events = funnel_sessions.events + excluded.events`,
  );

  // 2. The session-days these events add (most are already known).
  const wanted = new Map<string, SessionDay>();
  for (const row of rows) {
    for (const stage of row.stage === "SESSION" ? [ANY_STAGE] : [ANY_STAGE, row.stage]) {
      wanted.set(keyOf([row.session, stage, row.day]), { session: row.session, stage, day: row.day });
    }
  }
  const candidates = [...wanted.values()];
  const added = await scopedQuery<{ session_id: string; stage: string; day: Date }>(
    db,
    (org) => Prisma.sql`
    INSERT INTO funnel_session_days (organization_id, session_id, stage, day)
    SELECT ${org}, c.session_id, c.stage, c.day
    FROM unnest(${candidates.map((c) => c.session)}::text[], ${candidates.map((c) => c.stage)}::text[], ${candidates.map((c) => c.day)}::date[])
      AS c(session_id, stage, day)
    ON CONFLICT DO NOTHING
    RETURNING session_id, stage, day`,
  );
  if (added.length === 0) return rows.length;

  // 3. The active days of every (session, stage) that gained one, before and after.
  const newDays = new Set(added.map((row) => keyOf([row.session_id, row.stage, row.day.toISOString().slice(0, 10)])));
  const pairs = [...new Map(added.map((row) => [keyOf([row.session_id, row.stage]), row])).values()];
  const known = await scopedQuery<{ session_id: string; stage: string; day: Date }>(
    db,
    (org) => Prisma.sql`
    SELECT d.session_id, d.stage, d.day FROM funnel_session_days d
    JOIN unnest(${pairs.map((p) => p.session_id)}::text[], ${pairs.map((p) => p.stage)}::text[]) AS p(session_id, stage)
      ON d.session_id = p.session_id AND d.stage = p.stage
    WHERE d.organization_id = ${org}
    ORDER BY d.session_id, d.stage, d.day`,
  );
  const daysByPair = new Map<string, string[]>();
  for (const row of known) {
    const pair = keyOf([row.session_id, row.stage]);
    const list = daysByPair.get(pair) ?? [];
    list.push(row.day.toISOString().slice(0, 10));
    daysByPair.set(pair, list);
  }

  // 4. What changes in funnel_stage_days: the contributions after minus before.
  const deltas = new Map<string, { stage: string; day: string; previous: string; delta: number }>();
  const bump = (stage: string, day: string, previous: string, delta: number) => {
    const key = keyOf([stage, day, previous]);
    const entry = deltas.get(key) ?? { stage, day, previous, delta: 0 };
    entry.delta += delta;
    deltas.set(key, entry);
  };
  for (const [pair, days] of daysByPair) {
    const [session, stage] = pair.split("\u0000") as [string, string];
    const before = days.filter((day) => !newDays.has(keyOf([session, stage, day])));
    for (const [day, previous] of contributions(days)) bump(stage, day, previous, 1);
    for (const [day, previous] of contributions(before)) bump(stage, day, previous, -1);
  }
  const changes = [...deltas.values()].filter((entry) => entry.delta !== 0);
  changes.sort((a, b) => keyOf([a.stage, a.day, a.previous]).localeCompare(keyOf([b.stage, b.day, b.previous])));
  if (changes.length) {
    await scopedExecute(
      db,
      (org) => Prisma.sql`
      INSERT INTO funnel_stage_days (organization_id, stage, day, previous_day, sessions)
      SELECT ${org}, c.stage, c.day, c.previous_day, c.delta
      FROM unnest(${changes.map((c) => c.stage)}::text[], ${changes.map((c) => c.day)}::date[],
                  ${changes.map((c) => c.previous)}::date[], ${changes.map((c) => c.delta)}::int[]) AS c(stage, day, previous_day, delta)
      ORDER BY c.stage, c.day, c.previous_day
      ON CONFLICT (organization_id, stage, day, previous_day) DO UPDATE SET sessions = funnel_stage_days.sessions + excluded.sessions`,
    );
  }
  return rows.length;
}

/** Distinct sessions per rollup stage ("ANY" and the counted stages) in a period. */
export async function sessionsByStage(db: Db, period: Period): Promise<Record<string, number>> {
  const rows = await scopedQuery<{ stage: string; sessions: number }>(
    db,
    (org) => Prisma.sql`
    SELECT stage, sum(sessions)::int AS sessions FROM funnel_stage_days
    WHERE organization_id = ${org} AND day BETWEEN ${period.start}::date AND ${period.final}::date AND previous_day < ${period.start}::date
    GROUP BY stage`,
  );
  return Object.fromEntries(rows.map((row) => [row.stage, Number(row.sessions)]));
}

/** The two periods of GET /sales-funnel: given, or the last 30 days and the 30 (as many) before. */
export function funnelPeriods(query: FunnelQuery, now = today()): { current: Period; before: Period } {
  const final = query.period_final_date ?? now;
  const start = query.period_start_date ?? addDays(final, -29);
  if (start > final) throw AppError.invalid("period_start_date", "must not be after period_final_date");
  const beforeFinal = query.period_before_final_date ?? addDays(start, -1);
  const beforeStart = query.period_before_start_date ?? addDays(beforeFinal, -daysBetween(start, final));
  if (beforeStart > beforeFinal) throw AppError.invalid("period_before_start_date", "must not be after period_before_final_date");
  return { current: { start, final }, before: { start: beforeStart, final: beforeFinal } };
}

/** `part` of `whole` in percent, rounded half-even to 2 places (0 when the whole is 0). */
export function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : (toJsonNumber(roundMoney(money(part).times(100).dividedBy(whole))) ?? 0);
}

/** The relative change from `before` to `now` in percent, rounded (0 when before is 0). */
export function change(now: number, before: number): number {
  return before === 0
    ? 0
    : (toJsonNumber(
        roundMoney(
          money(now - before)
            .times(100)
            .dividedBy(before),
        ),
      ) ?? 0);
}

const FIELD_OF_STAGE: Record<(typeof COUNTED_STAGES)[number], keyof Omit<SalesFunnel, "sessions">> = {
  PRODUCT: "product",
  SHOPPING_CART: "shopping_cart",
  CHECKOUT: "checkout",
  ORDER: "order",
};

/** The funnel of `current` against `before` (contract §5). */
export function funnelOf(current: Record<string, number>, before: Record<string, number>): SalesFunnel {
  const sessions = current[ANY_STAGE] ?? 0;
  const funnel = { sessions: { quantity: sessions, percentage: 100 } } as SalesFunnel;
  for (const stage of COUNTED_STAGES) {
    const quantity = current[stage] ?? 0;
    funnel[FIELD_OF_STAGE[stage]] = {
      quantity,
      percentage: percentage(quantity, sessions),
      increased_percentage: change(quantity, before[stage] ?? 0),
    };
  }
  return funnel;
}

/** GET /sales-funnel. */
export async function getSalesFunnel(db: Db, query: FunnelQuery): Promise<SalesFunnel> {
  const periods = funnelPeriods(query);
  const [current, before] = await Promise.all([sessionsByStage(db, periods.current), sessionsByStage(db, periods.before)]);
  return funnelOf(current, before);
}

/** Recomputes the funnel's rollups of the org from its stored events (set-based SQL). */
export async function rebuildFunnel(db: Db): Promise<void> {
  await scopedExecute(db, (org) => Prisma.sql`DELETE FROM funnel_stage_days WHERE organization_id = ${org}`);
  await scopedExecute(db, (org) => Prisma.sql`DELETE FROM funnel_session_days WHERE organization_id = ${org}`);
  await scopedExecute(db, (org) => Prisma.sql`DELETE FROM funnel_sessions WHERE organization_id = ${org}`);
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO funnel_sessions (organization_id, session_id, first_event_at, last_event_at, events)
    SELECT organization_id, session_id, min(occurred_at), max(occurred_at), count(*)::int
    FROM funnel_events WHERE organization_id = ${org} GROUP BY organization_id, session_id`,
  );
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO funnel_session_days (organization_id, session_id, stage, day)
    SELECT DISTINCT organization_id, session_id, s.stage, (occurred_at AT TIME ZONE ${BUSINESS_ZONE})::date
    FROM funnel_events e
    CROSS JOIN LATERAL (VALUES (${ANY_STAGE}), (CASE WHEN e.stage = 'SESSION' THEN NULL ELSE e.stage END)) AS s(stage)
    WHERE e.organization_id = ${org} AND s.stage IS NOT NULL`,
  );
  await scopedExecute(
    db,
    (org) => Prisma.sql`
    INSERT INTO funnel_stage_days (organization_id, stage, day, previous_day, sessions)
    SELECT organization_id, stage, day, previous_day, count(*)::int FROM (
      SELECT organization_id, stage, day,
             coalesce(lag(day) OVER (PARTITION BY session_id, stage ORDER BY day), ${NO_PREVIOUS_DAY}::date) AS previous_day
      FROM funnel_session_days WHERE organization_id = ${org}) d
    GROUP BY organization_id, stage, day, previous_day`,
  );
}
