"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { DataTable, deleteAction, editAction, NewRecordLink, RowActions, useBulkActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { priceTableListRecord, type PriceTableListRecord } from "@/server/pricing/price-tables/schemas";

const column = createColumnHelper<PriceTableListRecord>();

export function PriceTablesList() {
  const t = useTranslations("priceTables");
  const canManage = useCan("manage");
  const format = useFormat();
  const table = useTableState({ defaultSort: "name" });
  const list = trpc.priceTables.list.useQuery(table.paging, {
    placeholderData: keepPreviousData,
  });
  const utils = trpc.useUtils();
  const remove = trpc.priceTables.remove.useMutation({
    onSuccess: () => utils.priceTables.invalidate(),
  });
  const confirmDelete = useConfirmDelete<PriceTableListRecord>({
    resource: "priceTables",
    describe: (row) => row.name,
    remove: (row) => remove.mutateAsync({ id: row.id }),
  });
  const bulkRemove = trpc.priceTables.bulkRemove.useMutation();
  const bulk = useBulkActions<PriceTableListRecord>({
    resource: "priceTables",
    describe: (row) => row.name,
    canWrite: canManage,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.priceTables.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link
            href={`/price-tables/${row.original.id}`}
            className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {getValue()}
          </Link>
        ),
      }),
      column.accessor("start_date", {
        header: t("period"),
        enableSorting: true,
        cell: ({ row }) =>
          `${format.date(row.original.start_date)} → ${row.original.end_date ? format.date(row.original.end_date) : t("always")}`,
      }),
      column.display({
        id: "targets",
        header: t("targetsColumn"),
        cell: ({ row }) =>
          [
            [t("targets.partners"), row.original.partner_size],
            [t("targets.profiles"), row.original.profile_size],
            [t("targets.companies"), row.original.company_size],
            [t("targets.payment_methods"), row.original.payment_method_size],
          ]
            .filter(([, size]) => Number(size) > 0)
            .map(([label, size]) => `${label}: ${size}`)
            .join(" · ") || "—",
      }),
    ],
    [t, format],
  );
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/price-tables/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(row) => `/price-tables/${row.id}`}
        search={t("search")}
        rowActions={(row) => (
          <RowActions
            label={row.name}
            actions={[editAction(`/price-tables/${row.id}`, canManage), deleteAction(canManage, () => confirmDelete.request(row))]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="price-tables"
        exportAs={{
          resource: "price-tables",
          fields: Object.keys(priceTableListRecord.shape),
        }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
