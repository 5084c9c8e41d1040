export { ActiveBadge, useActiveOptions, useOnlyActiveOptions } from "./active-status";
export { DataTable, type DataTableProps, type ListPage, type ListQuery, type RowGroups } from "./data-table";
export { FilterSelect, type FilterSelectProps } from "./filter-select";
export { NewRecordLink } from "./new-record-link";
export { Pagination } from "./pagination";
export { deleteAction, editAction, RowActions, toggleActiveAction, type RowAction } from "./row-actions";
export { SearchInput } from "./search-input";
export { booleanFilter, listHref, useTableState, type PagingParams, type TableControls, type TableState } from "./use-table-state";
