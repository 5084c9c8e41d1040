import { z } from "zod";
import { idInput } from "../../crud/crud";
import { pageOf } from "../../lib/paging";
import { manageProcedure, readProcedure, router, sellProcedure } from "../../http/trpc";
import {
  holdPreview,
  holdPreviewInput,
  orderApproval,
  orderCreate,
  orderCreateResponse,
  orderDetail,
  orderListInput,
  orderListRecord,
  orderStatusChange,
  orderUpdate,
  orderUpdateResponse,
} from "./schemas";
import { previewHolds } from "./holds";
import { orderScope } from "../../auth/scope";
import { getOrder, listOrders, toCreateResponse, toUpdateResponse } from "./service";
import { createOrder, decideOrder, duplicateQuotation, removeOrder, setOrderStatus, updateOrder } from "./write-order";

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
          "status id), `seller_id`, `on_hold` (contract §11: orders with holds, or without); `search` finds the partner's name or number, " +
          "the shipment city and the observation. Each record answers its `holds`." +
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
        description:
          "The order with its items, payments, invoices, attachments, coupons and status history. Contract §12: each item's `taxes` " +
          "(null when the order figures none), the order's `tax_totals` (the NF-e's ICMSTot) and `invoice_value` (what the customer " +
          "pays: the total plus IPI, ICMS-ST and FCP-ST), figured on every write while OPEN or CONFIRMED and kept from INVOICED on." +
          scoping,
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
          "and not used up. Contract §12: when the order's taxes add to what the customer pays, `payments` must add up to its " +
          "`invoice_value` within 0.01 (422 naming `payments`, code `total_mismatch`, `params.invoice_value`). " +
          "The order starts in `status` or the initial ORDER status. Beyond the interface, `payments` and `coupons` are taken " +
          "on create too. Contract §10: an order in an OPEN or CONFIRMED status reserves each item's quantity (items of products with " +
          "`track_stock: false` move none) on the stock record of (the order's company, else the default company; the item's " +
          "`warehouse_id`, else the order's, else the default warehouse); not enough available is 422 with one error per short item " +
          "(`items.N.quantity`, code `insufficient_stock`, `params.available`) and nothing written; no company or warehouse to take it " +
          "from is 422 naming `company_id` or `warehouse_id`. Created in INVOICED or later, it takes the stock (it needs `invoices`, else " +
          "422 naming `invoices`) and makes the receivables of its payments. A quotation moves nothing; its \`valid_until\` (beyond the interface, contract §11) defaults to its negotiation day + the org's \`quote_validity_days\`. Each coupon counts one use; 409 " +
          `for an \`id\` already used. Contract §11: an order that starts to count (not a quotation, not canceled) gets its \`holds\` — CREDIT_BLOCKED, CREDIT_LIMIT (its partner's exposure with it above the limit), OVERDUE (a receivable overdue more than the org's \`overdue_tolerance_days\`), DISCOUNT (an item's net unit price below its \`listUnitValue\` by more than the seller's \`max_discount_percent\`; orders without a seller are not checked) —, decided with the row of a partner that has a credit limit locked; an order on hold stays OPEN: entering CONFIRMED or later is 409 (code \`order_on_hold\`, \`params.holds\`) until POST /orders/{id}/approval.${scoping}`,
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
          "when sent and kept when absent. A new `status` appends to the history. Contract §10, under the order's row lock: while OPEN " +
          "or CONFIRMED, changed items, quantities or warehouses reserve or release the difference (short stock is 422 naming " +
          "`items.N.quantity` with `params.available`); phases only move forward (OPEN → CONFIRMED → INVOICED → SHIPPED → DELIVERED, " +
          "skipping allowed) and CANCELED only from OPEN or CONFIRMED, any other move being 409 (code `phase_move`, naming both statuses " +
          "in `params`); entering INVOICED or later takes the reserved stock, needs an NF-e in `invoices` (else 422 naming `invoices`) and " +
          "makes the payments' receivables; entering CANCELED releases the reservations, cancels the unpaid receivables and gives the " +
          "coupons' uses back. From INVOICED on (and once canceled) only `status` and `attributes` change: anything else is 409 (code " +
          `\`order_locked\`). Setting \`quotation: false\` makes the phase take effect then; for a quotation whose \`valid_until\` has passed it is 422 naming \`quotation\` (code \`quotation_expired\`). Contract §11: holds are decided again when the partner, seller, items, total or first payment method of an OPEN or CONFIRMED order change: \`holds\` — CREDIT_BLOCKED, CREDIT_LIMIT (its partner's exposure with it above the limit), OVERDUE (a receivable overdue more than the org's \`overdue_tolerance_days\`), DISCOUNT (an item's net unit price below its \`listUnitValue\` by more than the seller's \`max_discount_percent\`; orders without a seller are not checked) —, decided with the row of a partner that has a credit limit locked; an order on hold stays OPEN: entering CONFIRMED or later is 409 (code \`order_on_hold\`, \`params.holds\`) until POST /orders/{id}/approval.${scoping}`,
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
        description:
          "Only an OPEN or CONFIRMED order (or a quotation) may be deleted: its reservations are released and its coupons' uses given " +
          `back first. 409 from INVOICED on, once canceled, or while receivables refer to it (\`params.usages\`).${scoping}`,
        protect: true,
      },
      successStatus: 204,
    })
    .input(idInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => removeOrder(ctx.db, await orderScope(ctx.db, ctx.principal), input.id)),
  approval: manageProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orders/{id}/approval",
        tags,
        summary: "Decide on an order's holds",
        description:
          "Beyond the interface (contract §11), MANAGER and ADMIN only (SELLER and VIEWER 403). Body `{decision: APPROVE | REJECT, note?}`. " +
          "APPROVE lifts every hold: the order may then be confirmed and invoiced (a later change of its partner, seller, items, total " +
          "or first payment method decides its holds again). REJECT cancels the order with contract §10's effects (reservations " +
          "released, unpaid receivables canceled, coupon uses given back); 422 naming `decision` when the org has no ORDER status in " +
          "the CANCELED phase. The decision, its note, who and when are kept in the order's `decisions` and the audit log; events " +
          "`order.approved` or `order.rejected`. 409 (code `not_on_hold`) for an order without holds. The body's `updated_at` is the " +
          "order's as the approver read it: a decision on an order that changed since is 409 (code `order_changed`, `params.updated_at` " +
          "the order's now), so an approval approves what it saw.",
        protect: true,
      },
      successStatus: 200,
    })
    .input(orderApproval)
    .output(orderDetail)
    .mutation(async ({ ctx, input }) => decideOrder(ctx.db, await orderScope(ctx.db, ctx.principal), input)),
  /** The order form's warning before saving (tRPC only): the holds these terms would get (contract §11). */
  previewHolds: sellProcedure
    .input(holdPreviewInput)
    .output(holdPreview)
    .query(async ({ ctx, input }) => previewHolds(ctx.db, await orderScope(ctx.db, ctx.principal), input)),
  /** The panel's "duplicate as new quotation" (tRPC only, contract §11): answers the new quotation. */
  duplicateQuotation: sellProcedure
    .input(idInput)
    .output(orderDetail)
    .mutation(async ({ ctx, input }) => duplicateQuotation(ctx.db, await orderScope(ctx.db, ctx.principal), input.id)),
  /** The panel's status menu (tRPC only): the same rule as a PUT with `status`, with the NF-e invoices an invoicing move needs. */
  setStatus: sellProcedure
    .input(orderStatusChange)
    .output(orderDetail)
    .mutation(async ({ ctx, input }) =>
      setOrderStatus(ctx.db, await orderScope(ctx.db, ctx.principal), input.id, input.status, input.invoices),
    ),
});
