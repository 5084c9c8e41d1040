"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { booleanFilter, RecordLink, ResourceListPage, useTableState } from "@/components/data-table";
import { usePartnerLookup } from "@/components/parties/options";
import { useOrderName } from "@/components/records/order-name";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { financialListRecord, type FinancialListRecord } from "@/server/finance/financials/schemas";
import { StatusBadge } from "../sales/status-badge";
import { AgingBadge } from "./aging-badge";
import { useFinancialStatuses } from "./use-financial-statuses";

const column = createColumnHelper<FinancialListRecord>();

export function FinancialsList() {
  const t = useTranslations("financials");
  const orders = useTranslations("orders");
  const orderName = useOrderName();
  const format = useFormat();
  const statuses = useFinancialStatuses();
  const table = useTableState({
    defaultSort: "due_date",
    defaultDir: "desc",
    filters: ["overdue", "status", "partner_id", "due_start_date", "due_end_date"],
  });
  const filters = {
    overdue: booleanFilter(table.filters.overdue),
    status: table.filters.status,
    partner_id: table.filters.partner_id,
    due_start_date: table.filters.due_start_date,
    due_end_date: table.filters.due_end_date,
  };
  const list = trpc.financials.list.useQuery({ ...table.paging, ...filters }, { placeholderData: keepPreviousData });
  // What the filtered list adds up to (the overdue ones: what is late, in R$).
  const totals = trpc.financials.totals.useQuery({ search: table.paging.search, ...filters }, { placeholderData: keepPreviousData });
  const columns = useMemo(
    () => [
      column.accessor("due_date", {
        header: t("fields.due_date"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <span className="whitespace-nowrap">
            <RecordLink href={`/financials/${row.original.id}`}>{format.date(getValue())}</RecordLink>
          </span>
        ),
      }),
      column.accessor("partner_name", { header: t("fields.partner_name"), enableSorting: true }),
      column.accessor("order_number", {
        header: orders("one"),
        cell: ({ row, getValue }) => {
          const number = getValue();
          return number !== null && row.original.order_id ? (
            <Link href={`/orders/${row.original.order_id}`} className="whitespace-nowrap underline-offset-4 hover:underline">
              {orderName({ number })}
            </Link>
          ) : (
            "—"
          );
        },
      }),
      column.accessor("value", {
        header: t("fields.value"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{format.money(getValue())}</span>,
      }),
      column.accessor("paying_off_value", {
        header: t("fields.paying_off_value"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{format.money(getValue())}</span>,
      }),
      column.accessor("status", {
        header: t("fields.status"),
        cell: ({ getValue }) => {
          const status = statuses.byId.get(getValue());
          return status ? <StatusBadge title={status.title} background={status.background_color} font={status.font_color} /> : "—";
        },
      }),
      column.accessor("overdue", { header: t("aging"), cell: ({ row }) => <AgingBadge record={row.original} /> }),
    ],
    [t, format, statuses.byId, orders, orderName],
  );
  return (
    <ResourceListPage
      create={false}
      summary={
        totals.data && (
          <p className="mb-3 text-sm text-muted-foreground" role="status" data-testid="financial-totals">
            {t("totals", {
              count: totals.data.count,
              value: format.money(totals.data.value),
              open: format.money(totals.data.open),
            })}
          </p>
        )
      }
      resource="financials"
      path="/financials"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(financialListRecord.shape)}
      filters={[
        {
          name: "overdue",
          label: t("overdueFilter"),
          options: [
            { value: "true", label: t("onlyOverdue") },
            { value: "false", label: t("notOverdue") },
          ],
        },
        { name: "status", label: t("fields.status"), options: statuses.items.map((status) => ({ value: status.id, label: status.title })) },
        { kind: "lookup", name: "partner_id", label: t("partnerFilter"), useOptions: usePartnerLookup },
        { kind: "date", name: "due_start_date", label: t("dueFrom") },
        { kind: "date", name: "due_end_date", label: t("dueTo") },
      ]}
      describe={(record) => record.partner_name}
      canWrite={false}
      edit={false}
    />
  );
}
