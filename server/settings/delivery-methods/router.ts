import { z } from "zod";
import { idInput } from "../../crud/crud";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import { openingHour, openingHours, openingHoursReplace } from "./schemas";
import { deliveryMethods, getOpeningHours, replaceOpeningHours } from "./service";

const tags = ["Delivery methods"];
const path = "/delivery-methods/{id}/opening-hours";

export const deliveryMethodsRouter = router({
  ...deliveryMethods.procedures,
  openingHours: readProcedure
    .meta({ openapi: { method: "GET", path, tags, summary: "List the opening hours of a delivery method", protect: true } })
    .input(idInput)
    .output(z.array(openingHour))
    .query(({ ctx, input }) => getOpeningHours(ctx.db, input.id)),
  replaceOpeningHours: manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path,
        tags,
        summary: "Replace the opening hours of a delivery method",
        description:
          'The body is a JSON array of `{weekday (0 = Sunday … 6), open_time "HH:MM", close_time "HH:MM"}` and replaces the whole list. ' +
          "A range that does not open before it closes, or overlaps another range of its weekday, is 422 naming the item (`2.open_time`).",
        protect: true,
      },
      bodyField: "hours",
      requestBody: openingHours,
    })
    .input(openingHoursReplace)
    .output(z.array(openingHour))
    .mutation(({ ctx, input }) => replaceOpeningHours(ctx.db, input.id, input.hours)),
});
