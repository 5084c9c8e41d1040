"use client";

import { useTranslations } from "next-intl";
import { useController, type FieldValues } from "react-hook-form";
import { type BoundFieldProps } from "@/components/resource-form";
import { fieldMessage } from "@/components/resource-form/server-errors";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

const EXEMPT = "ISENTO";

/** The Inscrição Estadual: the state's number as written, or "Isento" (stored ISENTO) ticked beside it. */
export function StateRegistrationField<T extends FieldValues>({ control, name, label, description, className }: BoundFieldProps<T>) {
  const t = useTranslations("partners");
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as string | null | undefined) ?? "";
  const exempt = value.toUpperCase() === EXEMPT;
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <Field label={label} description={description} error={fieldMessage(label, fieldState.error?.message)} className="flex-1">
        <Input
          {...field}
          value={exempt ? "" : value}
          disabled={exempt}
          inputMode="numeric"
          maxLength={20}
          autoComplete="off"
          placeholder={exempt ? t("stateRegistrationExempt") : "110.042.490.114"}
        />
      </Field>
      <label className="mt-8 flex shrink-0 items-center gap-2 text-sm">
        <Checkbox checked={exempt} onCheckedChange={(checked) => field.onChange(checked === true ? EXEMPT : "")} />
        {t("stateRegistrationExempt")}
      </label>
    </div>
  );
}
