"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { Badge } from "@/components/ui/badge";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { companyListRecord, type CompanyListRecord } from "@/server/parties/companies/schemas";

const column = createColumnHelper<CompanyListRecord>();

export function CompaniesList() {
  const t = useTranslations("companies");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const activeFilter = useActiveFilter();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.companies.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.companies.remove.useMutation();
  const bulkSetActive = trpc.companies.bulkSetActive.useMutation();
  const bulkRemove = trpc.companies.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("nameColumn"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <>
            <RecordLink href={`/companies/${row.original.id}`}>{getValue()}</RecordLink>
            {row.original.is_default && (
              <Badge variant="secondary" className="ml-2">
                {t("default")}
              </Badge>
            )}
          </>
        ),
      }),
      column.accessor("fiscal_registration_number", {
        header: t("fields.fiscal_registration_number"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="font-mono text-xs">{formatFiscalNumber(getValue())}</span>,
      }),
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
      resource="companies"
      path="/companies"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(companyListRecord.shape)}
      filters={[activeFilter]}
      describe={(company) => company.name}
      canWrite={canManage}
      remove={(company) => remove.mutateAsync({ id: company.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.companies.invalidate()}
    />
  );
}
