import { z } from "zod";
import { pageOf } from "../../lib/paging";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import { productVariation, productVariationIds, productVariationListInput, productVariationWrite } from "./schemas";
import {
  createProductVariation,
  getProductVariation,
  listProductVariations,
  removeProductVariation,
  updateProductVariation,
} from "./service";

const tags = ["Product variations"];
const base = "/products/{product_id}/variations";

/** How the path is told from `/products/alternative-units/{id}`, which its template also matches by the letter. */
const AMBIGUITY = "`product_id` is a product's UUID: `/products/alternative-units/...` is never read as this path (a static segment wins).";

export const productVariationsRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: base,
        tags,
        summary: "List a product's variations",
        description: AMBIGUITY,
        protect: true,
      },
      errors: [404],
    })
    .input(productVariationListInput)
    .output(pageOf(productVariation))
    .query(({ ctx, input }) => listProductVariations(ctx.db, input)),
  get: readProcedure
    .meta({ openapi: { method: "GET", path: `${base}/{id}`, tags, summary: "Get a product variation", protect: true } })
    .input(productVariationIds)
    .output(productVariation)
    .query(({ ctx, input }) => getProductVariation(ctx.db, input.product_id, input.id)),
  create: manageProcedure
    .meta({ openapi: { method: "POST", path: base, tags, summary: "Create a product variation", protect: true }, successStatus: 201 })
    .input(productVariationWrite.extend({ product_id: z.string() }))
    .output(productVariation)
    .mutation(({ ctx, input: { product_id, ...body } }) => createProductVariation(ctx.db, product_id, body)),
  update: manageProcedure
    .meta({ openapi: { method: "PUT", path: `${base}/{id}`, tags, summary: "Update a product variation", protect: true } })
    .input(productVariationWrite.extend(productVariationIds.shape))
    .output(productVariation)
    .mutation(({ ctx, input: { product_id, id, ...body } }) => updateProductVariation(ctx.db, product_id, id, body)),
  remove: manageProcedure
    .meta({
      openapi: { method: "DELETE", path: `${base}/{id}`, tags, summary: "Delete a product variation", protect: true },
      successStatus: 204,
    })
    .input(productVariationIds)
    .output(z.void())
    .mutation(({ ctx, input }) => removeProductVariation(ctx.db, input.product_id, input.id)),
});
