import { readProcedure, router } from "../../trpc";
import { priceCalculation, priceCalculationInput } from "./schemas";
import { calculateProductPrice } from "./service";

export const pricesRouter = router({
  calculate: readProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/prices/product/calculate",
        tags: ["Prices"],
        summary: "Calculate a product's price",
        description:
          "The base price (the variation's, else the product's); the most specific price table in date range whose flags match " +
          "(partner > profile > company > payment method > general, ties by the latest start_date) and that covers the product; the " +
          "discounts that apply (active, in date range, flags, criteria, the largest range reached, the line within minimum/maximum " +
          "value; the largest one unless they stack with `is_discount_over_discount`); the payment method's adjustment rate, last. " +
          "Rounded half-even to 2 places once, at the end. `?explain=true` adds `steps`, one per rule considered, applied or not and " +
          "why. Bad input, unknown references and a product without any price: 400. The partner's profile is used when `profile_id` " +
          "is absent; `date` defaults to today (UTC).",
        protect: true,
      },
      invalidInputStatus: 400,
      queryFields: ["explain"],
      errors: [400],
    })
    .input(priceCalculationInput)
    .output(priceCalculation)
    .query(({ ctx, input }) => calculateProductPrice(ctx.db, ctx.readStatement, input)),
});
