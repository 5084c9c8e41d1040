"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { useCompanyOptions } from "@/components/parties/options";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { sellerListRecord, type SellerListRecord } from "@/server/parties/sellers/schemas";
import { useToggleSeller } from "./use-toggle-seller";

const column = createColumnHelper<SellerListRecord>();

export function SellersList() {
  const t = useTranslations("sellers");
  const common = useTranslations("common");
  const format = useFormat();
  const canManage = useCan("manage");
  const activeFilter = useActiveFilter();
  const table = useTableState({ defaultSort: "name", filters: ["active", "company_id"] });
  const companies = useCompanyOptions();
  const list = trpc.sellers.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active), company_id: table.filters.company_id },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.sellers.remove.useMutation();
  const { toggle } = useToggleSeller();
  const bulkSetActive = trpc.sellers.bulkSetActive.useMutation();
  const bulkRemove = trpc.sellers.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/sellers/${row.original.id}`}>{getValue()}</RecordLink>,
      }),
      column.accessor("email", { header: t("fields.email"), enableSorting: true }),
      column.accessor("company_name", {
        header: t("fields.company_id"),
        cell: ({ getValue }) => getValue() ?? <span className="text-muted-foreground">—</span>,
      }),
      column.accessor("commission_rate", {
        header: t("fields.commission_rate"),
        enableSorting: true,
        cell: ({ getValue }) => {
          const rate = getValue();
          return rate === null ? (
            <span className="text-muted-foreground">—</span>
          ) : (
            <span className="tabular-nums">{format.percent(rate)}</span>
          );
        },
      }),
      column.accessor("active", {
        header: common("status"),
        enableSorting: true,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
    ],
    [t, common, format],
  );

  return (
    <ResourceListPage
      resource="sellers"
      path="/sellers"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(sellerListRecord.shape)}
      filters={[activeFilter, { name: "company_id", label: t("fields.company_id"), options: companies.options }]}
      describe={(seller) => seller.name}
      canWrite={canManage}
      remove={(seller) => remove.mutateAsync({ id: seller.id })}
      toggle={(seller) => void toggle(seller)}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.sellers.invalidate()}
    />
  );
}
