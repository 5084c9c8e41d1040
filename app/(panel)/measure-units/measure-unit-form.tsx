"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import {
  AttributesField,
  EditRecordPage,
  NewRecordPage,
  QuantityField,
  ResourceForm,
  SwitchField,
  TextField,
  ToggleActiveButton,
  useResourceForm,
} from "@/components/resource-form";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import {
  MAX_DECIMALS,
  measureUnitWrite,
  type MeasureUnit,
  type MeasureUnitWrite,
  type MeasureUnitWriteOutput,
} from "@/server/catalog/measure-units/schemas";

const LIST = "/measure-units";

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

export function NewMeasureUnit() {
  const t = useTranslations("measureUnits");
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.measureUnits.create.useMutation({ onSuccess: () => utils.measureUnits.invalidate() });
  return (
    <NewRecordPage resource="measureUnits" list={listHref(LIST)}>
      <MeasureUnitForm
        defaultValues={{ abbreviation: "", description: "", decimals_for_quantity: 0, active: true, attributes: {} }}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const unit = await create.mutateAsync(values);
          toast.success(t("created", { name: unit.abbreviation }));
          router.push(listHref(LIST));
        }}
      />
    </NewRecordPage>
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

export function EditMeasureUnit({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const unit = trpc.measureUnits.get.useQuery({ id });
  const update = trpc.measureUnits.update.useMutation({ onSuccess: () => utils.measureUnits.invalidate() });
  const remove = trpc.measureUnits.remove.useMutation({ onSuccess: () => utils.measureUnits.list.invalidate() });
  const { toggle, pending } = useToggleMeasureUnit();
  return (
    <EditRecordPage
      resource="measureUnits"
      list={listHref(LIST)}
      query={unit}
      title={(row) => `${row.abbreviation} — ${row.description}`}
      remove={(row) => remove.mutateAsync({ id: row.id })}
      actions={(row) => <ToggleActiveButton active={row.active} pending={pending} onClick={() => toggle(row)} />}
    >
      {(row, { readOnly, secondaryActions }) => (
        <MeasureUnitForm
          key={row.updated_at}
          editing
          defaultValues={{
            abbreviation: row.abbreviation,
            description: row.description,
            decimals_for_quantity: row.decimals_for_quantity,
            active: row.active,
            attributes: {},
          }}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("measureUnits.saved", { name: saved.abbreviation }));
            router.push(listHref(LIST));
          }}
        />
      )}
    </EditRecordPage>
  );
}
