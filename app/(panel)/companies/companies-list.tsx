"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { ActiveBadge, activeOptions, booleanFilter, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, RowActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import type { CompanyListRecord } from "@/server/parties/companies/schemas";

const column = createColumnHelper<CompanyListRecord>();

const columns = [
  column.accessor("name", {
    header: "Name",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/companies/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("fiscal_registration_number", {
    header: "CNPJ",
    enableSorting: true,
    cell: ({ getValue }) => <span className="font-mono text-xs">{formatFiscalNumber(getValue())}</span>,
  }),
  column.accessor("active", { header: "Status", enableSorting: true, cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
];

export function CompaniesList() {
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.companies.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.companies.remove.useMutation({ onSuccess: () => utils.companies.invalidate() });
  const confirmDelete = useConfirmDelete<CompanyListRecord>({
    noun: "company",
    describe: (company) => company.name,
    remove: (company) => remove.mutateAsync({ id: company.id }),
  });

  return (
    <>
      <PageHeader
        title="Companies"
        description="The organization's own legal entities (CNPJ) that sell, invoice and hold stock."
        actions={canManage && <NewRecordLink href="/companies/new">New company</NewRecordLink>}
      />
      <DataTable
        label="Companies"
        columns={columns}
        state={table}
        query={list}
        search="Search by name or CNPJ…"
        filters={<FilterSelect label="Status" value={table.filters.active} onChange={(value) => table.setFilter("active", value)} options={activeOptions} />}
        rowActions={(company) => (
          <RowActions
            label={company.name}
            actions={[
              editAction(`/companies/${company.id}`, canManage),
              deleteAction(canManage, () => confirmDelete.request(company)),
            ]}
          />
        )}
        emptyMessage="No companies yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
