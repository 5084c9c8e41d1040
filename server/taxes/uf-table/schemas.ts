import { z } from "zod";
import { internalRate, taxRate, ufField } from "../fields";

export const DIFAL_METHODS = ["SINGLE", "DOUBLE"] as const;

/** Body of PUT /tax-rules/states/{uf} (contract §12): a destination UF's internal rate, FCP and DIFAL method. */
export const taxStateWrite = z.object({
  uf: ufField,
  /** The UF's internal ICMS rate (percent): ST's and DIFAL's internal rate, and ICMS within the state without a rule's. */
  internal_rate: internalRate,
  /** The UF's FCP (percent): within the state, and on the DIFAL. */
  fcp_rate: taxRate.default(0),
  /** SINGLE: base × (internal − interstate); DOUBLE: the base grossed up by the internal rate (LC 190/2022). */
  difal_method: z.enum(DIFAL_METHODS, { message: "must be SINGLE or DOUBLE" }).default("SINGLE"),
  /** DOUBLE: whether the FCP enters the divisor, 1 − (internal + FCP); the two then below 100 % together (422 naming fcp_rate). */
  fcp_in_divisor: z.boolean({ message: "must be true or false" }).default(false),
});
export type TaxStateWrite = z.output<typeof taxStateWrite>;

export const taxState = z.object({
  uf: z.string(),
  /** The state's name, in Portuguese. */
  name: z.string(),
  /** Null: not configured (the engine then has no internal rate for it). */
  internal_rate: z.number().nullable(),
  fcp_rate: z.number(),
  difal_method: z.enum(DIFAL_METHODS),
  fcp_in_divisor: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TaxStateDetail = z.output<typeof taxState>;

export const taxStateList = z.object({ items: z.array(taxState) });
