import { z } from "zod";
import { bulkInput, bulkResult, eachRecord, idInput } from "../crud/crud";
import { pageOf } from "../lib/paging";
import { adminProcedure, router } from "../http/trpc";
import {
  deliveryListInput,
  queued,
  redeliverInput,
  webhook,
  webhookCreate,
  webhookCreated,
  webhookDelivery,
  webhookListInput,
  webhookUpdate,
} from "./schemas";
import {
  createWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  removeWebhook,
  sendTestEvent,
  setWebhookActive,
  updateWebhook,
} from "./service";

const tags = ["Webhooks"];

export const webhooksRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/webhooks", tags, summary: "List webhook endpoints", protect: true } })
    .input(webhookListInput)
    .output(pageOf(webhook))
    .query(({ ctx, input }) => listWebhooks(ctx.db, input)),
  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/webhooks/{id}", tags, summary: "Get a webhook endpoint", protect: true } })
    .input(idInput)
    .output(webhook)
    .query(({ ctx, input }) => getWebhook(ctx.db, input.id)),
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/webhooks",
        tags,
        summary: "Create a webhook endpoint",
        description:
          "Answers the signing secret once. URLs resolving to loopback, private or link-local addresses are 422 unless WEBHOOK_ALLOW_PRIVATE=true.",
        protect: true,
      },
      successStatus: 201,
      oneTimeSecret: true,
    })
    .input(webhookCreate)
    .output(webhookCreated)
    .mutation(({ ctx, input }) => createWebhook(ctx.db, input)),
  update: adminProcedure
    .meta({
      openapi: { method: "PUT", path: "/webhooks/{id}", tags, summary: "Change a webhook endpoint (the fields sent)", protect: true },
    })
    .input(webhookUpdate)
    .output(webhook)
    .mutation(({ ctx, input }) => updateWebhook(ctx.db, input)),
  remove: adminProcedure
    .meta({
      openapi: { method: "DELETE", path: "/webhooks/{id}", tags, summary: "Delete a webhook endpoint and its deliveries", protect: true },
      successStatus: 204,
    })
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => removeWebhook(ctx.db, input.id)),
  /** The panel's bulk actions (tRPC only), in one transaction; a missing endpoint is reported in `failures`. */
  bulkSetActive: adminProcedure
    .input(bulkInput.extend({ active: z.boolean() }))
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => setWebhookActive(ctx.db, id, input.active))),
  bulkRemove: adminProcedure
    .input(bulkInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => removeWebhook(ctx.db, id))),
  deliveries: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/webhooks/{id}/deliveries",
        tags,
        summary: "List an endpoint's deliveries with their attempts (newest first)",
        protect: true,
      },
    })
    .input(deliveryListInput)
    .output(pageOf(webhookDelivery))
    .query(({ ctx, input }) => listDeliveries(ctx.db, input)),
  redeliver: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/webhooks/{id}/deliveries/{delivery_id}/redeliver",
        tags,
        summary: "Send a delivery again",
        protect: true,
      },
      successStatus: 202,
    })
    .input(redeliverInput)
    .output(webhookDelivery)
    .mutation(({ ctx, input }) => redeliver(ctx.db, input.id, input.delivery_id)),
  test: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/webhooks/{id}/test", tags, summary: "Send a webhook.test event to this endpoint", protect: true },
      successStatus: 202,
    })
    .input(idInput)
    .output(queued)
    .mutation(({ ctx, input }) => sendTestEvent(ctx.db, input.id)),
});
