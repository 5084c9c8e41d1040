import { z } from "zod";
import type { FieldError } from "../../errors";
import { optionalDate } from "../../lib/calendar";
import { decimalPlaces } from "../../lib/money";
import { queryBoolean } from "../../lib/paging";
import { clientId, requiredText, uuid } from "../../lib/schemas";
import { RULE_RATES, TAX_KINDS, type TaxKind } from "../engine";
import { cestField, cfopField, ieIndicatorField, internalRate, taxRate, ufField } from "../fields";

/** Fields a list of tax rules may be sorted by. */
export const TAX_RULE_SORT = ["id", "name", "tax", "start_date", "end_date", "created_at", "updated_at"] as const;

/** The ICMS CSTs (normal regime) and CSOSNs (Simples Nacional) of the NF-e 4.00. */
export const ICMS_CSTS = ["00", "10", "20", "30", "40", "41", "50", "51", "60", "70", "90"] as const;
export const CSOSNS = ["101", "102", "103", "201", "202", "203", "300", "400", "500", "900"] as const;
/** IPI CSTs of an exit: 50 taxed, 51–55 not taxed, 99 other. */
export const IPI_CSTS = ["50", "51", "52", "53", "54", "55", "99"] as const;
/** PIS/COFINS CSTs of an exit. */
export const PIS_COFINS_CSTS = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "49", "99"] as const;

/** The fields each tax takes beyond its matchers (any other figure is refused, naming the tax). */
export const FIELDS_OF: Record<TaxKind, readonly string[]> = {
  ICMS: [
    "cfop",
    "cst",
    "csosn",
    "rate",
    "base_reduction",
    "fcp_rate",
    "credit_rate",
    "mva",
    "adjust_mva",
    "st_base_reduction",
    "st_internal_rate",
    "st_fcp_rate",
  ],
  IPI: ["cst", "rate"],
  PIS_COFINS: ["cst", "pis_rate", "cofins_rate"],
  IBS_CBS: ["cst", "ibs_rate", "cbs_rate"],
};
const FIGURES = ["cfop", "cst", "csosn", ...RULE_RATES] as const;

const CST_OF: Record<TaxKind, readonly string[]> = {
  ICMS: ICMS_CSTS,
  IPI: IPI_CSTS,
  PIS_COFINS: PIS_COFINS_CSTS,
  IBS_CBS: [],
};

const distinct = <T>(values: readonly T[]) => new Set(values).size === values.length;
const list = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max, `at most ${max}`)
    .default([])
    .refine(distinct, "lists a value twice")
    .meta({ override: { uniqueItems: true } });

/** An NCM prefix: 2 to 8 digits, dots allowed ("8467.21"). */
const ncmPrefix = z
  .string({ message: "must be 2 to 8 digits of an NCM" })
  .trim()
  .max(20)
  .meta({ override: { type: "string", pattern: "^[\\s.]*(\\d[\\s.]*){2,8}$", maxLength: 20 } })
  .transform((value) => value.replace(/[\s.]/g, ""))
  .refine((value) => /^\d{2,8}$/.test(value), "must be 2 to 8 digits of an NCM");

const rate = taxRate.nullish().transform((value) => value ?? null);
const internal = internalRate.nullish().transform((value) => value ?? null);

const taxRuleFields = z.object({
  id: clientId,
  name: requiredText(120),
  tax: z.enum(TAX_KINDS, { message: "must be ICMS, IPI, PIS_COFINS or IBS_CBS" }),
  active: z.boolean({ message: "must be true or false" }).default(true),
  start_date: optionalDate,
  end_date: optionalDate,
  origin_states: list(ufField, 27),
  destination_states: list(ufField, 27),
  ie_indicators: list(ieIndicatorField, 3),
  final_consumer: z
    .boolean({ message: "must be true or false" })
    .nullish()
    .transform((value) => value ?? null),
  ncm_prefixes: list(ncmPrefix, 200),
  cest: cestField.nullish().transform((value) => value ?? null),
  product_ids: list(uuid, 500),
  company_ids: list(uuid, 100),
  cfop: cfopField.nullish().transform((value) => value ?? null),
  /** ICMS (normal regime) 00–90, IPI 50–55/99, PIS/COFINS 01–99, IBS/CBS 3 digits. */
  cst: z
    .string()
    .trim()
    .regex(/^\d{2,3}$/, "must be a CST (2 digits; 3 for IBS/CBS)")
    .nullish()
    .transform((value) => value ?? null),
  csosn: z
    .enum(CSOSNS, { message: `must be a CSOSN (${CSOSNS.join(", ")})` })
    .nullish()
    .transform((value) => value ?? null),
  rate,
  base_reduction: rate,
  fcp_rate: rate,
  credit_rate: rate,
  mva: z
    .number({ message: "must be a number" })
    .finite("must be a finite number")
    .min(0, "must not be negative")
    .max(1000, "must be at most 1000")
    .refine((value) => decimalPlaces(value) <= 4, { message: "must have at most 4 decimal places", params: { maximumDecimals: 4 } })
    .meta({ override: { multipleOf: 0.0001 } })
    .nullish()
    .transform((value) => value ?? null),
  adjust_mva: z.boolean({ message: "must be true or false" }).default(false),
  st_base_reduction: rate,
  st_internal_rate: internal,
  st_fcp_rate: rate,
  pis_rate: rate,
  cofins_rate: rate,
  ibs_rate: rate,
  cbs_rate: rate,
});

/** The rules across a rule's fields (422 naming each field): the figures its tax takes, its CST, its dates. */
export function taxRuleErrors(input: z.output<typeof taxRuleWrite>): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string, message: string, params?: Record<string, unknown>) =>
    errors.push({ path, message, code: "invalid", ...(params ? { params } : {}) });
  if (input.start_date && input.end_date && input.end_date < input.start_date) add("end_date", "must not be before start_date");
  const allowed = FIELDS_OF[input.tax];
  for (const field of FIGURES) {
    if (input[field] !== null && !allowed.includes(field)) add(field, `does not apply to ${input.tax} rules`, { tax: input.tax });
  }
  if (input.adjust_mva && input.tax !== "ICMS") add("adjust_mva", `does not apply to ${input.tax} rules`, { tax: input.tax });
  const csts = CST_OF[input.tax];
  if (input.cst !== null && (input.tax === "IBS_CBS" ? !/^\d{3}$/.test(input.cst) : !csts.includes(input.cst))) {
    add("cst", input.tax === "IBS_CBS" ? "must be 3 digits" : `must be one of ${csts.join(", ")} for ${input.tax}`);
  }
  if (input.tax === "ICMS" && input.cst === null && input.csosn === null) {
    add("cst", "an ICMS rule gives a cst (normal regime), a csosn (Simples Nacional) or both");
  }
  if (input.credit_rate !== null && input.csosn !== "101" && input.csosn !== "201") add("credit_rate", "applies to CSOSN 101 and 201 only");
  return errors;
}

/**
 * `taxRuleErrors`, stated in the document (`bodyRules` of create and update) as far as JSON
 * Schema says it: the figures each tax takes, its CSTs, ICMS's cst or csosn, the credit's
 * CSOSN. (That `end_date` is not before `start_date` it cannot say: the description does.)
 */
export const taxRuleBodyRules = {
  allOf: [
    ...TAX_KINDS.map((tax) => ({
      if: { properties: { tax: { const: tax } }, required: ["tax"] },
      then: {
        properties: {
          ...Object.fromEntries(FIGURES.filter((field) => !FIELDS_OF[tax].includes(field)).map((field) => [field, { type: "null" }])),
          ...(tax === "ICMS" ? {} : { adjust_mva: { const: false } }),
          cst: tax === "IBS_CBS" ? { type: ["string", "null"], pattern: "^\\d{3}$" } : { enum: [...CST_OF[tax], null] },
        },
        ...(tax === "ICMS"
          ? {
              anyOf: [
                { properties: { cst: { type: "string" } }, required: ["cst"] },
                { properties: { csosn: { type: "string" } }, required: ["csosn"] },
              ],
            }
          : {}),
      },
    })),
    {
      if: { properties: { credit_rate: { type: "number" } }, required: ["credit_rate"] },
      then: { properties: { csosn: { enum: ["101", "201"] } }, required: ["csosn"] },
    },
  ],
};

/** Body of POST and PUT /tax-rules (contract §12); `taxRuleErrors` checks across its fields. */
export const taxRuleWrite = taxRuleFields;
export type TaxRuleWrite = z.input<typeof taxRuleWrite>;
export type TaxRuleWriteOutput = z.output<typeof taxRuleWrite>;

export const taxRule = z.object({
  id: z.string(),
  name: z.string(),
  tax: z.enum(TAX_KINDS),
  active: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  origin_states: z.array(z.string()),
  destination_states: z.array(z.string()),
  ie_indicators: z.array(z.number().int()),
  final_consumer: z.boolean().nullable(),
  ncm_prefixes: z.array(z.string()),
  cest: z.string().nullable(),
  product_ids: z.array(z.string()),
  company_ids: z.array(z.string()),
  cfop: z.string().nullable(),
  cst: z.string().nullable(),
  csosn: z.string().nullable(),
  rate: z.number().nullable(),
  base_reduction: z.number().nullable(),
  fcp_rate: z.number().nullable(),
  credit_rate: z.number().nullable(),
  mva: z.number().nullable(),
  adjust_mva: z.boolean(),
  st_base_reduction: z.number().nullable(),
  st_internal_rate: z.number().nullable(),
  st_fcp_rate: z.number().nullable(),
  pis_rate: z.number().nullable(),
  cofins_rate: z.number().nullable(),
  ibs_rate: z.number().nullable(),
  cbs_rate: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaxRuleDetail = z.output<typeof taxRule>;

export const taxRuleFilters = z.object({
  tax: z.enum(TAX_KINDS, { message: "must be ICMS, IPI, PIS_COFINS or IBS_CBS" }).optional(),
  active: queryBoolean.optional(),
  /** Rules that name this destination UF. */
  destination_state: ufField.optional(),
});
