import { orderScope } from "../../auth/scope";
import { readProcedure, router } from "../../http/trpc";
import { dashboard, dashboardInput } from "./schemas";
import { getDashboard } from "./service";

/** The panel's home page (tRPC only: the REST interface has the funnel and most-sold). */
export const dashboardRouter = router({
  get: readProcedure
    .input(dashboardInput)
    .output(dashboard)
    .query(async ({ ctx, input }) => getDashboard(ctx.db, input, await orderScope(ctx.db, ctx.principal))),
});
