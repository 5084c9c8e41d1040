"use client";

import { listHref } from "@/components/data-table";
import {
  AttributesField,
  PostalCodeField,
  ResourceForm,
  SelectField,
  StateField,
  SwitchField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { useEnumLabel } from "@/lib/i18n";
import { addressTypes, warehouseWrite, type WarehouseWrite, type WarehouseWriteOutput } from "@/server/catalog/warehouses/schemas";
import { useTranslations } from "next-intl";

export const LIST = "/warehouses";

interface WarehouseFormProps {
  defaultValues: WarehouseWrite;
  onSubmit: (values: WarehouseWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a warehouse, checked by the API's own `warehouseWrite` schema. */
export function WarehouseForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: WarehouseFormProps) {
  const t = useTranslations("warehouses");
  const addressTypeLabel = useEnumLabel("addressType");
  const form = useResourceForm(warehouseWrite, { defaultValues, labels: "warehouses.fields" });
  // A type written through the API that the panel does not list is still shown.
  const types = [...new Set([...addressTypes, defaultValues.address_type].filter(Boolean))];
  const { control } = form;
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref(LIST)}
      secondaryActions={secondaryActions}
    >
      <div className="grid gap-5 sm:grid-cols-[1fr_14rem]">
        <TextField control={control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
        <SelectField
          control={control}
          name="address_type"
          label={t("fields.address_type")}
          required
          options={types.map((type) => ({ value: type, label: addressTypeLabel(type) }))}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-[1fr_8rem]">
        <TextField control={control} name="street" label={t("fields.street")} required maxLength={200} autoComplete="address-line1" />
        <TextField control={control} name="number" label={t("fields.number")} required maxLength={20} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          control={control}
          name="complement"
          label={t("fields.complement")}
          maxLength={200}
          autoComplete="address-line2"
          description={t("complementDescription")}
        />
        <TextField control={control} name="neighborhood" label={t("fields.neighborhood")} required maxLength={200} />
      </div>
      <div className="grid gap-5 sm:grid-cols-[1fr_6rem_9rem_6rem]">
        <TextField control={control} name="city" label={t("fields.city")} required maxLength={200} autoComplete="address-level2" />
        <StateField control={control} name="state" label={t("fields.state")} required />
        <PostalCodeField control={control} name="postal_code" label={t("fields.postal_code")} required />
        <TextField control={control} name="country" label={t("fields.country")} required maxLength={60} autoComplete="country" />
      </div>
      <SwitchField control={control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <SwitchField control={control} name="is_default" label={t("fields.is_default")} description={t("defaultDescription")} />
      <AttributesField control={control} name="attributes" entity="warehouse" description={t("attributesDescription")} />
    </ResourceForm>
  );
}
