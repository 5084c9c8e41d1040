"use client";

import { LogOutIcon, MenuIcon } from "lucide-react";
import { signOut } from "next-auth/react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { permissions } from "@/lib/permissions";
import { cn } from "@/lib/utils";
import { CurrentUserProvider, type CurrentUser } from "./current-user";
import { navigation } from "./nav";

const roleLabel: Record<CurrentUser["role"], string> = {
  ADMIN: "Admin",
  MANAGER: "Manager",
  SELLER: "Seller",
  VIEWER: "Viewer",
};

/** The signed-in frame: sidebar navigation, a header with the user, and the page. */
export function AppShell({ user, children }: { user: CurrentUser; children: React.ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <CurrentUserProvider user={user}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
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
              <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
              <DialogPrimitive.Description className="sr-only">Areas of the back office</DialogPrimitive.Description>
              <Brand />
              <SidebarNav role={user.role} onNavigate={() => setMenuOpen(false)} />
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur md:px-6">
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation" onClick={() => setMenuOpen(true)}>
              <MenuIcon aria-hidden />
            </Button>
            <div className="ml-auto flex items-center gap-3">
              <div className="flex min-w-0 flex-col items-end leading-tight">
                <span className="truncate text-sm font-medium" data-testid="current-user">
                  {user.name}
                </span>
                <span className="truncate text-xs text-muted-foreground">{user.email}</span>
              </div>
              <Badge variant="secondary">
                <span className="sr-only">Role: </span>
                {roleLabel[user.role]}
              </Badge>
              <Button variant="outline" size="sm" onClick={() => signOut({ callbackUrl: "/sign-in" })}>
                <LogOutIcon aria-hidden />
                Sign out
              </Button>
            </div>
          </header>
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
            {children}
          </main>
        </div>
      </div>
    </CurrentUserProvider>
  );
}

function Brand() {
  return (
    <div className="flex h-14 shrink-0 items-center gap-2 border-b px-4">
      <span className="flex size-7 items-center justify-center rounded-md bg-primary text-xs font-bold text-primary-foreground" aria-hidden>
        B2B
      </span>
      <span className="font-semibold">Sales back office</span>
    </div>
  );
}

function SidebarNav({ role, onNavigate }: { role: CurrentUser["role"]; onNavigate?: () => void }) {
  const pathname = usePathname();
  const groups = navigation
    .map((group) => ({ ...group, items: group.items.filter((item) => !item.permission || permissions[item.permission](role)) }))
    .filter((group) => group.items.length > 0);
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-3">
      {groups.map((group, index) => (
        <div key={group.label ?? index} className="mb-4">
          {group.label && <h2 className="px-3 pb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">{group.label}</h2>}
          <ul className="grid gap-0.5">
            {group.items.map(({ label, icon: Icon, href }) => {
              const item = "flex h-8 items-center gap-2.5 rounded-md px-3 text-sm [&_svg]:size-4 [&_svg]:shrink-0";
              if (!href) {
                return (
                  <li key={label}>
                    <span aria-disabled="true" className={cn(item, "cursor-not-allowed text-muted-foreground/70")}>
                      <Icon aria-hidden />
                      <span className="flex-1 truncate">{label}</span>
                      <span className="rounded bg-muted px-1.5 py-px text-[10px] font-medium tracking-wide uppercase">soon</span>
                    </span>
                  </li>
                );
              }
              const active = pathname === href || pathname.startsWith(`${href}/`);
              return (
                <li key={label}>
                  <Link
                    href={href}
                    onClick={onNavigate}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      item,
                      "outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
                      active && "bg-primary/10 font-medium text-primary hover:bg-primary/15",
                    )}
                  >
                    <Icon aria-hidden />
                    <span className="truncate">{label}</span>
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
