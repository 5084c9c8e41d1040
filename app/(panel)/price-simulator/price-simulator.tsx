"use client";

import type { TaxCalculation } from "@/server/taxes/calculate/schemas";
import { money, roundMoney } from "@/server/lib/money";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { LookupField } from "@/components/catalog/lookup-field";
import { useProductOptions } from "@/components/catalog/lookups";
import { PageHeader } from "@/components/panel/page-header";
import { ReferenceSelectField } from "@/components/parties/reference-select-field";
import { usePartnerOptions, usePaymentMethodOptions } from "@/components/pricing/targets-field";
import { DateField, QuantityField } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { today } from "@/lib/dates";
import { useFormat } from "@/lib/format";
import { useDynamicTranslations } from "@/lib/i18n";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import type { PriceBatch, PriceBatchCalculation, PriceStep } from "@/server/pricing/prices/schemas";

interface SimulatorValues {
  product_id: string;
  partner_id: string | null;
  payment_method_id: string | null;
  quantity: number | null;
  date: string;
}

/** The quantities the simulator also prices, beside the one typed: where volume discounts usually start. */
const LADDER = [1, 5, 10, 25, 50, 100];

/** Pick a product, partner, payment method, quantity and date; see the price, every rule considered (explain) and the price by quantity. */
export function PriceSimulator() {
  const t = useTranslations("priceSimulator");
  const format = useFormat();
  const problems = useProblemMessages("priceSimulator.fields");
  const codes = useDynamicTranslations("problem.codes");
  const utils = trpc.useUtils();
  const partners = usePartnerOptions();
  const methods = usePaymentMethodOptions();
  const form = useForm<SimulatorValues>({
    defaultValues: {
      product_id: "",
      partner_id: null,
      payment_method_id: null,
      quantity: 1,
      date: today(),
    },
  });
  // The quantity is typed in the product's unit, with as many decimals as the unit takes.
  const productId = useWatch({ control: form.control, name: "product_id" });
  const product = trpc.products.get.useQuery({ id: productId }, { enabled: Boolean(productId), staleTime: 60_000 });
  const unit = productId ? product.data?.measure_unit : null;
  const [result, setResult] = useState<PriceBatchCalculation | null>(null);
  // The page answers each applied discount's name once.
  const [discountNames, setDiscountNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [ladder, setLadder] = useState<PriceBatch["items"]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  // Contract §12: with a partner, the price with its taxes and how each tax was decided.
  const [taxed, setTaxed] = useState<TaxCalculation | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const quantity = values.quantity ?? 0;
    // The quantity typed and the ladder's, priced in one call (POST /prices/products/calculate).
    const quantities = [...new Set([quantity, ...LADDER])].sort((a, b) => a - b);
    try {
      const answer = await utils.prices.calculateMany.fetch({
        items: quantities.map((each) => ({ product_id: values.product_id, quantity: each })),
        partner_id: values.partner_id,
        payment_method_id: values.payment_method_id,
        date: values.date || null,
        explain: true,
      });
      const typed = answer.items[quantities.indexOf(quantity)];
      setLadder(answer.items);
      setDiscountNames(new Map(answer.discounts.map((discount) => [discount.id, discount.name])));
      setTaxed(null);
      if (!typed || "error" in typed) {
        setResult(null);
        setFailure(typed && codes.has(typed.error.code) ? codes(typed.error.code) : problems.message(null));
      } else {
        setResult(typed);
        // Without a partner, or for a company that figures no taxes, the price stands alone.
        if (values.partner_id) {
          const taxes = await utils.taxes.calculate
            .fetch({
              partner_id: values.partner_id,
              date: values.date || null,
              items: [{ product_id: values.product_id, quantity, unit_value: typed.unit_price, discount: 0 }],
              freight_value: 0,
              insurance_value: 0,
              other_value: 0,
              discount_value: 0,
              explain: true,
            })
            .catch(() => null);
          setTaxed(taxes);
        }
      }
    } catch (error) {
      setResult(null);
      setLadder([]);
      setFailure(problems.message(error));
    }
  });
  const money = (value: number | null) => (value === null ? "—" : format.money(value));
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_1fr]">
        <Card>
          <CardContent>
            <form onSubmit={submit} className="grid gap-4" noValidate>
              <LookupField
                control={form.control}
                name="product_id"
                label={t("fields.product_id")}
                useOptions={useProductOptions}
                required
              />
              <ReferenceSelectField
                control={form.control}
                name="partner_id"
                label={t("fields.partner_id")}
                options={partners.options}
                loading={partners.loading}
              />
              <ReferenceSelectField
                control={form.control}
                name="payment_method_id"
                label={t("fields.payment_method_id")}
                options={methods.options}
                loading={methods.loading}
              />
              <QuantityField
                control={form.control}
                name="quantity"
                label={t("fields.quantity")}
                decimals={unit?.decimals_for_quantity ?? 0}
                unit={unit?.abbreviation}
                required
              />
              <DateField control={form.control} name="date" label={t("fields.date")} />
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {t("calculate")}
              </Button>
            </form>
          </CardContent>
        </Card>
        <section aria-labelledby="simulator-result" aria-live="polite" className="grid content-start gap-4">
          <h2 id="simulator-result" className="text-lg font-semibold">
            {t("result")}
          </h2>
          {failure && (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          )}
          {!result && !failure && <p className="text-sm text-muted-foreground">{t("empty")}</p>}
          {result && (
            <>
              <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
                <div>
                  <dt className="text-xs text-muted-foreground">{t("basePrice")}</dt>
                  <dd>{money(result.base_price)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t("priceTable")}</dt>
                  <dd>{result.price_table ? `${result.price_table.name} (${money(result.price_table.price)})` : t("noTable")}</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="text-xs text-muted-foreground">{t("discounts")}</dt>
                  <dd>
                    {result.discounts.length
                      ? result.discounts.map((item) => `${discountNames.get(item.id) ?? ""} (−${money(item.amount)})`).join(", ")
                      : t("noDiscounts")}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t("unitPrice")}</dt>
                  <dd className="text-2xl font-semibold" data-testid="unit-price">
                    {money(result.unit_price)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t("totalValue")}</dt>
                  <dd className="text-2xl font-semibold" data-testid="total-value">
                    {money(result.total_value)}
                  </dd>
                </div>
                {result.payment_method && (
                  <div className="sm:col-span-2">
                    <dt className="text-xs text-muted-foreground">{t("fields.installments")}</dt>
                    <dd>
                      {result.payment_method.installments
                        .map((item) =>
                          t("installment", {
                            sequence: item.sequence,
                            value: money(item.value),
                          }),
                        )
                        .join(" · ")}
                    </dd>
                  </div>
                )}
              </dl>
              {taxed && <PriceTaxes calculation={taxed} quantity={result.quantity} />}
              <ByQuantity items={ladder} typed={result.quantity} />
              <Steps steps={result.steps ?? []} />
            </>
          )}
        </section>
      </div>
    </>
  );
}

/** The price with its taxes (what the customer pays per unit and in all) and every tax rule considered, in words. */
function PriceTaxes({ calculation, quantity }: { calculation: TaxCalculation; quantity: number }) {
  const t = useTranslations("priceSimulator");
  const names = useTranslations("taxes");
  const format = useFormat();
  const item = calculation.items[0];
  if (!item) return null;
  // What the customer pays a unit: the invoice's value over the quantity, in decimals, rounded half-even once.
  const perUnit = roundMoney(money(calculation.invoice_value).dividedBy(money(quantity))).toNumber();
  const lines = (["icms", "icms_st", "fcp_st", "ipi", "pis", "cofins"] as const).flatMap((name) => {
    const tax = item.taxes[name];
    return tax ? [`${names(`names.${name}`)} ${format.money(tax.value)}`] : [];
  });
  return (
    <section aria-labelledby="simulator-taxes" className="grid gap-3">
      <h3 id="simulator-taxes" className="font-semibold">
        {t("withTaxes")}
      </h3>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted-foreground">{t("unitWithTaxes")}</dt>
          <dd className="text-xl font-semibold" data-testid="unit-with-taxes">
            {format.money(perUnit)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{names("invoiceValue")}</dt>
          <dd className="text-xl font-semibold">{format.money(calculation.invoice_value)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs text-muted-foreground">{t("taxesOfItem", { cfop: item.taxes.cfop })}</dt>
          <dd>{lines.join(" · ")}</dd>
        </div>
      </dl>
      <Table aria-label={t("taxSteps")}>
        <TableHeader>
          <TableRow>
            <TableHead>{names("tax")}</TableHead>
            <TableHead>{names("rule")}</TableHead>
            <TableHead>{t("columns.reason")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(item.steps ?? []).map((step, index) => (
            <TableRow key={index} data-applied={step.applied}>
              <TableCell>{t(`taxKinds.${step.tax}`)}</TableCell>
              <TableCell>{step.name ?? "—"}</TableCell>
              <TableCell>
                {t(`taxCodes.${step.code}`, Object.fromEntries(Object.entries(step.params).map(([key, value]) => [key, String(value)])))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

/** The price at each quantity of the ladder: where the volume discounts start paying. */
function ByQuantity({ items, typed }: { items: PriceBatch["items"]; typed: number }) {
  const t = useTranslations("priceSimulator");
  const format = useFormat();
  return (
    <Table aria-label={t("byQuantity")}>
      <TableHeader>
        <TableRow>
          <TableHead className="text-right">{t("fields.quantity")}</TableHead>
          <TableHead className="text-right">{t("unitPrice")}</TableHead>
          <TableHead className="text-right">{t("totalValue")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow
            key={item.quantity}
            data-typed={item.quantity === typed}
            className={item.quantity === typed ? "font-semibold" : undefined}
          >
            <TableCell className="text-right tabular-nums">{format.number(item.quantity, { maxDecimals: 4 })}</TableCell>
            <TableCell className="text-right tabular-nums">{"error" in item ? "—" : format.money(item.unit_price)}</TableCell>
            <TableCell className="text-right tabular-nums">{"error" in item ? "—" : format.money(item.total_value)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The parameters of a step's reason that are amounts of money. */
const MONEY_PARAMS = new Set(["minimum_value", "maximum_value", "total_value", "price", "amount"]);

function Steps({ steps }: { steps: PriceStep[] }) {
  const t = useTranslations("priceSimulator");
  const format = useFormat();
  const reason = (step: PriceStep) => {
    const params = Object.fromEntries(
      Object.entries(step.params).map(([key, value]) => [
        key,
        Array.isArray(value)
          ? value.map((flag) => t(`flags.${flag as "partner"}`)).join(", ")
          : typeof value === "number" && MONEY_PARAMS.has(key)
            ? format.money(value)
            : String(value),
      ]),
    );
    return t(`codes.${step.code}`, params);
  };
  // A unit price along the way, in R$, exact (to 6 decimals) until the rounding step.
  const value = (amount: number | null) => (amount === null ? "—" : format.money(amount, { maxDecimals: 6 }));
  return (
    <Table aria-label={t("steps")}>
      <TableHeader>
        <TableRow>
          <TableHead>{t("columns.rule")}</TableHead>
          <TableHead>{t("columns.name")}</TableHead>
          <TableHead className="text-right">{t("columns.before")}</TableHead>
          <TableHead className="text-right">{t("columns.after")}</TableHead>
          <TableHead>{t("columns.reason")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {steps.map((step, index) => (
          <TableRow key={index} data-applied={step.code === "applied" || step.code === "base_price" || step.code === "rounded"}>
            <TableCell>{t(`rules.${step.rule}`)}</TableCell>
            <TableCell>{step.name ?? "—"}</TableCell>
            <TableCell className="text-right tabular-nums">{value(step.before)}</TableCell>
            <TableCell className="text-right tabular-nums">{value(step.after)}</TableCell>
            <TableCell>{reason(step)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
