"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { ActiveBadge, booleanFilter, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, onlyActiveOptions, RowActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import type { PaymentMethodListRecord } from "@/server/settings/payment-methods/schemas";
import { paymentMethodTypeLabels } from "./payment-method-form";

const column = createColumnHelper<PaymentMethodListRecord>();
const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const range = (min: number | null, max: number | null) =>
  min === null && max === null
    ? "—"
    : max === null
      ? `from ${money.format(min!)}`
      : min === null
        ? `up to ${money.format(max)}`
        : `${money.format(min)} – ${money.format(max)}`;

const columns = [
  column.accessor("name", {
    header: "Name",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/payment-methods/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("type", {
    header: "Type",
    enableSorting: true,
    cell: ({ getValue }) => {
      const type = getValue();
      return type ? (paymentMethodTypeLabels[type as keyof typeof paymentMethodTypeLabels] ?? type) : "—";
    },
  }),
  column.accessor("vendor", { header: "Vendor", enableSorting: true, cell: ({ getValue }) => getValue() ?? <span className="text-muted-foreground">—</span> }),
  column.display({ id: "values", header: "Order value", cell: ({ row }) => range(row.original.minimum_value, row.original.maximum_value) }),
  column.accessor("adjustment_rate", {
    header: "Adjustment",
    enableSorting: true,
    cell: ({ getValue }) => {
      const rate = getValue();
      return rate === null || rate === 0 ? "—" : `${rate > 0 ? "+" : ""}${rate}%`;
    },
  }),
  column.accessor("active", { header: "Status", enableSorting: true, cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
];

export function PaymentMethodsList() {
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "name", filters: ["only_active", "with_vendor"] });
  const list = trpc.paymentMethods.list.useQuery(
    { ...table.paging, only_active: booleanFilter(table.filters.only_active), with_vendor: booleanFilter(table.filters.with_vendor) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.paymentMethods.remove.useMutation({ onSuccess: () => utils.paymentMethods.invalidate() });
  const confirmDelete = useConfirmDelete<PaymentMethodListRecord>({
    noun: "payment method",
    describe: (method) => method.name,
    remove: (method) => remove.mutateAsync({ id: method.id }),
  });

  return (
    <>
      <PageHeader
        title="Payment methods"
        description="How buyers pay: limits, adjustment, installments and the gateway behind each method."
        actions={canManage && <NewRecordLink href="/payment-methods/new">New payment method</NewRecordLink>}
      />
      <DataTable
        label="Payment methods"
        columns={columns}
        state={table}
        query={list}
        search="Search payment methods…"
        filters={
          <>
            <FilterSelect
              label="Status"
              value={table.filters.only_active}
              onChange={(value) => table.setFilter("only_active", value)}
              options={onlyActiveOptions}
            />
            <FilterSelect
              label="Provider"
              value={table.filters.with_vendor}
              onChange={(value) => table.setFilter("with_vendor", value)}
              options={[
                { value: "true", label: "With provider" },
                { value: "false", label: "Without" },
              ]}
            />
          </>
        }
        rowActions={(method) => (
          <RowActions
            label={method.name}
            actions={[
              editAction(`/payment-methods/${method.id}`, canManage),
              deleteAction(canManage, () => confirmDelete.request(method)),
            ]}
          />
        )}
        emptyMessage="No payment methods yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
