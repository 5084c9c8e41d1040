"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { ActiveBadge, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, RowActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Badge } from "@/components/ui/badge";
import { trpc } from "@/lib/trpc";
import type { EntityAttributeListRecord } from "@/server/settings/entity-attributes/schemas";
import { entityLabel, entityOptions, isEntity, typeLabels } from "./labels";

const column = createColumnHelper<EntityAttributeListRecord>();

const columns = [
  column.accessor("label", {
    header: "Label",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/custom-fields/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("key", { header: "Key", enableSorting: true, cell: ({ getValue }) => <code className="font-mono text-xs">{getValue()}</code> }),
  column.accessor("entity", { header: "Record", enableSorting: true, cell: ({ getValue }) => entityLabel(getValue()) }),
  column.accessor("type", {
    header: "Type",
    enableSorting: true,
    cell: ({ row }) => (
      <span title={row.original.options.join(", ") || undefined}>
        {typeLabels[row.original.type]}
        {row.original.type === "SELECT" && <span className="text-muted-foreground"> ({row.original.options.length})</span>}
      </span>
    ),
  }),
  column.display({
    id: "flags",
    header: "Status",
    cell: ({ row }) => (
      <div className="flex gap-1">
        <ActiveBadge active={row.original.active} />
        {row.original.required && <Badge variant="secondary">Required</Badge>}
      </div>
    ),
  }),
];

export function EntityAttributesList() {
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "label", filters: ["entity"] });
  const entity = isEntity(table.filters.entity) ? table.filters.entity : undefined;
  const list = trpc.entityAttributes.list.useQuery({ ...table.paging, entity }, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const remove = trpc.entityAttributes.remove.useMutation({ onSuccess: () => utils.entityAttributes.invalidate() });
  const confirmDelete = useConfirmDelete<EntityAttributeListRecord>({
    noun: "custom field",
    describe: (definition) => `${definition.label} (${entityLabel(definition.entity)})`,
    remove: (definition) => remove.mutateAsync({ id: definition.id }),
  });

  return (
    <>
      <PageHeader
        title="Custom fields"
        description="Extra fields of orders, partners, products and other records, kept in their attributes and checked on every write."
        actions={canManage && <NewRecordLink href="/custom-fields/new">New custom field</NewRecordLink>}
      />
      <DataTable
        label="Custom fields"
        columns={columns}
        state={table}
        query={list}
        search="Search custom fields…"
        filters={<FilterSelect label="Record" value={entity} onChange={(value) => table.setFilter("entity", value)} options={entityOptions} />}
        rowActions={(definition) => (
          <RowActions
            label={definition.label}
            actions={[
              editAction(`/custom-fields/${definition.id}`, canManage),
              deleteAction(canManage, () => confirmDelete.request(definition)),
            ]}
          />
        )}
        emptyMessage="No custom fields yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
