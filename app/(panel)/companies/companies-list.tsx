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
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { companyListRecord, type CompanyListRecord } from "@/server/parties/companies/schemas";

const column = createColumnHelper<CompanyListRecord>();

export function CompaniesList() {
  const t = useTranslations("companies");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const activeOptions = useActiveOptions();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.companies.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.companies.remove.useMutation({ onSuccess: () => utils.companies.invalidate() });
  const confirmDelete = useConfirmDelete<CompanyListRecord>({
    resource: "companies",
    describe: (company) => company.name,
    remove: (company) => remove.mutateAsync({ id: company.id }),
  });
  const bulkSetActive = trpc.companies.bulkSetActive.useMutation();
  const bulkRemove = trpc.companies.bulkRemove.useMutation();
  const bulk = useBulkActions<CompanyListRecord>({
    resource: "companies",
    describe: (company) => company.name,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.companies.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("nameColumn"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <>
            <Link
              href={`/companies/${row.original.id}`}
              className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
            >
              {getValue()}
            </Link>
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
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/companies/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(company) => `/companies/${company.id}`}
        search={t("search")}
        filters={
          <FilterSelect
            label={common("status")}
            value={table.filters.active}
            onChange={(value) => table.setFilter("active", value)}
            options={activeOptions}
          />
        }
        rowActions={(company) => (
          <RowActions
            label={company.name}
            actions={[
              editAction(`/companies/${company.id}`, canManage),
              toggleActiveAction(company.active, canManage, () => bulk.toggle(company)),
              deleteAction(canManage, () => confirmDelete.request(company)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="companies"
        exportAs={{ resource: "companies", fields: Object.keys(companyListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
