"use client";

import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { listHref } from "@/components/data-table";
import {
  AttributesField,
  MoneyField,
  QuantityField,
  ResourceForm,
  SelectField,
  SwitchField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { useEnumLabel, useEnumOptions } from "@/lib/i18n";
import {
  deliveryMethodForm,
  deliveryMethodTypes,
  deliveryPeriodTypes,
  deliveryPriceTypes,
  type DeliveryMethod,
  type DeliveryMethodWrite,
  type DeliveryMethodWriteOutput,
} from "@/server/settings/delivery-methods/schemas";

export const emptyDeliveryMethod: DeliveryMethodWrite = {
  name: "",
  type: "OWN_FLEET",
  price_type: "FIXED",
  price: null,
  custom_label: "",
  notes: "",
  active: true,
  period_type: "DAYS",
  period_start: null,
  period_end: null,
  attributes: {},
};

export function deliveryMethodValues(method: DeliveryMethod): DeliveryMethodWrite {
  const { id: _id, created_at: _created, updated_at: _updated, ...values } = method;
  return values;
}

export interface DeliveryMethodFormProps {
  defaultValues: DeliveryMethodWrite;
  onSubmit: (values: DeliveryMethodWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

export function DeliveryMethodForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: DeliveryMethodFormProps) {
  const t = useTranslations("deliveryMethods");
  const typeOptions = useEnumOptions("deliveryType", deliveryMethodTypes);
  const priceTypeOptions = useEnumOptions("deliveryPriceType", deliveryPriceTypes);
  const periodTypeOptions = useEnumOptions("deliveryPeriodType", deliveryPeriodTypes);
  const periodTypeLabel = useEnumLabel("deliveryPeriodType");
  const form = useResourceForm(deliveryMethodForm, { defaultValues, labels: "deliveryMethods.fields" });
  const { control } = form;
  const [priceType, periodType] = useWatch({ control, name: ["price_type", "period_type"] });
  const periodUnit = periodType ? periodTypeLabel(periodType).toLowerCase() : undefined;
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/delivery-methods")}
      secondaryActions={secondaryActions}
    >
      <TextField control={control} name="name" label={t("fields.name")} required maxLength={120} autoComplete="off" />
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField control={control} name="type" label={t("fields.type")} required options={typeOptions} />
        <SelectField control={control} name="price_type" label={t("fields.price_type")} required options={priceTypeOptions} />
        {priceType !== "FREE" && (
          <MoneyField control={control} name="price" label={priceType === "PER_WEIGHT" ? t("pricePerKg") : t("fields.price")} required />
        )}
      </div>
      <TextField
        control={control}
        name="custom_label"
        label={t("fields.custom_label")}
        maxLength={120}
        autoComplete="off"
        placeholder={t("customLabelPlaceholder")}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField control={control} name="period_type" label={t("fields.period_type")} options={periodTypeOptions} />
        <QuantityField control={control} name="period_start" label={t("fields.period_start")} unit={periodUnit} />
        <QuantityField control={control} name="period_end" label={t("fields.period_end")} unit={periodUnit} />
      </div>
      <TextField control={control} name="notes" label={t("fields.notes")} multiline />
      <SwitchField control={control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <AttributesField control={control} name="attributes" entity="delivery_method" />
    </ResourceForm>
  );
}
