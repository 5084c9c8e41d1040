"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { AttributesField, EditRecordPage, NewRecordPage, NumberField, ResourceForm, SwitchField, TextField, ToggleActiveButton, useResourceForm } from "@/components/resource-form";
import { toastError } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { MAX_DECIMALS, measureUnitWrite, type MeasureUnit, type MeasureUnitWrite, type MeasureUnitWriteOutput } from "@/server/catalog/measure-units/schemas";

const list = { href: "/measure-units", label: "Measure units" };

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
  const form = useResourceForm(measureUnitWrite, { defaultValues });
  return (
    <ResourceForm
      form={form}
      // Write only: an edit that leaves them empty keeps the stored ones.
      onSubmit={(values) => onSubmit(editing && Object.keys(values.attributes ?? {}).length === 0 ? { ...values, attributes: undefined } : values)}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={list.href}
      secondaryActions={secondaryActions}
    >
      <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
        <TextField control={form.control} name="abbreviation" label="Abbreviation" required maxLength={20} autoComplete="off" />
        <TextField control={form.control} name="description" label="Description" required maxLength={200} autoComplete="off" />
      </div>
      <NumberField
        control={form.control}
        name="decimals_for_quantity"
        label="Decimals for quantity"
        required
        step={1}
        min={0}
        description={`How many decimals a quantity in this unit may have (0 to ${MAX_DECIMALS}).`}
        className="max-w-xs"
      />
      <SwitchField control={form.control} name="active" label="Active" description="Inactive units are kept but not offered." />
      <AttributesField
        control={form.control}
        name="attributes" entity="measure_unit"
        description={
          editing
            ? "Custom fields are write only: the API never shows them. Leave empty to keep the stored ones; anything entered replaces them."
            : "Free-form custom fields of this unit (write only: the API never shows them)."
        }
      />
    </ResourceForm>
  );
}

export function NewMeasureUnit() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.measureUnits.create.useMutation({ onSuccess: () => utils.measureUnits.invalidate() });
  return (
    <NewRecordPage noun="measure unit" list={list}>
      <MeasureUnitForm
        defaultValues={{ abbreviation: "", description: "", decimals_for_quantity: 0, active: true, attributes: {} }}
        submitLabel="Create measure unit"
        onSubmit={async (values) => {
          const unit = await create.mutateAsync(values);
          toast.success(`Measure unit “${unit.abbreviation}” created`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}

/** Enable or Disable, by the unit's state (PUT /measure-units/{id}/enable|disable). */
export function useToggleMeasureUnit() {
  const utils = trpc.useUtils();
  const onSuccess = (unit: MeasureUnit) => {
    void utils.measureUnits.invalidate();
    toast.success(`Measure unit “${unit.abbreviation}” ${unit.active ? "enabled" : "disabled"}`);
  };
  const enable = trpc.measureUnits.enable.useMutation({ onSuccess, onError: (error) => toastError(error) });
  const disable = trpc.measureUnits.disable.useMutation({ onSuccess, onError: (error) => toastError(error) });
  return {
    pending: enable.isPending || disable.isPending,
    toggle: (unit: { id: string; active: boolean }) => (unit.active ? disable : enable).mutate({ id: unit.id }),
  };
}

export function EditMeasureUnit({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const unit = trpc.measureUnits.get.useQuery({ id });
  const update = trpc.measureUnits.update.useMutation({ onSuccess: () => utils.measureUnits.invalidate() });
  const remove = trpc.measureUnits.remove.useMutation({ onSuccess: () => utils.measureUnits.list.invalidate() });
  const { toggle, pending } = useToggleMeasureUnit();
  return (
    <EditRecordPage
      noun="measure unit"
      list={list}
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
          submitLabel="Save changes"
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(`Measure unit “${saved.abbreviation}” saved`);
            router.push(list.href);
          }}
        />
      )}
    </EditRecordPage>
  );
}
