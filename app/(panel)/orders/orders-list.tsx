"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { ShieldAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { booleanFilter, RecordLink, ResourceListPage, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { useOrderName } from "@/components/records/order-name";
import { usePartnerLookup, useSellerOptions } from "@/components/parties/options";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { orderListRecord, type OrderListRecord } from "@/server/orders/orders/schemas";
import { StatusChip } from "./status-chip";

const column = createColumnHelper<OrderListRecord>();
const none = <span className="text-muted-foreground">—</span>;

export function usePartnerOptions() {
  const query = trpc.partners.list.useQuery({ perPage: 100, sort: "name" }, { staleTime: 30_000 });
  return (query.data?.items ?? []).map((item) => ({
    value: item.id,
    label: item.name,
  }));
}

/** The first column of a list of orders: its number, the link that opens it. */
export function numberColumn(header: string, format: ReturnType<typeof useFormat>, orderName: ReturnType<typeof useOrderName>) {
  return column.accessor("number", {
    header,
    enableSorting: true,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">
        <RecordLink href={`/orders/${row.original.id}`} label={orderName(row.original)}>
          {format.number(row.original.number)}
        </RecordLink>
      </span>
    ),
  });
}

export function useOrderStatuses() {
  return trpc.statuses.list.useQuery({ type: "ORDER", perPage: 100, sort: "order" }, { staleTime: 30_000 }).data?.items ?? [];
}

export function OrdersList() {
  const t = useTranslations("orders");
  const common = useTranslations("common");
  const format = useFormat();
  const canSell = useCan("sell");
  const orderName = useOrderName();
  const table = useTableState({
    defaultSort: "negotiation_date",
    defaultDir: "desc",
    filters: ["partner_id", "seller_id", "status", "quotation", "on_hold", "start_date", "end_date"],
  });
  const sellers = useSellerOptions();
  const statuses = useOrderStatuses();
  const filters = {
    partner_id: table.filters.partner_id,
    seller_id: table.filters.seller_id,
    status: table.filters.status,
    quotation: booleanFilter(table.filters.quotation),
    on_hold: booleanFilter(table.filters.on_hold),
    start_date: table.filters.start_date || undefined,
    end_date: table.filters.end_date || undefined,
  };
  const list = trpc.orders.list.useQuery({ ...table.paging, ...filters }, { placeholderData: keepPreviousData });
  const columns = useMemo(
    () => [
      numberColumn(t("fields.number"), format, orderName),
      column.accessor("negotiation_date", {
        header: t("fields.negotiation_date"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="whitespace-nowrap">{format.date(getValue())}</span>,
      }),
      column.accessor("partner_name", {
        header: t("fields.partner_id"),
        enableSorting: true,
      }),
      column.accessor("seller_name", {
        header: t("fields.seller_id"),
        enableSorting: true,
        cell: ({ getValue }) => getValue() ?? none,
      }),
      column.accessor("status_title", {
        header: t("fields.status"),
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-1">
            <StatusChip
              title={row.original.status_title}
              background={row.original.status_background_color}
              font={row.original.status_font_color}
            />
            {row.original.holds.length > 0 && (
              <span className="inline-flex items-center gap-1 rounded-full border border-amber-500/60 px-2 py-0.5 text-xs text-amber-700 dark:text-amber-400">
                <ShieldAlertIcon className="size-3" aria-hidden />
                {t("holds.onHold")}
              </span>
            )}
          </span>
        ),
      }),
      column.accessor("quotation", {
        header: t("fields.quotation"),
        cell: ({ getValue }) => (getValue() ? t("quotationYes") : none),
      }),
      column.accessor("total_value", {
        meta: { label: t("fields.total_value") },
        header: () => <span className="block text-right">{t("fields.total_value")}</span>,
        enableSorting: true,
        cell: ({ getValue }) => <span className="block text-right tabular-nums">{format.money(getValue())}</span>,
      }),
    ],
    [t, format, orderName],
  );
  const quotationOptions = [
    { value: "true", label: t("quotationOnly") },
    { value: "false", label: t("ordersOnly") },
  ];

  return (
    <ResourceListPage
      resource="orders"
      path="/orders"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(orderListRecord.shape)}
      filters={[
        { kind: "lookup", name: "partner_id", label: t("fields.partner_id"), useOptions: usePartnerLookup },
        { name: "seller_id", label: t("fields.seller_id"), options: sellers.options },
        { name: "status", label: t("fields.status"), options: statuses.map((status) => ({ value: status.id, label: status.title })) },
        { name: "quotation", label: t("fields.quotation"), options: quotationOptions, allLabel: common("all") },
        {
          name: "on_hold",
          label: t("holds.filter"),
          options: [
            { value: "true", label: t("holds.onHold") },
            { value: "false", label: t("holds.notOnHold") },
          ],
          allLabel: common("all"),
        },
        { kind: "date", name: "start_date", label: t("from") },
        { kind: "date", name: "end_date", label: t("to") },
      ]}
      describe={orderName}
      canWrite={canSell}
      edit={false}
    />
  );
}
