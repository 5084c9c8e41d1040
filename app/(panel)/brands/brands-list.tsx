"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { booleanFilter, DataTable, FilterSelect, RowActions, useTableState } from "@/components/data-table";
import { PageHeader } from "@/components/panel/page-header";
import { useCan } from "@/components/panel/current-user";
import { useConfirmDelete } from "@/components/resource-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
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
  column.accessor("active", {
    header: "Status",
    enableSorting: true,
    cell: ({ getValue }) => (getValue() ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Inactive</Badge>),
  }),
  column.accessor("resource_file_id", {
    header: "Main image",
    cell: ({ getValue }) => {
      const id = getValue();
      return id ? <code className="font-mono text-xs text-muted-foreground">{id}</code> : <span className="text-muted-foreground">—</span>;
    },
  }),
];

const statusOptions = [
  { value: "true", label: "Active" },
  { value: "false", label: "Inactive" },
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
        actions={
          canManage && (
            <Button asChild>
              <Link href="/brands/new">
                <PlusIcon aria-hidden />
                New brand
              </Link>
            </Button>
          )
        }
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
            options={statusOptions}
          />
        }
        rowActions={(brand) => (
          <RowActions
            label={brand.name}
            actions={[
              { label: canManage ? "Edit" : "View", icon: PencilIcon, href: `/brands/${brand.id}` },
              { label: "Delete", icon: Trash2Icon, destructive: true, hidden: !canManage, onSelect: () => confirmDelete.request(brand) },
            ]}
          />
        )}
        emptyMessage="No brands yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
