// No imports: the panel's bundle reads this list too (server/webhooks/schemas.ts).

/** Event types (contract §7 "Webhook events"). */
export const webhookEventTypes = [
  "sale.created",
  "order.created",
  "order.updated",
  "order.status-changed",
  /** Contract §11: an order put on hold, and the decision on its holds. */
  "order.held",
  "order.approved",
  "order.rejected",
  "order.create-requested",
  "financial.created",
  "financial.paid",
  "stock.low",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return webhookEventTypes.some((type) => type === value);
}
