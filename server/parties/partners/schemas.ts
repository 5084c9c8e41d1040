import { z } from "zod";
import { fiscalNumberField } from "../../lib/fiscal-number";
import { moneyInput } from "../../lib/money";
import { queryBoolean } from "../../lib/paging";
import { attributes, clientId, requiredText, uuid } from "../../lib/schemas";
import { optionalEmail, optionalReference, optionalText, stateRegistration } from "../fields";
import { cityCodeField, ieIndicatorField } from "../../taxes/fields";

export const MAX_ADDRESSES = 50;

/** One address of a partner; `id` is given by the server when absent. */
export const partnerAddressWrite = z.object({
  id: uuid.optional(),
  name: optionalText(120),
  /** Free text, e.g. BILLING, DELIVERY, MAIN. */
  type: optionalText(40),
  street: optionalText(200),
  number: optionalText(20),
  complement: optionalText(120),
  neighborhood: optionalText(120),
  city: optionalText(120),
  /** Beyond the interface (contract §13): the IBGE municipality code, 7 digits — the NF-e's cMun. */
  city_code: cityCodeField,
  state: optionalText(60),
  postal_code: optionalText(20),
  country: optionalText(60),
  is_default: z.boolean().default(false),
});
export type PartnerAddressWrite = z.input<typeof partnerAddressWrite>;

/** A partner's credit field sent with the partner: 422 naming it (the credit desk's, through PUT /partners/{id}/credit). */
const CREDIT_ELSEWHERE = "is set through PUT /partners/{id}/credit";
const setThroughCredit = z
  .undefined({ message: CREDIT_ELSEWHERE })
  .optional()
  .meta({ override: { not: {}, description: `Not accepted here (422): ${CREDIT_ELSEWHERE}, by a MANAGER or ADMIN.` } });

/** Body of POST and PUT /partners (contract §5). */
export const partnerWrite = z.object({
  id: clientId,
  name: requiredText(),
  trade_name: optionalText(200),
  /** A CPF or CNPJ, masked or as digits; stored and answered as digits. */
  fiscal_registration_number: fiscalNumberField(),
  /** Beyond the interface: the Inscrição Estadual, or "ISENTO". */
  state_registration: stateRegistration,
  email: optionalEmail,
  phone: optionalText(40),
  mobile: optionalText(40),
  profile_id: optionalReference,
  seller_id: optionalReference,
  active: z.boolean().default(true),
  addresses: z
    .array(partnerAddressWrite)
    .max(MAX_ADDRESSES)
    .default([])
    .superRefine((addresses, context) => {
      if (addresses.filter((address) => address.is_default).length > 1) {
        context.addIssue({ code: "custom", message: "only one address may be the default" });
      }
      const ids = addresses.map((address) => address.id).filter(Boolean);
      if (new Set(ids).size !== ids.length) context.addIssue({ code: "custom", message: "address ids must be unique" });
    }),
  attributes: attributes.default({}),
  /** Beyond the interface (contract §12): 1 contributor, 2 exempt, 9 non-contributor; null: from `state_registration`. Kept when absent. */
  ie_indicator: ieIndicatorField.nullable().optional(),
  /** Beyond the interface (contract §12): whether it buys for its own use; null: true for a non-contributor. Kept when absent. */
  final_consumer: z.boolean({ message: "must be true or false" }).nullable().optional(),
  /** Refused here (contract §11): the credit desk sets them through PUT /partners/{id}/credit. */
  credit_limit: setThroughCredit,
  credit_blocked: setThroughCredit,
});
export type PartnerWrite = z.input<typeof partnerWrite>;
export type PartnerWriteOutput = z.output<typeof partnerWrite>;

export const partnerAddress = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.string().nullable(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  city_code: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  is_default: z.boolean(),
});
export type PartnerAddress = z.output<typeof partnerAddress>;

export const partner = z.object({
  id: z.string(),
  name: z.string(),
  trade_name: z.string().nullable(),
  fiscal_registration_number: z.string(),
  /** Beyond the interface: the Inscrição Estadual, or "ISENTO". */
  state_registration: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  profile_id: z.string().nullable(),
  seller_id: z.string().nullable(),
  active: z.boolean(),
  /** Beyond the interface (contract §11): the most the partner may owe; null, no limit. Set through PUT /partners/{id}/credit. */
  credit_limit: z.number().nullable(),
  /** Beyond the interface (contract §11): the credit desk stopped the partner's credit. */
  credit_blocked: z.boolean(),
  /** Beyond the interface (contract §12): 1 contributor, 2 exempt, 9 non-contributor (as set, else from `state_registration`). */
  ie_indicator: z.union([z.literal(1), z.literal(2), z.literal(9)]),
  /** Beyond the interface (contract §12): as set, else true for a non-contributor. */
  final_consumer: z.boolean(),
  addresses: z.array(partnerAddress),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Partner = z.output<typeof partner>;

export const partnerListRecord = partner.omit({ addresses: true, attributes: true, created_at: true, updated_at: true }).extend({
  profile_name: z.string().nullable(),
  seller_name: z.string().nullable(),
  /** City and state of the default address. */
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type PartnerListRecord = z.output<typeof partnerListRecord>;

export const partnerFilters = z.object({
  profile_id: uuid.optional(),
  seller_id: uuid.optional(),
  active: queryBoolean.optional(),
});

/** Body of PUT /partners/{id}/credit (contract §11): the credit desk's decision, MANAGER and ADMIN. */
export const partnerCreditWrite = z.object({
  id: z.string(),
  /** The most the partner may owe, in R$; null removes the limit. */
  credit_limit: moneyInput.nullable(),
  credit_blocked: z.boolean(),
});
export type PartnerCreditWrite = z.output<typeof partnerCreditWrite>;

/** GET /partners/{id}/credit (contract §11): where the partner's credit stands now. */
export const partnerCredit = z.object({
  credit_limit: z.number().nullable(),
  /** Open balance of its receivables (not canceled) plus its OPEN and CONFIRMED orders that have no receivables yet. */
  exposure: z.number(),
  /** The limit less the exposure (negative when above it); null without a limit. */
  available: z.number().nullable(),
  /** Open balance of its receivables past their due date. */
  overdue_value: z.number(),
  /** Days since the oldest overdue receivable fell due (São Paulo days); null when none is overdue. */
  oldest_overdue_days: z.number().int().nullable(),
  blocked: z.boolean(),
});
export type PartnerCredit = z.output<typeof partnerCredit>;
