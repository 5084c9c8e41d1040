"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import {
  ActiveBadge,
  booleanFilter,
  DataTable,
  deleteAction,
  editAction,
  FilterSelect,
  NewRecordLink,
  RowActions,
  useActiveOptions,
  useTableState,
  useBulkActions,
  toggleActiveAction,
} from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { useFormat } from "@/lib/format";
import { useEnumLabel, useEnumOptions } from "@/lib/i18n";
import { trpc } from "@/lib/trpc";
import { deliveryMethodListRecord, deliveryMethodTypes, type DeliveryMethodListRecord } from "@/server/settings/delivery-methods/schemas";

const column = createColumnHelper<DeliveryMethodListRecord>();

type DeliveryType = (typeof deliveryMethodTypes)[number];
const isDeliveryType = (value: string | undefined): value is DeliveryType => deliveryMethodTypes.includes(value as DeliveryType);

export function DeliveryMethodsList() {
  const t = useTranslations("deliveryMethods");
  const common = useTranslations("common");
  const format = useFormat();
  const typeLabel = useEnumLabel("deliveryType");
  const typeOptions = useEnumOptions("deliveryType", deliveryMethodTypes);
  const activeOptions = useActiveOptions();
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
    resource: "deliveryMethods",
    describe: (method) => method.name,
    remove: (method) => remove.mutateAsync({ id: method.id }),
  });
  const bulkSetActive = trpc.deliveryMethods.bulkSetActive.useMutation();
  const bulkRemove = trpc.deliveryMethods.bulkRemove.useMutation();
  const bulk = useBulkActions<DeliveryMethodListRecord>({
    resource: "deliveryMethods",
    describe: (method) => method.name,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.deliveryMethods.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link
            href={`/delivery-methods/${row.original.id}`}
            className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {getValue()}
          </Link>
        ),
      }),
      column.accessor("type", { header: t("fields.type"), enableSorting: true, cell: ({ getValue }) => typeLabel(getValue()) }),
      column.accessor("price", {
        header: t("fields.price"),
        enableSorting: true,
        cell: ({ row }) => {
          const { price_type, price } = row.original;
          if (price_type === "FREE") return t("free");
          const amount = format.money(price ?? 0);
          return <span className="tabular-nums">{price_type === "PER_WEIGHT" ? t("perKg", { price: amount }) : amount}</span>;
        },
      }),
      column.display({
        id: "period",
        header: t("period"),
        cell: ({ row }) => {
          const { period_type, period_start, period_end } = row.original;
          if (!period_type || (period_start === null && period_end === null)) return <span className="text-muted-foreground">—</span>;
          const span = period_start === period_end || period_end === null ? `${period_start}` : `${period_start ?? 0}–${period_end}`;
          return t("periodValue", { span, unit: period_type });
        },
      }),
      column.accessor("active", {
        header: common("status"),
        enableSorting: true,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
    ],
    [t, common, format, typeLabel],
  );

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/delivery-methods/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(method) => `/delivery-methods/${method.id}`}
        search={t("search")}
        filters={
          <>
            <FilterSelect
              label={t("fields.type")}
              value={type}
              onChange={(value) => table.setFilter("type", value)}
              options={typeOptions}
            />
            <FilterSelect
              label={common("status")}
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
              toggleActiveAction(method.active, canManage, () => bulk.toggle(method)),
              deleteAction(canManage, () => confirmDelete.request(method)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="delivery-methods"
        exportAs={{ resource: "delivery-methods", fields: Object.keys(deliveryMethodListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
