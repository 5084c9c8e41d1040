import { useTranslations, type Messages } from "next-intl";
import { useCallback } from "react";

/**
 * Translations looked up by a key made at run time (a field path, an enum value). Typed
 * keys (`useTranslations("brands")`) are the rule; this is for the keys TypeScript cannot
 * know. `has` tells whether a key exists, so callers can fall back.
 */
export interface Translate {
  (key: string, values?: Record<string, string | number | Date>): string;
  has: (key: string) => boolean;
}

export function useDynamicTranslations(namespace?: string): Translate {
  // A namespace built at run time is not one of the typed ones.
  return useTranslations(namespace as never) as unknown as Translate;
}

export type EnumName = keyof Messages["enums"];

/** The label of an enum value (a role, a status type...): the code itself when unknown. */
export function useEnumLabel(name: EnumName): (value: string | null | undefined) => string {
  const t = useDynamicTranslations(`enums.${name}`);
  return useCallback((value) => (value === null || value === undefined || value === "" ? "—" : t.has(value) ? t(value) : value), [t]);
}

/** Select options of an enum's values, labelled in the active language. */
export function useEnumOptions(name: EnumName, values: readonly string[]): Array<{ value: string; label: string }> {
  const label = useEnumLabel(name);
  return values.map((value) => ({ value, label: label(value) }));
}
