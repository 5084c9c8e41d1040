import { readProcedure, router } from "../http/trpc";
import { auditListInput, auditPage } from "./schemas";
import { listAuditEvents } from "./service";

export const auditRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/audit-events",
        tags: ["Audit"],
        summary: "The audit log",
        description:
          "Who changed what and when, newest first, paged by `cursor` (the `next_cursor` of the page before). " +
          "Filter by `entity` and `entity_id` for one record's history (any role; users and access keys: admins), " +
          "or read the whole org's log (admins). A SELLER reads an order's, a sale's or a receivable's history only when the record " +
          "is its seller's: another seller's record, like an unknown one, is 404.",
        protect: true,
      },
      errors: [403, 404],
    })
    .input(auditListInput)
    .output(auditPage)
    .query(({ ctx, input }) => listAuditEvents(ctx.db, ctx.principal, input)),
});
