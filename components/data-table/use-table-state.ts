"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo } from "react";

export type SortDir = "asc" | "desc";

export interface TableStateOptions<Filter extends string> {
  /** The list's sort field when the URL names none (shown as sorted in the header). */
  defaultSort: string;
  defaultDir?: SortDir;
  defaultPerPage?: number;
  /** Names of the extra list filters kept in the URL (`?active=true`). */
  filters?: readonly Filter[];
}

/** The paging parameters every list procedure takes (server/lib/paging.ts). */
export interface PagingParams {
  search: string;
  page: number;
  perPage: number;
  sort: string;
  dir: SortDir;
}

export interface TableState<Filter extends string = string> {
  /** Ready to spread into a list query: `{ ...table.paging, ...myFilters }`. */
  paging: PagingParams;
  filters: Partial<Record<Filter, string>>;
  defaultSort: string;
  /** True while a search or filter narrows the list. */
  filtered: boolean;
  setSearch: (search: string) => void;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSort: (sort: string, dir: SortDir) => void;
  setFilter: (name: Filter, value: string | undefined) => void;
  clearFilters: () => void;
  /** The columns shown, in order (`?columns=`); undefined: all of them. */
  columns: string[] | undefined;
  setColumns: (columns: string[] | undefined) => void;
  /** The list as shown now, to save as a view (server/workspace/saved-views). */
  view: ViewState;
  /** Shows the list as a saved view has it (search, order, page size, filters, columns). */
  applyView: (view: ViewState) => void;
}

/** What a saved view keeps of a list (the `state` of server/workspace/saved-views). */
export interface ViewState {
  search?: string;
  sort?: string;
  dir?: SortDir;
  perPage?: number;
  filters?: Record<string, string>;
  columns?: string[];
}

/** What a table needs of the state, whatever its filters. */
export type TableControls = Omit<TableState<never>, "filters" | "setFilter">;

export const PAGE_SIZES = [10, 25, 50, 100] as const;

function positiveInt(value: string | null): number | undefined {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
}

/** The last URL (with its query) each list was shown at in this tab. */
const lastListUrls = new Map<string, string>();

/**
 * The way back to a list as the user left it (search, page, sort, filters): for back
 * links, Cancel and after a save. Just `path` when the list was not shown in this tab.
 */
export function listHref(path: string): string {
  return lastListUrls.get(path) ?? path;
}

/**
 * A server-driven list's state, kept in the URL query string so a reload, a shared link
 * and the back button restore it: `?search=&page=` (1-based) `&perPage=&sort=&dir=` plus
 * the named filters. Defaults are left out of the URL.
 */
export function useTableState<Filter extends string = never>(options: TableStateOptions<Filter>): TableState<Filter> {
  const { defaultSort, defaultDir = "asc", defaultPerPage = 25 } = options;
  const filterNames = options.filters ?? [];
  const filterKey = filterNames.join(",");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const query = params.toString();
  useEffect(() => {
    lastListUrls.set(pathname, query ? `${pathname}?${query}` : pathname);
  }, [pathname, query]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      const next = new URLSearchParams(params.toString());
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === "") next.delete(key);
        else next.set(key, String(value));
      }
      const query = next.toString();
      const url = query ? `${pathname}?${query}` : pathname;
      router.push(url, { scroll: false });
    },
    [params, pathname, router],
  );

  return useMemo(() => {
    const perPage = positiveInt(params.get("perPage")) ?? defaultPerPage;
    const dir = params.get("dir") === "desc" ? "desc" : params.get("dir") === "asc" ? "asc" : defaultDir;
    const search = params.get("search") ?? "";
    const filters: Partial<Record<Filter, string>> = {};
    for (const name of filterKey ? (filterKey.split(",") as Filter[]) : []) {
      const value = params.get(name);
      if (value) filters[name] = value;
    }
    const resetPage = { page: undefined };
    const columnsParam = params.get("columns");
    const columns = columnsParam ? columnsParam.split(",").filter(Boolean) : undefined;
    const sortParam = params.get("sort");
    const view: ViewState = {
      ...(search ? { search } : {}),
      ...(sortParam ? { sort: sortParam, dir } : {}),
      ...(perPage !== defaultPerPage ? { perPage } : {}),
      ...(Object.keys(filters).length > 0 ? { filters: filters as Record<string, string> } : {}),
      ...(columns ? { columns } : {}),
    };
    return {
      paging: {
        search,
        page: (positiveInt(params.get("page")) ?? 1) - 1,
        perPage,
        sort: params.get("sort") || defaultSort,
        dir,
      },
      filters,
      defaultSort,
      filtered: search !== "" || Object.keys(filters).length > 0,
      setSearch: (value) => update({ search: value.trim() ? value : undefined, ...resetPage }),
      setPage: (page) => update({ page: page > 0 ? page + 1 : undefined }),
      setPerPage: (value) => update({ perPage: value === defaultPerPage ? undefined : value, ...resetPage }),
      setSort: (sort, sortDir) =>
        update({
          sort: sort === defaultSort && sortDir === defaultDir ? undefined : sort,
          dir: sort === defaultSort && sortDir === defaultDir ? undefined : sortDir,
          ...resetPage,
        }),
      setFilter: (name, value) => update({ [name]: value, ...resetPage }),
      clearFilters: () => update({ search: undefined, ...Object.fromEntries(filterNames.map((name) => [name, undefined])), ...resetPage }),
      columns,
      setColumns: (value) => update({ columns: value?.join(",") }),
      view,
      applyView: (next) => {
        const known = new Set(filterNames as readonly string[]);
        update({
          search: next.search || undefined,
          sort: next.sort,
          dir: next.sort ? next.dir : undefined,
          perPage: next.perPage,
          columns: next.columns?.join(","),
          ...Object.fromEntries(filterNames.map((name) => [name, undefined])),
          ...Object.fromEntries(Object.entries(next.filters ?? {}).filter(([name]) => known.has(name))),
          ...resetPage,
        });
      },
    };
    // filterNames is rebuilt from filterKey on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, update, defaultSort, defaultDir, defaultPerPage, filterKey]);
}

/** A tri-state boolean filter ("true", "false" or absent) as a list input. */
export function booleanFilter(value: string | undefined): boolean | undefined {
  return value === "true" ? true : value === "false" ? false : undefined;
}
