import { z } from "zod";
import { bulkInput, bulkResult, eachRecord, idInput } from "../../crud/crud";
import { pageOf } from "../../lib/paging";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import {
  criteriaPreviewInput,
  discount,
  discountListInput,
  discountListRecord,
  discountBodyRules,
  discountUpdate,
  discountWrite,
} from "./schemas";
import {
  createDiscount,
  getDiscount,
  listDiscounts,
  previewCriteria,
  removeDiscount,
  setDiscountActive,
  specificationNames,
  updateDiscount,
} from "./service";

const tags = ["Discounts"];

const writeDescription =
  "`ranges`: from `minimum_quantity` units, take off `value` (PERCENTAGE or MONETARY per unit), or sell at `value` when " +
  "`is_product_value`. `criteria`: structured product filters (never run as SQL), `config` entries `{key, values}` where key is " +
  "product_id, sku, brand_id, category_id or specification:<name>; a product matches a criteria when it matches every entry, and a " +
  "discount with criteria applies to products matching one of them. A specificity flag needs at least one record in its list.";

export const discountsRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/discounts",
        tags,
        summary: "List discounts",
        description: "`search` matches the name.",
        protect: true,
      },
    })
    .input(discountListInput)
    .output(pageOf(discountListRecord))
    .query(({ ctx, input }) => listDiscounts(ctx.db, input)),
  get: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/discounts/{id}",
        tags,
        summary: "Get a discount",
        protect: true,
      },
    })
    .input(idInput)
    .output(discount)
    .query(({ ctx, input }) => getDiscount(ctx.db, input.id)),
  create: manageProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/discounts",
        tags,
        summary: "Create a discount",
        description: writeDescription,
        protect: true,
      },
      successStatus: 201,
      bodyRules: discountBodyRules,
    })
    .input(discountWrite)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createDiscount(ctx.db, input)),
  update: manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/discounts/{id}",
        tags,
        summary: "Update a discount (its lists replaced whole)",
        description: writeDescription,
        protect: true,
      },
      bodyRules: discountBodyRules,
    })
    .input(discountUpdate)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input: { id, ...body } }) => updateDiscount(ctx.db, id, { ...body, id: undefined })),
  remove: manageProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/discounts/{id}",
        tags,
        summary: "Delete a discount",
        protect: true,
      },
      successStatus: 204,
    })
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => removeDiscount(ctx.db, input.id)),
  /**
   * The panel's bulk actions (tRPC only), in one transaction: every discount that can
   * change does; a missing one is reported in `failures`.
   */
  bulkSetActive: manageProcedure
    .input(bulkInput.extend({ active: z.boolean() }))
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => setDiscountActive(ctx.db, id, input.active))),
  bulkRemove: manageProcedure
    .input(bulkInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => removeDiscount(ctx.db, id))),
  /** The panel's criteria builder: how many products the entries select. */
  previewCriteria: readProcedure
    .input(criteriaPreviewInput)
    .output(z.object({ products_quantity: z.number().int() }))
    .query(({ ctx, input }) => previewCriteria(ctx.db, input.config)),
  /** The panel's criteria builder: specification names to filter by. */
  specificationNames: readProcedure
    .input(z.object({ search: z.string().max(100).default("") }))
    .output(z.array(z.string()))
    .query(({ ctx, input }) => specificationNames(ctx.db, input.search)),
});
