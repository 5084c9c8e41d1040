import { z } from "zod";
import { idInput } from "../lib/crud";
import { pageOf, pagingInput } from "../lib/paging";
import { adminProcedure, router } from "../trpc";
import { accessKey, ACCESS_KEY_SORT, accessKeyCreate, accessKeyCreated } from "./schemas";
import { createAccessKey, listAccessKeys, removeAccessKey } from "./service";

const tags = ["Access keys"];

export const accessKeysRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/access-keys", tags, summary: "List access keys", protect: true } })
    .input(pagingInput(ACCESS_KEY_SORT))
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
});
