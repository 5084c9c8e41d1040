"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const ALL = "__all__";

export interface FilterSelectProps {
  label: string;
  /** The filter's value in the URL, undefined for "all". */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The label of "no filter" ("All" by default). */
  allLabel?: string;
}

/** A labelled select of one list filter, with an "all" choice that removes it. */
export function FilterSelect({ label, value, onChange, options, allLabel }: FilterSelectProps) {
  const t = useTranslations("common");
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-muted-foreground">
        {label}
      </label>
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : next)}>
        <SelectTrigger id={id} className="w-36" title={options.find((option) => option.value === value)?.label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel ?? t("all")}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
