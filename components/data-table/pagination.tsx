"use client";

import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PAGE_SIZES } from "./use-table-state";

export interface PaginationProps {
  /** 0-based, as the API counts. */
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

const numberFormat = new Intl.NumberFormat("en-US");

/** "x–y of total", a page size select and first/previous/next/last buttons. */
export function Pagination({ page, perPage, total, onPageChange, onPerPageChange }: PaginationProps) {
  const id = useId();
  const lastPage = Math.max(0, Math.ceil(total / perPage) - 1);
  const from = total === 0 ? 0 : page * perPage + 1;
  const to = Math.min(total, (page + 1) * perPage);
  const sizes = (PAGE_SIZES as readonly number[]).includes(perPage) ? PAGE_SIZES : [...PAGE_SIZES, perPage].sort((a, b) => a - b);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 px-1 text-sm">
      <p className="text-muted-foreground" aria-live="polite" data-testid="page-range">
        {numberFormat.format(from)}–{numberFormat.format(to)} of {numberFormat.format(total)}
      </p>
      <div className="flex items-center gap-4">
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-size`} className="text-muted-foreground">
            Rows per page
          </label>
          <Select value={String(perPage)} onValueChange={(value) => onPerPageChange(Number(value))}>
            <SelectTrigger id={`${id}-size`} className="h-8 w-18">
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
        <span className="text-muted-foreground">
          Page {page + 1} of {lastPage + 1}
        </span>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon-sm" onClick={() => onPageChange(0)} disabled={page <= 0} aria-label="First page">
            <ChevronsLeftIcon aria-hidden />
          </Button>
          <Button variant="outline" size="icon-sm" onClick={() => onPageChange(page - 1)} disabled={page <= 0} aria-label="Previous page">
            <ChevronLeftIcon aria-hidden />
          </Button>
          <Button variant="outline" size="icon-sm" onClick={() => onPageChange(page + 1)} disabled={page >= lastPage} aria-label="Next page">
            <ChevronRightIcon aria-hidden />
          </Button>
          <Button variant="outline" size="icon-sm" onClick={() => onPageChange(lastPage)} disabled={page >= lastPage} aria-label="Last page">
            <ChevronsRightIcon aria-hidden />
          </Button>
        </div>
      </div>
    </nav>
  );
}
