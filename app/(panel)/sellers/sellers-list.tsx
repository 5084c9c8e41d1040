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
  toggleActiveAction,
  useActiveOptions,
  useTableState,
  useBulkActions,
} from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useCompanyOptions } from "@/components/parties/options";
import { useConfirmDelete } from "@/components/resource-form";
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
  const activeOptions = useActiveOptions();
  const table = useTableState({ defaultSort: "name", filters: ["active", "company_id"] });
  const companies = useCompanyOptions();
  const list = trpc.sellers.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active), company_id: table.filters.company_id },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.sellers.remove.useMutation({ onSuccess: () => utils.sellers.invalidate() });
  const { toggle } = useToggleSeller();
  const confirmDelete = useConfirmDelete<SellerListRecord>({
    resource: "sellers",
    describe: (seller) => seller.name,
    remove: (seller) => remove.mutateAsync({ id: seller.id }),
  });
  const bulkSetActive = trpc.sellers.bulkSetActive.useMutation();
  const bulkRemove = trpc.sellers.bulkRemove.useMutation();
  const bulk = useBulkActions<SellerListRecord>({
    resource: "sellers",
    describe: (seller) => seller.name,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.sellers.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link
            href={`/sellers/${row.original.id}`}
            className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {getValue()}
          </Link>
        ),
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
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/sellers/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(seller) => `/sellers/${seller.id}`}
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
              label={t("fields.company_id")}
              value={table.filters.company_id}
              onChange={(value) => table.setFilter("company_id", value)}
              options={companies.options}
            />
          </>
        }
        rowActions={(seller) => (
          <RowActions
            label={seller.name}
            actions={[
              editAction(`/sellers/${seller.id}`, canManage),
              toggleActiveAction(seller.active, canManage, () => void toggle(seller)),
              deleteAction(canManage, () => confirmDelete.request(seller)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="sellers"
        exportAs={{ resource: "sellers", fields: Object.keys(sellerListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
