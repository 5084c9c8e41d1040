"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { LookupField } from "@/components/catalog/lookup-field";
import { useProductOptions } from "@/components/catalog/lookups";
import { ChoiceField, StateField } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat } from "@/lib/format";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import type { TaxCalculation } from "@/server/taxes/calculate/schemas";
import { IE_INDICATORS } from "@/server/taxes/fields";
import type { TaxRuleDetail } from "@/server/taxes/rules/schemas";
import { isUf } from "@/server/taxes/states";

interface SampleValues {
  product_id: string;
  destination_state: string;
  ie_indicator: 1 | 2 | 9;
}

/** The taxes this rule gives (contract §12), by tax: the names of what the calculation answers. */
const ANSWERED = { ICMS: ["icms", "icms_st"], IPI: ["ipi"], PIS_COFINS: ["pis", "cofins"], IBS_CBS: ["ibs", "cbs"] } as const;

/**
 * A stored rule tried on a sample item: one unit of a product (at its price, else R$ 100,00)
 * sold by the default company to a destination UF and kind of buyer — whether this rule is
 * the one that applies, and why not when it is not, with the tax it gives.
 */
export function TaxRulePreview({ rule }: { rule: TaxRuleDetail }) {
  const t = useTranslations("taxRules");
  const names = useTranslations("taxes");
  const steps = useTranslations("priceSimulator");
  const format = useFormat();
  const problems = useProblemMessages();
  const utils = trpc.useUtils();
  const form = useForm<SampleValues>({
    defaultValues: { product_id: "", destination_state: rule.destination_states[0] ?? "SP", ie_indicator: 1 },
  });
  const [answer, setAnswer] = useState<TaxCalculation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setAnswer(null);
    if (!values.product_id || !isUf(values.destination_state)) return;
    try {
      const product = await utils.products.get.fetch({ id: values.product_id });
      setAnswer(
        await utils.taxes.calculate.fetch({
          destination_state: values.destination_state,
          ie_indicator: values.ie_indicator,
          final_consumer: values.ie_indicator === 9,
          items: [{ product_id: values.product_id, quantity: 1, unit_value: product.price ?? 100, discount: 0 }],
          freight_value: 0,
          insurance_value: 0,
          other_value: 0,
          discount_value: 0,
          explain: true,
        }),
      );
    } catch (error) {
      setFailure(problems.message(error));
    }
  });
  const item = answer?.items[0];
  const own = item?.steps?.find((step) => step.rule_id === rule.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("preview")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t("previewDescription")}</p>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3" noValidate>
          <LookupField control={form.control} name="product_id" label={t("sampleProduct")} useOptions={useProductOptions} required />
          <StateField control={form.control} name="destination_state" label={t("fields.destination_states")} />
          <ChoiceField
            control={form.control}
            name="ie_indicator"
            label={t("fields.ie_indicators")}
            options={IE_INDICATORS.map((value) => ({ value, label: t(`ie.${value}`) }))}
          />
          <Button type="submit" variant="outline" className="sm:col-span-3 sm:justify-self-start" disabled={form.formState.isSubmitting}>
            {t("try")}
          </Button>
        </form>
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
        {item && (
          <div role="status" className="grid gap-2 text-sm">
            <p className="font-medium" data-testid="rule-verdict">
              {own
                ? own.applied
                  ? t("applies")
                  : t("doesNotApply", {
                      reason: steps(
                        `taxCodes.${own.code}`,
                        Object.fromEntries(Object.entries(own.params).map(([key, value]) => [key, String(value)])),
                      ),
                    })
                : t("notConsidered")}
            </p>
            <ul className="grid gap-1">
              {ANSWERED[rule.tax].flatMap((name) => {
                const tax = item.taxes[name];
                return tax
                  ? [
                      <li key={name}>
                        {`${names(`names.${name}`)} ${tax.cst ?? tax.csosn ?? ""} · ${names("base")} ${format.money(tax.base)} · ${names("rate")} ${format.percent(tax.rate)} · ${names("value")} ${format.money(tax.value)}`}
                      </li>,
                    ]
                  : [];
              })}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
