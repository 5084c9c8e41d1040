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
import { useProfileOptions, useSellerOptions } from "@/components/parties/options";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { partnerListRecord, type PartnerListRecord } from "@/server/parties/partners/schemas";

const column = createColumnHelper<PartnerListRecord>();
const none = <span className="text-muted-foreground">—</span>;

export function PartnersList() {
  const t = useTranslations("partners");
  const common = useTranslations("common");
  const canSell = useCan("sell");
  const activeOptions = useActiveOptions();
  const table = useTableState({ defaultSort: "name", filters: ["active", "profile_id", "seller_id"] });
  const profiles = useProfileOptions();
  const sellers = useSellerOptions();
  const list = trpc.partners.list.useQuery(
    {
      ...table.paging,
      active: booleanFilter(table.filters.active),
      profile_id: table.filters.profile_id,
      seller_id: table.filters.seller_id,
    },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.partners.remove.useMutation({ onSuccess: () => utils.partners.invalidate() });
  const confirmDelete = useConfirmDelete<PartnerListRecord>({
    resource: "partners",
    describe: (partner) => partner.name,
    remove: (partner) => remove.mutateAsync({ id: partner.id }),
  });
  const bulkSetActive = trpc.partners.bulkSetActive.useMutation();
  const bulkRemove = trpc.partners.bulkRemove.useMutation();
  const bulk = useBulkActions<PartnerListRecord>({
    resource: "partners",
    describe: (partner) => partner.name,
    canWrite: canSell,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.partners.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("nameColumn"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <div className="grid">
            <Link
              href={`/partners/${row.original.id}`}
              className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
            >
              {getValue()}
            </Link>
            {row.original.trade_name && <span className="text-xs text-muted-foreground">{row.original.trade_name}</span>}
          </div>
        ),
      }),
      column.accessor("fiscal_registration_number", {
        header: t("fiscalColumn"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="font-mono text-xs whitespace-nowrap">{formatFiscalNumber(getValue())}</span>,
      }),
      column.accessor("city", {
        header: t("city"),
        cell: ({ row }) => (row.original.city ? [row.original.city, row.original.state].filter(Boolean).join(" / ") : none),
      }),
      column.accessor("profile_name", { header: t("fields.profile_id"), cell: ({ getValue }) => getValue() ?? none }),
      column.accessor("seller_name", { header: t("fields.seller_id"), cell: ({ getValue }) => getValue() ?? none }),
      column.accessor("active", {
        header: common("status"),
        enableSorting: true,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
    ],
    [t, common],
  );

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canSell && <NewRecordLink href="/partners/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(partner) => `/partners/${partner.id}`}
        search={t("search")}
        filters={
          <>
            <FilterSelect
              label={t("fields.profile_id")}
              value={table.filters.profile_id}
              onChange={(value) => table.setFilter("profile_id", value)}
              options={profiles.options}
            />
            <FilterSelect
              label={t("fields.seller_id")}
              value={table.filters.seller_id}
              onChange={(value) => table.setFilter("seller_id", value)}
              options={sellers.options}
            />
            <FilterSelect
              label={common("status")}
              value={table.filters.active}
              onChange={(value) => table.setFilter("active", value)}
              options={activeOptions}
            />
          </>
        }
        rowActions={(partner) => (
          <RowActions
            label={partner.name}
            actions={[
              editAction(`/partners/${partner.id}`, canSell),
              toggleActiveAction(partner.active, canSell, () => bulk.toggle(partner)),
              deleteAction(canSell, () => confirmDelete.request(partner)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="partners"
        exportAs={{ resource: "partners", fields: Object.keys(partnerListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
