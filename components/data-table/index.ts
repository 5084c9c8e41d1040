export { ActiveBadge, useActiveOptions } from "./active-status";
export { DataTable, type DataTableProps, type ListPage, type ListQuery, type RowGroups, type RowSelection } from "./data-table";
export { DateFilter, type DateFilterProps } from "./date-filter";
export { FilterLookup, type FilterLookupProps } from "./filter-lookup";
export { FilterSelect, type FilterSelectProps } from "./filter-select";
export { NewRecordLink } from "./new-record-link";
export { Pagination } from "./pagination";
export { deleteAction, editAction, RowActions, toggleActiveAction, type RowAction } from "./row-actions";
export { SearchInput } from "./search-input";
export {
  booleanFilter,
  listHref,
  useTableState,
  type PagingParams,
  type TableControls,
  type TableState,
  type ViewState,
} from "./use-table-state";
export { useBulkActions, type BulkActionsOptions } from "./bulk-actions";
export { ExportButton, exportHref, type ExportOptions } from "./export-button";
export { SavedViews } from "./saved-views";
export { ColumnChooser } from "./column-chooser";
export {
  RecordLink,
  ResourceList,
  ResourceListPage,
  useActiveFilter,
  type ListFilter,
  type ResourceListPageProps,
  type ResourceListProps,
} from "./resource-list-page";
