import { z } from "zod";
import { pageOf } from "../../lib/paging";
import { readProcedure, router, sellProcedure } from "../../http/trpc";
import { orderScope } from "../../auth/scope";
import { orderPayment, orderPaymentCreate, orderPaymentListInput, orderPaymentPath, orderPaymentUpdate } from "./schemas";
import { createOrderPayment, getOrderPayment, listOrderPayments, removeOrderPayment, updateOrderPayment } from "./service";

const tags = ["Order payments"];
const byId = orderPaymentPath.extend({ id: z.string() });
const rules =
  "404 when the order is not the organization's (or, for a SELLER, not their seller's). The payment method must exist (422), " +
  "`amount` > 0, `installments` between 1 and the method's installment count (1 when it has none). An order in a final status: 409.";

export const orderPaymentsRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders/{order_id}/payments",
        tags,
        summary: "List an order's payments",
        description: rules,
        protect: true,
      },
    })
    .input(orderPaymentListInput)
    .output(pageOf(orderPayment))
    .query(async ({ ctx, input }) => listOrderPayments(ctx.db, await orderScope(ctx.db, ctx.principal), input)),
  get: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders/{order_id}/payments/{id}",
        tags,
        summary: "Get an order payment",
        protect: true,
      },
    })
    .input(byId)
    .output(orderPayment)
    .query(async ({ ctx, input }) => getOrderPayment(ctx.db, await orderScope(ctx.db, ctx.principal), input.order_id, input.id)),
  create: sellProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orders/{order_id}/payments",
        tags,
        summary: "Add a payment to an order",
        description: rules,
        protect: true,
      },
      successStatus: 201,
    })
    .input(orderPaymentCreate.extend(orderPaymentPath.shape))
    .output(orderPayment)
    .mutation(async ({ ctx, input: { order_id, ...body } }) =>
      createOrderPayment(ctx.db, await orderScope(ctx.db, ctx.principal), order_id, body),
    ),
  update: sellProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/orders/{order_id}/payments/{id}",
        tags,
        summary: "Update an order payment",
        description: rules,
        protect: true,
      },
    })
    .input(orderPaymentUpdate.extend(byId.shape))
    .output(orderPayment)
    .mutation(async ({ ctx, input: { order_id, id, ...body } }) =>
      updateOrderPayment(ctx.db, await orderScope(ctx.db, ctx.principal), order_id, id, body),
    ),
  remove: sellProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/orders/{order_id}/payments/{id}",
        tags,
        summary: "Remove an order payment",
        protect: true,
      },
      successStatus: 204,
    })
    .input(byId)
    .output(z.void())
    .mutation(async ({ ctx, input }) => removeOrderPayment(ctx.db, await orderScope(ctx.db, ctx.principal), input.order_id, input.id)),
});
