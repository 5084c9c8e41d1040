/** The panel's languages: Portuguese (Brazil) first, English second. */
export const locales = ["pt-BR", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "pt-BR";

/** The cookie that keeps the chosen language (no locale in the URLs). */
export const LOCALE_COOKIE = "NEXT_LOCALE";

/** Dates and times are shown as the back office lives them: in Brazil. */
export const TIME_ZONE = "America/Sao_Paulo";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** A cookie's value as a locale: the default when absent or unknown. */
export function localeOf(value: string | undefined | null): Locale {
  return isLocale(value) ? value : defaultLocale;
}
