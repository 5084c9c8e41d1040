import { readProcedure, router, sellProcedure } from "../../http/trpc";
import { funnelEventsAccepted, funnelEventsDocument, funnelEventsInput, funnelQuery, salesFunnel } from "./schemas";
import { getSalesFunnel, recordFunnelEvents } from "./service";

const tags = ["Sales funnel"];

export const salesFunnelRouter = router({
  recordEvents: sellProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/sales-funnel/events",
        tags,
        summary: "Record funnel events",
        description:
          "One event `{session_id, stage, occurred_at?, product_id?}` or an array of 1 to 1,000. Stages: SESSION, PRODUCT, " +
          "SHOPPING_CART, CHECKOUT, ORDER; `occurred_at` defaults to now (at most an hour ahead); `product_id` is a product of the " +
          "organization. All or nothing: a bad item is 422 naming its index (`3.stage`); a single event, its field (`stage`).",
        protect: true,
      },
      successStatus: 202,
      bodyField: "events",
      requestBody: funnelEventsDocument,
    })
    .input(funnelEventsInput)
    .output(funnelEventsAccepted)
    .mutation(async ({ ctx, input }) => ({
      accepted: await recordFunnelEvents(ctx.db, input.events.list, { single: input.events.single }),
    })),
  get: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sales-funnel",
        tags,
        summary: "The sales funnel of a period against the period before",
        description:
          "Per stage, the distinct sessions with an event of that stage in the period; `sessions`: with any event. `percentage`: " +
          "of the sessions; `increased_percentage`: change against the before period (0 when it had none); rounded half-even to " +
          "2 places. Dates are days in Brazil's time zone, both ends included; defaults: the last 30 days (today included) and " +
          "the as many days before them.",
        protect: true,
      },
    })
    .input(funnelQuery)
    .output(salesFunnel)
    .query(({ ctx, input }) => getSalesFunnel(ctx.db, input)),
});
