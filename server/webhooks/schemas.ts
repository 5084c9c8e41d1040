import { z } from "zod";
import { pagingInput, queryBoolean } from "../lib/paging";
import { attributes } from "../lib/schemas";
import { webhookEventTypes } from "./events";

export { webhookEventTypes };

export const webhookEventType = z.enum(webhookEventTypes, { message: `must be one of: ${webhookEventTypes.join(", ")}` });

/** The message key of an event type's label ("order.status-changed" → "order_status_changed"). */
export const eventKey = (type: string) => type.replace(/[.-]/g, "_");

/** The event a "send test event" delivers (only to the endpoint it was asked for). */
export const TEST_EVENT_TYPE = "webhook.test";

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/** An absolute http or https URL; where it points is checked by the service (SSRF rules, server/webhooks/address.ts). */
const url = z
  .string()
  .trim()
  .min(1, "is required")
  .max(2000, "must be at most 2000 characters")
  .refine((value) => value === "" || isHttpUrl(value), "must be an http or https URL")
  .meta({ override: { format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#@]+([/?#][^\\s]*)?$" } });
const events = z
  .array(webhookEventType)
  .min(1, "needs at least one value")
  .max(webhookEventTypes.length)
  .refine((list) => new Set(list).size === list.length, "is repeated")
  .meta({ override: { uniqueItems: true } });

export const webhookCreate = z.object({
  url,
  events,
  active: z.boolean().default(true),
  attributes: attributes.default({}),
});
export type WebhookCreate = z.output<typeof webhookCreate>;

/** A PUT changes the fields it sends (the secret never: it is made by the create). */
export const webhookChanges = z.object({
  url: url.optional(),
  events: events.optional(),
  active: z.boolean().optional(),
  attributes: attributes.optional(),
});
export type WebhookChanges = z.output<typeof webhookChanges>;
export const webhookUpdate = webhookChanges.extend({ id: z.string() });
export type WebhookUpdate = z.output<typeof webhookUpdate>;

export const WEBHOOK_SORT = ["id", "url", "active", "created_at", "updated_at"] as const;

export const webhookListInput = pagingInput(WEBHOOK_SORT).extend({
  active: queryBoolean.optional(),
  event: webhookEventType.optional(),
});
export type WebhookListInput = z.output<typeof webhookListInput>;

export const webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.output<typeof webhook>;

/** The create answer: the only time the secret (the HMAC key of X-Signature, as is) is shown. */
export const webhookCreated = webhook.extend({ secret: z.string() });

export const deliveryStatuses = ["PENDING", "SUCCEEDED", "FAILED"] as const;
export const deliveryStatus = z.enum(deliveryStatuses, { message: `must be one of: ${deliveryStatuses.join(", ")}` });

export const webhookAttempt = z.object({
  id: z.string(),
  attempted_at: z.string(),
  /** The receiver's HTTP status; null when no answer came (refused, unreachable, timed out). */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  response_excerpt: z.string().nullable(),
});

export const webhookDelivery = z.object({
  id: z.string(),
  webhook_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: deliveryStatus,
  /** Attempts of the current round (a redelivery starts a new round; `attempts` lists them all). */
  attempt_count: z.number().int(),
  /** When it is tried next (PENDING only). */
  next_attempt_at: z.string().nullable(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  /** The body sent: `{id, type, created_at, organization_id, data}`. */
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.output<typeof webhookDelivery>;

export const DELIVERY_SORT = ["id", "created_at", "updated_at", "event_type", "status", "next_attempt_at"] as const;

export const deliveryListInput = pagingInput(DELIVERY_SORT).extend({
  id: z.string(),
  status: deliveryStatus.optional(),
  event_type: z.string().max(100).optional(),
});
export type DeliveryListInput = z.output<typeof deliveryListInput>;

export const redeliverInput = z.object({ id: z.string(), delivery_id: z.string() });

/** What was queued: one delivery per active endpoint that listens to the event. */
export const queued = z.object({ event_id: z.string(), deliveries: z.number().int() });
