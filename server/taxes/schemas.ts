import { z } from "zod";
import { toJsonNumber } from "../lib/money";
import { TAX_KINDS, type ItemTaxes, type TaxTotals, type TaxValue } from "./engine";

/**
 * How an order, a sale and POST /taxes/calculate answer taxes (contract §12): per item
 * `taxes` (a tax absent when it does not apply), per order `tax_totals` in the NF-e's
 * ICMSTot names and `invoice_value`.
 */

const taxValue = z.object({
  cst: z.string().optional(),
  csosn: z.string().optional(),
  base: z.number(),
  rate: z.number(),
  value: z.number(),
  /** The rule that gave it; absent when the default did (the law's rate, the product's IPI, the company's regime). */
  rule_id: z.string().optional(),
});

export const itemTaxes = z.object({
  cfop: z.string(),
  /** The item's share of the order's freight, insurance, other charges and discount (plus its own discount). */
  freight_value: z.number(),
  insurance_value: z.number(),
  other_value: z.number(),
  discount_value: z.number(),
  icms: taxValue.extend({
    base_reduction: z.number().optional(),
    /** CSOSN 101/201: the credit the buyer may take. */
    credit_rate: z.number().optional(),
    credit_value: z.number().optional(),
  }),
  fcp: taxValue.optional(),
  icms_st: taxValue.extend({ mva: z.number() }).optional(),
  fcp_st: taxValue.optional(),
  ipi: taxValue.optional(),
  pis: taxValue.optional(),
  cofins: taxValue.optional(),
  /** Between states to a non-contributor final consumer; owed to the destination, not in the invoice. */
  difal: z
    .object({
      base: z.number(),
      internal_rate: z.number(),
      interstate_rate: z.number(),
      method: z.enum(["SINGLE", "DOUBLE"]),
      value: z.number(),
      fcp: z.object({ base: z.number(), rate: z.number(), value: z.number() }),
    })
    .optional(),
  ibs: taxValue.optional(),
  cbs: taxValue.optional(),
});
export type ItemTaxesJson = z.output<typeof itemTaxes>;

export const taxTotals = z.object({
  vBC: z.number(),
  vICMS: z.number(),
  vFCP: z.number(),
  vBCST: z.number(),
  vST: z.number(),
  vFCPST: z.number(),
  vIPI: z.number(),
  vPIS: z.number(),
  vCOFINS: z.number(),
  vICMSUFDest: z.number(),
  vFCPUFDest: z.number(),
  vIBS: z.number(),
  vCBS: z.number(),
});
export type TaxTotalsJson = z.output<typeof taxTotals>;

export const taxStep = z.object({
  tax: z.enum(TAX_KINDS),
  rule_id: z.string().nullable(),
  name: z.string().nullable(),
  applied: z.boolean(),
  code: z.enum([
    "applied",
    "inactive",
    "out_of_date_range",
    "beaten_by_more_specific_rule",
    "origin_state_not_matched",
    "destination_state_not_matched",
    "ie_indicator_not_matched",
    "final_consumer_not_matched",
    "ncm_not_matched",
    "cest_not_matched",
    "product_not_matched",
    "company_not_matched",
    "default",
    "not_applicable",
  ]),
  /** In English; `code` and `params` let a client word it (the panel does, in Portuguese). */
  reason: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

const num = (value: { toString(): string }) => toJsonNumber(value)!;

function valueJson(value: TaxValue | null) {
  if (!value) return undefined;
  return {
    ...(value.cst ? { cst: value.cst } : {}),
    ...(value.csosn ? { csosn: value.csosn } : {}),
    base: num(value.base),
    rate: num(value.rate),
    value: num(value.value),
    ...(value.rule_id ? { rule_id: value.rule_id } : {}),
  };
}

const defined = <T extends object>(object: T): T =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;

/** An item's taxes as JSON (exact decimals to numbers, absent taxes left out). */
export function itemTaxesJson(taxes: ItemTaxes): ItemTaxesJson {
  const { icms, icms_st: st, difal } = taxes;
  return defined({
    cfop: taxes.cfop,
    freight_value: num(taxes.freight_value),
    insurance_value: num(taxes.insurance_value),
    other_value: num(taxes.other_value),
    discount_value: num(taxes.discount_value),
    icms: defined({
      ...valueJson(icms)!,
      base_reduction: icms.base_reduction ? num(icms.base_reduction) : undefined,
      credit_rate: icms.credit_rate ? num(icms.credit_rate) : undefined,
      credit_value: icms.credit_value ? num(icms.credit_value) : undefined,
    }),
    fcp: valueJson(taxes.fcp),
    icms_st: st ? { ...valueJson(st)!, mva: num(st.mva) } : undefined,
    fcp_st: valueJson(taxes.fcp_st),
    ipi: valueJson(taxes.ipi),
    pis: valueJson(taxes.pis),
    cofins: valueJson(taxes.cofins),
    difal: difal
      ? {
          base: num(difal.base),
          internal_rate: num(difal.internal_rate),
          interstate_rate: num(difal.interstate_rate),
          method: difal.method,
          value: num(difal.value),
          fcp: { base: num(difal.fcp.base), rate: num(difal.fcp.rate), value: num(difal.fcp.value) },
        }
      : undefined,
    ibs: valueJson(taxes.ibs),
    cbs: valueJson(taxes.cbs),
  });
}

export function taxTotalsJson(totals: TaxTotals): TaxTotalsJson {
  return Object.fromEntries(Object.entries(totals).map(([key, value]) => [key, num(value)])) as TaxTotalsJson;
}
