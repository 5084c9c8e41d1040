import { z } from "zod";
import { pageOf } from "../../lib/paging";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import { productSpecification, productSpecificationIds, productSpecificationListInput, productSpecificationWrite } from "./schemas";
import {
  createProductSpecification,
  getProductSpecification,
  listProductSpecifications,
  removeProductSpecification,
  updateProductSpecification,
} from "./service";

const tags = ["Product specifications"];
/** interface.md spells the path in the singular. */
const base = "/products/{product_id}/specification";

/** How the path is told from `/products/alternative-units/{id}`, which its template also matches by the letter. */
const AMBIGUITY = "`product_id` is a product's UUID: `/products/alternative-units/...` is never read as this path (a static segment wins).";

export const productSpecificationsRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: base,
        tags,
        summary: "List a product's specifications",
        description: AMBIGUITY,
        protect: true,
      },
      errors: [404],
    })
    .input(productSpecificationListInput)
    .output(pageOf(productSpecification))
    .query(({ ctx, input }) => listProductSpecifications(ctx.db, input)),
  get: readProcedure
    .meta({ openapi: { method: "GET", path: `${base}/{id}`, tags, summary: "Get a product specification", protect: true } })
    .input(productSpecificationIds)
    .output(productSpecification)
    .query(({ ctx, input }) => getProductSpecification(ctx.db, input.product_id, input.id)),
  create: manageProcedure
    .meta({ openapi: { method: "POST", path: base, tags, summary: "Create a product specification", protect: true }, successStatus: 201 })
    .input(productSpecificationWrite.extend({ product_id: z.string() }))
    .output(productSpecification)
    .mutation(({ ctx, input: { product_id, ...body } }) => createProductSpecification(ctx.db, product_id, body)),
  update: manageProcedure
    .meta({ openapi: { method: "PUT", path: `${base}/{id}`, tags, summary: "Update a product specification", protect: true } })
    .input(productSpecificationWrite.extend(productSpecificationIds.shape))
    .output(productSpecification)
    .mutation(({ ctx, input: { product_id, id, ...body } }) => updateProductSpecification(ctx.db, product_id, id, body)),
  remove: manageProcedure
    .meta({
      openapi: { method: "DELETE", path: `${base}/{id}`, tags, summary: "Delete a product specification", protect: true },
      successStatus: 204,
    })
    .input(productSpecificationIds)
    .output(z.void())
    .mutation(({ ctx, input }) => removeProductSpecification(ctx.db, input.product_id, input.id)),
});
