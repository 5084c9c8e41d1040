import { z } from "zod";
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

type ValueJson = z.output<typeof taxValue>;

/**
 * A tax as JSON: its figures as numbers, a code or rule left out when it has none. Written
 * key by key (no spread, no filtering of entries): an order's or a calculation's answer
 * writes one per tax of every item.
 */
function valueJson(value: TaxValue): ValueJson {
  const json: ValueJson = { base: value.base.toNumber(), rate: value.rate.toNumber(), value: value.value.toNumber() };
  if (value.cst) json.cst = value.cst;
  if (value.csosn) json.csosn = value.csosn;
  if (value.rule_id) json.rule_id = value.rule_id;
  return json;
}

/** An item's taxes as JSON (exact decimals to numbers, absent taxes left out). */
export function itemTaxesJson(taxes: ItemTaxes): ItemTaxesJson {
  const { icms, icms_st: st, difal } = taxes;
  const icmsJson: ItemTaxesJson["icms"] = valueJson(icms);
  if (icms.base_reduction) icmsJson.base_reduction = icms.base_reduction.toNumber();
  if (icms.credit_rate) icmsJson.credit_rate = icms.credit_rate.toNumber();
  if (icms.credit_value) icmsJson.credit_value = icms.credit_value.toNumber();
  const json: ItemTaxesJson = {
    cfop: taxes.cfop,
    freight_value: taxes.freight_value.toNumber(),
    insurance_value: taxes.insurance_value.toNumber(),
    other_value: taxes.other_value.toNumber(),
    discount_value: taxes.discount_value.toNumber(),
    icms: icmsJson,
  };
  if (taxes.fcp) json.fcp = valueJson(taxes.fcp);
  if (st) json.icms_st = Object.assign(valueJson(st), { mva: st.mva.toNumber() });
  if (taxes.fcp_st) json.fcp_st = valueJson(taxes.fcp_st);
  if (taxes.ipi) json.ipi = valueJson(taxes.ipi);
  if (taxes.pis) json.pis = valueJson(taxes.pis);
  if (taxes.cofins) json.cofins = valueJson(taxes.cofins);
  if (difal) {
    json.difal = {
      base: difal.base.toNumber(),
      internal_rate: difal.internal_rate.toNumber(),
      interstate_rate: difal.interstate_rate.toNumber(),
      method: difal.method,
      value: difal.value.toNumber(),
      fcp: { base: difal.fcp.base.toNumber(), rate: difal.fcp.rate.toNumber(), value: difal.fcp.value.toNumber() },
    };
  }
  if (taxes.ibs) json.ibs = valueJson(taxes.ibs);
  if (taxes.cbs) json.cbs = valueJson(taxes.cbs);
  return json;
}

export function taxTotalsJson(totals: TaxTotals): TaxTotalsJson {
  return {
    vBC: totals.vBC.toNumber(),
    vICMS: totals.vICMS.toNumber(),
    vFCP: totals.vFCP.toNumber(),
    vBCST: totals.vBCST.toNumber(),
    vST: totals.vST.toNumber(),
    vFCPST: totals.vFCPST.toNumber(),
    vIPI: totals.vIPI.toNumber(),
    vPIS: totals.vPIS.toNumber(),
    vCOFINS: totals.vCOFINS.toNumber(),
    vICMSUFDest: totals.vICMSUFDest.toNumber(),
    vFCPUFDest: totals.vFCPUFDest.toNumber(),
    vIBS: totals.vIBS.toNumber(),
    vCBS: totals.vCBS.toNumber(),
  };
}
