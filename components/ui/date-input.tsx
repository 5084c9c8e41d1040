"use client";

import { CalendarIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { localeOf } from "@/i18n/locales";
import { isIsoDate, parseDateInput, parseTimeInput, type DateParseError, type DateParseResult } from "@/lib/dates";
import { createFormat } from "@/lib/format";
import { cn } from "@/lib/utils";
import { inputClassName } from "./input";

type TextInputProps = Omit<React.ComponentProps<"input">, "value" | "onChange" | "defaultValue" | "type" | "min" | "max">;

interface ParsedTextProps {
  value: string | null | undefined;
  onValueChange: (value: string) => void;
  onParseErrorChange?: (error: DateParseError | null) => void;
}

/**
 * The text of an input whose value is the API's (`YYYY-MM-DD`, `HH:MM`): free while
 * typing, reported as the value it reads ("" when blank, the text itself when it is not
 * one, so a form's schema refuses it), rewritten on blur as what will be saved (or
 * flagged through `onParseErrorChange`), and reset when the value changes from outside.
 */
function useParsedText(
  { value, onValueChange, onParseErrorChange }: ParsedTextProps,
  parse: (text: string) => DateParseResult,
  show: (value: string) => string,
) {
  const shown = (current: string | null | undefined) => (current ? show(current) : "");
  const [text, setText] = useState(() => shown(value));
  // The value this input last reported: anything else came from outside (reset, setValue).
  const reported = useRef(value);
  const shownWith = useRef(show);
  // A text is wrong only once left (a date being typed is not one yet); fixing it clears that at once.
  const flagged = useRef(false);
  const flag = (error: DateParseError | null) => {
    if (error === null && !flagged.current) return;
    flagged.current = error !== null;
    onParseErrorChange?.(error);
  };

  useEffect(() => {
    const outside = value !== reported.current && !(isBlank(value) && isBlank(reported.current));
    const relabelled = shownWith.current !== show;
    shownWith.current = show;
    if (outside) {
      reported.current = value;
      setText(shown(value));
      flag(null);
    } else if (relabelled && parse(text).ok) setText(shown(value));
    // `shown` follows `show`, which the effect tracks; `text` is read, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, show]);

  return {
    text,
    change: (next: string) => {
      setText(next);
      const parsed = parse(next);
      const reading = parsed.ok ? (parsed.value ?? "") : next;
      if (parsed.ok || flagged.current) flag(parsed.ok ? null : parsed.error);
      reported.current = reading;
      onValueChange(reading);
    },
    /** On blur: what was typed, shown as it will be saved, or flagged as wrong. */
    settle: () => {
      const parsed = parse(text);
      if (parsed.ok) setText(shown(parsed.value));
      else flag(parsed.error);
    },
  };
}

const isBlank = (value: string | null | undefined) => value === null || value === undefined || value === "";

/** Slashes typed for the person after the day and the month ("15" → "15/"), never twice. */
function withSlashes(previous: string, next: string): string {
  const typedAtEnd = next.length === previous.length + 1 && next.startsWith(previous);
  if (!typedAtEnd) return next;
  if (/^\d{2}$/.test(next) || /^\d{1,2}\/\d{2}$/.test(next)) return `${next}/`;
  return next.replace(/\/\/$/, "/");
}

export interface DateInputProps extends TextInputProps, ParsedTextProps {
  /** The earliest and latest days the calendar offers (`YYYY-MM-DD`). */
  min?: string;
  max?: string;
}

/**
 * A calendar date typed as the panel writes it (dd/mm/aaaa) with a button that opens the
 * browser's calendar. The value is the API's `YYYY-MM-DD` ("" when blank, the text itself
 * when it is not a date); `onParseErrorChange` tells why not (see useDateErrorMessage).
 */
export function DateInput({ value, onValueChange, onParseErrorChange, min, max, className, onBlur, disabled, ...props }: DateInputProps) {
  const t = useTranslations("form.date");
  const locale = localeOf(useLocale());
  const show = createFormat(locale).date;
  const { text, change, settle } = useParsedText({ value, onValueChange, onParseErrorChange }, parseDateInput, show);
  const picker = useRef<HTMLInputElement>(null);
  const open = () => {
    const input = picker.current;
    if (!input) return;
    if (typeof input.showPicker === "function") input.showPicker();
    else input.click();
  };
  return (
    <div className={cn("relative", className)}>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t("placeholder")}
        maxLength={10}
        data-slot="input"
        {...props}
        disabled={disabled}
        className={cn(inputClassName, "pr-10 tabular-nums")}
        value={text}
        onChange={(event) => change(withSlashes(text, event.target.value))}
        onBlur={(event) => {
          settle();
          onBlur?.(event);
        }}
      />
      {/* The browser's own calendar, opened by the button: it writes the ISO day back. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        className="pointer-events-none absolute inset-0 opacity-0"
        value={isIsoDate(value) ? value : ""}
        min={min}
        max={max}
        disabled={disabled}
        onChange={(event) => change(event.target.value ? show(event.target.value) : "")}
      />
      <button
        type="button"
        className="absolute top-1/2 right-1 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50"
        aria-label={t("pick")}
        disabled={disabled}
        onClick={open}
      >
        <CalendarIcon className="size-4" aria-hidden />
      </button>
    </div>
  );
}

export interface TimeInputProps extends TextInputProps, ParsedTextProps {
  /** Allows `24:00`, the end of the day (a closing time). */
  endOfDay?: boolean;
}

const sameTime = (value: string) => value;

/** A time of day typed in 24 hours (14:30, 14h30, 1430); the value is `HH:MM`. */
export function TimeInput({ value, onValueChange, onParseErrorChange, endOfDay = false, className, onBlur, ...props }: TimeInputProps) {
  const t = useTranslations("form.time");
  const parse = (text: string) => parseTimeInput(text, { endOfDay });
  const { text, change, settle } = useParsedText({ value, onValueChange, onParseErrorChange }, parse, sameTime);
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t("placeholder")}
      maxLength={5}
      data-slot="input"
      {...props}
      className={cn(inputClassName, "tabular-nums", className)}
      value={text}
      onChange={(event) => change(event.target.value)}
      onBlur={(event) => {
        settle();
        onBlur?.(event);
      }}
    />
  );
}

/** Why a date's text is not a date, in the active language ("not a date; type it like 31/12/2026"). */
export function useDateErrorMessage(): (error: DateParseError | null) => string | undefined {
  const t = useTranslations("form.date");
  const locale = localeOf(useLocale());
  return (error) => {
    if (!error) return undefined;
    return error === "impossible" ? t("impossible") : t("invalid", { example: createFormat(locale).date("2026-12-31") });
  };
}

/** Why a time's text is not a time ("not a time; type it like 14:30 (24 h)"). */
export function useTimeErrorMessage(): (error: DateParseError | null) => string | undefined {
  const t = useTranslations("form.time");
  return (error) => {
    if (!error) return undefined;
    return error === "impossible" ? t("impossible") : t("invalid", { example: "14:30" });
  };
}
