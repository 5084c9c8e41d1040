import { z } from "zod";
import { itemTaxes } from "../../taxes/schemas";
import { pricedQuantity } from "../../lib/money";
import { queryBoolean } from "../../lib/paging";
import { uuid } from "../../lib/schemas";
import { dateInput } from "../../lib/calendar";

/** Body of POST /prices/product/calculate (contract §5 "Price calculation"); `explain` comes in the query string. */
export const priceCalculationInput = z.object({
  product_id: uuid,
  product_variation_id: uuid.nullish(),
  quantity: pricedQuantity,
  partner_id: uuid.nullish(),
  profile_id: uuid.nullish(),
  company_id: uuid.nullish(),
  payment_method_id: uuid.nullish(),
  installments: z
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(120)
    .nullish(),
  /** The day prices are figured for (YYYY-MM-DD); today (UTC) when absent. */
  date: dateInput.nullish(),
  /** `?explain=true`: answer `steps`, one per rule considered (contract §8). */
  explain: queryBoolean.default(false),
});
export type PriceCalculationInput = z.output<typeof priceCalculationInput>;

/** At most this many items are priced in one call (POST /prices/products/calculate). */
export const MAX_PRICE_ITEMS = 100;

/**
 * Body of POST /prices/products/calculate: a page of prices (a storefront's page, a cart,
 * an order) for one buyer: the items, then the context the single calculation takes.
 */
export const priceBatchInput = priceCalculationInput.omit({ product_id: true, product_variation_id: true, quantity: true }).extend({
  /** Contract §12: each price with its taxes too (`taxes`, `price_with_taxes`, `total_with_taxes`); needs `partner_id`. */
  taxes: z.boolean({ message: "must be true or false" }).default(false),
  items: z
    .array(priceCalculationInput.pick({ product_id: true, product_variation_id: true, quantity: true }))
    .min(1, "must have at least 1 item")
    .max(MAX_PRICE_ITEMS, `must have at most ${MAX_PRICE_ITEMS} items`),
});
export type PriceBatchInput = z.output<typeof priceBatchInput>;

export const stepCodes = [
  "base_price",
  "no_base_price",
  "applied",
  "out_of_date_range",
  "flags_not_matched",
  "product_not_covered",
  "beaten_by_more_specific_table",
  "inactive",
  "criteria_not_matched",
  "no_range_reached",
  "below_minimum_value",
  "above_maximum_value",
  "no_amount",
  "beaten_by_larger_discount",
  "rounded",
] as const;

export const priceStep = z.object({
  rule: z.enum(["base_price", "price_table", "discount", "payment_method", "rounding"]),
  id: z.string().nullable(),
  name: z.string().nullable(),
  /** The unit price before and after the rule, exact (rounding happens once, in the last step). */
  before: z.number().nullable(),
  after: z.number().nullable(),
  reason: z.string(),
  /** `reason` as a code, for clients that word it themselves; `params` holds its figures. */
  code: z.enum(stepCodes),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])),
});
export type PriceStep = z.output<typeof priceStep>;

export const priceCalculation = z.object({
  product_id: z.string(),
  product_variation_id: z.string().nullable(),
  quantity: z.number(),
  base_price: z.number().nullable(),
  price_table: z.object({ id: z.string(), name: z.string(), price: z.number() }).nullable(),
  discounts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      value: z.number(),
      amount: z.number(),
    }),
  ),
  unit_price: z.number(),
  total_value: z.number(),
  payment_method: z
    .object({
      id: z.string(),
      adjustment_rate: z.number(),
      installments: z.array(
        z.object({
          sequence: z.number().int(),
          value: z.number(),
          due_date_delay: z.number().int(),
        }),
      ),
    })
    .nullable(),
  steps: z.array(priceStep).optional(),
  /** `taxes: true` (contract §12): the item's taxes at this price for the partner, as an order of it would carry them. */
  taxes: itemTaxes.optional(),
  /** `taxes: true`: what the customer pays per unit — the unit price plus IPI, ICMS-ST and FCP-ST — and for the quantity. */
  price_with_taxes: z.number().optional(),
  total_with_taxes: z.number().optional(),
});
export type PriceCalculation = z.output<typeof priceCalculation>;

/** Why one item of a page of prices has no price: an unknown product or variation, no price, installments not offered. */
export const priceItemError = z.object({
  product_id: z.string(),
  product_variation_id: z.string().nullable(),
  quantity: z.number(),
  error: z.object({
    code: z.enum(["not_found_reference", "no_price", "installments_not_offered"]),
    message: z.string(),
    /** `field`: the item's field that names nothing (not_found_reference). */
    params: z.record(z.string(), z.string()),
  }),
});
export type PriceItemError = z.output<typeof priceItemError>["error"];

/**
 * An item of a page of prices: the single calculation's answer with its applied discounts
 * compact (issue 45) — which discount (`id`, named once in the answer's `discounts`), the
 * kind of its range (`type`) and what it took off the line (`amount`).
 */
export const priceBatchCalculation = priceCalculation.extend({
  discounts: z.array(z.object({ id: z.string(), type: z.string(), amount: z.number() })),
});
export type PriceBatchCalculation = z.output<typeof priceBatchCalculation>;

export const priceBatch = z.object({
  /** In the order of the body: each item's calculation, or its `error`. */
  items: z.array(z.union([priceBatchCalculation, priceItemError])),
  /** Every discount applied to any item, once: `id` and `name`. */
  discounts: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PriceBatch = z.output<typeof priceBatch>;
