"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useFieldArray, useWatch, type Control } from "react-hook-form";
import { LookupField } from "@/components/catalog/lookup-field";
import { useProductOptions } from "@/components/catalog/lookups";
import { listHref } from "@/components/data-table";
import { TargetFields } from "@/components/pricing/targets-field";
import {
  AttributesField,
  DateField,
  MoneyField,
  PercentField,
  ResourceForm,
  SelectField,
  SwitchField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { targetsWriteOf } from "@/server/pricing/fields";
import { today } from "@/lib/dates";
import {
  priceTableWrite,
  rateTypes,
  valueTypes,
  type PriceTable,
  type PriceTableWrite,
  type PriceTableWriteOutput,
} from "@/server/pricing/price-tables/schemas";

/** A new price table: from today (in the panel's time zone). */
export const emptyPriceTable = (): PriceTableWrite => ({
  name: "",
  start_date: today(),
  end_date: "",
  is_partner_specific: false,
  is_profile_specific: false,
  is_company_specific: false,
  is_payment_method_specific: false,
  criteria: [],
  partners: [],
  profiles: [],
  companies: [],
  payment_methods: [],
  attributes: {},
});

export function priceTableValues(table: PriceTable): PriceTableWrite {
  return {
    name: table.name,
    start_date: table.start_date,
    end_date: table.end_date ?? "",
    is_partner_specific: table.is_partner_specific,
    is_profile_specific: table.is_profile_specific,
    is_company_specific: table.is_company_specific,
    is_payment_method_specific: table.is_payment_method_specific,
    criteria: table.criteria.map((criteria) => ({
      criteria_id: criteria.criteria_id,
      name: criteria.name ?? "",
      rate_type: criteria.rate_type,
      value_type: criteria.value_type,
      criteria_type: criteria.criteria_type,
      value: criteria.value,
      products: criteria.products.map((product) => ({
        product_id: product.product_id,
        product_variation_id: product.product_variation_id,
        price: product.price,
        attributes: product.attributes,
      })),
    })),
    ...targetsWriteOf(table),
    attributes: table.attributes,
  };
}

export interface PriceTableFormProps {
  defaultValues: PriceTableWrite;
  onSubmit: (values: PriceTableWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a price table: validity, targets, criteria with their products and prices. */
export function PriceTableForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: PriceTableFormProps) {
  const t = useTranslations("priceTables");
  const form = useResourceForm(priceTableWrite, {
    defaultValues,
    labels: "priceTables.fields",
  });
  const { control } = form;
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/price-tables")}
      secondaryActions={secondaryActions}
    >
      <TextField control={control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
      <div className="grid gap-5 sm:grid-cols-2">
        <DateField control={control} name="start_date" label={t("fields.start_date")} required />
        <DateField control={control} name="end_date" label={t("fields.end_date")} />
      </div>
      <p className="text-xs text-muted-foreground">{t("flagsDescription")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SwitchField control={control} name="is_partner_specific" label={t("fields.is_partner_specific")} />
        <SwitchField control={control} name="is_profile_specific" label={t("fields.is_profile_specific")} />
        <SwitchField control={control} name="is_company_specific" label={t("fields.is_company_specific")} />
        <SwitchField control={control} name="is_payment_method_specific" label={t("fields.is_payment_method_specific")} />
      </div>
      <TargetFields
        control={control}
        flags={["is_partner_specific", "is_profile_specific", "is_company_specific", "is_payment_method_specific"]}
        lists={["partners", "profiles", "companies", "payment_methods"]}
        labels={[t("fields.partners"), t("fields.profiles"), t("fields.companies"), t("fields.payment_methods")]}
      />
      <CriteriaField control={control} />
      <AttributesField control={control} name="attributes" entity="price_table" description={t("attributesDescription")} />
    </ResourceForm>
  );
}

function CriteriaField({ control }: { control: Control<PriceTableWrite, unknown, PriceTableWriteOutput> }) {
  const t = useTranslations("priceTables");
  const common = useTranslations("common");
  const { fields, append, remove } = useFieldArray({
    control,
    name: "criteria",
    keyName: "key",
  });
  const criteria = useWatch({ control, name: "criteria" }) ?? [];
  return (
    <section aria-labelledby="criteria-label" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="criteria-label" className="text-sm font-medium">
          {t("fields.criteria")}
        </h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            append({
              name: "",
              rate_type: "DECREASE",
              value_type: "PERCENTAGE",
              value: 0,
              products: [],
            })
          }
        >
          <PlusIcon aria-hidden />
          {t("criteria.add")}
        </Button>
      </div>
      {fields.length === 0 && (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">{t("criteria.empty")}</p>
      )}
      {fields.map((item, index) => (
        <fieldset key={item.key} className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{t("criteria.item", { index: index + 1 })}</legend>
          <div className="grid gap-3 sm:grid-cols-4">
            <SelectField
              control={control}
              name={`criteria.${index}.rate_type`}
              label={t("fields.rate_type")}
              options={rateTypes.map((value) => ({
                value,
                label: t(`rateTypes.${value}`),
              }))}
            />
            <SelectField
              control={control}
              name={`criteria.${index}.value_type`}
              label={t("fields.value_type")}
              options={valueTypes.map((value) => ({
                value,
                label: t(`valueTypes.${value}`),
              }))}
            />
            {criteria[index]?.value_type === "MONETARY" ? (
              <MoneyField control={control} name={`criteria.${index}.value`} label={t("fields.value")} />
            ) : (
              <PercentField control={control} name={`criteria.${index}.value`} label={t("fields.value")} />
            )}
            <div className="flex items-end">
              <Button variant="ghost" size="sm" aria-label={t("criteria.remove", { index: index + 1 })} onClick={() => remove(index)}>
                <Trash2Icon aria-hidden />
                {common("remove")}
              </Button>
            </div>
          </div>
          <CriteriaProducts control={control} index={index} />
        </fieldset>
      ))}
    </section>
  );
}

function CriteriaProducts({ control, index }: { control: Control<PriceTableWrite, unknown, PriceTableWriteOutput>; index: number }) {
  const t = useTranslations("priceTables");
  const { fields, append, remove } = useFieldArray({
    control,
    name: `criteria.${index}.products`,
    keyName: "key",
  });
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm">{t("fields.products")}</span>
        <Button variant="outline" size="sm" onClick={() => append({ product_id: "", price: null, attributes: {} })}>
          <PlusIcon aria-hidden />
          {t("criteria.addProduct")}
        </Button>
      </div>
      {fields.length === 0 && <p className="text-xs text-muted-foreground">{t("criteria.everyProduct")}</p>}
      {fields.map((product, at) => (
        <div
          key={product.key}
          role="group"
          aria-label={t("criteria.productItem", { index: at + 1 })}
          className="grid items-end gap-3 sm:grid-cols-[1fr_12rem_auto]"
        >
          <LookupField
            control={control}
            name={`criteria.${index}.products.${at}.product_id`}
            label={t("fields.product_id")}
            useOptions={useProductOptions}
            required
          />
          <MoneyField
            control={control}
            name={`criteria.${index}.products.${at}.price`}
            label={t("fields.price")}
            description={at === 0 ? t("criteria.priceHint") : undefined}
          />
          <Button variant="ghost" size="sm" aria-label={t("criteria.removeProduct", { index: at + 1 })} onClick={() => remove(at)}>
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      ))}
    </div>
  );
}
