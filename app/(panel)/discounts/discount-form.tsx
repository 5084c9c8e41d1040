"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useFieldArray, useWatch, type Control } from "react-hook-form";
import { listHref } from "@/components/data-table";
import { TargetFields } from "@/components/pricing/targets-field";
import {
  AttributesField,
  CheckboxField,
  DateField,
  MoneyField,
  PercentField,
  QuantityField,
  ResourceForm,
  SelectField,
  SwitchField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { targetsWriteOf } from "@/server/pricing/fields";
import { discountWrite, rangeTypes, type Discount, type DiscountWrite, type DiscountWriteOutput } from "@/server/pricing/discounts/schemas";
import { CriteriaBuilder } from "./criteria-builder";

export const emptyDiscount: DiscountWrite = {
  name: "",
  minimum_value: null,
  maximum_value: null,
  start_date: "",
  end_date: "",
  is_discount_over_discount: false,
  is_partner: false,
  is_profile: false,
  is_company: false,
  is_payment_method: false,
  is_active: true,
  partners: [],
  profiles: [],
  companies: [],
  payment_methods: [],
  ranges: [
    {
      minimum_quantity: 1,
      type: "PERCENTAGE",
      value: 0,
      is_product_value: false,
    },
  ],
  criteria: [],
  attributes: {},
};

export function discountValues(discount: Discount): DiscountWrite {
  return {
    name: discount.name,
    minimum_value: discount.minimum_value,
    maximum_value: discount.maximum_value,
    start_date: discount.start_date ?? "",
    end_date: discount.end_date ?? "",
    is_discount_over_discount: discount.is_discount_over_discount,
    is_partner: discount.is_partner,
    is_profile: discount.is_profile,
    is_company: discount.is_company,
    is_payment_method: discount.is_payment_method,
    is_active: discount.is_active,
    ...targetsWriteOf(discount),
    ranges: discount.ranges,
    criteria: discount.criteria.map((criteria) => ({
      criteria_id: criteria.criteria_id,
      name: criteria.name ?? "",
      type: criteria.type,
      criteria_type: criteria.criteria_type,
      config: Object.values(criteria.config),
    })),
    attributes: discount.attributes,
  };
}

export interface DiscountFormProps {
  defaultValues: DiscountWrite;
  onSubmit: (values: DiscountWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a discount: validity, targets, quantity ranges and the criteria builder. */
export function DiscountForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: DiscountFormProps) {
  const t = useTranslations("discounts");
  const form = useResourceForm(discountWrite, {
    defaultValues,
    labels: "discounts.fields",
  });
  const { control } = form;
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/discounts")}
      secondaryActions={secondaryActions}
    >
      <TextField control={control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
      <div className="grid gap-5 sm:grid-cols-2">
        <DateField control={control} name="start_date" label={t("fields.start_date")} />
        <DateField control={control} name="end_date" label={t("fields.end_date")} />
        <MoneyField control={control} name="minimum_value" label={t("fields.minimum_value")} description={t("valueDescription")} />
        <MoneyField control={control} name="maximum_value" label={t("fields.maximum_value")} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SwitchField control={control} name="is_active" label={t("fields.is_active")} />
        <SwitchField
          control={control}
          name="is_discount_over_discount"
          label={t("fields.is_discount_over_discount")}
          description={t("overDescription")}
        />
        <SwitchField control={control} name="is_partner" label={t("fields.is_partner")} />
        <SwitchField control={control} name="is_profile" label={t("fields.is_profile")} />
        <SwitchField control={control} name="is_company" label={t("fields.is_company")} />
        <SwitchField control={control} name="is_payment_method" label={t("fields.is_payment_method")} />
      </div>
      <TargetFields
        control={control}
        flags={["is_partner", "is_profile", "is_company", "is_payment_method"]}
        lists={["partners", "profiles", "companies", "payment_methods"]}
        labels={[t("fields.partners"), t("fields.profiles"), t("fields.companies"), t("fields.payment_methods")]}
      />
      <RangesField control={control} />
      <CriteriaBuilder control={control} />
      <AttributesField control={control} name="attributes" entity="discount" description={t("attributesDescription")} />
    </ResourceForm>
  );
}

function RangesField({ control }: { control: Control<DiscountWrite, unknown, DiscountWriteOutput> }) {
  const t = useTranslations("discounts");
  const { fields, append, remove } = useFieldArray({
    control,
    name: "ranges",
    keyName: "key",
  });
  const ranges = useWatch({ control, name: "ranges" }) ?? [];
  return (
    <section aria-labelledby="discount-ranges" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="discount-ranges" className="text-sm font-medium">
          {t("fields.ranges")}
        </h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            append({
              minimum_quantity: 1,
              type: "PERCENTAGE",
              value: 0,
              is_product_value: false,
            })
          }
        >
          <PlusIcon aria-hidden />
          {t("ranges.add")}
        </Button>
      </div>
      {fields.length === 0 && (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">{t("ranges.empty")}</p>
      )}
      {fields.map((range, index) => (
        <div
          key={range.key}
          role="group"
          aria-label={t("ranges.item", { index: index + 1 })}
          className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto_auto]"
        >
          <QuantityField
            control={control}
            name={`ranges.${index}.minimum_quantity`}
            label={t("fields.minimum_quantity")}
            decimals={4}
            unit={t("ranges.unit")}
          />
          <SelectField
            control={control}
            name={`ranges.${index}.type`}
            label={t("fields.type")}
            options={rangeTypes.map((value) => ({
              value,
              label: t(`rangeTypes.${value}`),
            }))}
          />
          {ranges[index]?.type === "MONETARY" || ranges[index]?.is_product_value ? (
            <MoneyField control={control} name={`ranges.${index}.value`} label={t("fields.value")} />
          ) : (
            <PercentField control={control} name={`ranges.${index}.value`} label={t("fields.value")} />
          )}
          <CheckboxField control={control} name={`ranges.${index}.is_product_value`} label={t("fields.is_product_value")} />
          <Button variant="ghost" size="sm" aria-label={t("ranges.remove", { index: index + 1 })} onClick={() => remove(index)}>
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      ))}
    </section>
  );
}
