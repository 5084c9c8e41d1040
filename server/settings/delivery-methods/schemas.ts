import { z } from "zod";
import { ruleIssue, type FieldError } from "../../errors";
import { moneyInput } from "../../lib/money";
import { queryBoolean } from "../../lib/paging";
import { attributes, clientId, requiredText } from "../../lib/schemas";

export const deliveryMethodTypes = ["PICKUP", "OWN_FLEET", "CARRIER"] as const;
export const deliveryPriceTypes = ["FREE", "FIXED", "PER_WEIGHT"] as const;
export const deliveryPeriodTypes = ["DAYS", "HOURS"] as const;

const optionalText = (max: number) => z.string().trim().max(max).nullish();
const period = z.number({ message: "must be a number" }).int("must be a whole number").min(0, "must not be negative").max(100_000);

/** The cross-field rule of this write, as JSON Schema (`bodyRules` of its create and update). */
export const priceUnlessFree = {
  allOf: [
    {
      if: { properties: { price_type: { enum: ["FIXED", "PER_WEIGHT"] } }, required: ["price_type"] },
      then: { properties: { price: { type: "number" } }, required: ["price"] },
    },
  ],
};

export const deliveryMethodWrite = z.object({
  id: clientId,
  name: requiredText(120),
  type: z.enum(deliveryMethodTypes, { message: "must be PICKUP, OWN_FLEET or CARRIER" }),
  price_type: z.enum(deliveryPriceTypes, { message: "must be FREE, FIXED or PER_WEIGHT" }),
  /** Required (≥ 0) unless the price type is FREE; with FREE it is 0. */
  price: moneyInput.nullish(),
  custom_label: optionalText(120),
  notes: optionalText(2000),
  active: z.boolean({ message: "must be true or false" }).default(true),
  period_type: z.enum(deliveryPeriodTypes, { message: "must be DAYS or HOURS" }).nullish(),
  period_start: period.nullish(),
  period_end: period.nullish(),
  attributes: attributes.default({}),
});
// `deliveryMethodRules`, stated in the document: a price unless the method is free.
export type DeliveryMethodWrite = z.input<typeof deliveryMethodWrite>;
export type DeliveryMethodWriteOutput = z.output<typeof deliveryMethodWrite>;

/** Rules across fields, shared by the API (422) and the panel form. */
export function deliveryMethodRules(
  input: Pick<DeliveryMethodWriteOutput, "price_type" | "price" | "period_start" | "period_end">,
): FieldError[] {
  const errors: FieldError[] = [];
  if (input.price_type !== "FREE" && (input.price === null || input.price === undefined)) {
    errors.push({ path: "price", message: "is required unless price_type is FREE", code: "required" });
  }
  if (input.period_start != null && input.period_end != null && input.period_start > input.period_end) {
    errors.push({
      path: "period_end",
      message: "must not be less than period_start",
      code: "not_less_than",
      params: { field: "period_start" },
    });
  }
  return errors;
}

export const deliveryMethodForm = deliveryMethodWrite.superRefine((input, ctx) => {
  for (const error of deliveryMethodRules(input)) ctx.addIssue(ruleIssue(error));
});

export const deliveryMethod = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(deliveryMethodTypes),
  price_type: z.enum(deliveryPriceTypes),
  price: z.number().nullable(),
  custom_label: z.string().nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
  period_type: z.enum(deliveryPeriodTypes).nullable(),
  period_start: z.number().nullable(),
  period_end: z.number().nullable(),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeliveryMethod = z.output<typeof deliveryMethod>;

export const deliveryMethodListRecord = deliveryMethod.omit({ created_at: true, updated_at: true });
export type DeliveryMethodListRecord = z.output<typeof deliveryMethodListRecord>;

export const deliveryMethodFilters = z.object({
  type: z.enum(deliveryMethodTypes, { message: "must be PICKUP, OWN_FLEET or CARRIER" }).optional(),
  active: queryBoolean.optional(),
});

// Opening hours ------------------------------------------------------------------------

export const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** A range opens at 00:00–23:59 and closes at 00:01–24:00 (midnight at the end of the day). */
const OPEN_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CLOSE_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const time = (pattern: RegExp) => z.string({ message: "must be a time HH:MM" }).regex(pattern, "must be a time HH:MM");

export const openingHour = z.object({
  weekday: z
    .number({ message: "must be a number from 0 (Sunday) to 6" })
    .int("must be a whole number")
    .min(0, "must be from 0 to 6")
    .max(6, "must be from 0 to 6"),
  open_time: time(OPEN_TIME),
  close_time: time(CLOSE_TIME),
});
export type OpeningHour = z.output<typeof openingHour>;

/**
 * A week of opening hours: each range opens before it closes, and ranges of one weekday
 * do not overlap. Errors name the item (`2.open_time`), in the API and in the panel.
 */
export const openingHours = z
  .array(openingHour)
  .max(100, "at most 100 ranges")
  .superRefine((hours, ctx) => {
    const valid = hours.map((hour, index) => ({ ...hour, index })).filter((hour) => openingHour.safeParse(hour).success);
    const problems = new Map<number, { message: string; code: string; params?: Record<string, unknown> }>();
    for (const hour of valid) {
      if (hour.open_time >= hour.close_time)
        problems.set(hour.index, { message: "must be before close_time", code: "not_before", params: { field: "close_time" } });
    }
    // Per weekday in opening order, each range against the one reaching latest so far;
    // the range that comes later in the list is the one named.
    const ranges = valid
      .filter((hour) => hour.open_time < hour.close_time)
      .sort((a, b) => a.weekday - b.weekday || a.open_time.localeCompare(b.open_time) || a.index - b.index);
    let reach: (typeof ranges)[number] | undefined;
    for (const hour of ranges) {
      if (reach && reach.weekday === hour.weekday && hour.open_time < reach.close_time) {
        const [named, other] = hour.index > reach.index ? [hour, reach] : [reach, hour];
        if (!problems.has(named.index)) {
          problems.set(named.index, {
            message: `overlaps ${other.open_time}–${other.close_time} on ${weekdays[hour.weekday]}`,
            code: "overlaps",
            params: { from: other.open_time, to: other.close_time, weekday: hour.weekday },
          });
        }
      }
      if (!reach || reach.weekday !== hour.weekday || hour.close_time > reach.close_time) reach = hour;
    }
    for (const [index, problem] of [...problems].sort(([a], [b]) => a - b)) {
      ctx.addIssue(ruleIssue({ path: `${index}.open_time`, ...problem }));
    }
  });

/** Sorted by weekday, then opening time. */
export function sortOpeningHours(hours: OpeningHour[]): OpeningHour[] {
  return [...hours].sort((a, b) => a.weekday - b.weekday || a.open_time.localeCompare(b.open_time));
}

/**
 * PUT /delivery-methods/{id}/opening-hours takes a bare JSON array: the REST layer puts
 * it into `hours` (the procedure's `bodyField`), and errors name the items as the array
 * does (`2.open_time`).
 */
export const openingHoursReplace = z.object({ id: z.string(), hours: openingHours });

/** The input of `deliveryMethods.replaceOpeningHours` for a list of hours. */
export function openingHoursBody(id: string, hours: OpeningHour[]): z.input<typeof openingHoursReplace> {
  return { id, hours };
}
