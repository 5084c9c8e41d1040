import { idInput } from "../../crud/crud";
import { pageOf } from "../../lib/paging";
import { readProcedure, router, sellProcedure } from "../../http/trpc";
import { captureSale } from "../capture/service";
import {
  captureInput,
  saleCreated,
  saleDetail,
  saleListInput,
  saleListRecord,
  salePaymentDetail,
  saleWebhookInput,
  saleWrite,
} from "./schemas";
import { queued } from "../../webhooks/schemas";
import { orderScope } from "../../auth/scope";
import { callCreateOrderWebhook, getSale, listSales } from "./service";
import { createSale } from "./write-sale";

const tags = ["Sales"];

export const salesRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sales",
        tags,
        summary: "List sales",
        description:
          "Filters: `partner_id`, `start_date` and `final_date` (on `created_at`; a date covers its whole day), `quotation`. " +
          "`search` matches the partner's name and document and `external_id`. Default order: `id`. `items_quantity` counts item lines.",
        protect: true,
      },
    })
    .input(saleListInput)
    .output(pageOf(saleListRecord))
    .query(async ({ ctx, input }) => listSales(ctx.db, await orderScope(ctx.db, ctx.principal), input)),
  // Before `get`: PUT /sales/capture is not a sale id.
  capture: sellProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/sales/capture",
        tags,
        summary: "Capture a sale's card payment",
        description:
          "Body `{sale_id, payment_id?}`: captures the payment (the sale's first card payment when `payment_id` is absent) through its " +
          "gateway adapter (`manual` built in). 200 with the payment when captured now, 204 when it was already captured, 404 when the " +
          "sale is not found, 400 when it has no such card payment. Concurrent captures of one payment: exactly one 200.",
        protect: true,
      },
      invalidInputStatus: 400,
      alsoSucceeds: [204],
      errors: [400, 404],
    })
    .input(captureInput)
    .output(salePaymentDetail.optional())
    .mutation(async ({ ctx, input }) => {
      const captured = await captureSale(ctx.db, await orderScope(ctx.db, ctx.principal), input);
      if (captured) return captured;
      ctx.response.status = 204;
      return undefined;
    }),
  get: readProcedure
    .meta({ openapi: { method: "GET", path: "/sales/{id}", tags, summary: "Get a sale", protect: true } })
    .input(idInput)
    .output(saleDetail)
    .query(async ({ ctx, input }) => getSale(ctx.db, await orderScope(ctx.db, ctx.principal), input.id)),
  create: sellProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/sales",
        tags,
        summary: "Create a sale",
        description:
          "Checks every total (contract §7: items' `total_value`, `full_value`, `total_value`, payments adding up to `total_value`, within " +
          "0.01) and reference (partner, company, seller, `origin.solution_id`, products, variations, payment methods and their installment " +
          "counts, delivery method, coupons: unknown, inactive, expired or used-up is 400). A sale that is not a quotation also creates its " +
          "order (`origin` SALE) through the same writer as POST /orders (contract §10: its items' stock is reserved, from " +
          "`delivery.warehouse_id` or the default warehouse; short stock is 400 naming the sale's `items.N.quantity` with " +
          "`params.available`, nothing written) and its receivables (one financial record per payment installment, the amount split " +
          "evenly, the last absorbing the rounding; an installment below 0.01 or the method's `minimum_installment_value` is 400 naming " +
          "`payments.N.installments`; the stored payments and receivables add up to the stored total), in one transaction. Emits " +
          "`sale.created`, `order.created` and `financial.created`. Payments may carry `card` data (kept on the receivables, the number " +
          "masked), and `delivery` the address fields (else the partner's default address). A SELLER's sale is its own seller's: absent " +
          "`seller_id` means its own, another seller's is 403, as is a SELLER linked to no seller.",
        protect: true,
      },
      successStatus: 200,
      invalidInputStatus: 400,
    })
    .input(saleWrite)
    .output(saleCreated)
    .mutation(async ({ ctx, input }) => createSale(ctx.db, await orderScope(ctx.db, ctx.principal), input)),
  callCreateOrder: sellProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/sales/{saleId}/call-create-order-webhook",
        tags: ["Sales"],
        summary: "Call the create-order webhook for a sale",
        description: "Queues an order.create-requested event with the sale as data. 400 when no active endpoint listens to it.",
        protect: true,
      },
      successStatus: 202,
      invalidInputStatus: 400,
      errors: [400],
    })
    .input(saleWebhookInput)
    .output(queued)
    .mutation(async ({ ctx, input }) => callCreateOrderWebhook(ctx.db, await orderScope(ctx.db, ctx.principal), input.saleId)),
});
