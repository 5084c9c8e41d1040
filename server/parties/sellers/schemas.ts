import { z } from "zod";
import { percentInput } from "../../lib/money";
import { optionalFiscalNumberField } from "../../lib/fiscal-number";
import { queryBoolean } from "../../lib/paging";
import { attributes, clientId, requiredText, uuid } from "../../lib/schemas";
import { optionalReference, optionalText, requiredEmail } from "../fields";

/** Body of POST and PUT /sellers (contract §5). */
export const sellerWrite = z.object({
  id: clientId,
  name: requiredText(),
  email: requiredEmail,
  phone: optionalText(40),
  /** A CPF or CNPJ, masked or as digits; stored and answered as digits. */
  fiscal_registration_number: optionalFiscalNumberField(),
  company_id: optionalReference,
  /** The user of the org who signs in as this seller. */
  user_id: optionalReference,
  /** Percent of the sale value, 0 to 100 (null: none). Kept when absent: a PUT in the interface's fields never wipes it. */
  commission_rate: percentInput(0, 100).nullish(),
  /**
   * Contract §11: how far below the partner's price (percent, 0 to 100) an item may go before the order is held (`DISCOUNT`).
   * 0 for a new seller; kept when absent.
   */
  max_discount_percent: percentInput(0, 100).optional(),
  /** True for a new seller; kept when absent. */
  active: z.boolean({ message: "must be true or false" }).optional(),
  attributes: attributes.default({}),
});
export type SellerWrite = z.input<typeof sellerWrite>;
export type SellerWriteOutput = z.output<typeof sellerWrite>;

export const seller = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  fiscal_registration_number: z.string().nullable(),
  company_id: z.string().nullable(),
  user_id: z.string().nullable(),
  commission_rate: z.number().nullable(),
  max_discount_percent: z.number(),
  active: z.boolean(),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Seller = z.output<typeof seller>;

export const sellerListRecord = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  fiscal_registration_number: z.string().nullable(),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  user_id: z.string().nullable(),
  commission_rate: z.number().nullable(),
  max_discount_percent: z.number(),
  active: z.boolean(),
});
export type SellerListRecord = z.output<typeof sellerListRecord>;

export const sellerFilters = z.object({
  active: queryBoolean.optional(),
  company_id: uuid.optional(),
});

/** The seller named by the path of PUT, DELETE, enable and disable: not an id is 422 (interface.md). */
export const sellerId = z.object({ id: uuid });
