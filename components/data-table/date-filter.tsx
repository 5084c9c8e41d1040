"use client";

import { useId, useState } from "react";
import { DateInput, useDateErrorMessage } from "@/components/ui/date-input";
import { isIsoDate, type DateParseError } from "@/lib/dates";

export interface DateFilterProps {
  label: string;
  /** The filter's day in the URL (`YYYY-MM-DD`), undefined for none. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/**
 * A labelled day of one list filter, typed as dd/mm/aaaa or picked from the calendar. A
 * text that is not a date leaves the filter as it was and says why under the input.
 */
export function DateFilter({ label, value, onChange }: DateFilterProps) {
  const id = useId();
  const dateMessage = useDateErrorMessage();
  const [error, setError] = useState<DateParseError | null>(null);
  const message = dateMessage(error);
  return (
    <div className="flex items-start gap-2">
      <label htmlFor={id} className="pt-2 text-sm whitespace-nowrap text-muted-foreground">
        {label}
      </label>
      <div className="grid gap-1">
        <DateInput
          id={id}
          className="w-40"
          value={value ?? ""}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onParseErrorChange={setError}
          onValueChange={(day) => {
            if (day === "") onChange(undefined);
            else if (isIsoDate(day)) onChange(day);
          }}
        />
        {message && (
          <p id={`${id}-error`} className="max-w-40 text-xs text-destructive">
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
