"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, RowActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Badge } from "@/components/ui/badge";
import { trpc } from "@/lib/trpc";
import { statusTypes, type StatusListRecord, type StatusType } from "@/server/settings/statuses/schemas";
import { StatusChip, statusTypeLabels, statusTypeOptions } from "./status-chip";

const column = createColumnHelper<StatusListRecord>();

const columns = [
  column.accessor("title", {
    header: "Title",
    enableSorting: true,
    cell: ({ row }) => (
      <Link href={`/statuses/${row.original.id}`} className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label={row.original.title}>
        <StatusChip title={row.original.title} background={row.original.background_color} font={row.original.font_color} />
      </Link>
    ),
  }),
  column.accessor("type", { header: "Type", enableSorting: true, cell: ({ getValue }) => statusTypeLabels[getValue()] }),
  column.accessor("order", { header: "Order", enableSorting: true }),
  column.display({
    id: "flags",
    header: "Flags",
    cell: ({ row }) => (
      <div className="flex gap-1">
        {row.original.is_initial && <Badge variant="secondary">Initial</Badge>}
        {row.original.is_final && <Badge variant="muted">Final</Badge>}
      </div>
    ),
  }),
];

const isStatusType = (value: string | undefined): value is StatusType => statusTypes.includes(value as StatusType);

export function StatusesList() {
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "order", filters: ["type"] });
  const type = isStatusType(table.filters.type) ? table.filters.type : undefined;
  const list = trpc.statuses.list.useQuery({ ...table.paging, type }, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const remove = trpc.statuses.remove.useMutation({ onSuccess: () => utils.statuses.invalidate() });
  const confirmDelete = useConfirmDelete<StatusListRecord>({
    noun: "status",
    describe: (status) => `${status.title} (${statusTypeLabels[status.type]})`,
    remove: (status) => remove.mutateAsync({ id: status.id }),
  });

  return (
    <>
      <PageHeader
        title="Statuses"
        description="The stages orders, sales and financial records move through, and their colours."
        actions={canManage && <NewRecordLink href="/statuses/new">New status</NewRecordLink>}
      />
      <DataTable
        label="Statuses"
        columns={columns}
        state={table}
        query={list}
        search="Search statuses…"
        filters={<FilterSelect label="Type" value={type} onChange={(value) => table.setFilter("type", value)} options={statusTypeOptions} />}
        rowActions={(status) => (
          <RowActions
            label={status.title}
            actions={[
              editAction(`/statuses/${status.id}`, canManage),
              deleteAction(canManage, () => confirmDelete.request(status)),
            ]}
          />
        )}
        emptyMessage="No statuses yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
