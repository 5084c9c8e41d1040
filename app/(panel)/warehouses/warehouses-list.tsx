"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import {
  ActiveBadge,
  booleanFilter,
  DataTable,
  deleteAction,
  editAction,
  FilterSelect,
  NewRecordLink,
  RowActions,
  useActiveOptions,
  useTableState,
  useBulkActions,
  toggleActiveAction,
} from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { warehouseListRecord, type WarehouseListRecord } from "@/server/catalog/warehouses/schemas";

const column = createColumnHelper<WarehouseListRecord>();

export function WarehousesList() {
  const t = useTranslations("warehouses");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const activeOptions = useActiveOptions();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.warehouses.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.warehouses.remove.useMutation({ onSuccess: () => utils.warehouses.invalidate() });
  const confirmDelete = useConfirmDelete<WarehouseListRecord>({
    resource: "warehouses",
    describe: (warehouse) => warehouse.name,
    remove: (warehouse) => remove.mutateAsync({ id: warehouse.id }),
  });
  const bulkSetActive = trpc.warehouses.bulkSetActive.useMutation();
  const bulkRemove = trpc.warehouses.bulkRemove.useMutation();
  const bulk = useBulkActions<WarehouseListRecord>({
    resource: "warehouses",
    describe: (warehouse) => warehouse.name,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.warehouses.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <>
            <Link
              href={`/warehouses/${row.original.id}`}
              className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
            >
              {getValue()}
            </Link>
            {row.original.is_default && (
              <Badge variant="secondary" className="ml-2">
                {t("default")}
              </Badge>
            )}
          </>
        ),
      }),
      column.display({
        id: "address",
        header: t("address"),
        cell: ({ row: { original: w } }) => (
          <span className="text-muted-foreground">
            {w.street}, {w.number}
            {w.complement ? ` — ${w.complement}` : ""}, {w.neighborhood}
          </span>
        ),
      }),
      column.accessor("city", { header: t("fields.city"), enableSorting: true }),
      column.accessor("state", { header: t("fields.state"), enableSorting: true }),
      column.accessor("postal_code", {
        header: t("fields.postal_code"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
      }),
      column.accessor("active", {
        header: common("status"),
        enableSorting: true,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
    ],
    [t, common],
  );
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/warehouses/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(warehouse) => `/warehouses/${warehouse.id}`}
        search={t("search")}
        filters={
          <FilterSelect
            label={common("status")}
            value={table.filters.active}
            onChange={(value) => table.setFilter("active", value)}
            options={activeOptions}
          />
        }
        rowActions={(warehouse) => (
          <RowActions
            label={warehouse.name}
            actions={[
              editAction(`/warehouses/${warehouse.id}`, canManage),
              toggleActiveAction(warehouse.active, canManage, () => bulk.toggle(warehouse)),
              deleteAction(canManage, () => confirmDelete.request(warehouse)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="warehouses"
        exportAs={{ resource: "warehouses", fields: Object.keys(warehouseListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
