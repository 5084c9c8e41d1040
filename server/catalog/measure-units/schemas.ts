import { z } from "zod";
import { queryBoolean } from "../../lib/paging";
import { attributes, requiredText } from "../../lib/schemas";

/** Quantities are stored with 6 decimals: no unit may ask for more. */
export const MAX_DECIMALS = 6;

export const decimalsForQuantity = z
  .number({ message: "is required" })
  .int("must be a whole number")
  .min(0, "must not be negative")
  .max(MAX_DECIMALS, `must be at most ${MAX_DECIMALS}`);

/**
 * `attributes` is write only (interface.md): answers never show it. Left out of a PUT,
 * the stored custom fields are kept; sent, they replace the stored ones.
 */
export const measureUnitWrite = z.object({
  abbreviation: requiredText(20),
  description: requiredText(),
  decimals_for_quantity: decimalsForQuantity,
  active: z.boolean({ message: "is required" }),
  attributes: attributes.optional(),
});
export type MeasureUnitWrite = z.input<typeof measureUnitWrite>;
export type MeasureUnitWriteOutput = z.output<typeof measureUnitWrite>;

export const measureUnit = z.object({
  id: z.string(),
  abbreviation: z.string(),
  description: z.string(),
  decimals_for_quantity: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MeasureUnit = z.output<typeof measureUnit>;

export const measureUnitListRecord = measureUnit.omit({ created_at: true, updated_at: true });
export type MeasureUnitListRecord = z.output<typeof measureUnitListRecord>;

export const measureUnitFilters = z.object({
  /** true: active units only; false or absent: all of them. */
  only_active: queryBoolean.default(false),
  /** Beyond the interface: true, the active ones; false, the inactive ones only (with only_active, none). */
  active: queryBoolean.optional(),
});
