"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { ActiveBadge, activeOptions, booleanFilter, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, RowActions, useTableState } from "@/components/data-table";
import { PageHeader } from "@/components/panel/page-header";
import { useCan } from "@/components/panel/current-user";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import type { BrandListRecord } from "@/server/catalog/brands/schemas";

const column = createColumnHelper<BrandListRecord>();

const columns = [
  column.accessor("name", {
    header: "Name",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/brands/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("active", { header: "Status", enableSorting: true, cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
  column.accessor("resource_file_id", {
    header: "Main image",
    cell: ({ getValue }) => {
      const id = getValue();
      return id ? <code className="font-mono text-xs text-muted-foreground">{id}</code> : <span className="text-muted-foreground">—</span>;
    },
  }),
];

export function BrandsList() {
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.brands.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.brands.remove.useMutation({ onSuccess: () => utils.brands.invalidate() });
  const confirmDelete = useConfirmDelete<BrandListRecord>({
    noun: "brand",
    describe: (brand) => brand.name,
    remove: (brand) => remove.mutateAsync({ id: brand.id }),
  });

  return (
    <>
      <PageHeader
        title="Brands"
        description="The brands products are sold under."
        actions={canManage && <NewRecordLink href="/brands/new">New brand</NewRecordLink>}
      />
      <DataTable
        label="Brands"
        columns={columns}
        state={table}
        query={list}
        search="Search brands…"
        filters={
          <FilterSelect
            label="Status"
            value={table.filters.active}
            onChange={(value) => table.setFilter("active", value)}
            options={activeOptions}
          />
        }
        rowActions={(brand) => (
          <RowActions
            label={brand.name}
            actions={[
              editAction(`/brands/${brand.id}`, canManage),
              deleteAction(canManage, () => confirmDelete.request(brand)),
            ]}
          />
        )}
        emptyMessage="No brands yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
