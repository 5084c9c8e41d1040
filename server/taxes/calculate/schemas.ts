import { z } from "zod";
import { dateInput } from "../../lib/calendar";
import { moneyInput, pricedQuantity } from "../../lib/money";
import { queryBoolean } from "../../lib/paging";
import { uuid } from "../../lib/schemas";
import { ieIndicatorField, ufField } from "../fields";
import { itemTaxes, taxStep, taxTotals } from "../schemas";

/** At most this many items in one calculation. */
export const MAX_TAX_ITEMS = 500;

export const taxItemInput = z.object({
  product_id: uuid,
  product_variation_id: uuid.nullish(),
  quantity: pricedQuantity,
  unit_value: moneyInput,
  /** The item's own unconditional discount (an order item's `discount`), added to its share of the order's. */
  discount: moneyInput.default(0),
});

/** Body of POST /taxes/calculate (contract §12); `explain` comes in the query string. */
export const taxCalculationInput = z.object({
  /** The issuer; the org's default company when absent. */
  company_id: uuid.nullish(),
  /** The buyer: its IE indicator, final consumer and (unless `destination_state` says) its default address's UF. */
  partner_id: uuid.nullish(),
  /** The destination UF: the shipment's state. Required without `partner_id`. */
  destination_state: ufField.nullish(),
  /** Without `partner_id`: the buyer's IE indicator (default 9, a non-contributor) and whether it is a final consumer (default true for 9). */
  ie_indicator: ieIndicatorField.nullish(),
  final_consumer: z.boolean({ message: "must be true or false" }).nullish(),
  /** The day the rules are read for (YYYY-MM-DD); today in São Paulo when absent. */
  date: dateInput.nullish(),
  items: z.array(taxItemInput).min(1, "must have at least 1 item").max(MAX_TAX_ITEMS, `must have at most ${MAX_TAX_ITEMS} items`),
  freight_value: moneyInput.default(0),
  insurance_value: moneyInput.default(0),
  other_value: moneyInput.default(0),
  /** The order's unconditional discount, spread over the items. */
  discount_value: moneyInput.default(0),
  /** `?explain=true`: each item's `steps`, every rule considered, applied or not and why. */
  explain: queryBoolean.default(false),
});
export type TaxCalculationInput = z.output<typeof taxCalculationInput>;

export const taxCalculation = z.object({
  company_id: z.string(),
  origin_state: z.string(),
  destination_state: z.string(),
  ie_indicator: z.union([z.literal(1), z.literal(2), z.literal(9)]),
  final_consumer: z.boolean(),
  items: z.array(
    z.object({
      product_id: z.string(),
      product_variation_id: z.string().nullable(),
      quantity: z.number(),
      unit_value: z.number(),
      /** vProd: quantity × unit value, rounded half-even to cents. */
      total_value: z.number(),
      taxes: itemTaxes,
      /** `?explain=true` only. */
      steps: z.array(taxStep).optional(),
    }),
  ),
  tax_totals: taxTotals,
  /** vNF: products − discount + freight + insurance + other + IPI + ICMS-ST + FCP-ST. */
  invoice_value: z.number(),
});
export type TaxCalculation = z.output<typeof taxCalculation>;
