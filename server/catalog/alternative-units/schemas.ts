import { z } from "zod";
import { attributes, uuid } from "../../lib/schemas";
import { decimalsForQuantity } from "../measure-units/schemas";

const positive = z.number({ message: "is required" }).positive("must be greater than 0").max(1e12, "is too large");

/** Another unit a product is sold in: `quantity` of `unit_id` is worth `value_multiplier` times the base price. */
export const alternativeUnitWrite = z.object({
  product_id: uuid,
  unit_id: uuid,
  decimals_for_quantity: decimalsForQuantity,
  value_multiplier: positive,
  quantity: positive,
  attributes: attributes.default({}),
});
export type AlternativeUnitWrite = z.input<typeof alternativeUnitWrite>;
export type AlternativeUnitWriteOutput = z.output<typeof alternativeUnitWrite>;

export const alternativeUnit = z.object({
  id: z.string(),
  product_id: z.string(),
  unit_id: z.string(),
  decimals_for_quantity: z.number().int(),
  value_multiplier: z.number(),
  quantity: z.number(),
  attributes,
  /** The measure unit's description and abbreviation (read only). */
  unit_name: z.string(),
  unit_abbreviation: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlternativeUnit = z.output<typeof alternativeUnit>;

export const alternativeUnitListRecord = alternativeUnit.omit({ created_at: true, updated_at: true });
export type AlternativeUnitListRecord = z.output<typeof alternativeUnitListRecord>;

export const alternativeUnitFilters = z.object({
  product_id: z.string().optional(),
});
