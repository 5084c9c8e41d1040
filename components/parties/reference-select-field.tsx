"use client";

import { useTranslations } from "next-intl";
import { useController, type FieldValues } from "react-hook-form";
import { fieldMessage, type BoundFieldProps } from "@/components/resource-form";
import { Field } from "@/components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const NONE = "__none__";

export interface ReferenceOption {
  value: string;
  label: string;
}

/**
 * An optional reference to another record (profile, seller, company, user): a select
 * whose first choice clears it (null). A current value missing from the options (an
 * inactive record past the first page) is still shown as chosen.
 */
export function ReferenceSelectField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
  className,
  options,
  noneLabel,
  loading,
}: BoundFieldProps<T> & { options: readonly ReferenceOption[]; noneLabel?: string; loading?: boolean }) {
  const t = useTranslations("common");
  const none = noneLabel ?? t("none");
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as string | null | undefined) || NONE;
  const known = value === NONE || options.some((option) => option.value === value);
  return (
    <Select name={field.name} value={value} onValueChange={(next) => field.onChange(next === NONE ? null : next)}>
      <Field
        label={label}
        description={description}
        required={required}
        error={fieldMessage(label, fieldState.error?.message)}
        className={className}
      >
        <SelectTrigger ref={field.ref} onBlur={field.onBlur} title={options.find((option) => option.value === value)?.label}>
          <SelectValue placeholder={loading ? t("loading") : none} />
        </SelectTrigger>
      </Field>
      <SelectContent>
        <SelectItem value={NONE}>{none}</SelectItem>
        {!known && <SelectItem value={value}>{loading ? t("loading") : t("currentNotListed")}</SelectItem>}
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
