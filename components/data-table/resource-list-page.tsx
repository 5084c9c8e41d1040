"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import type { UseLookupOptions } from "@/components/catalog/lookup-field";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form/confirm-delete";
import type { ResourceName } from "@/components/resource-form/resources";
import { useDynamicTranslations } from "@/lib/i18n";
import type { BulkResult } from "@/server/crud/crud";
import { useActiveOptions } from "./active-status";
import { useBulkActions } from "./bulk-actions";
import { DataTable, type ListQuery, type RowGroups } from "./data-table";
import { DateFilter } from "./date-filter";
import { FilterLookup } from "./filter-lookup";
import { FilterSelect } from "./filter-select";
import { NewRecordLink } from "./new-record-link";
import { deleteAction, editAction, RowActions, toggleActiveAction, type RowAction } from "./row-actions";
import type { TableState } from "./use-table-state";

interface FilterBase<Filter extends string> {
  /** The filter's name in the URL and in the list query (one of useTableState's `filters`). */
  name: Filter;
  label: string;
  /** The label of "no filter" ("All" by default). */
  allLabel?: string;
}

/**
 * One filter of a list, drawn in its filter bar and bound to the URL: a select of a few
 * options, a day (dd/mm/aaaa), or a lookup over records that may be many.
 */
export type ListFilter<Filter extends string = string> =
  | (FilterBase<Filter> & { kind?: "select"; options: ReadonlyArray<{ value: string; label: string }> })
  | (FilterBase<Filter> & { kind: "date" })
  | (FilterBase<Filter> & { kind: "lookup"; useOptions: UseLookupOptions });

/** The Active/Inactive filter most lists have. */
export function useActiveFilter(): ListFilter<"active"> {
  const common = useDynamicTranslations("common");
  return { name: "active", label: common("status"), options: useActiveOptions() };
}

/** The link that names a row in its first column (the row opens the same record). */
export function RecordLink({ href, children, label }: { href: string; children: React.ReactNode; label?: string }) {
  return (
    <Link href={href} aria-label={label} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
      {children}
    </Link>
  );
}

export interface ResourceListProps<Row extends { id: string }, Filter extends string = never> {
  /** Whose messages the list speaks: its title (the table's name), `search`, `empty`, and the nouns of its toasts. */
  resource: ResourceName;
  /** Where its records live in the panel ("/brands"): a row opens `${path}/${id}`, "New" is `${path}/new`. */
  path: string;
  /** Its REST name for the CSV export and saved views ("brands"); the path's by default. */
  api?: string;
  table: TableState<Filter>;
  query: ListQuery<Row>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column has its own value type
  columns: ColumnDef<Row, any>[];
  /** The list record's fields, the columns the CSV may have (`Object.keys(brandListRecord.shape)`); it takes the list's search, sort and filters. */
  fields: readonly string[];
  filters?: Array<ListFilter<Filter>>;
  /** `false` for a list without search. */
  search?: false;
  /** How confirmations and toasts name a record. */
  describe: (row: Row) => string;
  /** How the row menu's button names its row ("Ações de …"); `describe` by default. */
  rowLabel?: (row: Row) => string;
  /** The role may change these records: the row menu's actions, the checkboxes and "New". */
  canWrite: boolean;
  /** Deletes one record (the row menu's "Delete", after a confirmation). */
  remove?: (row: Row) => Promise<unknown>;
  /** The list's bulk procedures (`trpc.brands.bulkSetActive.useMutation().mutateAsync`). */
  bulkSetActive?: (input: { ids: string[]; active: boolean }) => Promise<BulkResult>;
  bulkRemove?: (input: { ids: string[] }) => Promise<BulkResult>;
  /** What removing does, as its buttons and confirmations say: "revoke" for access keys. */
  removeVerb?: "delete" | "revoke";
  /**
   * Whether a record is active, for the row menu's Enable/Disable: its `active` unless told
   * (discounts say `is_active`); undefined leaves them out of that row's menu (a user's own account).
   */
  activeOf?: (row: Row) => boolean | undefined;
  /** Enables or disables one record when that is more than `bulkSetActive` of it (a measure unit's own checks). */
  toggle?: (row: Row & { active: boolean }) => void;
  /** Refreshes the list after a change (`utils.brands.invalidate()`). */
  onChange?: () => unknown;
  /** `false` for records without a page of their own: the rows open nothing and the menu has no "Edit". */
  opens?: false;
  /** The row menu's "Edit" (or "View" for a role that may not write); `false` for records without a page to edit. */
  edit?: false;
  /** Row actions of its own, first in the row menu. */
  actions?: (row: Row) => RowAction[];
  /** Rows shown in groups, each under its heading (statuses by type). */
  groups?: RowGroups<Row>;
}

/**
 * The table of a resource's list: search, its filters, sortable paged columns in the URL,
 * saved views, CSV export, the row menu (edit, enable/disable, delete with a confirmation
 * and the list's own actions) and the bulk bar. A list is its columns and filters.
 */
export function ResourceList<Row extends { id: string }, Filter extends string = never>(props: ResourceListProps<Row, Filter>) {
  const { resource, path, table, query, columns, describe, canWrite, remove, bulkSetActive, bulkRemove, removeVerb, onChange } = props;
  const messages = useDynamicTranslations(resource);
  const api = props.api ?? path.replace(/^\//, "");
  const confirmDelete = useConfirmDelete<Row>({
    resource,
    verb: removeVerb,
    describe,
    remove: async (row) => {
      await remove?.(row);
      await onChange?.();
    },
  });
  const bulk = useBulkActions<Row>({
    resource,
    describe,
    canWrite,
    setActive: bulkSetActive,
    remove: bulkRemove,
    removeVerb,
    onDone: onChange,
  });
  const activeOf = props.activeOf ?? ((row: Row) => (hasActive(row) ? row.active : undefined));
  const toggleAction = (row: Row): RowAction[] => {
    const active = activeOf(row);
    if (!bulkSetActive || active === undefined) return [];
    return [toggleActiveAction(active, canWrite, () => (props.toggle ?? bulk.toggle)({ ...row, active }))];
  };
  const rowActions = (row: Row): RowAction[] => [
    ...(props.actions?.(row) ?? []),
    ...(props.edit === false || props.opens === false ? [] : [editAction(`${path}/${row.id}`, canWrite)]),
    ...toggleAction(row),
    ...(remove
      ? [
          removeVerb === "revoke"
            ? { ...deleteAction(canWrite, () => confirmDelete.request(row)), kind: "revoke" as const }
            : deleteAction(canWrite, () => confirmDelete.request(row)),
        ]
      : []),
  ];
  const hasRowActions = Boolean(props.actions || (props.edit !== false && props.opens !== false) || bulkSetActive || remove);

  return (
    <>
      <DataTable
        label={messages("title")}
        columns={columns}
        state={table}
        query={query}
        rowHref={props.opens === false ? undefined : (row) => `${path}/${row.id}`}
        search={props.search === false ? false : messages("search")}
        filters={props.filters?.map((filter) => (
          <ListFilterControl key={filter.name} filter={filter} table={table} />
        ))}
        rowActions={hasRowActions ? (row) => <RowActions label={(props.rowLabel ?? describe)(row)} actions={rowActions(row)} /> : undefined}
        emptyMessage={messages("empty")}
        selection={bulk.selection}
        groups={props.groups}
        views={api}
        exportAs={{ resource: api, fields: props.fields, filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}

const hasActive = <Row,>(row: Row): row is Row & { active: boolean } =>
  typeof row === "object" && row !== null && "active" in row && typeof row.active === "boolean";

function ListFilterControl<Filter extends string>({ filter, table }: { filter: ListFilter<Filter>; table: TableState<Filter> }) {
  const value = table.filters[filter.name];
  const onChange = (next: string | undefined) => table.setFilter(filter.name, next);
  switch (filter.kind) {
    case "date":
      return <DateFilter label={filter.label} value={value} onChange={onChange} />;
    case "lookup":
      return (
        <FilterLookup label={filter.label} value={value} onChange={onChange} useOptions={filter.useOptions} allLabel={filter.allLabel} />
      );
    default:
      return <FilterSelect label={filter.label} value={value} onChange={onChange} options={filter.options} allLabel={filter.allLabel} />;
  }
}

export interface ResourceListPageProps<Row extends { id: string }, Filter extends string = never> extends ResourceListProps<Row, Filter> {
  /** The header's "New …" link (for a role that may write): `${path}/new` unless told; `false` for records made elsewhere. */
  create?: false | string;
  /** More header actions, before "New". */
  headerActions?: React.ReactNode;
  /** What the page holds besides its list (the dialogs its actions open). */
  children?: React.ReactNode;
  /** Between the header and the list: what the filtered list adds up to (receivables' totals). */
  summary?: React.ReactNode;
  /** Said instead of the list to a role that may not see it ("Only administrators…"). */
  denied?: React.ReactNode;
}

/** A resource's list page: its header (title, description, "New") over its ResourceList. */
export function ResourceListPage<Row extends { id: string }, Filter extends string = never>({
  create,
  headerActions,
  children,
  denied,
  summary,
  ...list
}: ResourceListPageProps<Row, Filter>) {
  const messages = useDynamicTranslations(list.resource);
  if (denied) {
    return (
      <>
        <PageHeader title={messages("title")} />
        <p role="alert" className="text-sm text-muted-foreground">
          {denied}
        </p>
      </>
    );
  }
  const canCreate = create !== false && list.canWrite;
  return (
    <>
      <PageHeader
        title={messages("title")}
        description={messages("description")}
        actions={
          (headerActions || canCreate) && (
            <>
              {headerActions}
              {canCreate && <NewRecordLink href={create || `${list.path}/new`}>{messages("new")}</NewRecordLink>}
            </>
          )
        }
      />
      {summary}
      <ResourceList {...list} />
      {children}
    </>
  );
}
