"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import {
  ActiveBadge,
  DataTable,
  deleteAction,
  editAction,
  NewRecordLink,
  RowActions,
  toggleActiveAction,
  useBulkActions,
  useTableState,
} from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { discountListRecord, type DiscountListRecord } from "@/server/pricing/discounts/schemas";

const column = createColumnHelper<DiscountListRecord>();

export function DiscountsList() {
  const t = useTranslations("discounts");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const format = useFormat();
  const table = useTableState({ defaultSort: "name" });
  const list = trpc.discounts.list.useQuery(table.paging, {
    placeholderData: keepPreviousData,
  });
  const utils = trpc.useUtils();
  const remove = trpc.discounts.remove.useMutation({
    onSuccess: () => utils.discounts.invalidate(),
  });
  const confirmDelete = useConfirmDelete<DiscountListRecord>({
    resource: "discounts",
    describe: (row) => row.name,
    remove: (row) => remove.mutateAsync({ id: row.id }),
  });
  const bulkSetActive = trpc.discounts.bulkSetActive.useMutation();
  const bulkRemove = trpc.discounts.bulkRemove.useMutation();
  const bulk = useBulkActions<DiscountListRecord>({
    resource: "discounts",
    describe: (row) => row.name,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.discounts.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link
            href={`/discounts/${row.original.id}`}
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
          row.original.start_date || row.original.end_date
            ? `${format.date(row.original.start_date)} → ${format.date(row.original.end_date)}`
            : t("always"),
      }),
      column.display({
        id: "targets",
        header: t("targetsColumn"),
        cell: ({ row }) =>
          [
            [t("targets.partners"), row.original.partners_quantity],
            [t("targets.profiles"), row.original.profiles_quantity],
            [t("targets.companies"), row.original.companies_quantity],
            [t("targets.payment_methods"), row.original.payment_methods_quantity],
          ]
            .filter(([, size]) => Number(size) > 0)
            .map(([label, size]) => `${label}: ${size}`)
            .join(" · ") || "—",
      }),
      column.accessor("is_active", {
        header: common("status"),
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
    ],
    [t, common, format],
  );
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/discounts/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(row) => `/discounts/${row.id}`}
        search={t("search")}
        rowActions={(row) => (
          <RowActions
            label={row.name}
            actions={[
              editAction(`/discounts/${row.id}`, canManage),
              toggleActiveAction(row.is_active, canManage, () => bulk.toggle({ ...row, active: row.is_active })),
              deleteAction(canManage, () => confirmDelete.request(row)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="discounts"
        exportAs={{
          resource: "discounts",
          fields: Object.keys(discountListRecord.shape),
        }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
