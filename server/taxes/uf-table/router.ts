import { z } from "zod";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import { ufField } from "../fields";
import { taxState, taxStateList, taxStateWrite } from "./schemas";
import { listTaxStates, removeTaxState, setTaxState } from "./service";

const tags = ["Taxes"];

export const taxStatesRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/tax-rules/states",
        tags,
        summary: "List the tax table of the destination UFs",
        description:
          "Contract §12: the 27 UFs, each with the org's `internal_rate` (null: not configured), `fcp_rate`, `difal_method` (SINGLE " +
          "or DOUBLE) and `fcp_in_divisor`.",
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(taxStateList)
    .query(({ ctx }) => listTaxStates(ctx.db)),
  update: manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/tax-rules/states/{uf}",
        tags,
        summary: "Set a destination UF's taxes",
        description:
          "Contract §12, MANAGER and ADMIN: `internal_rate` (required) and `fcp_rate` in percent (0–100, 4 decimals), `difal_method` " +
          "SINGLE (base × (internal − interstate)) or DOUBLE (the base grossed up, LC 190/2022), `fcp_in_divisor` (DOUBLE: 1 − " +
          "(internal + FCP)). Audited.",
        protect: true,
      },
    })
    .input(taxStateWrite)
    .output(taxState)
    .mutation(({ ctx, input }) => setTaxState(ctx.db, input)),
  remove: manageProcedure
    .meta({
      openapi: { method: "DELETE", path: "/tax-rules/states/{uf}", tags, summary: "Forget a destination UF's taxes", protect: true },
      successStatus: 204,
    })
    .input(z.object({ uf: ufField }))
    .output(z.void())
    .mutation(({ ctx, input }) => removeTaxState(ctx.db, input.uf)),
});
