import { z } from "zod";
import { bulkInput, bulkResult, eachRecord, idInput } from "../crud/crud";
import { pageOf } from "../lib/paging";
import { adminProcedure, router } from "../http/trpc";
import { accessKey, accessKeyCreate, accessKeyCreated, accessKeyListInput } from "./schemas";
import { createAccessKey, listAccessKeys, removeAccessKey } from "./service";

const tags = ["Access keys"];

export const accessKeysRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/access-keys", tags, summary: "List access keys", protect: true } })
    .input(accessKeyListInput)
    .output(pageOf(accessKey))
    .query(({ ctx, input }) => listAccessKeys(ctx.db, input)),
  create: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/access-keys", tags, summary: "Create an access key", protect: true },
      successStatus: 201,
      oneTimeSecret: true,
    })
    .input(accessKeyCreate)
    .output(accessKeyCreated)
    .mutation(({ ctx, input }) => createAccessKey(ctx.db, input)),
  remove: adminProcedure
    .meta({
      openapi: { method: "DELETE", path: "/access-keys/{id}", tags, summary: "Revoke an access key", protect: true },
      successStatus: 204,
    })
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => removeAccessKey(ctx.db, input.id)),
  /** The panel's bulk revoke (tRPC only), in one transaction; a missing key is reported in `failures`. */
  bulkRemove: adminProcedure
    .input(bulkInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => removeAccessKey(ctx.db, id))),
});
