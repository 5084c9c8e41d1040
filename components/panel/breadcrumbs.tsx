"use client";

import { ChevronRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";

export interface Crumb {
  label: React.ReactNode;
  /** Absent on the current page (the last crumb). */
  href?: string;
}

/** "Marcas › Nova marca" above the title of every page below a list. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useTranslations("app");
  return (
    <nav aria-label={t("breadcrumb")}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {items.map((item, index) => (
          <li key={index} className="flex min-w-0 items-center gap-1">
            {index > 0 && <ChevronRightIcon className="size-3.5 shrink-0" aria-hidden />}
            {item.href ? (
              <Link
                href={item.href}
                className="rounded-sm outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate text-foreground">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
