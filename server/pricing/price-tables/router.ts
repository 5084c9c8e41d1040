import { z } from "zod";
import { bulkInput, bulkResult, eachRecord, idInput } from "../../crud/crud";
import { pageOf } from "../../lib/paging";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import {
  priceTable,
  priceTableBodyRules,
  priceTableListInput,
  priceTableListRecord,
  priceTableSaved,
  priceTableUpdate,
  priceTableWrite,
} from "./schemas";
import { createPriceTable, getPriceTable, listPriceTables, removePriceTable, updatePriceTable } from "./service";

const tags = ["Price tables"];

export const priceTablesRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/price-tables",
        tags,
        summary: "List price tables",
        description: "`search` matches the name.",
        protect: true,
      },
    })
    .input(priceTableListInput)
    .output(pageOf(priceTableListRecord))
    .query(({ ctx, input }) => listPriceTables(ctx.db, input)),
  get: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/price-tables/{id}",
        tags,
        summary: "Get a price table",
        protect: true,
      },
    })
    .input(idInput)
    .output(priceTable)
    .query(({ ctx, input }) => getPriceTable(ctx.db, input.id)),
  create: manageProcedure
    // interface.md: POST /price-tables answers 200.
    .meta({
      openapi: {
        method: "POST",
        path: "/price-tables",
        tags,
        summary: "Create a price table",
        description:
          "Each criteria changes the price of its products (every product when it lists none) by `rate_type` INCREASE/DECREASE of a " +
          "MONETARY or PERCENTAGE `value`; a product listed with its own `price` takes that price. A specificity flag needs at least " +
          "one record in its list. Unknown references and `end_date` before `start_date`: 422.",
        protect: true,
      },
      successStatus: 200,
      bodyRules: priceTableBodyRules,
    })
    .input(priceTableWrite)
    .output(priceTableSaved)
    .mutation(({ ctx, input }) => createPriceTable(ctx.db, input)),
  update: manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/price-tables/{id}",
        tags,
        summary: "Update a price table (its lists replaced whole)",
        protect: true,
      },
      bodyRules: priceTableBodyRules,
    })
    .input(priceTableUpdate)
    .output(priceTableSaved)
    .mutation(({ ctx, input: { id, ...body } }) => updatePriceTable(ctx.db, id, { ...body, id: undefined })),
  remove: manageProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/price-tables/{id}",
        tags,
        summary: "Delete a price table",
        protect: true,
      },
      successStatus: 204,
    })
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => removePriceTable(ctx.db, input.id)),
  /** The panel's bulk delete (tRPC only), in one transaction; a missing table is reported in `failures`. */
  bulkRemove: manageProcedure
    .input(bulkInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => removePriceTable(ctx.db, id))),
});
