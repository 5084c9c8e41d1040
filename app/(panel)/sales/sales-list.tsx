"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { booleanFilter, RecordLink, ResourceListPage, useTableState } from "@/components/data-table";
import { Badge } from "@/components/ui/badge";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { saleListRecord, type SaleListRecord } from "@/server/sales/sales/schemas";
import { StatusBadge } from "./status-badge";

const column = createColumnHelper<SaleListRecord>();

export function SalesList() {
  const t = useTranslations("sales");
  const format = useFormat();
  const table = useTableState({ defaultSort: "created_at", defaultDir: "desc", filters: ["quotation"] });
  const list = trpc.sales.list.useQuery(
    { ...table.paging, quotation: booleanFilter(table.filters.quotation) },
    { placeholderData: keepPreviousData },
  );
  const columns = useMemo(
    () => [
      column.accessor("created_at", {
        header: t("fields.created_at"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <span className="whitespace-nowrap">
            <RecordLink href={`/sales/${row.original.id}`}>{format.dateTime(getValue())}</RecordLink>
          </span>
        ),
      }),
      column.accessor("partner_name", { header: t("fields.partner_name"), enableSorting: true }),
      column.accessor("origin_name", { header: t("fields.origin_name"), cell: ({ getValue }) => getValue() ?? "—" }),
      column.accessor("items_quantity", { header: t("fields.items_quantity"), cell: ({ getValue }) => format.number(getValue()) }),
      column.accessor("total_value", {
        header: t("fields.total_value"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{format.money(getValue())}</span>,
      }),
      column.accessor("status", {
        header: t("fields.status"),
        cell: ({ row, getValue }) => (
          <span className="flex items-center gap-2">
            <StatusBadge title={getValue().title} background={getValue().background_color} font={getValue().font_color} />
            {row.original.quotation && <Badge variant="outline">{t("quotation")}</Badge>}
            {row.original.webhook_error && <TriangleAlertIcon className="size-4 text-destructive" aria-label={t("webhookError")} />}
          </span>
        ),
      }),
    ],
    [t, format],
  );
  return (
    <ResourceListPage
      resource="sales"
      path="/sales"
      create={false}
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(saleListRecord.shape)}
      filters={[
        {
          name: "quotation",
          label: t("quotationFilter"),
          options: [
            { value: "false", label: t("onlySales") },
            { value: "true", label: t("onlyQuotations") },
          ],
        },
      ]}
      describe={(sale) => sale.partner_name}
      canWrite={false}
      edit={false}
    />
  );
}
