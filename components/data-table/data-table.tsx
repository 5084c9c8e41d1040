"use client";

import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type SortingState,
} from "@tanstack/react-table";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/problem";
import { cn } from "@/lib/utils";
import { Pagination } from "./pagination";
import { SearchInput } from "./search-input";
import type { TableControls } from "./use-table-state";

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

export interface DataTableProps<Row> {
  /** Accessible name of the table, e.g. "Brands". */
  label: string;
  /**
   * TanStack column definitions. A column is sortable when it sets `enableSorting: true`;
   * its id is the list's `sort` field.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column has its own value type
  columns: ColumnDef<Row, any>[];
  state: TableControls;
  query: ListQuery<Row>;
  getRowId?: (row: Row) => string;
  /** Placeholder of the search box; `false` hides the box (for lists without search). */
  search?: string | false;
  /** Filter controls shown next to the search box (see FilterSelect). */
  filters?: React.ReactNode;
  /** The last cell of each row, e.g. <RowActions>. */
  rowActions?: (row: Row) => React.ReactNode;
  /** What an empty list says when no search or filter narrows it. */
  emptyMessage?: React.ReactNode;
}

const ariaSort = { asc: "ascending", desc: "descending" } as const;

/**
 * A server-driven table: the server sorts, pages and searches (manualSorting,
 * manualPagination); the state lives in the URL through useTableState.
 */
export function DataTable<Row>({
  label,
  columns,
  state,
  query,
  getRowId = (row) => (row as { id: string }).id,
  search = "Search…",
  filters,
  rowActions,
  emptyMessage = "Nothing here yet.",
}: DataTableProps<Row>) {
  const { paging } = state;
  const page = query.data;
  const sorting: SortingState = useMemo(() => [{ id: paging.sort, desc: paging.dir === "desc" }], [paging.sort, paging.dir]);

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
    state: { sorting, pagination: { pageIndex: paging.page, pageSize: paging.perPage } },
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

  const columnCount = columns.length + (rowActions ? 1 : 0);
  const rows = table.getRowModel().rows;

  return (
    <div className="flex flex-col gap-3">
      {(search !== false || filters) && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center" role="search" aria-label={`Filter ${label.toLowerCase()}`}>
          {search !== false && <SearchInput value={paging.search} onSearch={state.setSearch} placeholder={search} />}
          {filters}
        </div>
      )}
      <div className="overflow-hidden rounded-lg border bg-card">
        <Table aria-label={label} aria-busy={query.isFetching || undefined} className={cn(query.isFetching && page && "opacity-70 transition-opacity")}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id} className="hover:bg-transparent">
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} />
                ))}
                {rowActions && (
                  <TableHead className="w-12">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                )}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {query.isPending || outOfRange ? (
              Array.from({ length: Math.min(paging.perPage, 8) }, (_, index) => (
                <TableRow key={index} aria-hidden>
                  {Array.from({ length: columnCount }, (_, cell) => (
                    <TableCell key={cell}>
                      <Skeleton className="h-4 w-full max-w-40" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : query.error && !page ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={columnCount} className="h-32 text-center">
                  <div role="alert" className="flex flex-col items-center gap-3">
                    <p className="text-destructive">{errorMessage(query.error)}</p>
                    <Button variant="outline" size="sm" onClick={() => query.refetch()}>
                      Try again
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={columnCount} className="h-32 text-center text-muted-foreground">
                  {state.filtered ? (
                    <div className="flex flex-col items-center gap-3">
                      <p>No results match your search or filters.</p>
                      <Button variant="outline" size="sm" onClick={state.clearFilters}>
                        Clear search and filters
                      </Button>
                    </div>
                  ) : (
                    emptyMessage
                  )}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                  ))}
                  {rowActions && <TableCell className="py-1 text-right">{rowActions(row.original)}</TableCell>}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
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
