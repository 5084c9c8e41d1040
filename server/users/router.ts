import { bulkInput, bulkResult, eachRecord, idInput } from "../crud/crud";
import { pageOf } from "../lib/paging";
import { z } from "zod";
import { AppError } from "../errors";
import { adminProcedure, readProcedure, router } from "../http/trpc";
import { passwordChange, passwordReset, user, userCreate, userCreated, userListInput, userUpdate } from "./schemas";
import { changeOwnPassword, createUser, getUser, listUsers, resetPassword, updateUser } from "./service";

const tags = ["Users"];

/** The org's users: admins only (contract §2). */
export const usersRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/users", tags, summary: "List users", protect: true } })
    .input(userListInput)
    .output(pageOf(user))
    .query(({ ctx, input }) => listUsers(ctx.db, input)),
  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/users/{id}", tags, summary: "Get a user", protect: true } })
    .input(idInput)
    .output(user)
    .query(({ ctx, input }) => getUser(ctx.db, input.id)),
  create: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/users", tags, summary: "Create a user", protect: true },
      successStatus: 201,
      oneTimeSecret: true,
    })
    .input(userCreate)
    .output(userCreated)
    .mutation(({ ctx, input }) => createUser(ctx.db, input)),
  update: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/users/{id}", tags, summary: "Update a user", protect: true } })
    .input(userUpdate.extend(idInput.shape))
    .output(user)
    .mutation(({ ctx, input }) => updateUser(ctx.db, ctx.principal, input.id, input)),
  resetPassword: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/users/{id}/reset-password",
        tags,
        summary: "Reset a user's password",
        description:
          "Answers a temporary password once; the user's tokens and sessions end. Not for one's own account (403): use PUT /account/password.",
        protect: true,
      },
      oneTimeSecret: true,
      errors: [404],
    })
    .input(idInput)
    .output(passwordReset)
    .mutation(({ ctx, input }) => resetPassword(ctx.db, ctx.principal, input.id)),
  /** The panel's bulk activate/deactivate (tRPC only); one's own account is refused and reported. */
  bulkSetActive: adminProcedure
    .input(bulkInput.extend({ active: z.boolean() }))
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => updateUser(ctx.db, ctx.principal, id, { active: input.active }))),
});

/** The signed-in user's own account (any role; users only, not access keys). */
export const accountRouter = router({
  get: readProcedure
    .meta({ openapi: { method: "GET", path: "/account", tags: ["Account"], summary: "The signed-in user", protect: true }, errors: [403] })
    .input(z.object({}).optional())
    .output(user)
    .query(({ ctx }) => {
      if (ctx.principal.kind !== "user") throw new AppError("access_key_not_allowed", "An access key has no account");
      return getUser(ctx.db, ctx.principal.id);
    }),
  changePassword: readProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/account/password",
        tags: ["Account"],
        summary: "Change one's own password",
        description: "Needs the current password. Every token and session of the user ends, this one included: sign in again.",
        protect: true,
      },
      successStatus: 204,
      errors: [403],
    })
    .input(passwordChange)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      if (ctx.principal.kind !== "user") throw new AppError("access_key_not_allowed", "An access key has no password");
      await changeOwnPassword(ctx.db, ctx.principal.id, input.current_password, input.new_password);
    }),
});
