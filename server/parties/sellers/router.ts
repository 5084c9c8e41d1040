import { z } from "zod";
import { manageProcedure, router } from "../../http/trpc";
import { seller, sellerId, sellerWrite, type SellerWriteOutput } from "./schemas";
import { sellers, setSellerActive } from "./service";

const { procedures, service } = sellers;
const tags = ["Sellers"];
const byId = "/sellers/{id}";

/**
 * interface.md lists only 422 for PUT, DELETE, enable and disable of a seller: an id
 * that is not a UUID is an invalid request (422) there; a missing seller is 404.
 */
export const sellersRouter = router({
  list: procedures.list,
  get: procedures.get,
  create: procedures.create,
  bulkSetActive: procedures.bulkSetActive,
  bulkRemove: procedures.bulkRemove,
  update: manageProcedure
    .meta({ openapi: { method: "PUT", path: byId, tags, summary: "Update a seller", protect: true } })
    .input(sellerWrite.extend(sellerId.shape))
    .output(seller)
    .mutation(({ ctx, input }) => service.update(ctx.db, input.id, input as SellerWriteOutput) as never),
  remove: manageProcedure
    .meta({ openapi: { method: "DELETE", path: byId, tags, summary: "Delete a seller", protect: true }, successStatus: 204 })
    .input(sellerId)
    .output(z.void())
    .mutation(({ ctx, input }) => service.remove(ctx.db, input.id)),
  enable: manageProcedure
    .meta({
      openapi: { method: "PUT", path: `${byId}/enable`, tags, summary: "Enable a seller", protect: true },
      successStatus: 204,
    })
    .input(sellerId)
    .output(z.void())
    .mutation(({ ctx, input }) => setSellerActive(ctx.db, input.id, true)),
  disable: manageProcedure
    .meta({
      openapi: { method: "PUT", path: `${byId}/disable`, tags, summary: "Disable a seller", protect: true },
      successStatus: 204,
    })
    .input(sellerId)
    .output(z.void())
    .mutation(({ ctx, input }) => setSellerActive(ctx.db, input.id, false)),
});
