"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { ActiveBadge, activeOptions, booleanFilter, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, RowActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { deliveryMethodTypes, type DeliveryMethodListRecord } from "@/server/settings/delivery-methods/schemas";
import { deliveryTypeLabels, optionsOf, periodTypeLabels, priceTypeLabels } from "./labels";

const column = createColumnHelper<DeliveryMethodListRecord>();
const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

const columns = [
  column.accessor("name", {
    header: "Name",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/delivery-methods/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("type", { header: "Type", enableSorting: true, cell: ({ getValue }) => deliveryTypeLabels[getValue()] }),
  column.accessor("price", {
    header: "Price",
    enableSorting: true,
    cell: ({ row }) =>
      row.original.price_type === "FREE"
        ? "Free"
        : `${money.format(row.original.price ?? 0)}${row.original.price_type === "PER_WEIGHT" ? " / kg" : ""}`,
  }),
  column.display({
    id: "period",
    header: "Delivery period",
    cell: ({ row }) => {
      const { period_type, period_start, period_end } = row.original;
      if (!period_type || (period_start === null && period_end === null)) return <span className="text-muted-foreground">—</span>;
      const span = period_start === period_end || period_end === null ? `${period_start}` : `${period_start ?? 0}–${period_end}`;
      return `${span} ${periodTypeLabels[period_type].toLowerCase()}`;
    },
  }),
  column.accessor("active", { header: "Status", enableSorting: true, cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
];

type DeliveryType = (typeof deliveryMethodTypes)[number];
const isDeliveryType = (value: string | undefined): value is DeliveryType => deliveryMethodTypes.includes(value as DeliveryType);

export function DeliveryMethodsList() {
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "name", filters: ["type", "active"] });
  const type = isDeliveryType(table.filters.type) ? table.filters.type : undefined;
  const list = trpc.deliveryMethods.list.useQuery(
    { ...table.paging, type, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.deliveryMethods.remove.useMutation({ onSuccess: () => utils.deliveryMethods.invalidate() });
  const confirmDelete = useConfirmDelete<DeliveryMethodListRecord>({
    noun: "delivery method",
    describe: (method) => method.name,
    remove: (method) => remove.mutateAsync({ id: method.id }),
  });

  return (
    <>
      <PageHeader
        title="Delivery methods"
        description="Pickup, own fleet and carriers: prices, delivery periods and opening hours."
        actions={canManage && <NewRecordLink href="/delivery-methods/new">New delivery method</NewRecordLink>}
      />
      <DataTable
        label="Delivery methods"
        columns={columns}
        state={table}
        query={list}
        search="Search delivery methods…"
        filters={
          <>
            <FilterSelect label="Type" value={type} onChange={(value) => table.setFilter("type", value)} options={optionsOf(deliveryTypeLabels)} />
            <FilterSelect
              label="Status"
              value={table.filters.active}
              onChange={(value) => table.setFilter("active", value)}
              options={activeOptions}
            />
          </>
        }
        rowActions={(method) => (
          <RowActions
            label={method.name}
            actions={[
              editAction(`/delivery-methods/${method.id}`, canManage),
              deleteAction(canManage, () => confirmDelete.request(method)),
            ]}
          />
        )}
        emptyMessage="No delivery methods yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
