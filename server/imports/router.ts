import { afterCommit } from "../db/transaction";
import { idInput } from "../crud/crud";
import { pageOf } from "../lib/paging";
import { procedureFor, router } from "../http/trpc";
import { importApplyInput, importListInput, importListRecord, importRecord } from "./schemas";
import { claimApply, getImport, listImports, newClaimToken, startImportJob } from "./service";

const tags = ["Imports"];
/** Who imports: managers and admins everything, sellers their customers (contract §14); viewers nothing. */
const importProcedure = procedureFor(["ADMIN", "MANAGER", "SELLER"]);
const scoping = "A SELLER sees only the imports it made; another org's import is 404.";

export const importsRouter = router({
  list: importProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/imports",
        tags,
        summary: "List imports",
        description: `Contract §14: the org's imports, newest first, with their state and counts; \`search\` finds them by file name. ${scoping}`,
        protect: true,
      },
    })
    .input(importListInput)
    .output(pageOf(importListRecord))
    .query(({ ctx, input }) => listImports(ctx.db, ctx.principal, input)),
  get: importProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/imports/{id}",
        tags,
        summary: "Get an import",
        description:
          "Contract §14: `status` (CHECKING, READY, APPLYING, DONE, FAILED), progress (rows read of the total, known once read), counts " +
          "(create, update, unchanged, invalid), the file's columns, the first 50 rows as they would be written, the first 1,000 errors " +
          `by line, column, code and message (all of them: GET /imports/{id}/errors.csv), why it failed, what apply wrote. ${scoping}`,
        protect: true,
      },
    })
    .input(idInput)
    .output(importRecord)
    .query(({ ctx, input }) => getImport(ctx.db, ctx.principal, input.id)),
  applyImport: importProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/imports/{id}/apply",
        tags,
        summary: "Apply an import",
        description:
          "Contract §14: writes every valid row of a READY import in one transaction, in the background (202; `status` APPLYING, then " +
          "DONE with `result`, or FAILED with nothing written). A file with invalid rows is applied only with `skip_invalid: true` " +
          "(422 naming `skip_invalid` otherwise). Once: an import not READY is 409 `import_state` (applying, applied, failed). Rows " +
          "are matched again when written, so a record created since the check is updated, not created twice. " +
          "(`/imports/templates/{kind}` is another operation: `templates` is a static segment, an import id a UUID.) " +
          scoping,
        protect: true,
      },
      successStatus: 202,
    })
    .input(importApplyInput)
    .output(importRecord)
    .mutation(async ({ ctx, input }) => {
      const token = newClaimToken();
      const claimed = await claimApply(ctx.db, ctx.principal, input.id, input.skip_invalid, token);
      afterCommit(ctx.db, () => startImportJob(ctx.runtime, ctx.principal.organizationId, input.id, token, "apply"));
      return claimed;
    }),
});
