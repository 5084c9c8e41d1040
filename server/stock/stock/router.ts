import { z } from "zod";
import { bulkInput, bulkResult, eachRecord, idInput } from "../../crud/crud";
import { pageOf } from "../../lib/paging";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import { stockListInput, stockMovement, stockMovementInput, stockMovementListInput, stockOverrideInput, stockRecord } from "./schemas";
import {
  applyMovement,
  getStock,
  listMovements,
  listStock,
  moveInOneStatement,
  overrideStock,
  removeStock,
  setStockActive,
  stockOfProduct,
} from "./service";

const tags = ["Stock"];

export const stockRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/stock",
        tags,
        summary: "List stock records",
        description: "Filters `company_id`, `warehouse_id`, `product_id`; `search` finds the product's name or SKU.",
        protect: true,
      },
    })
    .input(stockListInput)
    .output(pageOf(stockRecord))
    .query(({ ctx, input }) => listStock(ctx.db, input)),
  /** The panel's ledger page header (no REST path in the interface). */
  get: readProcedure
    .input(idInput)
    .output(stockRecord)
    .query(({ ctx, input }) => getStock(ctx.db, input.id)),
  movements: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/stock/{id}/movements",
        tags,
        summary: "The ledger of a stock record",
        description:
          "Every change of the record's figures, paged, oldest first (`dir=desc`: newest first): type, quantity, total and reserved " +
          "before and after, reason, reference_id, who made it (a user or an access key) and when. Append-only. Beyond the interface " +
          "(contract §10): the rows an order caused (RESERVE, RELEASE, and CONSUME when it was invoiced: total and reserved both go " +
          "down) carry the order's id as `reference_id`, a reason naming it, and `order_id` while the order exists.",
        protect: true,
      },
    })
    .input(stockMovementListInput)
    .output(pageOf(stockMovement))
    .query(({ ctx, input }) => listMovements(ctx.db, input)),
  remove: manageProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/stock/{id}",
        tags,
        summary: "Delete a stock record (409 while anything is reserved)",
        protect: true,
      },
      successStatus: 204,
    })
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => removeStock(ctx.db, input.id)),
  enable: manageProcedure
    .meta({ openapi: { method: "PUT", path: "/stock/{id}/enable", tags, summary: "Enable a stock record", protect: true } })
    .input(idInput)
    .output(stockRecord)
    .mutation(({ ctx, input }) => setStockActive(ctx.db, input.id, true)),
  disable: manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/stock/{id}/disable",
        tags,
        summary: "Disable a stock record (movements on it are refused)",
        protect: true,
      },
    })
    .input(idInput)
    .output(stockRecord)
    .mutation(({ ctx, input }) => setStockActive(ctx.db, input.id, false)),
  /**
   * The panel's bulk actions (tRPC only), in one transaction: every record that can change
   * does; one that cannot (missing, something reserved) is reported in `failures` and kept.
   */
  bulkSetActive: manageProcedure
    .input(bulkInput.extend({ active: z.boolean() }))
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => setStockActive(ctx.db, id, input.active))),
  bulkRemove: manageProcedure
    .input(bulkInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => removeStock(ctx.db, id))),
  override: manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/stock/override",
        tags,
        summary: "Set the figures of stock records",
        description:
          "Sets `total` (and `reserved`; absent keeps the record's reservations) of each record, creating missing ones, with a ledger row " +
          "each, in one transaction: any invalid line (every one is checked first, `errors` names `items.N.field`) writes nothing.",
        protect: true,
      },
      errors: [404],
    })
    .input(stockOverrideInput)
    .output(z.array(stockRecord))
    .mutation(({ ctx, input }) => overrideStock(ctx.db, input)),
  movement: manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/stock/movement",
        tags,
        summary: "Move stock",
        description:
          "INCREMENT (creates a missing record), DECREMENT, RESERVE or RELEASE `quantity` (> 0, within the decimals of the product's unit). " +
          "A movement that would break 0 <= reserved <= total, or on a disabled record, is 422 and changes nothing; a missing record is 404 " +
          "(except for INCREMENT). Concurrent movements never lose an update.",
        protect: true,
      },
      errors: [404],
      oneStatement: true,
    })
    .input(stockMovementInput)
    .output(stockRecord)
    .mutation(({ ctx, input }) =>
      ctx.inOneStatement(
        (write) => moveInOneStatement(write, input),
        (tx) => applyMovement(tx, input),
      ),
    ),
  ofProduct: readProcedure
    .input(z.object({ product_id: z.string() }))
    .output(z.array(stockRecord))
    .query(({ ctx, input }) => stockOfProduct(ctx.db, input.product_id)),
});
