"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { ActiveBadge, activeOptions, booleanFilter, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, RowActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Badge } from "@/components/ui/badge";
import { trpc } from "@/lib/trpc";
import type { VariationListRecord } from "@/server/catalog/variations/schemas";
import { displayTypeLabels } from "./variation-form";

const column = createColumnHelper<VariationListRecord>();
const SHOWN_VALUES = 6;

const columns = [
  column.accessor("name", {
    header: "Name",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/variations/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("values", {
    header: "Values",
    cell: ({ getValue }) => {
      const values = getValue();
      return (
        <span className="flex flex-wrap gap-1">
          {values.slice(0, SHOWN_VALUES).map((value) => (
            <Badge key={value} variant="muted">
              {value}
            </Badge>
          ))}
          {values.length > SHOWN_VALUES && <span className="text-xs text-muted-foreground">+{values.length - SHOWN_VALUES} more</span>}
        </span>
      );
    },
  }),
  column.accessor("display_type", {
    header: "Display",
    enableSorting: true,
    cell: ({ getValue }) => {
      const type = getValue();
      return type ? displayTypeLabels[type] : <span className="text-muted-foreground">—</span>;
    },
  }),
  column.accessor("is_searchable", { header: "Searchable", enableSorting: true, cell: ({ getValue }) => (getValue() ? "Yes" : "No") }),
  column.accessor("active", { header: "Status", enableSorting: true, cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
];

export function VariationsList() {
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.variations.list.useQuery({ ...table.paging, active: booleanFilter(table.filters.active) }, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const remove = trpc.variations.remove.useMutation({ onSuccess: () => utils.variations.invalidate() });
  const confirmDelete = useConfirmDelete<VariationListRecord>({
    noun: "variation",
    describe: (variation) => variation.name,
    remove: (variation) => remove.mutateAsync({ id: variation.id }),
  });
  return (
    <>
      <PageHeader
        title="Variations"
        description="What a product comes in several of: colours, voltages, sizes."
        actions={canManage && <NewRecordLink href="/variations/new">New variation</NewRecordLink>}
      />
      <DataTable
        label="Variations"
        columns={columns}
        state={table}
        query={list}
        search="Search by name or value…"
        filters={<FilterSelect label="Status" value={table.filters.active} onChange={(value) => table.setFilter("active", value)} options={activeOptions} />}
        rowActions={(variation) => (
          <RowActions
            label={variation.name}
            actions={[
              editAction(`/variations/${variation.id}`, canManage),
              deleteAction(canManage, () => confirmDelete.request(variation)),
            ]}
          />
        )}
        emptyMessage="No variations yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
