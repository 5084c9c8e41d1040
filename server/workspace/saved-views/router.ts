import { z } from "zod";
import { idInput } from "../../crud/crud";
import { readProcedure, router } from "../../http/trpc";
import { savedView, savedViewFilters, savedViewWrite } from "./schemas";
import { listSavedViews, removeSavedView, saveView } from "./service";

const tags = ["Saved views"];

/** A user's named list views (filters, sort, columns), private to that user. */
export const savedViewsRouter = router({
  list: readProcedure
    .meta({ openapi: { method: "GET", path: "/saved-views", tags, summary: "The caller's saved views", protect: true }, errors: [403] })
    .input(savedViewFilters)
    .output(z.array(savedView))
    .query(({ ctx, input }) => listSavedViews(ctx.db, ctx.principal, input.list)),
  save: readProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/saved-views",
        tags,
        summary: "Save a view (a name already used for the list is replaced)",
        protect: true,
      },
      errors: [403],
    })
    .input(savedViewWrite)
    .output(savedView)
    .mutation(({ ctx, input }) => saveView(ctx.db, ctx.principal, input)),
  remove: readProcedure
    .meta({
      openapi: { method: "DELETE", path: "/saved-views/{id}", tags, summary: "Delete a saved view", protect: true },
      successStatus: 204,
      errors: [403],
    })
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => removeSavedView(ctx.db, ctx.principal, input.id)),
});
