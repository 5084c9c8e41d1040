"use client";

import { ChevronDownIcon, LanguagesIcon, LogOutIcon, MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { signOut } from "next-auth/react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LOCALE_COOKIE, locales } from "@/i18n/locales";
import { useEnumLabel } from "@/lib/i18n";
import { setPreferenceCookie, themes, type Theme } from "@/lib/theme";
import type { CurrentUser } from "./current-user";
import { useTheme } from "./theme";

const themeIcons = { system: MonitorIcon, light: SunIcon, dark: MoonIcon } satisfies Record<Theme, unknown>;

/** Switches the panel's language: a cookie the server reads, then the page again in it. */
export function useLocaleSwitch() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return {
    pending,
    change: (locale: string) => {
      setPreferenceCookie(LOCALE_COOKIE, locale);
      startTransition(() => router.refresh());
    },
  };
}

/** The signed-in user in the header: who, with which role; language, theme and sign out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const t = useTranslations();
  const locale = useLocale();
  const roleLabel = useEnumLabel("role");
  const { theme, setTheme } = useTheme();
  const language = useLocaleSwitch();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-auto gap-3 py-1.5 pr-2 pl-3">
          <span className="sr-only">{t("userMenu.open")}</span>
          <span className="hidden min-w-0 flex-col items-end leading-tight sm:flex">
            <span className="truncate text-sm font-medium" data-testid="current-user">
              {user.name}
            </span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </span>
          <Badge variant="secondary">{roleLabel(user.role)}</Badge>
          <ChevronDownIcon className="text-muted-foreground" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid font-normal">
          <span className="truncate font-medium">{user.name}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup aria-label={t("userMenu.language")}>
          <DropdownMenuLabel className="flex items-center gap-2 text-xs text-muted-foreground">
            <LanguagesIcon className="size-3.5" aria-hidden />
            {t("userMenu.language")}
          </DropdownMenuLabel>
          <DropdownMenuRadioGroup value={locale} onValueChange={language.change}>
            {locales.map((value) => (
              <DropdownMenuRadioItem key={value} value={value} lang={value}>
                {t(`languages.${value}`)}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuGroup aria-label={t("userMenu.theme")}>
          <DropdownMenuLabel className="text-xs text-muted-foreground">{t("userMenu.theme")}</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
            {themes.map((value) => {
              const Icon = themeIcons[value];
              return (
                <DropdownMenuRadioItem key={value} value={value}>
                  <Icon className="size-4 text-muted-foreground" aria-hidden />
                  {t(`userMenu.themes.${value}`)}
                </DropdownMenuRadioItem>
              );
            })}
          </DropdownMenuRadioGroup>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => signOut({ callbackUrl: "/sign-in" })}>
          <LogOutIcon aria-hidden />
          {t("userMenu.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
