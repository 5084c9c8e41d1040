import { z } from "zod";
import { idInput } from "../../lib/crud";
import { router, sellProcedure } from "../../trpc";
import { partner, partnerWrite, type PartnerWriteOutput } from "./schemas";
import { partners } from "./service";

const { procedures, service } = partners;
const tags = ["Partners"];

/** Partners are written by sellers too (contract §2): create, update and delete use sellProcedure. */
export const partnersRouter = router({
  list: procedures.list,
  get: procedures.get,
  create: sellProcedure
    .meta({ openapi: { method: "POST", path: "/partners", tags, summary: "Create a partner", protect: true }, successStatus: 201 })
    .input(partnerWrite)
    .output(partner)
    .mutation(({ ctx, input }) => service.create(ctx.db, input) as never),
  update: sellProcedure
    .meta({ openapi: { method: "PUT", path: "/partners/{id}", tags, summary: "Update a partner", protect: true } })
    .input(partnerWrite.extend({ id: z.string() }))
    .output(partner)
    .mutation(({ ctx, input }) => service.update(ctx.db, input.id, input as PartnerWriteOutput) as never),
  remove: sellProcedure
    .meta({ openapi: { method: "DELETE", path: "/partners/{id}", tags, summary: "Delete a partner", protect: true }, successStatus: 204 })
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => service.remove(ctx.db, input.id)),
});
