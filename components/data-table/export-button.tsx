"use client";

import { DownloadIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { TableControls } from "./use-table-state";

export interface ExportOptions {
  /** The list's REST path under /exports ("partners", "measure-units"). */
  resource: string;
  /** The list record's fields (`Object.keys(partnerListRecord.shape)`): only these columns export. */
  fields: readonly string[];
  /** The list's filters as the list query takes them (`{ active: "true" }`); empty ones are left out. */
  filters?: Record<string, string | undefined>;
}

/** Escapes a label for the comma-separated `headers` parameter. */
const escapeItem = (text: string) => text.replaceAll(",", "\\,");

/** The address of the CSV of the whole filtered list: every page, the columns shown with their headers. */
export function exportHref(
  options: ExportOptions,
  state: Pick<TableControls, "paging">,
  columns: Array<{ id: string; header: string }>,
  locale: string,
): string {
  const shown = columns.filter((column) => options.fields.includes(column.id));
  const query = new URLSearchParams();
  if (state.paging.search) query.set("search", state.paging.search);
  if (options.fields.includes(state.paging.sort)) {
    query.set("sort", state.paging.sort);
    query.set("dir", state.paging.dir);
  }
  for (const [name, value] of Object.entries(options.filters ?? {})) if (value) query.set(name, value);
  if (shown.length > 0) {
    query.set("columns", shown.map((column) => column.id).join(","));
    query.set("headers", shown.map((column) => escapeItem(column.header)).join(","));
  }
  query.set("locale", locale === "en" ? "en" : "pt-BR");
  return `/api/b2b/exports/${options.resource}?${query.toString()}`;
}

/** "Export CSV": downloads the whole filtered list (streamed by the server), as the table shows it. */
export function ExportButton({ href }: { href: string }) {
  const t = useTranslations("listTools");
  return (
    <a href={href} download className={cn(buttonVariants({ variant: "outline", size: "sm" }))}>
      <DownloadIcon aria-hidden />
      {t("exportCsv")}
    </a>
  );
}
