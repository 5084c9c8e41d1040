"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { CheckIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { ResourceListPage, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { usePartnerLookup, useSellerOptions } from "@/components/parties/options";
import { useOrderName } from "@/components/records/order-name";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { orderListRecord, type OrderListRecord } from "@/server/orders/orders/schemas";
import { DecisionDialog, heldSince, HoldReasons, type Decision } from "../orders/holds";
import { numberColumn } from "../orders/orders-list";

const column = createColumnHelper<OrderListRecord>();

/**
 * "Liberação de pedidos" (contract §11): the orders on hold, oldest first, each with its
 * reasons in words; MANAGER and ADMIN approve or reject each with a note.
 */
export function ApprovalsList() {
  const t = useTranslations("approvals");
  const orders = useTranslations("orders");
  const format = useFormat();
  const orderName = useOrderName();
  const canDecide = useCan("manage");
  const table = useTableState({ defaultSort: "created_at", defaultDir: "asc", filters: ["partner_id", "seller_id"] });
  // The queue is the orders list held to `on_hold=true`: its CSV and views say so too.
  const queue = { ...table, filters: { ...table.filters, on_hold: "true" } };
  const sellers = useSellerOptions();
  const list = trpc.orders.list.useQuery(
    {
      ...table.paging,
      on_hold: true,
      partner_id: table.filters.partner_id || undefined,
      seller_id: table.filters.seller_id || undefined,
    },
    { placeholderData: keepPreviousData },
  );
  const [deciding, setDeciding] = useState<{ order: OrderListRecord; decision: Decision } | null>(null);
  const columns = useMemo(
    () => [
      numberColumn(orders("fields.number"), format, orderName),
      column.accessor("partner_name", { header: orders("fields.partner_id"), enableSorting: true }),
      column.accessor("seller_name", {
        header: orders("fields.seller_id"),
        enableSorting: true,
        cell: ({ getValue }) => getValue() ?? <span className="text-muted-foreground">—</span>,
      }),
      column.accessor("holds", {
        header: t("reasons"),
        enableSorting: false,
        cell: ({ getValue }) => <HoldReasons holds={getValue()} />,
      }),
      column.accessor("created_at", {
        header: t("heldSince"),
        enableSorting: true,
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{format.dateTime(heldSince(row.original.holds, row.original.created_at))}</span>
        ),
      }),
      column.accessor("total_value", {
        meta: { label: orders("fields.total_value") },
        header: () => <span className="block text-right">{orders("fields.total_value")}</span>,
        enableSorting: true,
        cell: ({ getValue }) => <span className="block text-right tabular-nums">{format.money(getValue())}</span>,
      }),
    ],
    [t, orders, format, orderName],
  );

  return (
    <ResourceListPage
      resource="approvals"
      path="/orders"
      api="orders"
      table={queue}
      query={list}
      columns={columns}
      fields={Object.keys(orderListRecord.shape)}
      filters={[
        { kind: "lookup", name: "partner_id", label: orders("fields.partner_id"), useOptions: usePartnerLookup },
        { name: "seller_id", label: orders("fields.seller_id"), options: sellers.options },
      ]}
      describe={orderName}
      canWrite={false}
      create={false}
      edit={false}
      actions={(order) => [
        {
          label: orders("holds.approve"),
          icon: CheckIcon,
          hidden: !canDecide,
          onSelect: () => setDeciding({ order, decision: "APPROVE" }),
        },
        {
          label: orders("holds.reject"),
          icon: XIcon,
          destructive: true,
          hidden: !canDecide,
          onSelect: () => setDeciding({ order, decision: "REJECT" }),
        },
      ]}
    >
      {deciding && <DecisionDialog order={deciding.order} decision={deciding.decision} onClose={() => setDeciding(null)} />}
    </ResourceListPage>
  );
}
