"use client";

import { useController, type FieldValues } from "react-hook-form";
import { fieldMessage, type BoundFieldProps } from "@/components/resource-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { maskFiscalInput, type FiscalKind } from "@/server/lib/fiscal-number";

const placeholders: Record<string, string> = {
  CNPJ: "00.000.000/0000-00",
  CPF: "000.000.000-00",
  "CPF,CNPJ": "CPF / CNPJ",
};

/**
 * A CPF/CNPJ input masked while typing (123.456.789-09, 12.345.678/0001-95). The form
 * keeps the masked text; the resource's zod schema checks the check digits and turns
 * it into digits on submit.
 */
export function FiscalNumberField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
  className,
  kinds = ["CPF", "CNPJ"],
}: BoundFieldProps<T> & { kinds?: FiscalKind[] }) {
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as string | null | undefined) ?? "";
  return (
    <Field
      label={label}
      description={description}
      required={required}
      error={fieldMessage(label, fieldState.error?.message)}
      className={className}
    >
      <Input
        name={field.name}
        ref={field.ref}
        onBlur={field.onBlur}
        value={maskFiscalInput(value, kinds)}
        onChange={(event) => field.onChange(maskFiscalInput(event.target.value, kinds))}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholders[kinds.join(",")]}
        className="font-mono"
      />
    </Field>
  );
}
