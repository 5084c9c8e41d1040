"use client";

import { useWatch } from "react-hook-form";
import { NumberField, ResourceForm, SelectField, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { AttributesField } from "@/components/resource-form";
import { deliveryMethodForm, type DeliveryMethod, type DeliveryMethodWrite, type DeliveryMethodWriteOutput } from "@/server/settings/delivery-methods/schemas";
import { deliveryTypeLabels, optionsOf, periodTypeLabels, priceTypeLabels } from "./labels";

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
  const form = useResourceForm(deliveryMethodForm, { defaultValues });
  const { control } = form;
  const priceType = useWatch({ control, name: "price_type" });
  return (
    <ResourceForm form={form} onSubmit={onSubmit} readOnly={readOnly} submitLabel={submitLabel} cancelHref="/delivery-methods" secondaryActions={secondaryActions}>
      <TextField control={control} name="name" label="Name" required maxLength={120} autoComplete="off" />
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField control={control} name="type" label="Type" required options={optionsOf(deliveryTypeLabels)} />
        <SelectField control={control} name="price_type" label="Pricing" required options={optionsOf(priceTypeLabels)} />
        {priceType !== "FREE" && (
          <NumberField control={control} name="price" label={priceType === "PER_WEIGHT" ? "Price per kg" : "Price"} required step="any" min={0} />
        )}
      </div>
      <TextField control={control} name="custom_label" label="Label shown to buyers" maxLength={120} autoComplete="off" placeholder="Entrega em 24h" />
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField control={control} name="period_type" label="Delivery period in" options={optionsOf(periodTypeLabels)} />
        <NumberField control={control} name="period_start" label="From" step={1} min={0} />
        <NumberField control={control} name="period_end" label="To" step={1} min={0} />
      </div>
      <TextField control={control} name="notes" label="Notes" multiline />
      <SwitchField control={control} name="active" label="Active" description="Inactive methods are kept but not offered." />
      <AttributesField control={control} name="attributes" entity="delivery_method" />
    </ResourceForm>
  );
}
