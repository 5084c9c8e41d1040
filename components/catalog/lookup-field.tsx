"use client";

import { SearchIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useController, type FieldValues } from "react-hook-form";
import { fieldMessage, type BoundFieldProps } from "@/components/resource-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";

const NONE = "__none__";
const NOTHING = "__nothing__";

export interface LookupOption {
  value: string;
  label: string;
}

/**
 * Options of a lookup for what was typed in its filter box; `selected` is the current
 * value, which must stay among the options so the select can show its label.
 */
export type UseLookupOptions = (search: string, selected: string | undefined) => { options: LookupOption[]; isLoading: boolean };

/**
 * A select of records fed by a list procedure (products, measure units, categories...),
 * with a filter box beside it that searches the list on the server, so it works for long
 * lists too.
 */
export function LookupField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
  className,
  useOptions,
  placeholder,
  emptyValue,
}: BoundFieldProps<T> & {
  useOptions: UseLookupOptions;
  placeholder?: string;
  /** A choice meaning "none" (e.g. a top-level category): its label, stored as null. */
  emptyValue?: string;
}) {
  const t = useTranslations("lookup");
  const common = useTranslations("common");
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as string | null | undefined) ?? undefined;
  const { options, isLoading } = useOptions(debounced, value);
  const id = useId();
  const error = fieldMessage(label, fieldState.error?.message);
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div
      data-slot="field"
      data-invalid={error ? true : undefined}
      className={cn("grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2", className)}
    >
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden>
            *
          </span>
        )}
      </Label>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
        <Select
          name={field.name}
          value={value ?? (emptyValue ? NONE : "")}
          onValueChange={(next) => field.onChange(next === NONE ? null : next)}
        >
          <SelectTrigger
            id={id}
            ref={field.ref}
            onBlur={field.onBlur}
            className="sm:flex-1"
            title={options.find((option) => option.value === value)?.label}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            aria-required={required || undefined}
          >
            <SelectValue placeholder={isLoading ? common("loading") : (placeholder ?? common("choose"))} />
          </SelectTrigger>
          <SelectContent>
            {emptyValue && <SelectItem value={NONE}>{emptyValue}</SelectItem>}
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
            {!isLoading && options.length === 0 && (
              <SelectItem value={NOTHING} disabled>
                {debounced ? t("noMatch") : t("nothing")}
              </SelectItem>
            )}
          </SelectContent>
        </Select>
        <div className="relative shrink-0 sm:w-48">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t("filter")}
            aria-label={t("filterLabel", { label: label.toLowerCase() })}
            className="pl-8"
          />
        </div>
      </div>
      {description && (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
