"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
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
  const activeFilter = useActiveFilter();
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "name", filters: ["type", "active"] });
  const type = isDeliveryType(table.filters.type) ? table.filters.type : undefined;
  const list = trpc.deliveryMethods.list.useQuery(
    { ...table.paging, type, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.deliveryMethods.remove.useMutation();
  const bulkSetActive = trpc.deliveryMethods.bulkSetActive.useMutation();
  const bulkRemove = trpc.deliveryMethods.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/delivery-methods/${row.original.id}`}>{getValue()}</RecordLink>,
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
    <ResourceListPage
      resource="deliveryMethods"
      path="/delivery-methods"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(deliveryMethodListRecord.shape)}
      filters={[{ name: "type", label: t("fields.type"), options: typeOptions }, activeFilter]}
      describe={(method) => method.name}
      canWrite={canManage}
      remove={(method) => remove.mutateAsync({ id: method.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.deliveryMethods.invalidate()}
    />
  );
}
