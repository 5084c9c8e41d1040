"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, RecordLink, ResourceListPage, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
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
  const remove = trpc.discounts.remove.useMutation();
  const bulkSetActive = trpc.discounts.bulkSetActive.useMutation();
  const bulkRemove = trpc.discounts.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/discounts/${row.original.id}`}>{getValue()}</RecordLink>,
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
    <ResourceListPage
      resource="discounts"
      path="/discounts"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(discountListRecord.shape)}
      describe={(row) => row.name}
      canWrite={canManage}
      remove={(row) => remove.mutateAsync({ id: row.id })}
      activeOf={(row) => row.is_active}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.discounts.invalidate()}
    />
  );
}
