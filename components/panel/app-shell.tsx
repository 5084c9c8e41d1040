"use client";

import { MenuIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useDynamicTranslations } from "@/lib/i18n";
import { permissions } from "@/lib/permissions";
import { cn } from "@/lib/utils";
import { CurrentUserProvider, type CurrentUser } from "./current-user";
import { CommandPalette } from "./command-palette";
import { DemoBanner } from "./demo-banner";
import { navigation } from "./nav";
import { UserMenu } from "./user-menu";

/** The signed-in frame: sidebar navigation, a header with the user's menu, and the page. */
export function AppShell({ user, children }: { user: CurrentUser; children: React.ReactNode }) {
  const t = useTranslations("app");
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <CurrentUserProvider user={user}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        {t("skipToContent")}
      </a>
      <div className="flex min-h-dvh">
        <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r bg-sidebar md:flex">
          <Brand />
          <SidebarNav role={user.role} />
        </aside>
        <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
            <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r bg-sidebar shadow-lg outline-none md:hidden">
              <DialogPrimitive.Title className="sr-only">{t("navigation")}</DialogPrimitive.Title>
              <DialogPrimitive.Description className="sr-only">{t("navigationDescription")}</DialogPrimitive.Description>
              <Brand />
              <SidebarNav role={user.role} onNavigate={() => setMenuOpen(false)} />
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur md:px-6">
            <Button variant="ghost" size="icon" className="md:hidden" aria-label={t("openNavigation")} onClick={() => setMenuOpen(true)}>
              <MenuIcon aria-hidden />
            </Button>
            <div className="flex min-w-0 flex-1 justify-center md:justify-start">
              <CommandPalette />
            </div>
            <div className="flex items-center gap-3">
              <UserMenu user={user} />
            </div>
          </header>
          <DemoBanner />
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
            {children}
          </main>
        </div>
      </div>
    </CurrentUserProvider>
  );
}

function Brand() {
  const t = useTranslations("app");
  return (
    <div className="flex h-14 shrink-0 items-center gap-2 border-b px-4">
      <span className="flex size-7 items-center justify-center rounded-md bg-primary text-xs font-bold text-primary-foreground" aria-hidden>
        B2B
      </span>
      <span className="font-semibold">{t("backOffice")}</span>
    </div>
  );
}

function SidebarNav({ role, onNavigate }: { role: CurrentUser["role"]; onNavigate?: () => void }) {
  const t = useDynamicTranslations();
  const app = useTranslations("app");
  const pathname = usePathname();
  const groups = navigation
    .map((group) => ({ ...group, items: group.items.filter((item) => !item.permission || permissions[item.permission](role)) }))
    .filter((group) => group.items.length > 0);
  return (
    <nav aria-label={app("mainNavigation")} className="flex-1 overflow-y-auto px-2 py-3">
      {groups.map((group, index) => (
        <div key={group.label ?? index} className="mb-4">
          {group.label && (
            <h2 className="px-3 pb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">{t(`nav.${group.label}`)}</h2>
          )}
          <ul className="grid gap-0.5">
            {group.items.map(({ label, icon: Icon, href }) => {
              const active = pathname === href || pathname.startsWith(`${href}/`);
              return (
                <li key={href}>
                  <Link
                    href={href}
                    onClick={onNavigate}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex h-8 items-center gap-2.5 rounded-md px-3 text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0",
                      active && "bg-primary/10 font-medium text-primary hover:bg-primary/15",
                    )}
                  >
                    <Icon aria-hidden />
                    <span className="truncate">{t(label)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
