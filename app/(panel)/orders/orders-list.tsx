"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { booleanFilter, DataTable, DateFilter, FilterSelect, NewRecordLink, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useOrderName } from "@/components/records/order-name";
import { useSellerOptions } from "@/components/parties/options";
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
    filters: ["partner_id", "seller_id", "status", "quotation", "start_date", "end_date"],
  });
  const partners = usePartnerOptions();
  const sellers = useSellerOptions();
  const statuses = useOrderStatuses();
  const filters = {
    partner_id: table.filters.partner_id,
    seller_id: table.filters.seller_id,
    status: table.filters.status,
    quotation: booleanFilter(table.filters.quotation),
    start_date: table.filters.start_date || undefined,
    end_date: table.filters.end_date || undefined,
  };
  const list = trpc.orders.list.useQuery({ ...table.paging, ...filters }, { placeholderData: keepPreviousData });
  const columns = useMemo(
    () => [
      column.accessor("number", {
        header: t("fields.number"),
        enableSorting: true,
        cell: ({ row }) => (
          <Link
            href={`/orders/${row.original.id}`}
            aria-label={orderName(row.original)}
            className="font-medium whitespace-nowrap tabular-nums underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {format.number(row.original.number)}
          </Link>
        ),
      }),
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
          <StatusChip
            title={row.original.status_title}
            background={row.original.status_background_color}
            font={row.original.status_font_color}
          />
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
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canSell && <NewRecordLink href="/orders/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(order) => `/orders/${order.id}`}
        search={t("search")}
        filters={
          <>
            <FilterSelect
              label={t("fields.partner_id")}
              value={table.filters.partner_id}
              onChange={(value) => table.setFilter("partner_id", value)}
              options={partners}
            />
            <FilterSelect
              label={t("fields.seller_id")}
              value={table.filters.seller_id}
              onChange={(value) => table.setFilter("seller_id", value)}
              options={sellers.options}
            />
            <FilterSelect
              label={t("fields.status")}
              value={table.filters.status}
              onChange={(value) => table.setFilter("status", value)}
              options={statuses.map((status) => ({
                value: status.id,
                label: status.title,
              }))}
            />
            <FilterSelect
              label={t("fields.quotation")}
              value={table.filters.quotation}
              onChange={(value) => table.setFilter("quotation", value)}
              options={quotationOptions}
              allLabel={common("all")}
            />
            <DateFilter label={t("from")} value={table.filters.start_date} onChange={(value) => table.setFilter("start_date", value)} />
            <DateFilter label={t("to")} value={table.filters.end_date} onChange={(value) => table.setFilter("end_date", value)} />
          </>
        }
        emptyMessage={t("empty")}
        views="orders"
        exportAs={{
          resource: "orders",
          fields: Object.keys(orderListRecord.shape),
          filters: table.filters,
        }}
      />
    </>
  );
}
