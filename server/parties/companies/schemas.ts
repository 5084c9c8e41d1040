import { z } from "zod";
import { queryBoolean } from "../../lib/paging";
import { fiscalNumberField } from "../../lib/fiscal-number";
import { attributes, clientId, requiredText } from "../../lib/schemas";

/** Body of POST and PUT /companies: one of the org's own legal entities (contract §5). */
export const companyWrite = z.object({
  id: clientId,
  name: requiredText(),
  /** A CNPJ, masked or as digits; stored and answered as digits. */
  fiscal_registration_number: fiscalNumberField(["CNPJ"]),
  active: z.boolean().default(true),
  /** Beyond the interface (contract §10): the company whose stock orders without one move; at most one per org (choosing one moves it). Kept when absent. */
  is_default: z.boolean({ message: "must be true or false" }).optional(),
  attributes: attributes.default({}),
});
export type CompanyWrite = z.input<typeof companyWrite>;
export type CompanyWriteOutput = z.output<typeof companyWrite>;

export const company = z.object({
  id: z.string(),
  name: z.string(),
  fiscal_registration_number: z.string(),
  active: z.boolean(),
  is_default: z.boolean(),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.output<typeof company>;

export const companyListRecord = z.object({
  id: z.string(),
  name: z.string(),
  fiscal_registration_number: z.string(),
  active: z.boolean(),
  is_default: z.boolean(),
});
export type CompanyListRecord = z.output<typeof companyListRecord>;

export const companyFilters = z.object({
  active: queryBoolean.optional(),
});
