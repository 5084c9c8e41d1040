"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { useFormat } from "@/lib/format";
import { useEnumLabel } from "@/lib/i18n";
import { trpc } from "@/lib/trpc";
import { paymentMethodListRecord, type PaymentMethodListRecord } from "@/server/settings/payment-methods/schemas";

const column = createColumnHelper<PaymentMethodListRecord>();
const none = <span className="text-muted-foreground">—</span>;

export function PaymentMethodsList() {
  const t = useTranslations("paymentMethods");
  const common = useTranslations("common");
  const format = useFormat();
  const typeLabel = useEnumLabel("paymentMethodType");
  const activeFilter = useActiveFilter();
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "name", filters: ["active", "with_vendor"] });
  const list = trpc.paymentMethods.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active), with_vendor: booleanFilter(table.filters.with_vendor) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.paymentMethods.remove.useMutation();
  const bulkSetActive = trpc.paymentMethods.bulkSetActive.useMutation();
  const bulkRemove = trpc.paymentMethods.bulkRemove.useMutation();
  const columns = useMemo(() => {
    const range = (min: number | null, max: number | null) =>
      min === null && max === null
        ? none
        : max === null
          ? t("from", { value: format.money(min!) })
          : min === null
            ? t("upTo", { value: format.money(max) })
            : `${format.money(min)} – ${format.money(max)}`;
    return [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/payment-methods/${row.original.id}`}>{getValue()}</RecordLink>,
      }),
      column.accessor("type", { header: t("fields.type"), enableSorting: true, cell: ({ getValue }) => typeLabel(getValue()) }),
      column.accessor("vendor", { header: t("vendor"), enableSorting: true, cell: ({ getValue }) => getValue() ?? none }),
      column.display({
        id: "values",
        header: t("orderValue"),
        cell: ({ row }) => <span className="tabular-nums">{range(row.original.minimum_value, row.original.maximum_value)}</span>,
      }),
      column.accessor("adjustment_rate", {
        header: t("adjustment"),
        enableSorting: true,
        cell: ({ getValue }) => {
          const rate = getValue();
          return rate === null || rate === 0 ? none : <span className="tabular-nums">{format.percent(rate, { signed: true })}</span>;
        },
      }),
      column.accessor("active", {
        header: common("status"),
        enableSorting: true,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
    ];
  }, [t, common, format, typeLabel]);

  return (
    <ResourceListPage
      resource="paymentMethods"
      path="/payment-methods"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(paymentMethodListRecord.shape)}
      filters={[
        activeFilter,
        {
          name: "with_vendor",
          label: t("fields.provider"),
          options: [
            { value: "true", label: t("withProvider") },
            { value: "false", label: t("withoutProvider") },
          ],
        },
      ]}
      describe={(method) => method.name}
      canWrite={canManage}
      remove={(method) => remove.mutateAsync({ id: method.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.paymentMethods.invalidate()}
    />
  );
}
