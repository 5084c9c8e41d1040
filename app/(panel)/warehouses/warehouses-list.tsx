"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { Badge } from "@/components/ui/badge";
import { trpc } from "@/lib/trpc";
import { warehouseListRecord, type WarehouseListRecord } from "@/server/catalog/warehouses/schemas";

const column = createColumnHelper<WarehouseListRecord>();

export function WarehousesList() {
  const t = useTranslations("warehouses");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const activeFilter = useActiveFilter();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.warehouses.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.warehouses.remove.useMutation();
  const bulkSetActive = trpc.warehouses.bulkSetActive.useMutation();
  const bulkRemove = trpc.warehouses.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <>
            <RecordLink href={`/warehouses/${row.original.id}`}>{getValue()}</RecordLink>
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
    <ResourceListPage
      resource="warehouses"
      path="/warehouses"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(warehouseListRecord.shape)}
      filters={[activeFilter]}
      describe={(warehouse) => warehouse.name}
      canWrite={canManage}
      remove={(warehouse) => remove.mutateAsync({ id: warehouse.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.warehouses.invalidate()}
    />
  );
}
