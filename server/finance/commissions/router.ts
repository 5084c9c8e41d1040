import { readProcedure, router } from "../../http/trpc";
import { orderScope } from "../../auth/scope";
import { commissionListInput, commissionPage } from "./schemas";
import { listCommissions } from "./service";

export const commissionsRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/commissions",
        tags: ["Commissions"],
        summary: "List sellers' commissions",
        description:
          "Beyond the interface (contract §11): one record per invoiced order of a seller with a `commission_rate` — the rate, the base " +
          "(`order_value − discount_value`) and the `accrued` value kept when the order entered INVOICED (half-even to cents), the " +
          "`paid_share` of its receivables (canceled ones left out; 0 without receivables) and the `payable` part of the accrual. " +
          "Filters: `seller_id`, `start_date` and `end_date` (São Paulo days of `invoiced_at`, both included); newest invoiced first " +
          "unless `sort`. `summary` adds up every order the filters select, per seller. A SELLER sees only its own seller's. CSV: " +
          "`GET /exports/commissions`.",
        protect: true,
      },
    })
    .input(commissionListInput)
    .output(commissionPage)
    .query(async ({ ctx, input }) => listCommissions(ctx.db, await orderScope(ctx.db, ctx.principal), input)),
});
