import { idInput } from "../lib/crud";
import { pageOf, pagingInput } from "../lib/paging";
import { adminProcedure, router } from "../trpc";
import { passwordReset, user, userCreate, userCreated, userFilters, userUpdate } from "./schemas";
import { createUser, getUser, listUsers, resetPassword, updateUser } from "./service";

const tags = ["Users"];

/** The org's users: admins only (contract §2). */
export const usersRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/users", tags, summary: "List users", protect: true } })
    .input(pagingInput.extend(userFilters.shape))
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
      openapi: { method: "PUT", path: "/users/{id}/reset-password", tags, summary: "Reset a user's password", protect: true },
    })
    .input(idInput)
    .output(passwordReset)
    .mutation(({ ctx, input }) => resetPassword(ctx.db, input.id)),
});
