import { z } from "zod";
import { adminProcedure, readProcedure, router } from "../../http/trpc";
import { taxSettings } from "./schemas";
import { setTaxSettings, taxSettingsOf } from "./service";

const tags = ["Taxes"];

export const taxSettingsRouter = router({
  get: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/settings/taxes",
        tags,
        summary: "Get the tax settings",
        description:
          "Contract §12: `exclude_icms_from_pis_cofins` (default true, STF Tema 69), `fcp_st_minus_own_fcp` (default true) and " +
          "`ibs_cbs` (the 2026 test-year CBS 0.9 % / IBS 0.1 %, informative; default false).",
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(taxSettings)
    .query(({ ctx }) => taxSettingsOf(ctx.db)),
  update: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/settings/taxes",
        tags,
        summary: "Set the tax settings",
        description: "ADMIN only; the three booleans, all required. Audited on the organization.",
        protect: true,
      },
    })
    .input(taxSettings)
    .output(taxSettings)
    .mutation(({ ctx, input }) => setTaxSettings(ctx.db, input)),
});
