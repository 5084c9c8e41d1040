"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { LayersIcon } from "lucide-react";
import Link from "next/link";
import { ActiveBadge, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, onlyActiveOptions, RowActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";
import type { ProductListRecord } from "@/server/catalog/products/schemas";

const column = createColumnHelper<ProductListRecord>();

const columns = [
  column.accessor("name", {
    header: "Name",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/products/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("sku", { header: "SKU", enableSorting: true, cell: ({ getValue }) => <code className="font-mono text-xs">{getValue()}</code> }),
  column.accessor("active", { header: "Status", enableSorting: true, cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
];

export function ProductsList() {
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "name", filters: ["only_active"] });
  const list = trpc.products.list.useQuery(
    { ...table.paging, only_active: table.filters.only_active === "true" },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.products.remove.useMutation({ onSuccess: () => utils.products.invalidate() });
  const confirmDelete = useConfirmDelete<ProductListRecord>({
    noun: "product",
    describe: (product) => product.name,
    remove: (product) => remove.mutateAsync({ id: product.id }),
  });
  return (
    <>
      <PageHeader
        title="Products"
        description="What the distributor sells."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link href="/alternative-units">
                <LayersIcon aria-hidden />
                Alternative units
              </Link>
            </Button>
            {canManage && <NewRecordLink href="/products/new">New product</NewRecordLink>}
          </>
        }
      />
      <DataTable
        label="Products"
        columns={columns}
        state={table}
        query={list}
        search="Search by name or SKU…"
        filters={
          <FilterSelect
            label="Status"
            value={table.filters.only_active}
            onChange={(value) => table.setFilter("only_active", value)}
            options={onlyActiveOptions}
          />
        }
        rowActions={(product) => (
          <RowActions
            label={product.name}
            actions={[
              editAction(`/products/${product.id}`, canManage),
              { label: "Alternative units", icon: LayersIcon, href: `/alternative-units?product_id=${product.id}` },
              deleteAction(canManage, () => confirmDelete.request(product)),
            ]}
          />
        )}
        emptyMessage="No products yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
