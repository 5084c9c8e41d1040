"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId } from "react";
import { useController, useWatch, type Control } from "react-hook-form";
import { listHref } from "@/components/data-table";
import {
  AttributesField,
  fieldMessage,
  QuantityField,
  ResourceForm,
  SelectField,
  SwitchField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useEnumOptions } from "@/lib/i18n";
import {
  DEFAULT_BACKGROUND,
  DEFAULT_FONT,
  orderPhase,
  statusForm,
  statusTypes,
  type StatusWrite,
  type StatusWriteOutput,
} from "@/server/settings/statuses/schemas";
import { StatusChip } from "./status-chip";

export const emptyStatus: StatusWrite = {
  title: "",
  type: "ORDER",
  background_color: DEFAULT_BACKGROUND,
  font_color: DEFAULT_FONT,
  order: 0,
  is_initial: false,
  is_final: false,
  phase: "OPEN",
  attributes: {},
};

export interface StatusFormProps {
  defaultValues: StatusWrite;
  onSubmit: (values: StatusWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a status, with colour pickers and a live preview chip. */
export function StatusForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: StatusFormProps) {
  const t = useTranslations("statuses");
  const typeOptions = useEnumOptions("statusType", statusTypes);
  const phaseOptions = useEnumOptions("orderPhase", orderPhase.options);
  const form = useResourceForm(statusForm, { defaultValues, labels: "statuses.fields" });
  const [title, background, font, type] = useWatch({ control: form.control, name: ["title", "background_color", "font_color", "type"] });
  // Only ORDER statuses have a phase (contract §10): choosing another type drops it.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (type !== "ORDER" && getValues("phase")) setValue("phase", null, { shouldDirty: true });
  }, [type, getValues, setValue]);
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/statuses")}
      secondaryActions={secondaryActions}
    >
      <TextField control={form.control} name="title" label={t("fields.title")} required maxLength={100} autoComplete="off" />
      <SelectField
        control={form.control}
        name="type"
        label={t("fields.type")}
        required
        options={typeOptions}
        description={t("typeDescription")}
      />
      {type === "ORDER" && (
        <SelectField
          control={form.control}
          name="phase"
          label={t("fields.phase")}
          required
          options={phaseOptions}
          description={t("phaseDescription")}
        />
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <ColorField control={form.control} name="background_color" label={t("fields.background_color")} />
        <ColorField control={form.control} name="font_color" label={t("fields.font_color")} />
      </div>
      <div className="flex items-center gap-3 rounded-md border border-dashed p-3" aria-live="polite">
        <span className="text-sm text-muted-foreground">{t("preview")}</span>
        <StatusChip title={title?.trim() || t("previewPlaceholder")} background={background} font={font} data-testid="status-preview" />
      </div>
      <QuantityField
        control={form.control}
        name="order"
        label={t("fields.order")}
        description={t("orderDescription")}
        className="max-w-xs"
      />
      <SwitchField control={form.control} name="is_initial" label={t("fields.is_initial")} description={t("initialDescription")} />
      <SwitchField control={form.control} name="is_final" label={t("fields.is_final")} description={t("finalDescription")} />
      <AttributesField control={form.control} name="attributes" entity="status" />
    </ResourceForm>
  );
}

const HEX = /^#[0-9a-fA-F]{6}$/;

function ColorField({
  control,
  name,
  label,
}: {
  control: Control<StatusWrite, unknown, StatusWriteOutput>;
  name: "background_color" | "font_color";
  label: string;
}) {
  const t = useTranslations("statuses");
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const value = field.value ?? "";
  const error = fieldMessage(label, fieldState.error?.message);
  return (
    <div className="grid gap-2" data-invalid={error ? true : undefined}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t("pick", { label: label.toLowerCase() })}
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 disabled:cursor-not-allowed"
          value={HEX.test(value) ? value.toLowerCase() : "#000000"}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
        />
        <Input
          id={id}
          name={field.name}
          ref={field.ref}
          value={value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          maxLength={7}
          className="font-mono"
          placeholder="#rrggbb"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
