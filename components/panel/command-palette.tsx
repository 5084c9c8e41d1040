"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { Command } from "cmdk";
import {
  FolderTreeIcon,
  HandshakeIcon,
  PackageIcon,
  SearchIcon,
  ShoppingCartIcon,
  TagIcon,
  UserSquareIcon,
  type LucideIcon,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { useDeferredValue, useEffect, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { useGuardedNavigation } from "@/components/resource-form/unsaved-changes";
import { useOrderName } from "@/components/records/order-name";
import { useFormat } from "@/lib/format";
import { useDynamicTranslations } from "@/lib/i18n";
import { permissions } from "@/lib/permissions";
import { trpc } from "@/lib/trpc";
import type { OrderSearchHit, SearchHit, SearchResult } from "@/server/workspace/search/schemas";
import { useCurrentUser } from "./current-user";
import { navigation } from "./nav";

/** The kinds of records the global search finds, in the order shown, and where each opens. */
const kinds: Array<{ key: keyof SearchResult; path: string; icon: LucideIcon }> = [
  { key: "partners", path: "/partners", icon: HandshakeIcon },
  { key: "products", path: "/products", icon: PackageIcon },
  { key: "orders", path: "/orders", icon: ShoppingCartIcon },
  { key: "brands", path: "/brands", icon: TagIcon },
  { key: "categories", path: "/categories", icon: FolderTreeIcon },
  { key: "sellers", path: "/sellers", icon: UserSquareIcon },
];

const normalize = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * The command palette (Ctrl+K / ⌘K, or the search button in the header): the panel's
 * pages and, from the global search API, partners, products, orders, brands, categories
 * and sellers. Going somewhere asks first while the page has unsaved changes.
 */
export function CommandPalette() {
  const t = useTranslations("palette");
  const labels = useDynamicTranslations();
  const navigate = useGuardedNavigation();
  const format = useFormat();
  const orderName = useOrderName();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const query = useDeferredValue(text.trim());

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        setOpen((value) => !value);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const results = trpc.search.everything.useQuery(
    { q: query, limit: 5 },
    { enabled: open && query.length > 0, placeholderData: keepPreviousData },
  );
  const pages = navigation
    .flatMap((group) => group.items)
    .filter((item) => !item.permission || permissions[item.permission](user.role))
    .map((item) => ({ ...item, title: labels(item.label) }))
    .filter((item) => !query || normalize(item.title).includes(normalize(query)));

  const go = (href: string) => {
    setOpen(false);
    setText("");
    navigate(href);
  };
  const found = query && results.data ? results.data : undefined;
  /** A hit's name: an order's number ("Pedido nº 1.234") before its partner. */
  const titleOf = (hit: SearchHit | OrderSearchHit) => ("number" in hit ? `${orderName(hit)} · ${hit.title}` : hit.title);
  /** The second line of a hit: an order's date, total and status. */
  const describe = (hit: SearchHit | OrderSearchHit) =>
    "negotiation_date" in hit
      ? [format.date(hit.negotiation_date), format.money(hit.total_value), hit.subtitle].filter(Boolean).join(" · ")
      : hit.subtitle;

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="w-full max-w-64 justify-start text-muted-foreground"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
      >
        <SearchIcon aria-hidden />
        <span className="truncate">{t("open")}</span>
        <kbd className="ml-auto hidden rounded border bg-muted px-1.5 font-mono text-[10px] sm:inline">{t("shortcut")}</kbd>
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setText("");
        }}
      >
        <DialogContent className="gap-0 overflow-hidden p-0 sm:max-w-xl">
          <DialogTitle className="sr-only">{t("title")}</DialogTitle>
          <DialogDescription className="sr-only">{t("placeholder")}</DialogDescription>
          <Command shouldFilter={false} label={t("title")} className="flex flex-col">
            <div className="flex items-center gap-2 border-b px-3">
              <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <Command.Input
                value={text}
                onValueChange={setText}
                placeholder={t("placeholder")}
                className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
              />
            </div>
            <Command.List className="max-h-[60vh] overflow-y-auto p-2">
              {results.isFetching && query && !found && <Command.Loading>{t("searching")}</Command.Loading>}
              <Command.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">
                {results.isFetching ? t("searching") : t("empty")}
              </Command.Empty>
              {found &&
                kinds.map(({ key, path, icon: Icon }) =>
                  found[key].length > 0 ? (
                    <Command.Group
                      key={key}
                      heading={t(key)}
                      className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
                    >
                      {found[key].map((hit) => {
                        const detail = describe(hit);
                        return (
                          <Command.Item
                            key={hit.id}
                            value={`${key}:${hit.id}`}
                            onSelect={() => go(`${path}/${hit.id}`)}
                            className={itemClass}
                          >
                            <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                            <span className="truncate">{titleOf(hit)}</span>
                            {detail && <span className="ml-auto truncate text-xs text-muted-foreground">{detail}</span>}
                          </Command.Item>
                        );
                      })}
                    </Command.Group>
                  ) : null,
                )}
              {pages.length > 0 && (
                <Command.Group
                  heading={t("pages")}
                  className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
                >
                  {pages.map(({ href, title, icon: Icon }) => (
                    <Command.Item key={href} value={`page:${href}`} onSelect={() => go(href)} className={itemClass}>
                      <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                      {title}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
            </Command.List>
          </Command>
        </DialogContent>
      </Dialog>
    </>
  );
}

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground";
