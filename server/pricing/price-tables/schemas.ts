import { z } from "zod";
import { moneyInput } from "../../lib/money";
import { pagingInput } from "../../lib/paging";
import { attributes, clientId, requiredText, uuid } from "../../lib/schemas";
import { dateInput, optionalDate } from "../../lib/calendar";
import { flagTargetErrors, flagTargetsDocument, rateValue, targetsRead, targetsWrite } from "../fields";
import { ruleIssue } from "../../errors";

export const PRICE_TABLE_SORT = ["id", "name", "start_date", "end_date", "created_at", "updated_at"] as const;
export const rateTypes = ["INCREASE", "DECREASE"] as const;
export const valueTypes = ["MONETARY", "PERCENTAGE"] as const;

/** A product (or one of its variations) in a criteria: its own price, or the criteria's rate when null. */
export const priceTableProductWrite = z.object({
  product_id: uuid,
  product_variation_id: uuid.nullish(),
  price: moneyInput.nullish(),
  attributes: attributes.default({}),
});

/** A criteria: a rate over its products (every product when it lists none). */
export const priceTableCriteriaWrite = z.object({
  /** Kept when sent, generated otherwise. */
  criteria_id: uuid.optional(),
  name: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((value) => value || null),
  rate_type: z.enum(rateTypes, { message: "must be INCREASE or DECREASE" }).default("INCREASE"),
  value_type: z.enum(valueTypes, { message: "must be MONETARY or PERCENTAGE" }).default("MONETARY"),
  criteria_type: z.string().trim().max(40).default("FILTER"),
  value: rateValue.default(0),
  products: z
    .array(priceTableProductWrite)
    .max(10_000, "at most 10000 products")
    .default([])
    .superRefine((products, context) => {
      const seen = new Set<string>();
      products.forEach((product, index) => {
        const key = `${product.product_id}:${product.product_variation_id ?? ""}`;
        if (seen.has(key))
          context.addIssue({
            code: "custom",
            path: [index, "product_id"],
            message: "is listed twice in this criteria",
          });
        seen.add(key);
      });
    }),
});

const flagFields = {
  partner: "is_partner_specific",
  profile: "is_profile_specific",
  company: "is_company_specific",
  payment_method: "is_payment_method_specific",
} as const;

const priceTableFields = z.object({
  id: clientId,
  name: requiredText(200),
  start_date: dateInput,
  end_date: optionalDate,
  is_partner_specific: z.boolean({ message: "is required (true or false)" }),
  is_profile_specific: z.boolean({ message: "is required (true or false)" }),
  is_company_specific: z.boolean({ message: "is required (true or false)" }),
  is_payment_method_specific: z.boolean({
    message: "is required (true or false)",
  }),
  criteria: z
    .array(priceTableCriteriaWrite)
    .max(200, "at most 200 criteria")
    .default([])
    .refine((items) => {
      const ids = items.flatMap((item) => (item.criteria_id ? [item.criteria_id] : []));
      return new Set(ids).size === ids.length;
    }, "lists a criteria_id twice"),
  ...targetsWrite,
  attributes: attributes.default({}),
});

function priceTableRules(input: z.output<typeof priceTableFields>, context: z.RefinementCtx): void {
  if (input.end_date && input.end_date < input.start_date) {
    context.addIssue({
      code: "custom",
      path: ["end_date"],
      message: "must not be before start_date",
      params: { code: "before_start" },
    });
  }
  for (const error of flagTargetErrors(input, flagFields)) context.addIssue(ruleIssue(error));
}

/** The specificity flags' rule, stated in the document (`bodyRules` of create and update). */
export const priceTableBodyRules = flagTargetsDocument(flagFields);

/** Body of POST and PUT /price-tables (interface "Price table"). */
export const priceTableWrite = priceTableFields.superRefine(priceTableRules);
/** PUT /price-tables/{id}: the path id (any text: a malformed one is simply not found) and the body. */
export const priceTableUpdate = priceTableFields.extend({ id: z.string() }).superRefine(priceTableRules);
export type PriceTableWrite = z.input<typeof priceTableWrite>;
export type PriceTableWriteOutput = z.output<typeof priceTableWrite>;

export const priceTableProduct = z.object({
  product_id: z.string(),
  product_variation_id: z.string().nullable(),
  price: z.number().nullable(),
  /** The product's (or variation's) own price. */
  base_price: z.number().nullable(),
  name: z.string(),
  sku: z.string(),
  attributes: z.record(z.string(), z.unknown()),
});

export const priceTableCriteria = z.object({
  criteria_id: z.string(),
  name: z.string().nullable(),
  rate_type: z.enum(rateTypes),
  value_type: z.enum(valueTypes),
  criteria_type: z.string(),
  value: z.number(),
  /** How many products the criteria covers (every product of the catalog when it lists none). */
  products_quantity: z.number().int(),
  products: z.array(priceTableProduct),
});

/** GET /price-tables/{id}. */
export const priceTable = z.object({
  id: z.string(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  is_partner_specific: z.boolean(),
  is_profile_specific: z.boolean(),
  is_company_specific: z.boolean(),
  is_payment_method_specific: z.boolean(),
  criteria: z.array(priceTableCriteria),
  ...targetsRead,
  attributes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PriceTable = z.output<typeof priceTable>;

/** What POST and PUT answer (interface: id, name, start_date, end_date, attributes). */
export const priceTableSaved = priceTable.pick({
  id: true,
  name: true,
  start_date: true,
  end_date: true,
  attributes: true,
});
export type PriceTableSaved = z.output<typeof priceTableSaved>;

export const priceTableListRecord = z.object({
  id: z.string(),
  name: z.string(),
  partner_size: z.number().int(),
  profile_size: z.number().int(),
  company_size: z.number().int(),
  payment_method_size: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
});
export type PriceTableListRecord = z.output<typeof priceTableListRecord>;

export const priceTableListInput = pagingInput(PRICE_TABLE_SORT);
export type PriceTableListInput = z.output<typeof priceTableListInput>;
