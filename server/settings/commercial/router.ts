import { z } from "zod";
import { adminProcedure, readProcedure, router } from "../../http/trpc";
import { commercialSettings } from "./schemas";
import { commercialSettingsOf, setCommercialSettings } from "./service";

const tags = ["Settings"];

export const commercialSettingsRouter = router({
  get: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/settings/commercial",
        tags,
        summary: "Get the commercial policy settings",
        description:
          "Beyond the interface (contract §11): `overdue_tolerance_days` (default 5) — a partner with a receivable overdue more than this " +
          "many days gets its new orders held (`OVERDUE`) — and `quote_validity_days` (default 15), a new quotation's validity after its " +
          "negotiation date.",
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(commercialSettings)
    .query(({ ctx }) => commercialSettingsOf(ctx.db)),
  update: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/settings/commercial",
        tags,
        summary: "Set the commercial policy settings",
        description:
          "ADMIN only. Both fields, whole days: `overdue_tolerance_days` 0 to 365, `quote_validity_days` 1 to 365 (else 422). Audited on " +
          "the organization.",
        protect: true,
      },
    })
    .input(commercialSettings)
    .output(commercialSettings)
    .mutation(({ ctx, input }) => setCommercialSettings(ctx.db, input)),
});
