"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { ActiveBadge, activeOptions, booleanFilter, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, RowActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import type { WarehouseListRecord } from "@/server/catalog/warehouses/schemas";

const column = createColumnHelper<WarehouseListRecord>();

const columns = [
  column.accessor("name", {
    header: "Name",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/warehouses/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.display({
    id: "address",
    header: "Address",
    cell: ({ row: { original: w } }) => (
      <span className="text-muted-foreground">
        {w.street}, {w.number}
        {w.complement ? ` — ${w.complement}` : ""}, {w.neighborhood}
      </span>
    ),
  }),
  column.accessor("city", { header: "City", enableSorting: true }),
  column.accessor("state", { header: "State", enableSorting: true }),
  column.accessor("postal_code", { header: "Postal code", enableSorting: true, cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span> }),
  column.accessor("active", { header: "Status", enableSorting: true, cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
];

export function WarehousesList() {
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.warehouses.list.useQuery({ ...table.paging, active: booleanFilter(table.filters.active) }, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const remove = trpc.warehouses.remove.useMutation({ onSuccess: () => utils.warehouses.invalidate() });
  const confirmDelete = useConfirmDelete<WarehouseListRecord>({
    noun: "warehouse",
    describe: (warehouse) => warehouse.name,
    remove: (warehouse) => remove.mutateAsync({ id: warehouse.id }),
  });
  return (
    <>
      <PageHeader
        title="Warehouses"
        description="Where stock is kept and shipped from."
        actions={canManage && <NewRecordLink href="/warehouses/new">New warehouse</NewRecordLink>}
      />
      <DataTable
        label="Warehouses"
        columns={columns}
        state={table}
        query={list}
        search="Search by name, city, state or postal code…"
        filters={<FilterSelect label="Status" value={table.filters.active} onChange={(value) => table.setFilter("active", value)} options={activeOptions} />}
        rowActions={(warehouse) => (
          <RowActions
            label={warehouse.name}
            actions={[
              editAction(`/warehouses/${warehouse.id}`, canManage),
              deleteAction(canManage, () => confirmDelete.request(warehouse)),
            ]}
          />
        )}
        emptyMessage="No warehouses yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
