import { z } from "zod";
import { queryBoolean } from "../../lib/paging";
import { attributes, requiredText } from "../../lib/schemas";

/** A customer profile (Varejo, Atacado, ...): partners are grouped by it and prices target it. */
export const profileWrite = z.object({
  name: requiredText(),
  active: z.boolean({ message: "is required" }),
  attributes: attributes.default({}),
});
export type ProfileWrite = z.input<typeof profileWrite>;
export type ProfileWriteOutput = z.output<typeof profileWrite>;

export const profile = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.output<typeof profile>;

/** The list record adds how many partners use the profile. */
export const profileListRecord = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  attributes,
  partner_size: z.number().int(),
});
export type ProfileListRecord = z.output<typeof profileListRecord>;

export const profileFilters = z.object({
  active: queryBoolean.optional(),
});
