"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { RecordLink, ResourceListPage, useTableState } from "@/components/data-table";
import { ImportButton } from "@/components/imports/import-dialog";
import { useCan } from "@/components/panel/current-user";
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
  const remove = trpc.priceTables.remove.useMutation();
  const bulkRemove = trpc.priceTables.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/price-tables/${row.original.id}`}>{getValue()}</RecordLink>,
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
    <ResourceListPage
      resource="priceTables"
      headerActions={canManage && <ImportButton kind="price-table-items" onApplied={() => void utils.priceTables.invalidate()} />}
      path="/price-tables"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(priceTableListRecord.shape)}
      describe={(row) => row.name}
      canWrite={canManage}
      remove={(row) => remove.mutateAsync({ id: row.id })}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.priceTables.invalidate()}
    />
  );
}
