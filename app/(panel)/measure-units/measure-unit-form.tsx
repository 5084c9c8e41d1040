"use client";

import { listHref } from "@/components/data-table";
import { AttributesField, QuantityField, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import {
  MAX_DECIMALS,
  measureUnitWrite,
  type MeasureUnit,
  type MeasureUnitWrite,
  type MeasureUnitWriteOutput,
} from "@/server/catalog/measure-units/schemas";
import { useTranslations } from "next-intl";
import { toast } from "sonner";

export const LIST = "/measure-units";

interface MeasureUnitFormProps {
  defaultValues: MeasureUnitWrite;
  onSubmit: (values: MeasureUnitWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
  /** Editing: the stored custom fields cannot be shown (write only). */
  editing?: boolean;
}

/** The create and edit form of a measure unit, checked by the API's own `measureUnitWrite` schema. */
export function MeasureUnitForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions, editing }: MeasureUnitFormProps) {
  const t = useTranslations("measureUnits");
  const form = useResourceForm(measureUnitWrite, { defaultValues, labels: "measureUnits.fields" });
  return (
    <ResourceForm
      form={form}
      // Write only: an edit that leaves them empty keeps the stored ones.
      onSubmit={(values) =>
        onSubmit(editing && Object.keys(values.attributes ?? {}).length === 0 ? { ...values, attributes: undefined } : values)
      }
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref(LIST)}
      secondaryActions={secondaryActions}
    >
      <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
        <TextField control={form.control} name="abbreviation" label={t("fields.abbreviation")} required maxLength={20} autoComplete="off" />
        <TextField control={form.control} name="description" label={t("fields.description")} required maxLength={200} autoComplete="off" />
      </div>
      <QuantityField
        control={form.control}
        name="decimals_for_quantity"
        label={t("fields.decimals_for_quantity")}
        required
        description={t("decimalsDescription", { max: MAX_DECIMALS })}
        className="max-w-xs"
      />
      <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <AttributesField
        control={form.control}
        name="attributes"
        entity="measure_unit"
        description={editing ? t("attributesEditing") : t("attributesDescription")}
      />
    </ResourceForm>
  );
}

/** Enable or Disable, by the unit's state (PUT /measure-units/{id}/enable|disable). */
export function useToggleMeasureUnit() {
  const t = useTranslations("measureUnits");
  const problems = useProblemMessages();
  const utils = trpc.useUtils();
  const onSuccess = (unit: MeasureUnit) => {
    void utils.measureUnits.invalidate();
    toast.success(unit.active ? t("enabled", { name: unit.abbreviation }) : t("disabled", { name: unit.abbreviation }));
  };
  const enable = trpc.measureUnits.enable.useMutation({ onSuccess, onError: problems.toastError });
  const disable = trpc.measureUnits.disable.useMutation({ onSuccess, onError: problems.toastError });
  return {
    pending: enable.isPending || disable.isPending,
    toggle: (unit: { id: string; active: boolean }) => (unit.active ? disable : enable).mutate({ id: unit.id }),
  };
}
