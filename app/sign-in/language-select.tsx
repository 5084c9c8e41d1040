"use client";

import { LanguagesIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { useLocaleSwitch } from "@/components/panel/user-menu";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { locales } from "@/i18n/locales";

/** The language of the panel, chosen before signing in (the same cookie as the user menu's). */
export function LanguageSelect() {
  const t = useTranslations();
  const id = useId();
  const locale = useLocale();
  const language = useLocaleSwitch();
  return (
    <div className="flex items-center gap-2 text-sm text-muted-foreground">
      <LanguagesIcon className="size-4" aria-hidden />
      <label htmlFor={id} className="sr-only">
        {t("userMenu.language")}
      </label>
      <Select value={locale} onValueChange={language.change}>
        <SelectTrigger id={id} className="h-8 w-auto border-none bg-transparent shadow-none">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {locales.map((value) => (
            <SelectItem key={value} value={value} lang={value}>
              {t(`languages.${value}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
