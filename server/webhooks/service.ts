import { randomBytes } from "node:crypto";
import { recordAudit } from "../audit/service";
import type { Db } from "../db/scoped";
import { afterCommit } from "../db/transaction";
import { env } from "../env";
import { AppError } from "../errors";
import type {
  Prisma,
  Webhook as WebhookRow,
  WebhookAttempt as AttemptRow,
  WebhookDelivery as DeliveryRow,
} from "../generated/prisma/client";
import { encrypt } from "../lib/encryption";
import { isUuid } from "../lib/ids";
import { paginate, sortByColumns } from "../lib/paging";
import { searchText } from "../lib/search";
import { checkEndpointUrl, type Resolver } from "./address";
import { enqueueEvent } from "./outbox";
import {
  DELIVERY_SORT,
  TEST_EVENT_TYPE,
  WEBHOOK_SORT,
  type DeliveryListInput,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookListInput,
  type WebhookUpdate,
} from "./schemas";
import { wakeDispatchers } from "./wake";

function isJsonObject(value: Prisma.JsonValue): value is Prisma.JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    attributes: isJsonObject(row.attributes) ? row.attributes : {},
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toDelivery(row: DeliveryRow & { attempts_log: AttemptRow[] }): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.state,
    attempt_count: row.attempts,
    next_attempt_at: row.state === "PENDING" ? row.next_attempt_at.toISOString() : null,
    last_status: row.last_status,
    last_error: row.last_error,
    delivered_at: row.delivered_at?.toISOString() ?? null,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    payload: isJsonObject(row.payload) ? row.payload : {},
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    attempts: row.attempts_log.map((attempt) => ({
      id: attempt.id,
      attempted_at: attempt.attempted_at.toISOString(),
      status_code: attempt.status_code,
      error: attempt.error,
      duration_ms: attempt.duration_ms,
      response_excerpt: attempt.response_excerpt,
    })),
  };
}

/** A new signing secret: the HMAC key, exactly as the create answers it. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** Where the SSRF check resolves host names (tests put their own resolver here). */
export interface UrlPolicy {
  allowPrivate: boolean;
  resolve?: Resolver;
}

const defaultPolicy = (): UrlPolicy => ({ allowPrivate: env().WEBHOOK_ALLOW_PRIVATE });

async function checkUrl(url: string, policy: UrlPolicy): Promise<void> {
  const reason = await checkEndpointUrl(url, policy);
  if (reason) throw AppError.invalid("url", reason, "url_refused");
}

async function findWebhook(db: Db, id: string): Promise<WebhookRow> {
  const row = isUuid(id) ? await db.webhook.findUnique({ where: { id } }) : null;
  if (!row) throw AppError.notFound("Webhook");
  return row;
}

export function listWebhooks(db: Db, input: WebhookListInput) {
  return paginate(db.webhook, input, {
    where: {
      ...(input.active === undefined ? {} : { active: input.active }),
      ...(input.event ? { events: { has: input.event } } : {}),
    },
    sortable: sortByColumns(WEBHOOK_SORT),
    defaultSort: "created_at",
    searchable: true,
    toItem: toWebhook,
  });
}

export async function getWebhook(db: Db, id: string): Promise<Webhook> {
  return toWebhook(await findWebhook(db, id));
}

export async function createWebhook(db: Db, input: WebhookCreate, policy: UrlPolicy = defaultPolicy()) {
  await checkUrl(input.url, policy);
  const secret = newSecret();
  const row = await db.webhook.create({
    data: {
      organization_id: db.$organizationId,
      url: input.url,
      events: input.events,
      active: input.active,
      attributes: input.attributes as Prisma.InputJsonObject,
      secret_encrypted: encrypt(secret),
      search_text: searchText([input.url]),
    },
  });
  const created = toWebhook(row);
  await recordAudit(db, { action: "create", entity: "webhook", entityId: row.id, label: row.url, after: created });
  return { ...created, secret };
}

export async function updateWebhook(db: Db, input: WebhookUpdate, policy: UrlPolicy = defaultPolicy()): Promise<Webhook> {
  const before = await findWebhook(db, input.id);
  if (input.url !== undefined && input.url !== before.url) await checkUrl(input.url, policy);
  const row = await db.webhook.update({
    where: { id: before.id },
    data: {
      ...(input.url !== undefined ? { url: input.url, search_text: searchText([input.url]) } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.attributes !== undefined ? { attributes: input.attributes as Prisma.InputJsonObject } : {}),
    },
  });
  const after = toWebhook(row);
  await recordAudit(db, { action: "update", entity: "webhook", entityId: row.id, label: row.url, before: toWebhook(before), after });
  return after;
}

/** Enables or disables an endpoint (the panel's row and bulk actions); an unchanged one records nothing. */
export async function setWebhookActive(db: Db, id: string, active: boolean): Promise<void> {
  const before = await findWebhook(db, id);
  if (before.active === active) return;
  const row = await db.webhook.update({ where: { id: before.id }, data: { active } });
  await recordAudit(db, {
    action: "update",
    entity: "webhook",
    entityId: row.id,
    label: row.url,
    before: toWebhook(before),
    after: toWebhook(row),
  });
}

/** Removes an endpoint with its deliveries and their attempts. */
export async function removeWebhook(db: Db, id: string): Promise<void> {
  const row = await findWebhook(db, id);
  await db.webhook.delete({ where: { id: row.id } });
  await recordAudit(db, { action: "delete", entity: "webhook", entityId: row.id, label: row.url, before: toWebhook(row) });
}

const withAttempts = { attempts_log: { orderBy: { attempted_at: "asc" } } } as const;

export async function listDeliveries(db: Db, input: DeliveryListInput) {
  const webhook = await findWebhook(db, input.id);
  const sortable = {
    ...sortByColumns(DELIVERY_SORT.filter((field) => field !== "status")),
    status: (dir: "asc" | "desc") => ({ state: dir }),
    // The default (not a `sort` a client can name): newest first.
    newest: () => ({ created_at: "desc" }),
  };
  const page = await paginate(db.webhookDelivery, input, {
    where: {
      webhook_id: webhook.id,
      ...(input.status ? { state: input.status } : {}),
      ...(input.event_type ? { event_type: input.event_type } : {}),
    },
    sortable,
    defaultSort: "newest",
    toItem: (row: DeliveryRow) => row,
  });
  const attempts = await db.webhookAttempt.findMany({
    where: { delivery_id: { in: page.items.map((row) => row.id) } },
    orderBy: { attempted_at: "asc" },
  });
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const attempt of attempts) byDelivery.set(attempt.delivery_id, [...(byDelivery.get(attempt.delivery_id) ?? []), attempt]);
  return { ...page, items: page.items.map((row) => toDelivery({ ...row, attempts_log: byDelivery.get(row.id) ?? [] })) };
}

/**
 * Sends a delivery again (202): it is due at once and starts a new round of retries; its
 * earlier attempts stay listed. A delivery being sent right now is sent once more.
 */
export async function redeliver(db: Db, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  const webhook = await findWebhook(db, webhookId);
  const found = isUuid(deliveryId) ? await db.webhookDelivery.findFirst({ where: { id: deliveryId, webhook_id: webhook.id } }) : null;
  if (!found) throw AppError.notFound("Delivery");
  if (!webhook.active) throw new AppError("inactive", "The endpoint is inactive: activate it to redeliver");
  const row = await db.webhookDelivery.update({
    where: { id: found.id },
    data: { state: "PENDING", attempts: 0, next_attempt_at: new Date(), claim_token: null, last_error: null, last_status: null },
    include: withAttempts,
  });
  await recordAudit(db, {
    action: "redeliver",
    entity: "webhook",
    entityId: webhook.id,
    label: webhook.url,
    after: { delivery_id: row.id, event_type: row.event_type },
  });
  afterCommit(db, wakeDispatchers);
  return toDelivery(row);
}

/** Queues a `webhook.test` event for this endpoint only (the panel's "send test event"). */
export async function sendTestEvent(db: Db, id: string) {
  const webhook = await findWebhook(db, id);
  if (!webhook.active) throw new AppError("inactive", "The endpoint is inactive: activate it to send a test event");
  const { eventId, deliveries } = await enqueueEvent(
    db,
    { type: TEST_EVENT_TYPE, data: { webhook_id: webhook.id, message: "A test event sent from the back office" } },
    { webhookId: webhook.id },
  );
  return { event_id: eventId, deliveries };
}
