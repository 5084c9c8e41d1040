"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { useFormat } from "@/lib/format";
import { useEnumLabel, useEnumOptions } from "@/lib/i18n";
import { trpc } from "@/lib/trpc";
import { coupon as couponRecord, COUPON_TYPES, type Coupon } from "@/server/orders/coupons/schemas";

const column = createColumnHelper<Coupon>();

/** A coupon type filter's value as the list takes it. */
const couponType = (value: string | undefined) => COUPON_TYPES.find((type) => type === value);

export function CouponsList() {
  const t = useTranslations("coupons");
  const common = useTranslations("common");
  const format = useFormat();
  const typeLabel = useEnumLabel("couponType");
  const typeOptions = useEnumOptions("couponType", COUPON_TYPES);
  const activeFilter = useActiveFilter();
  const canManage = useCan("manage");
  const table = useTableState({
    defaultSort: "code",
    filters: ["active", "type"],
  });
  const list = trpc.coupons.list.useQuery(
    {
      ...table.paging,
      active: booleanFilter(table.filters.active),
      type: couponType(table.filters.type),
    },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.coupons.remove.useMutation();
  const bulkSetActive = trpc.coupons.bulkSetActive.useMutation();
  const bulkRemove = trpc.coupons.bulkRemove.useMutation();
  const columns = useMemo(() => {
    // Coupon dates are whole days (UTC): shown as the day, whatever the time zone.
    const day = (value: string) => format.date(value);
    return [
      column.accessor("code", {
        header: t("fields.code"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link
            href={`/coupons/${row.original.id}`}
            className="font-mono font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {getValue()}
          </Link>
        ),
      }),
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
      }),
      column.accessor("type", {
        header: t("fields.type"),
        enableSorting: true,
        cell: ({ getValue }) => typeLabel(getValue()),
      }),
      column.accessor("value", {
        header: t("fields.value"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <span className="tabular-nums">
            {row.original.value_type === "PERCENTAGE" ? format.percent(getValue()) : format.money(getValue())}
          </span>
        ),
      }),
      column.display({
        id: "validity",
        header: t("validity"),
        cell: ({ row: { original } }) =>
          original.start_date && original.end_date
            ? `${day(original.start_date)} – ${day(original.end_date)}`
            : original.start_date
              ? t("fromDate", { date: day(original.start_date) })
              : original.end_date
                ? t("untilDate", { date: day(original.end_date) })
                : t("always"),
      }),
      column.accessor("uses", {
        header: t("fields.uses"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <span className="tabular-nums">
            {t("usesOf", {
              uses: format.number(getValue()),
              max: row.original.max_uses === null ? t("unlimited") : format.number(row.original.max_uses),
            })}
          </span>
        ),
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
      resource="coupons"
      path="/coupons"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(couponRecord.shape)}
      filters={[activeFilter, { name: "type", label: t("fields.type"), options: typeOptions }]}
      describe={(coupon) => coupon.code}
      canWrite={canManage}
      remove={(coupon) => remove.mutateAsync({ id: coupon.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.coupons.invalidate()}
    />
  );
}
