import { z } from "zod";
import { queryBoolean } from "../../lib/paging";
import { fiscalNumberField } from "../../lib/fiscal-number";
import { attributes, clientId, requiredText } from "../../lib/schemas";
import { companyAddress, companyAddressOut, crtField, pisCofinsRegimeField } from "../../taxes/fields";

/** Body of POST and PUT /companies: one of the org's own legal entities (contract §5). */
export const companyWrite = z.object({
  id: clientId,
  name: requiredText(),
  /** A CNPJ, masked or as digits; stored and answered as digits. */
  fiscal_registration_number: fiscalNumberField(["CNPJ"]),
  active: z.boolean().default(true),
  /** Beyond the interface (contract §10): the company whose stock orders without one move; at most one per org (choosing one moves it). Kept when absent. */
  is_default: z.boolean({ message: "must be true or false" }).optional(),
  /** Beyond the interface (contract §12), each kept when a PUT omits it: the issuer's tax regime (null: no taxes), PIS/COFINS regime, IPI, IE and address. */
  crt: crtField.nullable().optional(),
  pis_cofins_regime: pisCofinsRegimeField.optional(),
  ipi_contributor: z.boolean({ message: "must be true or false" }).optional(),
  trade_name: z.string().trim().max(200).nullable().optional(),
  state_registration: z.string().trim().max(20).nullable().optional(),
  address: companyAddress.nullable().optional(),
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
  crt: z.number().int().nullable(),
  pis_cofins_regime: pisCofinsRegimeField,
  ipi_contributor: z.boolean(),
  trade_name: z.string().nullable(),
  state_registration: z.string().nullable(),
  address: companyAddressOut.nullable(),
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
  crt: z.number().int().nullable(),
});
export type CompanyListRecord = z.output<typeof companyListRecord>;

export const companyFilters = z.object({
  active: queryBoolean.optional(),
});
