"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { localeOf } from "@/i18n/locales";
import { formatDecimalInput, parseDecimal, type ParseError } from "@/lib/numbers";
import { cn } from "@/lib/utils";
import { inputClassName } from "./input";

export interface DecimalInputProps extends Omit<React.ComponentProps<"input">, "value" | "onChange" | "defaultValue" | "type" | "prefix"> {
  /** The number, null when empty; NaN while the text is not a number. */
  value: number | null | undefined;
  onValueChange: (value: number | null) => void;
  /** Told when the text stops or starts being a number (to show why). */
  onParseErrorChange?: (error: ParseError | null) => void;
  /** Decimal places allowed. */
  decimals: number;
  /** Decimal places always shown (2 for money). */
  minDecimals?: number;
  /** More decimals than allowed are rounded (money, percents) or refused (quantities). */
  excess?: "round" | "reject";
  /** Shown inside the box before the number ("R$"). */
  prefix?: string;
  /** Shown inside the box after the number ("%", "KG"). */
  suffix?: string;
}

/**
 * A number typed the way the active language writes it (`1.234,56` or `1,234.56`). The
 * text is free while typing; the value is a JS number, null when blank, NaN when the text
 * is not a number (so the form refuses it). On blur the text is rewritten as the number
 * that will be saved.
 */
export function DecimalInput({
  value,
  onValueChange,
  onParseErrorChange,
  decimals,
  minDecimals = 0,
  excess = "reject",
  prefix,
  suffix,
  className,
  onBlur,
  ...props
}: DecimalInputProps) {
  const locale = localeOf(useLocale());
  const show = (number: number | null | undefined) =>
    number === null || number === undefined || Number.isNaN(number) ? "" : formatDecimalInput(number, locale, minDecimals, decimals);
  const [text, setText] = useState(() => show(value));
  // The value this input last reported: anything else came from outside (reset, setValue).
  const reported = useRef(value);
  const shownLocale = useRef(locale);

  useEffect(() => {
    const outside = !Object.is(value, reported.current);
    if (outside || shownLocale.current !== locale) {
      reported.current = value;
      shownLocale.current = locale;
      if (outside || !Number.isNaN(value)) setText(show(value));
      if (outside) onParseErrorChange?.(null);
    }
    // `show` follows locale and the decimals, which the effect already tracks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, locale]);

  return (
    <div className={cn("relative", className)}>
      {prefix && (
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
          {prefix}
        </span>
      )}
      <input
        type="text"
        inputMode={decimals === 0 ? "numeric" : "decimal"}
        autoComplete="off"
        data-slot="input"
        {...props}
        className={cn(inputClassName, "text-right tabular-nums", prefix && "pl-10", suffix && "pr-12")}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const parsed = parseDecimal(next, locale, { decimals, excess });
          const number = parsed.ok ? parsed.value : Number.NaN;
          onParseErrorChange?.(parsed.ok ? null : parsed.error);
          reported.current = number;
          onValueChange(number);
        }}
        onBlur={(event) => {
          if (typeof reported.current === "number" && !Number.isNaN(reported.current)) setText(show(reported.current));
          onBlur?.(event);
        }}
      />
      {suffix && (
        <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
          {suffix}
        </span>
      )}
    </div>
  );
}

/** Why a number input's text is not a number, in the active language ("not a number; type it like 1.234,56"). */
export function useParseErrorMessage(): (error: ParseError | null, decimals: number) => string | undefined {
  const t = useTranslations("form.number");
  const locale = localeOf(useLocale());
  return (error, decimals) => {
    if (!error) return undefined;
    if (error === "decimals") return t("decimals", { decimals });
    if (error === "too_large") return t("tooLarge");
    return t("invalid", { example: formatDecimalInput(decimals === 0 ? 1234 : 1234.56, locale, Math.min(decimals, 2)) });
  };
}
