import { z } from "zod";
import { idInput } from "../../lib/crud";
import { pageOf } from "../../lib/paging";
import { readProcedure, router, sellProcedure } from "../../trpc";
import {
  orderCreate,
  orderCreateResponse,
  orderDetail,
  orderListInput,
  orderListRecord,
  orderUpdate,
  orderUpdateResponse,
} from "./schemas";
import { orderScope } from "./scope";
import { createOrder, getOrder, listOrders, removeOrder, setOrderStatus, toCreateResponse, toUpdateResponse, updateOrder } from "./service";

const tags = ["Orders"];
const scoping = " A SELLER sees and writes only the orders of the seller it is linked to (others are 404).";

export const ordersRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders",
        tags,
        summary: "List orders",
        description:
          "Filters: `partner_id`, `start_date` and `end_date` (days, on the negotiation date, inclusive), `quotation`, `status` (an ORDER " +
          "status id), `seller_id`; `search` finds the partner's name or number, the shipment city and the observation." +
          scoping,
        protect: true,
      },
    })
    .input(orderListInput)
    .output(pageOf(orderListRecord))
    .query(async ({ ctx, input }) => listOrders(ctx.db, await orderScope(ctx.db, ctx.principal), input)),
  get: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders/{id}",
        tags,
        summary: "Get an order",
        description: `The order with its items, payments, invoices, attachments, coupons and status history.${scoping}`,
        protect: true,
      },
    })
    .input(idInput)
    .output(orderDetail)
    .query(async ({ ctx, input }) => getOrder(ctx.db, await orderScope(ctx.db, ctx.principal), input.id)),
  create: sellProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orders",
        tags,
        summary: "Create an order",
        description:
          "Totals are checked within 0.01 (contract §7): each item's `total_value` when sent, `order_value` against the items when items are " +
          "sent, and `total_value = order_value − discount_value + freight_value`; a mismatch is 422 naming the field. Invoices carry valid NF-e " +
          "keys unused by other orders; attachments and invoice files are resource files of the organization; coupons must be active, in date " +
          "and not used up. The order starts in `status` or the initial ORDER status. Beyond the interface, `payments` and `coupons` are taken " +
          `on create too.${scoping}`,
        protect: true,
      },
      successStatus: 201,
      errors: [403],
    })
    .input(orderCreate)
    .output(orderCreateResponse)
    .mutation(async ({ ctx, input }) => toCreateResponse(await createOrder(ctx.db, await orderScope(ctx.db, ctx.principal), input))),
  update: sellProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/orders/{id}",
        tags,
        summary: "Update an order",
        description:
          "Fields sent replace the stored ones; `items`, `payments`, `invoices`, `attachments`, `coupons` and `discounts` are replaced whole " +
          "when sent and kept when absent. A new `status` appends to the history. An order in a final status takes only `status` and " +
          `\`attributes\` changes (409 otherwise).${scoping}`,
        protect: true,
      },
      errors: [403],
    })
    .input(orderUpdate.extend({ id: z.string() }))
    .output(orderUpdateResponse)
    .mutation(async ({ ctx, input: { id, ...body } }) =>
      toUpdateResponse(await updateOrder(ctx.db, await orderScope(ctx.db, ctx.principal), id, body)),
    ),
  remove: sellProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/orders/{id}",
        tags,
        summary: "Delete an order",
        description: `409 in a final status.${scoping}`,
        protect: true,
      },
      successStatus: 204,
    })
    .input(idInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => removeOrder(ctx.db, await orderScope(ctx.db, ctx.principal), input.id)),
  /** The panel's status menu (tRPC only): the same rule as a PUT with `status`. */
  setStatus: sellProcedure
    .input(z.object({ id: z.string(), status: z.string() }))
    .output(orderDetail)
    .mutation(async ({ ctx, input }) => setOrderStatus(ctx.db, await orderScope(ctx.db, ctx.principal), input.id, input.status)),
});
