"use client";

import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { listHref } from "@/components/data-table";
import {
  ChoiceField,
  ChoicesField,
  DateField,
  PercentField,
  ResourceForm,
  SelectField,
  SwitchField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { RULE_RATES, TAX_KINDS, type TaxKind } from "@/server/taxes/engine";
import { IE_INDICATORS } from "@/server/taxes/fields";
import {
  CSOSNS,
  FIELDS_OF,
  ICMS_CSTS,
  IPI_CSTS,
  PIS_COFINS_CSTS,
  taxRuleWrite,
  type TaxRuleDetail,
  type TaxRuleWriteOutput,
} from "@/server/taxes/rules/schemas";
import { UFS } from "@/server/taxes/states";

/** A text the form holds as typed, sent as null when empty. */
const blankIsNull = <Schema extends z.ZodType<unknown, string | null | undefined>>(schema: Schema) =>
  z
    .string()
    .transform((value): string | null | undefined => value.trim() || null)
    .pipe(schema);

/** The API's own `taxRuleWrite`, with its codes as the inputs hold them and NCM prefixes typed as a list ("8467, 8471.30"). */
const taxRuleForm = taxRuleWrite.extend({
  cfop: blankIsNull(taxRuleWrite.shape.cfop),
  cst: blankIsNull(taxRuleWrite.shape.cst),
  csosn: blankIsNull(taxRuleWrite.shape.csosn),
  cest: blankIsNull(taxRuleWrite.shape.cest),
  ncm_prefixes: z
    .string()
    .transform((value): string[] | undefined =>
      value
        .split(/[,;\n]/)
        .map((prefix) => prefix.trim())
        .filter(Boolean),
    )
    .pipe(taxRuleWrite.shape.ncm_prefixes),
});
export type TaxRuleFormValues = z.input<typeof taxRuleForm>;

export const emptyTaxRule: TaxRuleFormValues = {
  name: "",
  tax: "ICMS",
  active: true,
  start_date: "",
  end_date: "",
  origin_states: [],
  destination_states: [],
  ie_indicators: [],
  final_consumer: null,
  ncm_prefixes: "",
  cest: "",
  product_ids: [],
  company_ids: [],
  cfop: "",
  cst: "",
  csosn: "",
  adjust_mva: false,
  ...Object.fromEntries(RULE_RATES.map((field) => [field, null])),
};

export function taxRuleValues(rule: TaxRuleDetail): TaxRuleFormValues {
  return {
    name: rule.name,
    tax: rule.tax,
    active: rule.active,
    start_date: rule.start_date ?? "",
    end_date: rule.end_date ?? "",
    origin_states: UFS.filter((uf) => rule.origin_states.includes(uf)),
    destination_states: UFS.filter((uf) => rule.destination_states.includes(uf)),
    ie_indicators: IE_INDICATORS.filter((value) => rule.ie_indicators.includes(value)),
    final_consumer: rule.final_consumer,
    ncm_prefixes: rule.ncm_prefixes.join(", "),
    cest: rule.cest ?? "",
    product_ids: rule.product_ids,
    company_ids: rule.company_ids,
    cfop: rule.cfop ?? "",
    cst: rule.cst ?? "",
    csosn: rule.csosn ?? "",
    adjust_mva: rule.adjust_mva,
    ...Object.fromEntries(RULE_RATES.map((field) => [field, rule[field]])),
  };
}

/** What a rule of `tax` sends: the figures its tax takes, the others cleared (a rule whose tax changed keeps none of the old tax's). */
function forTax(values: TaxRuleWriteOutput): TaxRuleWriteOutput {
  const takes = FIELDS_OF[values.tax];
  const cleared = Object.fromEntries(
    [...RULE_RATES, "cfop", "csosn"].filter((field) => !takes.includes(field)).map((field) => [field, null]),
  );
  return { ...values, ...cleared, adjust_mva: values.tax === "ICMS" && values.adjust_mva };
}

const CSTS: Record<TaxKind, readonly string[]> = { ICMS: ICMS_CSTS, IPI: IPI_CSTS, PIS_COFINS: PIS_COFINS_CSTS, IBS_CBS: ["000"] };

interface TaxRuleFormProps {
  defaultValues: TaxRuleFormValues;
  onSubmit: (values: TaxRuleWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/**
 * A tax rule (contract §12): which items it matches (UFs, IE indicators, final consumer, NCM
 * prefixes, CEST) and what it gives for its tax, in the words a fiscal person uses. The
 * figures shown are the ones its tax takes.
 */
export function TaxRuleForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: TaxRuleFormProps) {
  const t = useTranslations("taxRules");
  const form = useResourceForm(taxRuleForm, { defaultValues, labels: "taxRules.fields" });
  const tax = useWatch({ control: form.control, name: "tax" });
  const takes = (field: string) => FIELDS_OF[tax].includes(field);
  const ufs = UFS.map((uf) => ({ value: uf, label: uf }));
  const percent = (name: (typeof RULE_RATES)[number], description?: string) =>
    takes(name) ? <PercentField control={form.control} name={name} label={t(`fields.${name}`)} description={description} /> : null;
  return (
    <ResourceForm
      form={form}
      onSubmit={(values) => onSubmit(forTax(values))}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/tax-rules")}
      secondaryActions={secondaryActions}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={120} />
        <SelectField
          control={form.control}
          name="tax"
          label={t("fields.tax")}
          required
          options={TAX_KINDS.map((kind) => ({ value: kind, label: t(`taxes.${kind}`) }))}
        />
        <DateField control={form.control} name="start_date" label={t("fields.start_date")} />
        <DateField control={form.control} name="end_date" label={t("fields.end_date")} />
      </div>
      <SwitchField control={form.control} name="active" label={t("fields.active")} />
      <section aria-labelledby="tax-rule-matchers" className="grid gap-4 border-t pt-5">
        <h2 id="tax-rule-matchers" className="text-base font-semibold">
          {t("matchers")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("matchersDescription")}</p>
        <ChoicesField control={form.control} name="origin_states" label={t("fields.origin_states")} options={ufs} />
        <ChoicesField control={form.control} name="destination_states" label={t("fields.destination_states")} options={ufs} />
        <ChoicesField
          control={form.control}
          name="ie_indicators"
          label={t("fields.ie_indicators")}
          options={IE_INDICATORS.map((value) => ({ value, label: t(`ie.${value}`) }))}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <ChoiceField
            control={form.control}
            name="final_consumer"
            label={t("fields.final_consumer")}
            options={[
              { value: null, label: t("any") },
              { value: true, label: t("yes") },
              { value: false, label: t("no") },
            ]}
          />
          <TextField
            control={form.control}
            name="ncm_prefixes"
            label={t("fields.ncm_prefixes")}
            description={t("ncmDescription")}
            maxLength={2000}
          />
          <TextField control={form.control} name="cest" label={t("fields.cest")} maxLength={10} />
        </div>
      </section>
      <section aria-labelledby="tax-rule-figures" className="grid gap-4 border-t pt-5">
        <h2 id="tax-rule-figures" className="text-base font-semibold">
          {t("figures", { tax: t(`taxes.${tax}`) })}
        </h2>
        <div className="grid gap-5 sm:grid-cols-3">
          {takes("cfop") && <TextField control={form.control} name="cfop" label={t("fields.cfop")} maxLength={4} inputMode="numeric" />}
          <SelectField
            control={form.control}
            name="cst"
            label={t("fields.cst")}
            options={[{ value: "", label: t("none") }, ...CSTS[tax].map((cst) => ({ value: cst, label: cst }))]}
          />
          {takes("csosn") && (
            <SelectField
              control={form.control}
              name="csosn"
              label={t("fields.csosn")}
              options={[{ value: "", label: t("none") }, ...CSOSNS.map((csosn) => ({ value: csosn, label: csosn }))]}
            />
          )}
          {percent("rate", tax === "ICMS" ? t("rateDescription") : tax === "IPI" ? t("ipiRateDescription") : undefined)}
          {percent("base_reduction")}
          {percent("fcp_rate")}
          {percent("credit_rate")}
          {percent("mva")}
          {percent("st_base_reduction")}
          {percent("st_internal_rate")}
          {percent("st_fcp_rate")}
          {percent("pis_rate", t("pisDescription"))}
          {percent("cofins_rate")}
          {percent("ibs_rate")}
          {percent("cbs_rate")}
        </div>
        {takes("adjust_mva") && (
          <SwitchField control={form.control} name="adjust_mva" label={t("fields.adjust_mva")} description={t("adjustMvaDescription")} />
        )}
      </section>
    </ResourceForm>
  );
}
