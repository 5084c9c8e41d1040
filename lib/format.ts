import { useLocale } from "next-intl";
import { useMemo } from "react";
import { localeOf, TIME_ZONE, type Locale } from "@/i18n/locales";

/**
 * The one place the panel formats values for people, from the active locale: dates as
 * dd/mm/aaaa and 24 h times (in both languages, in Brazil's time zone), numbers, percents
 * and money in BRL (`R$ 1.234,56` in Portuguese, `R$1,234.56` in English).
 */
export interface Format {
  locale: Locale;
  /** A calendar date ("2025-01-31") or an instant, as dd/mm/aaaa; "—" when absent. */
  date: (value: string | Date | null | undefined) => string;
  /** An instant as dd/mm/aaaa hh:mm (24 h); "—" when absent. */
  dateTime: (value: string | Date | null | undefined) => string;
  /** A number with up to `maxDecimals` (3 by default) decimals, grouped. */
  number: (value: number, options?: { minDecimals?: number; maxDecimals?: number }) => string;
  /** Percentage points as a percent: 5.5 → "5,5%"; `signed` shows "+" on gains. */
  percent: (value: number, options?: { signed?: boolean }) => string;
  /** BRL with two decimals (up to `maxDecimals` for a figure before its rounding: R$ 162,3645). */
  money: (value: number, options?: { maxDecimals?: number }) => string;
}

export const EMPTY = "—";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Intl locale of numbers; dates are day-first in both languages. */
const numberLocale: Record<Locale, string> = { "pt-BR": "pt-BR", en: "en-US" };
const dateLocale: Record<Locale, string> = { "pt-BR": "pt-BR", en: "en-GB" };

const cache = new Map<Locale, Format>();

export function createFormat(locale: Locale): Format {
  const cached = cache.get(locale);
  if (cached) return cached;
  const dates = new Intl.DateTimeFormat(dateLocale[locale], { day: "2-digit", month: "2-digit", year: "numeric", timeZone: TIME_ZONE });
  const times = new Intl.DateTimeFormat(dateLocale[locale], { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: TIME_ZONE });
  const money = new Intl.NumberFormat(numberLocale[locale], { style: "currency", currency: "BRL" });
  const numbers = new Map<string, Intl.NumberFormat>();
  const numberFormat = (options: Intl.NumberFormatOptions) => {
    const key = JSON.stringify(options);
    let format = numbers.get(key);
    if (!format) numbers.set(key, (format = new Intl.NumberFormat(numberLocale[locale], options)));
    return format;
  };
  const instant = (value: string | Date) => (value instanceof Date ? value : new Date(value));
  const format: Format = {
    locale,
    date: (value) => {
      if (value === null || value === undefined || value === "") return EMPTY;
      const calendar = typeof value === "string" ? ISO_DATE.exec(value) : null;
      if (calendar) return `${calendar[3]}/${calendar[2]}/${calendar[1]}`;
      const date = instant(value);
      return Number.isNaN(date.getTime()) ? String(value) : dates.format(date);
    },
    dateTime: (value) => {
      if (value === null || value === undefined || value === "") return EMPTY;
      const date = instant(value);
      return Number.isNaN(date.getTime()) ? String(value) : `${dates.format(date)} ${times.format(date)}`;
    },
    number: (value, { minDecimals = 0, maxDecimals = 3 } = {}) =>
      numberFormat({ minimumFractionDigits: minDecimals, maximumFractionDigits: Math.max(minDecimals, maxDecimals) }).format(value),
    percent: (value, { signed = false } = {}) =>
      `${numberFormat({ maximumFractionDigits: 4, signDisplay: signed ? "exceptZero" : "auto" }).format(value)}%`,
    money: (value, { maxDecimals = 2 } = {}) =>
      maxDecimals <= 2
        ? money.format(value)
        : numberFormat({ style: "currency", currency: "BRL", minimumFractionDigits: 2, maximumFractionDigits: maxDecimals }).format(value),
  };
  cache.set(locale, format);
  return format;
}

/** The formatter of the active locale, for components. */
export function useFormat(): Format {
  const locale = localeOf(useLocale());
  return useMemo(() => createFormat(locale), [locale]);
}
