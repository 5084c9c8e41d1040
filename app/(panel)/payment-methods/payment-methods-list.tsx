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
  const activeOptions = useActiveOptions();
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "name", filters: ["active", "with_vendor"] });
  const list = trpc.paymentMethods.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active), with_vendor: booleanFilter(table.filters.with_vendor) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.paymentMethods.remove.useMutation({ onSuccess: () => utils.paymentMethods.invalidate() });
  const confirmDelete = useConfirmDelete<PaymentMethodListRecord>({
    resource: "paymentMethods",
    describe: (method) => method.name,
    remove: (method) => remove.mutateAsync({ id: method.id }),
  });
  const bulkSetActive = trpc.paymentMethods.bulkSetActive.useMutation();
  const bulkRemove = trpc.paymentMethods.bulkRemove.useMutation();
  const bulk = useBulkActions<PaymentMethodListRecord>({
    resource: "paymentMethods",
    describe: (method) => method.name,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.paymentMethods.invalidate(),
  });
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
        cell: ({ row, getValue }) => (
          <Link
            href={`/payment-methods/${row.original.id}`}
            className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {getValue()}
          </Link>
        ),
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
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/payment-methods/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(method) => `/payment-methods/${method.id}`}
        search={t("search")}
        filters={
          <>
            <FilterSelect
              label={common("status")}
              value={table.filters.active}
              onChange={(value) => table.setFilter("active", value)}
              options={activeOptions}
            />
            <FilterSelect
              label={t("fields.provider")}
              value={table.filters.with_vendor}
              onChange={(value) => table.setFilter("with_vendor", value)}
              options={[
                { value: "true", label: t("withProvider") },
                { value: "false", label: t("withoutProvider") },
              ]}
            />
          </>
        }
        rowActions={(method) => (
          <RowActions
            label={method.name}
            actions={[
              editAction(`/payment-methods/${method.id}`, canManage),
              toggleActiveAction(method.active, canManage, () => bulk.toggle(method)),
              deleteAction(canManage, () => confirmDelete.request(method)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="payment-methods"
        exportAs={{ resource: "payment-methods", fields: Object.keys(paymentMethodListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
