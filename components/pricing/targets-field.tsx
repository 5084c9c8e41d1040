"use client";

import { XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { useController, useWatch, type Control, type FieldValues, type Path } from "react-hook-form";
import { useCompanyOptions, useProfileOptions } from "@/components/parties/options";
import { fieldMessage, type BoundFieldProps } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { trpc } from "@/lib/trpc";

type Entry = { id?: string; attributes?: Record<string, unknown> } & Record<string, unknown>;

const MAX_OPTIONS = 100;

/** Partners and payment methods as {value, label} choices. */
export function usePartnerOptions() {
  const query = trpc.partners.list.useQuery({ perPage: MAX_OPTIONS, sort: "name" }, { staleTime: 30_000 });
  return {
    options: (query.data?.items ?? []).map((item) => ({
      value: item.id,
      label: item.name,
    })),
    loading: query.isPending,
  };
}

export function usePaymentMethodOptions() {
  const query = trpc.paymentMethods.list.useQuery({ perPage: MAX_OPTIONS, sort: "name" }, { staleTime: 30_000 });
  return {
    options: (query.data?.items ?? []).map((item) => ({
      value: item.id,
      label: item.name,
    })),
    loading: query.isPending,
  };
}

/**
 * The partners (profiles, companies, payment methods) a price table or discount is
 * specific to: the chosen ones as a list with a remove button each, and a select that
 * adds one more. The form value is the API's list (`[{partner_id, attributes}]`).
 */
export function TargetsField<T extends FieldValues>({
  control,
  name,
  label,
  idKey,
  options,
  loading,
}: BoundFieldProps<T> & {
  idKey: string;
  options: Array<{ value: string; label: string }>;
  loading?: boolean;
}) {
  const t = useTranslations("priceTables.targets");
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const entries = (field.value as Entry[] | undefined) ?? [];
  const chosen = new Set(entries.map((entry) => String(entry[idKey])));
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;
  const error = fieldMessage(label, fieldState.error?.message ?? fieldState.error?.root?.message);
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("none")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {entries.map((entry) => {
            const value = String(entry[idKey]);
            return (
              <li key={value} className="flex items-center gap-1 rounded-md border py-0.5 pr-0.5 pl-2 text-sm">
                {labelOf(value)}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t("remove", { name: labelOf(value) })}
                  onClick={() => field.onChange(entries.filter((other) => String(other[idKey]) !== value))}
                >
                  <XIcon aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Select value="" onValueChange={(value) => value && field.onChange([...entries, { [idKey]: value, attributes: {} }])}>
        <SelectTrigger aria-label={`${label}: ${t("choose")}`} className="sm:max-w-sm" disabled={loading} onBlur={field.onBlur}>
          <SelectValue placeholder={t("choose")} />
        </SelectTrigger>
        <SelectContent>
          {options
            .filter((option) => !chosen.has(option.value))
            .map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
        </SelectContent>
      </Select>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  );
}

type Four<Value> = readonly [Value, Value, Value, Value];

const TARGET_IDS: Four<string> = ["partner_id", "profile_id", "company_id", "payment_method_id"];

/**
 * The four lists of a price table's or discount's targets — partners, profiles, companies,
 * payment methods, in that order —, each shown while its flag is on, with its choices.
 */
export function TargetFields<T extends FieldValues>({
  control,
  flags,
  lists,
  labels,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and output, as BoundFieldProps
  control: Control<T, any, any>;
  /** The flag fields (`is_partner`… or `is_partner_specific`…). */
  flags: Four<Path<T>>;
  lists: Four<Path<T>>;
  labels: Four<string>;
}) {
  const on = useWatch({ control, name: flags });
  const choices = [usePartnerOptions(), useProfileOptions(), useCompanyOptions(), usePaymentMethodOptions()];
  return lists.map((name, index) =>
    on[index] ? (
      <TargetsField key={name} control={control} name={name} label={labels[index]!} idKey={TARGET_IDS[index]!} {...choices[index]!} />
    ) : null,
  );
}
