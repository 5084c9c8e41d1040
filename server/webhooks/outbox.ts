import { randomUUID } from "node:crypto";
import type { Db } from "../db/scoped";
import { afterCommit, inTransaction } from "../db/transaction";
import type { Prisma } from "../generated/prisma/client";
import type { WebhookEventType } from "./events";
import { wakeDispatchers } from "./wake";

export { webhookEventTypes, type WebhookEventType } from "./events";

export interface WebhookEvent {
  type: WebhookEventType;
  /** The resource as its REST detail answers it (already serialized to JSON values). */
  data: Prisma.InputJsonValue;
  /** What the event is about, so a final failure can be reported on it (a sale's webhook_error). */
  subject?: { type: "sale" | "order" | "financial" | "stock"; id: string };
}

/**
 * The outbox (contract §5 Webhooks): one delivery row per active endpoint of the org that
 * listens to the event, written with `db` — inside the transaction of the change that caused
 * the event, so an event exists exactly when its change committed. The dispatcher sends them
 * (server/webhooks/dispatcher.ts), woken as soon as the transaction commits.
 * Answers how many deliveries were queued.
 */
export async function emitEvent(db: Db, event: WebhookEvent): Promise<number> {
  return (await enqueueEvent(db, event)).deliveries;
}

/**
 * `emitEvent` for several events of one change (a sale, its receivables), in one statement:
 * every delivery row of every listening endpoint, in the order of `events`. Answers how many
 * deliveries were queued.
 */
export async function emitEvents(db: Db, events: readonly WebhookEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const endpoints = await activeEndpoints(db);
  const rows = events.flatMap((event) =>
    deliveriesOf(
      db,
      event,
      randomUUID(),
      endpoints.filter((endpoint) => endpoint.events.includes(event.type)),
    ),
  );
  return queue(db, rows);
}

/** The delivery rows of one event (`id`), one per endpoint: the payload every endpoint gets. */
function deliveriesOf(db: Db, event: Omit<WebhookEvent, "type"> & { type: string }, id: string, endpoints: ReadonlyArray<{ id: string }>) {
  const payload = { id, type: event.type, created_at: new Date().toISOString(), organization_id: db.$organizationId, data: event.data };
  return endpoints.map((endpoint) => ({
    organization_id: db.$organizationId,
    webhook_id: endpoint.id,
    event_id: id,
    event_type: event.type,
    payload,
    subject_type: event.subject?.type ?? null,
    subject_id: event.subject?.id ?? null,
  }));
}

/** Writes delivery rows and wakes the dispatchers once the transaction commits; answers how many. */
async function queue(db: Db, rows: ReturnType<typeof deliveriesOf>): Promise<number> {
  if (rows.length === 0) return 0;
  await db.webhookDelivery.createMany({ data: rows });
  afterCommit(db, wakeDispatchers);
  return rows.length;
}

/** The org's active endpoints and what they listen to. */
type Listeners = Array<{ id: string; events: string[] }>;
/** Read once per transaction: a write that emits several events (a sale: sale, order, each receivable) looks them up once. */
const listenersOf = new WeakMap<object, Promise<Listeners>>();

function activeEndpoints(db: Db): Promise<Listeners> {
  const read = () => db.webhook.findMany({ where: { active: true }, select: { id: true, events: true } });
  if (!inTransaction(db)) return read();
  let listeners = listenersOf.get(db);
  if (!listeners) listenersOf.set(db, (listeners = read()));
  return listeners;
}

/**
 * `emitEvent` answering the event's id too; `only` limits it to one endpoint, which gets
 * the event whatever it listens to (the panel's "send test event").
 */
export async function enqueueEvent(
  db: Db,
  event: Omit<WebhookEvent, "type"> & { type: string },
  only?: { webhookId: string },
): Promise<{ eventId: string; deliveries: number }> {
  const id = randomUUID();
  const endpoints = only
    ? await db.webhook.findMany({ where: { id: only.webhookId }, select: { id: true } })
    : (await activeEndpoints(db)).filter((endpoint) => endpoint.events.includes(event.type));
  return { eventId: id, deliveries: await queue(db, deliveriesOf(db, event, id, endpoints)) };
}

/** A record's REST detail as an event's `data` (plain JSON: dates as strings, decimals as numbers). */
export function eventData(detail: object): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(detail)) as Prisma.InputJsonValue;
}
