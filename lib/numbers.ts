import type { Locale } from "@/i18n/locales";

/**
 * Numbers typed by people, read the way they write them: Brazilian `1.234,56`, English
 * `1,234.56`. Exact on the digits (no float arithmetic before the final conversion), so
 * rounding 1,005 to two decimals gives 1,01 and not 1,00.
 */

const separators: Record<Locale, { decimal: string; group: string }> = {
  "pt-BR": { decimal: ",", group: "." },
  en: { decimal: ".", group: "," },
};

/** More significant digits than a JS number holds exactly. */
const MAX_DIGITS = 15;

export type ParseError = "invalid" | "decimals" | "too_large";
export type ParseResult = { ok: true; value: number | null } | { ok: false; error: ParseError };

export interface ParseOptions {
  /** Decimal places allowed. */
  decimals: number;
  /** What to do with more decimals: round half away from zero (money) or refuse (quantities). */
  excess?: "round" | "reject";
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Adds one to a string of digits ("199" → "200"). */
function increment(digits: string): string {
  const chars = digits.split("");
  for (let at = chars.length - 1; at >= 0; at--) {
    if (chars[at] !== "9") {
      chars[at] = String(Number(chars[at]) + 1);
      return chars.join("");
    }
    chars[at] = "0";
  }
  return `1${chars.join("")}`;
}

/** Digits of the whole and fraction parts, rounded half away from zero to `decimals`. */
export function roundDigits(whole: string, fraction: string, decimals: number): { whole: string; fraction: string } {
  if (fraction.length <= decimals) return { whole, fraction };
  const kept = whole + fraction.slice(0, decimals);
  const next = Number(fraction[decimals]);
  const rounded = next >= 5 ? increment(kept) : kept;
  const wholeLength = rounded.length - decimals;
  return { whole: rounded.slice(0, wholeLength), fraction: rounded.slice(wholeLength) };
}

/**
 * Reads what was typed in a number input. Blank is `null`; currency and percent signs and
 * spaces are ignored; group separators must sit between groups of three digits (so a
 * Brazilian `45.90` is refused rather than read as 4590).
 */
export function parseDecimal(text: string, locale: Locale, { decimals, excess = "reject" }: ParseOptions): ParseResult {
  const { decimal, group } = separators[locale];
  if (text.trim() === "") return { ok: true, value: null };
  let rest = text.replace(/R\$|%|\s/g, "");
  let negative = false;
  if (/^[-−+]/.test(rest)) {
    negative = rest[0] !== "+";
    rest = rest.slice(1);
  }
  if (!/^[0-9.,]+$/.test(rest)) return { ok: false, error: "invalid" };
  const parts = rest.split(decimal);
  if (parts.length > 2) return { ok: false, error: "invalid" };
  let [whole = "", fraction = ""] = parts;
  if (!/^\d*$/.test(fraction)) return { ok: false, error: "invalid" };
  if (whole.includes(group)) {
    if (!new RegExp(`^\\d{1,3}(${escape(group)}\\d{3})+$`).test(whole)) return { ok: false, error: "invalid" };
    whole = whole.split(group).join("");
  }
  if (!/^\d*$/.test(whole) || (whole === "" && fraction === "")) return { ok: false, error: "invalid" };
  whole = whole.replace(/^0+(?=\d)/, "") || "0";
  if (fraction.length > decimals) {
    if (excess === "reject") return { ok: false, error: "decimals" };
    ({ whole, fraction } = roundDigits(whole, fraction, decimals));
  }
  fraction = fraction.replace(/0+$/, "");
  if (whole.replace(/^0+/, "").length + fraction.length > MAX_DIGITS) return { ok: false, error: "too_large" };
  const value = Number(`${whole}${fraction ? `.${fraction}` : ""}`);
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

const inputFormats = new Map<string, Intl.NumberFormat>();

/** A number as a number input shows it back: grouped, with `minDecimals` to `maxDecimals` decimals. */
export function formatDecimalInput(value: number, locale: Locale, minDecimals: number, maxDecimals = minDecimals): string {
  const key = `${locale}|${minDecimals}|${maxDecimals}`;
  let format = inputFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === "en" ? "en-US" : "pt-BR", {
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: Math.max(minDecimals, maxDecimals),
      roundingMode: "halfExpand",
    });
    inputFormats.set(key, format);
  }
  return format.format(value);
}
