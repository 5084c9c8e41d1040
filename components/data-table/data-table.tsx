"use client";

import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type Row as TableRowModel,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type VisibilityState,
} from "@tanstack/react-table";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Fragment, useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useProblemMessages } from "@/lib/problem";
import { PHONE, useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";
import { ColumnChooser, columnLabel } from "./column-chooser";
import { ExportButton, exportHref, type ExportOptions } from "./export-button";
import { SavedViews } from "./saved-views";
import { Pagination } from "./pagination";
import { SearchInput } from "./search-input";
import type { TableControls } from "./use-table-state";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameters must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name as text when its header is not (a header right-aligned or hidden): cards, the column chooser, the CSV. */
    label?: string;
  }
}

/** A page of a list procedure (server/lib/paging.ts). */
export interface ListPage<Row> {
  currentPage: number;
  perPage: number;
  total: number;
  items: Row[];
}

/** The parts of a react-query result the table reads (a tRPC `useQuery` result fits). */
export interface ListQuery<Row> {
  data: ListPage<Row> | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Rows shown in groups, each under its heading (statuses by type). */
export interface RowGroups<Row> {
  key: (row: Row) => string;
  /** The groups in the order shown; rows of other keys come last. */
  order: readonly string[];
  label: (key: string) => string;
}

export interface DataTableProps<Row> {
  /** Accessible name of the table, e.g. "Marcas". */
  label: string;
  /**
   * TanStack column definitions. A column is sortable when it sets `enableSorting: true`;
   * its id is the list's `sort` field. The first column names the row (the title of its card on phones).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column has its own value type
  columns: ColumnDef<Row, any>[];
  state: TableControls;
  query: ListQuery<Row>;
  getRowId?: (row: Row) => string;
  /** The record a row opens: a click anywhere on the row (or Enter on it) goes there. */
  rowHref?: (row: Row) => string;
  /** Placeholder of the search box; `false` hides the box (for lists without search). */
  search?: string | false;
  /** Filter controls shown next to the search box (see FilterSelect). */
  filters?: React.ReactNode;
  /** The last cell of each row, e.g. <RowActions>. */
  rowActions?: (row: Row) => React.ReactNode;
  /** What an empty list says when no search or filter narrows it. */
  emptyMessage?: React.ReactNode;
  groups?: RowGroups<Row>;
  /** Rows can be chosen (a checkbox each) for the bulk actions shown while any is chosen. */
  selection?: RowSelection<Row>;
  /** More controls at the end of the filter bar. */
  tools?: React.ReactNode;
  /** "Export CSV" of the whole filtered list, in the columns shown. */
  exportAs?: ExportOptions;
  /** Saved views of this list, by its name ("brands"). */
  views?: string;
}

export interface RowSelection<Row> {
  /** Names a row for its checkbox ("Select Acme"). */
  rowLabel: (row: Row) => string;
  /** The actions on the chosen rows; `clear` unchooses them (after an action). */
  actions: (rows: Row[], clear: () => void) => React.ReactNode;
}

const ariaSort = { asc: "ascending", desc: "descending" } as const;

/** Clicks on the row's own controls (links, buttons, menus) do what they do, not open the row. */
const INTERACTIVE =
  "a, button, input, select, textarea, label, [role='menuitem'], [role='checkbox'], [role='switch'], [data-radix-popper-content-wrapper]";

export function useRowOpener<Row>(rowHref: ((row: Row) => string) | undefined) {
  const router = useRouter();
  if (!rowHref) return () => ({});
  return (row: Row) => {
    const href = rowHref(row);
    const open = (newTab: boolean) => (newTab ? window.open(href, "_blank", "noopener") : router.push(href));
    return {
      tabIndex: 0,
      "data-href": href,
      className:
        "cursor-pointer focus-visible:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
      onClick: (event: React.MouseEvent) => {
        const target = event.target as Element;
        if (target.closest(INTERACTIVE) || !event.currentTarget.contains(target)) return;
        if (window.getSelection()?.toString()) return;
        open(event.metaKey || event.ctrlKey);
      },
      onKeyDown: (event: React.KeyboardEvent) => {
        if (event.key === "Enter" && event.target === event.currentTarget) open(event.metaKey || event.ctrlKey);
      },
    };
  };
}

/**
 * A server-driven table: the server sorts, pages and searches (manualSorting,
 * manualPagination); the state lives in the URL through useTableState. At phone widths
 * the rows are cards.
 */
export function DataTable<Row>({
  label,
  columns,
  state,
  query,
  getRowId = (row) => (row as { id: string }).id,
  rowHref,
  search,
  filters,
  rowActions,
  emptyMessage,
  groups,
  selection,
  tools,
  exportAs,
  views,
}: DataTableProps<Row>) {
  const locale = useLocale();
  const t = useTranslations("table");
  const listTools = useTranslations("listTools");
  const common = useTranslations("common");
  const problems = useProblemMessages();
  const phone = useMediaQuery(PHONE);
  const opener = useRowOpener(rowHref);
  const { paging } = state;
  const page = query.data;
  const sorting: SortingState = useMemo(() => [{ id: paging.sort, desc: paging.dir === "desc" }], [paging.sort, paging.dir]);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // Another page, search, order or filter: nothing stays chosen out of sight.
  const viewKey = JSON.stringify([paging, state.view.filters]);
  const [selectionKey, setSelectionKey] = useState(viewKey);
  if (selectionKey !== viewKey) {
    setSelectionKey(viewKey);
    setRowSelection({});
  }
  const columnIds = useMemo(() => columns.map(columnId), [columns]);
  const columnVisibility: VisibilityState = useMemo(() => {
    const shown = state.columns;
    if (!shown) return {};
    // The first column names the row: always shown.
    return Object.fromEntries(columnIds.map((id, index) => [id, index === 0 || shown.includes(id)]));
  }, [state.columns, columnIds]);

  const table = useReactTable<Row>({
    data: page?.items ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    defaultColumn: { enableSorting: false },
    rowCount: page?.total ?? 0,
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: setRowSelection,
    state: { sorting, rowSelection, columnVisibility, pagination: { pageIndex: paging.page, pageSize: paging.perPage } },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const first = next[0];
      if (first) state.setSort(first.id, first.desc ? "desc" : "asc");
    },
  });

  // A page past the end (after a delete, or an old link): go to the last page that has rows.
  const total = page?.total ?? 0;
  const outOfRange = page !== undefined && page.items.length === 0 && total > 0 && paging.page > 0;
  useEffect(() => {
    if (outOfRange) state.setPage(Math.max(0, Math.ceil(total / paging.perPage) - 1));
  }, [outOfRange, total, paging.perPage, state]);

  const columnCount = table.getVisibleLeafColumns().length + (rowActions ? 1 : 0) + (selection ? 1 : 0);
  const chosen = selection ? table.getSelectedRowModel().rows.map((row) => row.original) : [];
  const clearSelection = () => setRowSelection({});
  const rowCheckbox = (row: TableRowModel<Row>) =>
    selection && (
      <Checkbox
        checked={row.getIsSelected()}
        onCheckedChange={(value) => row.toggleSelected(value === true)}
        aria-label={listTools("selectRow", { label: selection.rowLabel(row.original) })}
      />
    );
  const rows = table.getRowModel().rows;
  const grouped = useMemo(() => groupRows(rows, groups), [rows, groups]);
  const loading = query.isPending || outOfRange;
  const failed = !loading && Boolean(query.error) && !page;

  const status: React.ReactNode = failed ? (
    <div role="alert" className="flex flex-col items-center gap-3">
      <p className="text-destructive">{problems.message(query.error)}</p>
      <Button variant="outline" size="sm" onClick={() => query.refetch()}>
        {common("tryAgain")}
      </Button>
    </div>
  ) : !loading && rows.length === 0 ? (
    state.filtered ? (
      <div className="flex flex-col items-center gap-3">
        <p>{t("noResults")}</p>
        <Button variant="outline" size="sm" onClick={state.clearFilters}>
          {t("clearFilters")}
        </Button>
      </div>
    ) : (
      (emptyMessage ?? t("empty"))
    )
  ) : null;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        {(search !== false || filters) && (
          <div
            className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center"
            role="search"
            aria-label={t("filters", { label: label.toLowerCase() })}
          >
            {search !== false && <SearchInput value={paging.search} onSearch={state.setSearch} placeholder={search} />}
            {filters}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          {tools}
          {views && <SavedViews list={views} state={state} />}
          {exportAs && (
            <ExportButton
              href={exportHref(
                exportAs,
                state,
                table.getVisibleLeafColumns().map((column) => ({ id: column.id, header: columnLabel(column) })),
                locale,
              )}
            />
          )}
          {columns.length > 2 && !phone && <ColumnChooser table={table} onChange={state.setColumns} />}
        </div>
      </div>
      {selection && chosen.length > 0 && (
        <div
          role="region"
          aria-label={listTools("selection")}
          className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm"
        >
          <span className="font-medium" aria-live="polite">
            {listTools("selected", { count: chosen.length })}
          </span>
          {selection.actions(chosen, clearSelection)}
          <Button variant="ghost" size="sm" onClick={clearSelection} className="ml-auto">
            {listTools("clearSelection")}
          </Button>
        </div>
      )}
      {phone ? (
        <RowCards
          label={label}
          loading={loading}
          status={status}
          groups={grouped}
          rowActions={rowActions}
          opener={opener}
          count={Math.min(paging.perPage, 5)}
          checkbox={selection ? rowCheckbox : undefined}
        />
      ) : (
        <div className="overflow-hidden rounded-lg border bg-card">
          <Table
            aria-label={label}
            aria-busy={query.isFetching || undefined}
            className={cn(query.isFetching && page && "opacity-70 transition-opacity")}
          >
            <TableHeader>
              {table.getHeaderGroups().map((group) => (
                <TableRow key={group.id} className="hover:bg-transparent">
                  {selection && (
                    <TableHead className="w-10">
                      <Checkbox
                        checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? "indeterminate" : false}
                        onCheckedChange={(value) => table.toggleAllPageRowsSelected(value === true)}
                        aria-label={listTools("selectPage")}
                        disabled={rows.length === 0}
                      />
                    </TableHead>
                  )}
                  {group.headers.map((header) => (
                    <HeaderCell key={header.id} header={header} />
                  ))}
                  {rowActions && (
                    <TableHead className="w-12">
                      <span className="sr-only">{t("actions")}</span>
                    </TableHead>
                  )}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>
              {loading ? (
                Array.from({ length: Math.min(paging.perPage, 8) }, (_, index) => (
                  <TableRow key={index} aria-hidden>
                    {Array.from({ length: columnCount }, (_, cell) => (
                      <TableCell key={cell}>
                        <Skeleton className="h-4 w-full max-w-40" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : status ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={columnCount} className="h-32 text-center text-muted-foreground">
                    {status}
                  </TableCell>
                </TableRow>
              ) : (
                grouped.map(({ key, heading, rows: groupRows }) => (
                  <Fragment key={key}>
                    {heading && (
                      <TableRow className="bg-muted/30 hover:bg-muted/30">
                        <TableHead scope="rowgroup" colSpan={columnCount} className="text-foreground">
                          {heading}
                        </TableHead>
                      </TableRow>
                    )}
                    {groupRows.map((row) => {
                      const open = opener(row.original);
                      return (
                        <TableRow key={row.id} {...open} data-state={row.getIsSelected() ? "selected" : undefined}>
                          {selection && <TableCell className="w-10">{rowCheckbox(row)}</TableCell>}
                          {row.getVisibleCells().map((cell) => (
                            <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                          ))}
                          {rowActions && <TableCell className="py-1 text-right">{rowActions(row.original)}</TableCell>}
                        </TableRow>
                      );
                    })}
                  </Fragment>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      )}
      {page && total > 0 && (
        <Pagination
          page={paging.page}
          perPage={paging.perPage}
          total={total}
          onPageChange={state.setPage}
          onPerPageChange={state.setPerPage}
        />
      )}
    </div>
  );
}

export interface Group<Row> {
  key: string;
  heading?: string;
  rows: TableRowModel<Row>[];
}

/** The page's rows in their groups (one unnamed group when the list has none). */
function groupRows<Row>(rows: TableRowModel<Row>[], groups: RowGroups<Row> | undefined): Group<Row>[] {
  if (!groups) return [{ key: "", rows }];
  const byKey = new Map<string, TableRowModel<Row>[]>();
  for (const row of rows) {
    const key = groups.key(row.original);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const keys = [...groups.order.filter((key) => byKey.has(key)), ...[...byKey.keys()].filter((key) => !groups.order.includes(key))];
  return keys.map((key) => ({ key, heading: groups.label(key), rows: byKey.get(key)! }));
}

/** A column's id as TanStack names it: its `id`, else its accessor key. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column has its own value type
function columnId<Row>(column: ColumnDef<Row, any>): string {
  return column.id ?? ("accessorKey" in column ? String(column.accessorKey) : "");
}

/** The rows at phone widths: a card each, titled by the first column, the others as label and value. */
export function RowCards<Row>({
  label,
  loading,
  status,
  groups,
  rowActions,
  opener,
  count,
  checkbox,
}: {
  label: string;
  loading: boolean;
  status: React.ReactNode;
  groups: Group<Row>[];
  rowActions?: (row: Row) => React.ReactNode;
  opener: (row: Row) => object;
  count: number;
  checkbox?: (row: TableRowModel<Row>) => React.ReactNode;
}) {
  if (loading) {
    return (
      <div className="grid gap-2" role="status" aria-busy="true" aria-label={label}>
        {Array.from({ length: count }, (_, index) => (
          <Skeleton key={index} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (status) return <div className="rounded-lg border bg-card p-6 text-center text-sm text-muted-foreground">{status}</div>;
  return (
    <div className="grid gap-4">
      {groups.map(({ key, heading, rows }) => (
        <section key={key} aria-label={heading} className="grid gap-2">
          {heading && <h2 className="text-sm font-medium">{heading}</h2>}
          <ul aria-label={heading ?? label} className="grid gap-2">
            {rows.map((row) => {
              const [first, ...rest] = row.getVisibleCells();
              const open = opener(row.original) as { className?: string };
              return (
                <li key={row.id} {...open} className={cn("rounded-lg border bg-card p-3 text-sm shadow-xs", open.className)}>
                  <div className="flex items-start justify-between gap-2">
                    {checkbox && <div className="pt-0.5">{checkbox(row)}</div>}
                    <div className="min-w-0 flex-1 font-medium">{first && flexRender(first.column.columnDef.cell, first.getContext())}</div>
                    {rowActions?.(row.original)}
                  </div>
                  {rest.length > 0 && (
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                      {rest.map((cell) => (
                        <Fragment key={cell.id}>
                          <dt className="text-muted-foreground">{columnLabel(cell.column)}</dt>
                          <dd className="min-w-0 break-words">{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                        </Fragment>
                      ))}
                    </dl>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

function HeaderCell<Row>({ header }: { header: Header<Row, unknown> }) {
  const column = header.column;
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  if (!column.getCanSort()) return <TableHead>{content}</TableHead>;
  const sorted = column.getIsSorted();
  const Icon = sorted === "asc" ? ArrowUpIcon : sorted === "desc" ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <TableHead aria-sort={sorted ? ariaSort[sorted] : "none"}>
      <button
        type="button"
        onClick={() => column.toggleSorting(sorted === "asc")}
        className="-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        {content}
        <Icon className={cn("size-3.5", !sorted && "opacity-40")} aria-hidden />
      </button>
    </TableHead>
  );
}
