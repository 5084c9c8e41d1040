import { bulkInput, bulkResult, eachRecord, idOf } from "../../crud/crud";
import { manageProcedure, router } from "../../http/trpc";
import { status, statusRemoved, type StatusWriteOutput } from "./schemas";
import { statusCrud, statuses } from "./service";

const { builders, procedures } = statusCrud;

/** interface.md: GET, PUT and DELETE /status/{id} answer 400 for every failure of the request. */
const badRequest = { invalidInputStatus: 400 } as const;

export const statusesRouter = router({
  list: procedures.list,
  create: builders.create.output(status).mutation(({ ctx, input }) => statuses.create(ctx.db, input as StatusWriteOutput)),
  get: builders.get
    .meta(badRequest)
    .output(status)
    .query(({ ctx, input }) => statuses.get(ctx.db, input.id)),
  update: builders.update
    .meta(badRequest)
    .output(status)
    .mutation(({ ctx, input }) => statuses.update(ctx.db, idOf(input), input as StatusWriteOutput)),
  remove: builders.remove
    .meta({ ...badRequest, successStatus: 200 })
    .output(statusRemoved)
    .mutation(({ ctx, input }) => statuses.remove(ctx.db, input.id)),
  /** The panel's bulk delete (tRPC only): the statuses that can go go, the others are reported. */
  bulkRemove: manageProcedure
    .input(bulkInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => statuses.remove(ctx.db, id))),
});
