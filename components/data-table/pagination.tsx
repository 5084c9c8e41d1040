"use client";

import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useFormat } from "@/lib/format";
import { PAGE_SIZES } from "./use-table-state";

export interface PaginationProps {
  /** 0-based, as the API counts. */
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

/** "x–y of total", a page size select and first/previous/next/last buttons. */
export function Pagination({ page, perPage, total, onPageChange, onPerPageChange }: PaginationProps) {
  const t = useTranslations("table");
  const format = useFormat();
  const id = useId();
  const lastPage = Math.max(0, Math.ceil(total / perPage) - 1);
  const from = total === 0 ? 0 : page * perPage + 1;
  const to = Math.min(total, (page + 1) * perPage);
  const sizes = (PAGE_SIZES as readonly number[]).includes(perPage) ? PAGE_SIZES : [...PAGE_SIZES, perPage].sort((a, b) => a - b);
  return (
    <nav aria-label={t("pagination")} className="flex flex-wrap items-center justify-between gap-3 px-1 text-sm">
      <p className="text-muted-foreground" aria-live="polite" data-testid="page-range">
        {t("range", { from: format.number(from), to: format.number(to), total: format.number(total) })}
      </p>
      <div className="flex items-center gap-4">
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-size`} className="text-muted-foreground">
            {t("rowsPerPage")}
          </label>
          <Select value={String(perPage)} onValueChange={(value) => onPerPageChange(Number(value))}>
            <SelectTrigger id={`${id}-size`} className="h-8 w-20">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {sizes.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <span className="text-muted-foreground">{t("page", { page: format.number(page + 1), pages: format.number(lastPage + 1) })}</span>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon-sm" onClick={() => onPageChange(0)} disabled={page <= 0} aria-label={t("firstPage")}>
            <ChevronsLeftIcon aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 0}
            aria-label={t("previousPage")}
          >
            <ChevronLeftIcon aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            onClick={() => onPageChange(page + 1)}
            disabled={page >= lastPage}
            aria-label={t("nextPage")}
          >
            <ChevronRightIcon aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            onClick={() => onPageChange(lastPage)}
            disabled={page >= lastPage}
            aria-label={t("lastPage")}
          >
            <ChevronsRightIcon aria-hidden />
          </Button>
        </div>
      </div>
    </nav>
  );
}
