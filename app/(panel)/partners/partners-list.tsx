"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { ImportButton } from "@/components/imports/import-dialog";
import { useCan } from "@/components/panel/current-user";
import { useProfileOptions, useSellerOptions } from "@/components/parties/options";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { partnerListRecord, type PartnerListRecord } from "@/server/parties/partners/schemas";

const column = createColumnHelper<PartnerListRecord>();
const none = <span className="text-muted-foreground">—</span>;

export function PartnersList() {
  const t = useTranslations("partners");
  const common = useTranslations("common");
  const canSell = useCan("sell");
  const activeFilter = useActiveFilter();
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
  const remove = trpc.partners.remove.useMutation();
  const bulkSetActive = trpc.partners.bulkSetActive.useMutation();
  const bulkRemove = trpc.partners.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("nameColumn"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <div className="grid">
            <RecordLink href={`/partners/${row.original.id}`}>{getValue()}</RecordLink>
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
    <ResourceListPage
      resource="partners"
      headerActions={canSell && <ImportButton kind="partners" onApplied={() => void utils.partners.invalidate()} />}
      path="/partners"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(partnerListRecord.shape)}
      filters={[
        { name: "profile_id", label: t("fields.profile_id"), options: profiles.options },
        { name: "seller_id", label: t("fields.seller_id"), options: sellers.options },
        activeFilter,
      ]}
      describe={(partner) => partner.name}
      canWrite={canSell}
      remove={(partner) => remove.mutateAsync({ id: partner.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.partners.invalidate()}
    />
  );
}
