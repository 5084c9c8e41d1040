import { z } from "zod";
import { ruleIssue } from "../../errors";
import { moneyInput } from "../../lib/money";
import { pagingInput } from "../../lib/paging";
import { attributes, clientId, requiredText, uuid } from "../../lib/schemas";
import { CRITERIA_KEYS, isCriteriaKey, SPECIFICATION_PREFIX } from "../criteria";
import { optionalDate } from "../../lib/calendar";
import { flagTargetErrors, flagTargetsDocument, quantityValue, rateValue, targetsRead, targetsWrite } from "../fields";

export const DISCOUNT_SORT = ["id", "name", "start_date", "end_date", "created_at", "updated_at"] as const;
export const rangeTypes = ["PERCENTAGE", "MONETARY"] as const;
export const quantityConditions = ["INDIVIDUAL"] as const;

const keyMessage = `must be one of ${CRITERIA_KEYS.join(", ")} or ${SPECIFICATION_PREFIX}<name>`;

/** One filter of a criteria (contract §8): `key` and the accepted `values`; `type` and `config` are kept as sent, never executed. */
const entryFields = {
  values: z
    .array(z.string().trim().min(1, "must not be empty").max(200), {
      message: "must be a list of texts",
    })
    .min(1, "must accept at least one value")
    .max(1000, "at most 1000 values"),
  type: z.string().trim().max(40).default("SQL"),
  config: z
    .string()
    .max(2000)
    .nullish()
    .transform((value) => value ?? null),
};
export const criteriaEntryWrite = z.object({
  key: z.string().trim(),
  ...entryFields,
});
const criteriaEntryInMap = z.object({
  key: z.string().trim().optional(),
  ...entryFields,
});
export type CriteriaEntryWrite = z.output<typeof criteriaEntryWrite>;

/**
 * `config`: the entries, as a list or as the interface's map (the map's keys name the
 * entries' `key` when they omit it); stored and answered as the map, one entry per key.
 */
const criteriaConfig = z
  .union([
    z.array(criteriaEntryWrite).max(20, "at most 20 entries"),
    z
      .record(z.string(), criteriaEntryInMap)
      .refine((map) => Object.keys(map).length <= 20, "at most 20 entries")
      .transform((map) =>
        Object.entries(map).map(([key, entry]) => ({
          ...entry,
          key: entry.key || key,
        })),
      ),
  ])
  .superRefine((entries, context) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (!isCriteriaKey(entry.key))
        context.addIssue({
          code: "custom",
          path: [index, "key"],
          message: keyMessage,
        });
      else if (seen.has(entry.key))
        context.addIssue({
          code: "custom",
          path: [index, "key"],
          message: "is repeated: put every accepted value in one entry",
        });
      seen.add(entry.key);
    });
  });

export const discountCriteriaWrite = z.object({
  /** Kept when sent, generated otherwise. */
  criteria_id: uuid.optional(),
  name: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((value) => value || null),
  type: z.string().trim().max(40).default("FIXED"),
  criteria_type: z.string().trim().max(40).default("FILTER"),
  config: criteriaConfig,
});
export type DiscountCriteriaWrite = z.input<typeof discountCriteriaWrite>;
export type DiscountCriteriaWriteOutput = z.output<typeof discountCriteriaWrite>;

/** A quantity range: from `minimum_quantity` units, take off `value` (percent or money), or sell at `value` when `is_product_value`. */
export const discountRangeWrite = z
  .object({
    minimum_quantity: quantityValue,
    type: z.enum(rangeTypes, { message: "must be PERCENTAGE or MONETARY" }).default("PERCENTAGE"),
    value: rateValue,
    is_product_value: z.boolean().default(false),
  })
  .superRefine((range, context) => {
    if (range.type === "PERCENTAGE" && !range.is_product_value && range.value > 100) {
      context.addIssue({
        code: "custom",
        path: ["value"],
        message: "must be at most 100 (percent)",
        params: { maximum: 100 },
      });
    }
  });

const flagFields = {
  partner: "is_partner",
  profile: "is_profile",
  company: "is_company",
  payment_method: "is_payment_method",
} as const;

const discountFields = z.object({
  id: clientId,
  name: requiredText(200),
  minimum_value: moneyInput.nullish(),
  maximum_value: moneyInput.nullish(),
  start_date: optionalDate,
  end_date: optionalDate,
  is_discount_over_discount: z.boolean().default(false),
  is_partner: z.boolean().default(false),
  is_profile: z.boolean().default(false),
  is_company: z.boolean().default(false),
  is_payment_method: z.boolean().default(false),
  is_active: z.boolean().default(true),
  quantity_condition: z.enum(quantityConditions, { message: "must be INDIVIDUAL" }).default("INDIVIDUAL"),
  ...targetsWrite,
  ranges: z
    .array(discountRangeWrite)
    .max(100, "at most 100 ranges")
    .default([])
    .superRefine((ranges, context) => {
      const seen = new Set<number>();
      ranges.forEach((range, index) => {
        if (seen.has(range.minimum_quantity))
          context.addIssue({
            code: "custom",
            path: [index, "minimum_quantity"],
            message: "is repeated",
          });
        seen.add(range.minimum_quantity);
      });
    }),
  criteria: z
    .array(discountCriteriaWrite)
    .max(50, "at most 50 criteria")
    .default([])
    .refine((items) => {
      const ids = items.flatMap((item) => (item.criteria_id ? [item.criteria_id] : []));
      return new Set(ids).size === ids.length;
    }, "lists a criteria_id twice"),
  attributes: attributes.default({}),
});

function discountRules(input: z.output<typeof discountFields>, context: z.RefinementCtx): void {
  if (input.start_date && input.end_date && input.end_date < input.start_date) {
    context.addIssue({
      code: "custom",
      path: ["end_date"],
      message: "must not be before start_date",
      params: { code: "before_start" },
    });
  }
  if (input.minimum_value != null && input.maximum_value != null && input.maximum_value < input.minimum_value) {
    context.addIssue({
      code: "custom",
      path: ["maximum_value"],
      message: "must not be below minimum_value",
    });
  }
  for (const error of flagTargetErrors(input, flagFields)) context.addIssue(ruleIssue(error));
}

/** The specificity flags' rule, stated in the document (`bodyRules` of create and update). */
export const discountBodyRules = flagTargetsDocument(flagFields);

/** Body of POST and PUT /discounts (interface "Discount"; contract §5, §8). */
export const discountWrite = discountFields.superRefine(discountRules);
/** PUT /discounts/{id}: the path id (a malformed one is simply not found) and the body. */
export const discountUpdate = discountFields.extend({ id: z.string() }).superRefine(discountRules);
export type DiscountWrite = z.input<typeof discountWrite>;
export type DiscountWriteOutput = z.output<typeof discountWrite>;

export const criteriaEntry = z.object({
  key: z.string(),
  values: z.array(z.string()),
  type: z.string(),
  config: z.string().nullable(),
});

export const discountCriteria = z.object({
  criteria_id: z.string(),
  name: z.string().nullable(),
  type: z.string(),
  criteria_type: z.string(),
  /** How many products of the catalog match every entry. */
  products_quantity: z.number().int(),
  config: z.record(z.string(), criteriaEntry),
});

export const discountRange = z.object({
  minimum_quantity: z.number(),
  type: z.enum(rangeTypes),
  value: z.number(),
  is_product_value: z.boolean(),
});

/** GET /discounts/{id}. */
export const discount = z.object({
  id: z.string(),
  name: z.string(),
  minimum_value: z.number().nullable(),
  maximum_value: z.number().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  is_discount_over_discount: z.boolean(),
  is_partner: z.boolean(),
  is_profile: z.boolean(),
  is_company: z.boolean(),
  is_payment_method: z.boolean(),
  is_active: z.boolean(),
  quantity_condition: z.string(),
  ...targetsRead,
  ranges: z.array(discountRange),
  criteria: z.array(discountCriteria),
  attributes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Discount = z.output<typeof discount>;

export const discountListRecord = z.object({
  id: z.string(),
  name: z.string(),
  partners_quantity: z.number().int(),
  profiles_quantity: z.number().int(),
  companies_quantity: z.number().int(),
  payment_methods_quantity: z.number().int(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  is_active: z.boolean(),
});
export type DiscountListRecord = z.output<typeof discountListRecord>;

export const discountListInput = pagingInput(DISCOUNT_SORT);
export type DiscountListInput = z.output<typeof discountListInput>;

/** The panel's preview: how many products a criteria's entries select. */
export const criteriaPreviewInput = z.object({ config: criteriaConfig });
