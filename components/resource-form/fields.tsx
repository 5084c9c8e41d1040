"use client";

import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { fieldMessage } from "./server-errors";

/** What every bound field takes: the form's control and a typed field path. */
export interface BoundFieldProps<T extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and output
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  description?: React.ReactNode;
  required?: boolean;
  className?: string;
}

export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
  className,
  multiline,
  ...input
}: BoundFieldProps<T> & { multiline?: boolean } & Pick<
    React.ComponentProps<"input">,
    "type" | "placeholder" | "autoComplete" | "autoFocus" | "maxLength" | "inputMode"
  >) {
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as string | null | undefined) ?? "";
  return (
    <Field label={label} description={description} required={required} error={fieldMessage(label, fieldState.error?.message)} className={className}>
      {multiline ? (
        <Textarea {...field} value={value} placeholder={input.placeholder} />
      ) : (
        <Input {...input} {...field} value={value} />
      )}
    </Field>
  );
}

/** A number input whose value is a number, or null when left empty. */
export function NumberField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
  className,
  step,
  min,
}: BoundFieldProps<T> & { step?: number | "any"; min?: number }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} description={description} required={required} error={fieldMessage(label, fieldState.error?.message)} className={className}>
      <Input
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        name={field.name}
        ref={field.ref}
        onBlur={field.onBlur}
        value={(field.value as number | null | undefined) ?? ""}
        onChange={(event) => field.onChange(event.target.value === "" ? null : event.target.valueAsNumber)}
      />
    </Field>
  );
}

export function SwitchField<T extends FieldValues>({ control, name, label, description, className }: BoundFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} description={description} orientation="horizontal" error={fieldMessage(label, fieldState.error?.message)} className={className}>
      <Switch name={field.name} ref={field.ref} checked={Boolean(field.value)} onCheckedChange={field.onChange} onBlur={field.onBlur} />
    </Field>
  );
}

export function CheckboxField<T extends FieldValues>({ control, name, label, description, className }: BoundFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} description={description} orientation="horizontal" error={fieldMessage(label, fieldState.error?.message)} className={className}>
      <Checkbox name={field.name} ref={field.ref} checked={Boolean(field.value)} onCheckedChange={(checked) => field.onChange(checked === true)} onBlur={field.onBlur} />
    </Field>
  );
}

export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
  className,
  options,
  placeholder = "Choose…",
}: BoundFieldProps<T> & { options: ReadonlyArray<{ value: string; label: string }>; placeholder?: string }) {
  const { field, fieldState } = useController({ control, name });
  return (
    // The trigger is the labelled control; the select root around the field only holds state.
    <Select name={field.name} value={(field.value as string | undefined) ?? ""} onValueChange={field.onChange}>
      <Field label={label} description={description} required={required} error={fieldMessage(label, fieldState.error?.message)} className={className}>
        <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
      </Field>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
