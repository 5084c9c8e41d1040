"use client";

import { useLocale } from "next-intl";
import { useMemo } from "react";
import { localeOf } from "@/i18n/locales";
import { useDynamicTranslations } from "@/lib/i18n";
import { localizeIssue, type IssueLike } from "@/lib/validation-messages";

/** How a form words its errors: each issue in the active language, and the label of a field path. */
export interface FormMessages {
  issue: (issue: IssueLike) => string;
  /** "minimum_value" → "Valor mínimo do pedido", from the form's `labels` namespace; the path itself when unknown. */
  label: (path: string) => string;
}

/** `labels` is the namespace of the resource's field labels, e.g. "paymentMethods.fields". */
export function useFormMessages(labels?: string): FormMessages {
  const locale = localeOf(useLocale());
  const validation = useDynamicTranslations("validation");
  const fields = useDynamicTranslations(labels ?? "common");
  return useMemo(() => {
    const label = (path: string) => {
      if (!labels) return path;
      if (fields.has(path)) return fields(path);
      const last =
        path
          .split(".")
          .filter((part) => !/^\d+$/.test(part))
          .at(-1) ?? path;
      return fields.has(last) ? fields(last) : path;
    };
    return { label, issue: (issue) => localizeIssue(issue, validation, locale, label) };
  }, [labels, locale, validation, fields]);
}
