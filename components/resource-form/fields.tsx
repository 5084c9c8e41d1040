"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { DateInput, useDateErrorMessage } from "@/components/ui/date-input";
import { DecimalInput, useParseErrorMessage } from "@/components/ui/decimal-input";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { isIsoDate, parseDateInput } from "@/lib/dates";
import { BRAZILIAN_STATES, maskPhone, maskPostalCode } from "@/lib/masks";
import type { ParseError } from "@/lib/numbers";
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
  mask,
  ...input
}: BoundFieldProps<T> & {
  multiline?: boolean;
  /** Rewrites the text as it is typed (a phone's or a CEP's mask). */
  mask?: (text: string) => string;
} & Pick<React.ComponentProps<"input">, "type" | "placeholder" | "autoComplete" | "autoFocus" | "maxLength" | "inputMode">) {
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
      {multiline ? (
        <Textarea {...field} value={value} placeholder={input.placeholder} />
      ) : (
        <Input {...input} {...field} value={value} onChange={mask ? (event) => field.onChange(mask(event.target.value)) : field.onChange} />
      )}
    </Field>
  );
}

/** A Brazilian phone, masked while typed: (11) 98765-4321. */
export function PhoneField<T extends FieldValues>(props: BoundFieldProps<T>) {
  return (
    <TextField {...props} mask={maskPhone} type="tel" inputMode="tel" autoComplete="off" maxLength={40} placeholder="(11) 98765-4321" />
  );
}

/** A CEP, masked while typed: 01310-100. */
export function PostalCodeField<T extends FieldValues>(props: BoundFieldProps<T>) {
  return <TextField {...props} mask={maskPostalCode} inputMode="numeric" autoComplete="off" maxLength={20} placeholder="01310-100" />;
}

/**
 * A Brazilian state (UF) chosen among the 27, stored as its code; a value stored before
 * that is not a code ("São Paulo") stays offered as it is until changed.
 */
export function StateField<T extends FieldValues>({ control, name, label, description, required, className }: BoundFieldProps<T>) {
  const t = useTranslations("common");
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as string | null | undefined) ?? "";
  const known = value === "" || BRAZILIAN_STATES.some(([code]) => code === value);
  const NONE = "__none__";
  return (
    <Select name={field.name} value={value || NONE} onValueChange={(next) => field.onChange(next === NONE ? "" : next)}>
      <Field
        label={label}
        description={description}
        required={required}
        error={fieldMessage(label, fieldState.error?.message)}
        className={className}
      >
        <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
          <SelectValue />
        </SelectTrigger>
      </Field>
      <SelectContent>
        <SelectItem value={NONE}>{t("none")}</SelectItem>
        {!known && <SelectItem value={value}>{value}</SelectItem>}
        {BRAZILIAN_STATES.map(([code, state]) => (
          <SelectItem key={code} value={code}>
            {`${code} · ${state}`}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

interface DecimalFieldProps<T extends FieldValues> extends BoundFieldProps<T> {
  decimals: number;
  minDecimals?: number;
  excess: "round" | "reject";
  prefix?: string;
  suffix?: string;
}

/** A number field: the text as the active language writes it, the form value a number (null when empty). */
function DecimalField<T extends FieldValues>({ control, name, label, description, required, className, ...number }: DecimalFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const [parseError, setParseError] = useState<ParseError | null>(null);
  const parseMessage = useParseErrorMessage();
  // Why the text is not a number says more than the schema's "not a number".
  const message = (fieldState.error && parseMessage(parseError, number.decimals)) ?? fieldState.error?.message;
  return (
    <Field label={label} description={description} required={required} error={fieldMessage(label, message)} className={className}>
      <DecimalInput
        {...number}
        name={field.name}
        ref={field.ref}
        onBlur={field.onBlur}
        value={field.value as number | null | undefined}
        onValueChange={field.onChange}
        onParseErrorChange={setParseError}
      />
    </Field>
  );
}

/** An amount in BRL: `R$` before it, two decimals (more are rounded). */
export function MoneyField<T extends FieldValues>(props: BoundFieldProps<T>) {
  return <DecimalField {...props} decimals={2} minDecimals={2} excess="round" prefix="R$" />;
}

/** A percentage: `%` after it, up to `decimals` decimals (4 by default; more are rounded). */
export function PercentField<T extends FieldValues>({ decimals = 4, ...props }: BoundFieldProps<T> & { decimals?: number }) {
  return <DecimalField {...props} decimals={decimals} excess="round" suffix="%" />;
}

/**
 * A quantity in a unit: the unit after it and at most the unit's decimals (more are
 * refused, not rounded). Whole numbers (days, positions) are quantities with 0 decimals.
 */
export function QuantityField<T extends FieldValues>({
  decimals = 0,
  unit,
  ...props
}: BoundFieldProps<T> & { decimals?: number; unit?: string }) {
  return <DecimalField {...props} decimals={decimals} excess="reject" suffix={unit} />;
}

/**
 * A calendar date typed as dd/mm/aaaa (or picked from the calendar); the form value is the
 * API's `YYYY-MM-DD`, "" when blank. A text that is not a date stays the value, so the
 * form refuses it, and the field says why (31/02/2026 does not exist).
 */
export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
  className,
  min,
  max,
}: BoundFieldProps<T> & { min?: string; max?: string }) {
  const dateMessage = useDateErrorMessage();
  // A value that is not a date is the text typed: why it is not one says more than the schema.
  const why = (value: unknown) => {
    const parsed = typeof value === "string" && value !== "" && !isIsoDate(value) ? parseDateInput(value) : null;
    return parsed && !parsed.ok ? parsed.error : null;
  };
  // Forms without a schema (the price simulator) refuse a wrong date with this rule.
  const { field, fieldState } = useController({ control, name, rules: { validate: (value: unknown) => dateMessage(why(value)) ?? true } });
  const message = (fieldState.error && dateMessage(why(field.value))) ?? fieldState.error?.message;
  return (
    <Field label={label} description={description} required={required} error={fieldMessage(label, message)} className={className}>
      <DateInput
        name={field.name}
        ref={field.ref}
        onBlur={field.onBlur}
        min={min}
        max={max}
        value={field.value as string | null | undefined}
        onValueChange={field.onChange}
      />
    </Field>
  );
}

export function SwitchField<T extends FieldValues>({ control, name, label, description, className }: BoundFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field
      label={label}
      description={description}
      orientation="horizontal"
      error={fieldMessage(label, fieldState.error?.message)}
      className={className}
    >
      <Switch name={field.name} ref={field.ref} checked={Boolean(field.value)} onCheckedChange={field.onChange} onBlur={field.onBlur} />
    </Field>
  );
}

export function CheckboxField<T extends FieldValues>({ control, name, label, description, className }: BoundFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field
      label={label}
      description={description}
      orientation="horizontal"
      error={fieldMessage(label, fieldState.error?.message)}
      className={className}
    >
      <Checkbox
        name={field.name}
        ref={field.ref}
        checked={Boolean(field.value)}
        onCheckedChange={(checked) => field.onChange(checked === true)}
        onBlur={field.onBlur}
      />
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
  placeholder,
}: BoundFieldProps<T> & { options: ReadonlyArray<{ value: string; label: string }>; placeholder?: string }) {
  const t = useTranslations("common");
  const { field, fieldState } = useController({ control, name });
  return (
    // The trigger is the labelled control; the select root around the field only holds state.
    <Select name={field.name} value={(field.value as string | undefined) ?? ""} onValueChange={field.onChange}>
      <Field
        label={label}
        description={description}
        required={required}
        error={fieldMessage(label, fieldState.error?.message)}
        className={className}
      >
        {/* A long choice is cut in the trigger and whole in its title (hover and focus). */}
        <SelectTrigger ref={field.ref} onBlur={field.onBlur} title={options.find((option) => option.value === field.value)?.label}>
          <SelectValue placeholder={placeholder ?? t("choose")} />
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

/**
 * A choice among values that are not text (a number, a boolean, null for "not set"): the
 * select holds each option's position, the form the option's value.
 */
export function ChoiceField<T extends FieldValues, V extends string | number | boolean | null>({
  control,
  name,
  label,
  description,
  required,
  className,
  options,
}: BoundFieldProps<T> & { options: ReadonlyArray<{ value: V; label: string }> }) {
  const { field, fieldState } = useController({ control, name });
  const index = options.findIndex((option) => Object.is(option.value, field.value ?? null));
  return (
    <Select
      name={field.name}
      value={index < 0 ? "" : String(index)}
      onValueChange={(next) => field.onChange(options[Number(next)]?.value ?? null)}
    >
      <Field
        label={label}
        description={description}
        required={required}
        error={fieldMessage(label, fieldState.error?.message)}
        className={className}
      >
        <SelectTrigger ref={field.ref} onBlur={field.onBlur} title={options[index]?.label}>
          <SelectValue />
        </SelectTrigger>
      </Field>
      <SelectContent>
        {options.map((option, position) => (
          <SelectItem key={String(option.value)} value={String(position)}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A set of values among a few (UFs, indicators): one checkbox each, in a group named by its label; none checked is none. */
export function ChoicesField<T extends FieldValues, V extends string | number>({
  control,
  name,
  label,
  description,
  className,
  options,
}: BoundFieldProps<T> & { options: ReadonlyArray<{ value: V; label: string }> }) {
  const { field, fieldState } = useController({ control, name });
  const chosen = new Set<V>((field.value as V[] | undefined) ?? []);
  const toggle = (value: V, on: boolean) => {
    const next = options.map((option) => option.value).filter((option) => (option === value ? on : chosen.has(option)));
    field.onChange(next);
  };
  return (
    <fieldset className={className}>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      {description && <p className="mb-2 text-sm text-muted-foreground">{description}</p>}
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={String(option.value)} className="flex items-center gap-1.5 text-sm">
            <Checkbox checked={chosen.has(option.value)} onCheckedChange={(checked) => toggle(option.value, checked === true)} />
            {option.label}
          </label>
        ))}
      </div>
      {fieldState.error?.message && <p className="mt-1 text-sm text-destructive">{fieldMessage(label, fieldState.error.message)}</p>}
    </fieldset>
  );
}
