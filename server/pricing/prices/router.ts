import { readProcedure, router } from "../../http/trpc";
import { MAX_PRICE_ITEMS, priceBatch, priceBatchInput, priceCalculation, priceCalculationInput } from "./schemas";
import { calculateProductPrice, calculateProductPrices } from "./service";

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
  calculateMany: readProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/prices/products/calculate",
        tags: ["Prices"],
        summary: "Calculate a page of prices",
        description:
          `Up to ${MAX_PRICE_ITEMS} products for one buyer in one call (a storefront's page, a cart, an order): \`items\` ` +
          "(`product_id`, `product_variation_id`, `quantity`) and the context of POST /prices/product/calculate, which decides each " +
          "item the same way. The answer's `items` are in the order of the body, each the single calculation's answer, or, for an " +
          "item that cannot be priced (an unknown product or variation, no price, installments not offered), its own `error` " +
          "(`code`, `message`, `params`) without failing the others. An unknown partner, profile, company or payment method is " +
          "422, as is a body without items or with more than 100. `?explain=true` adds each item's `steps`. Contract §12: `taxes: true` " +
          "adds each priced item's `taxes` (as an order of it for the partner would carry them), `price_with_taxes` (per unit: the " +
          "price plus IPI, ICMS-ST and FCP-ST) and `total_with_taxes`; it needs `partner_id` (422), and a company that figures taxes " +
          "(`company_id`, else the default one; 422 naming it).",
        protect: true,
      },
      queryFields: ["explain"],
    })
    .input(priceBatchInput)
    .output(priceBatch)
    .query(({ ctx, input }) => calculateProductPrices(ctx.db, ctx.readStatement, input)),
});
