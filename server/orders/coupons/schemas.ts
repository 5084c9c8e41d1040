import { z } from "zod";
import { ruleIssue, type FieldError } from "../../errors";
import { dateInput, dateTimeText, endOfDay, optionalDate, startOfDay } from "../../lib/calendar";
import { decimalPlaces } from "../../lib/money";
import { queryBoolean } from "../../lib/paging";
import { attributes, clientId, requiredText } from "../../lib/schemas";

/**
 * A coupon code: ASCII and Latin letters (accents included), digits, `-` and `_`. Written with
 * ranges, not Unicode property escapes, so every regular-expression engine that reads the
 * document compiles the same pattern the server checks.
 */
const COUPON_CODE = /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F_-]+$/;

export const COUPON_TYPES = ["ORDER", "FREIGHT"] as const;
export const COUPON_VALUE_TYPES = ["PERCENTAGE", "MONETARY"] as const;

/** A date (YYYY-MM-DD) or a date-time with its offset, from 1900 to 2999. */
const dateOrDateTime = z.union([dateInput, dateTimeText()], {
  message: "must be a date (YYYY-MM-DD) or an ISO 8601 date-time",
});

/** Body of POST and PUT /coupons (contract §7 "Coupons"). */
/** `couponRules`' percentage ceiling, stated in the document (`bodyRules` of its create and update). */
export const percentageCeiling = {
  allOf: [
    {
      if: { properties: { value_type: { const: "PERCENTAGE" } }, required: ["value_type"] },
      then: { properties: { value: { maximum: 100 } } },
    },
  ],
};

export const couponWrite = z.object({
  id: clientId,
  /** Unique in the org, compared without case. */
  code: z.string().trim().min(1, "is required").max(60).regex(COUPON_CODE, "only letters (with or without accents), digits, - and _"),
  name: requiredText(200),
  type: z.enum(COUPON_TYPES).default("ORDER"),
  value_type: z.enum(COUPON_VALUE_TYPES).default("MONETARY"),
  value: z
    .number({ message: "must be a number" })
    .finite("must be a finite number")
    .gt(0, "must be greater than 0")
    .max(1_000_000_000, "is too large")
    .refine((value) => decimalPlaces(value) <= 2, {
      message: "must have at most 2 decimal places",
      params: { maximumDecimals: 2 },
    })
    .meta({ override: { multipleOf: 0.01 } }),
  /** From when it may be used (a date: from its first moment, UTC). */
  start_date: dateOrDateTime.nullish(),
  /** Until when (a date: to its last moment, UTC). */
  end_date: dateOrDateTime.nullish(),
  /** How many orders and sales may use it; absent: unlimited. */
  max_uses: z
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1_000_000_000)
    .nullish(),
  active: z.boolean().default(true),
  attributes: attributes.default({}),
});
export type CouponWriteOutput = z.output<typeof couponWrite>;

/** Rules across fields (422 per field). */
export function couponRules(coupon: CouponWriteOutput): FieldError[] {
  const errors: FieldError[] = [];
  if (coupon.value_type === "PERCENTAGE" && coupon.value > 100) {
    errors.push({
      path: "value",
      message: "a percentage must be at most 100",
      code: "too_big",
      params: { maximum: 100 },
    });
  }
  if (coupon.start_date && coupon.end_date && startOf(coupon.start_date) > endOf(coupon.end_date)) {
    errors.push({
      path: "end_date",
      message: "must not be before start_date",
      code: "invalid_range",
    });
  }
  return errors;
}

/** The panel's coupon form: the write schema with its dates as days, and the rules across fields. */
export const couponForm = couponWrite.extend({ start_date: optionalDate, end_date: optionalDate }).superRefine((input, ctx) => {
  for (const error of couponRules(input)) ctx.addIssue(ruleIssue(error));
});
export type CouponForm = z.input<typeof couponForm>;

/** The first moment of a date in Brazil (America/Sao_Paulo), or the date-time itself. */
export function startOf(value: string): Date {
  return value.length === 10 ? startOfDay(value) : new Date(value);
}

/** The last moment of a date in Brazil, or the date-time itself. */
export function endOf(value: string): Date {
  return value.length === 10 ? endOfDay(value) : new Date(value);
}

export const coupon = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.enum(COUPON_TYPES),
  value_type: z.enum(COUPON_VALUE_TYPES),
  value: z.number(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  /** Read only: how many orders and sales use it. */
  uses: z.number().int(),
  active: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Coupon = z.output<typeof coupon>;

export const couponFilters = z.object({
  active: queryBoolean.optional(),
  type: z.enum(COUPON_TYPES).optional(),
});
