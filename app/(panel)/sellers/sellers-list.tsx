"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { ActiveBadge, activeOptions, booleanFilter, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, RowActions, toggleActiveAction, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useCompanyOptions } from "@/components/parties/options";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import type { SellerListRecord } from "@/server/parties/sellers/schemas";
import { useToggleSeller } from "./use-toggle-seller";

const column = createColumnHelper<SellerListRecord>();
const percent = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 4 });

const columns = [
  column.accessor("name", {
    header: "Name",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/sellers/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("email", { header: "Email", enableSorting: true }),
  column.accessor("company_name", { header: "Company", cell: ({ getValue }) => getValue() ?? <span className="text-muted-foreground">—</span> }),
  column.accessor("commission_rate", {
    header: "Commission",
    enableSorting: true,
    cell: ({ getValue }) => {
      const rate = getValue();
      return rate === null ? <span className="text-muted-foreground">—</span> : `${percent.format(rate)}%`;
    },
  }),
  column.accessor("active", { header: "Status", enableSorting: true, cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
];

export function SellersList() {
  const canManage = useCan("manage");
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
    noun: "seller",
    describe: (seller) => seller.name,
    remove: (seller) => remove.mutateAsync({ id: seller.id }),
  });

  return (
    <>
      <PageHeader
        title="Sellers"
        description="The sales team: who sells to each partner and earns the commission."
        actions={canManage && <NewRecordLink href="/sellers/new">New seller</NewRecordLink>}
      />
      <DataTable
        label="Sellers"
        columns={columns}
        state={table}
        query={list}
        search="Search by name, email or CPF/CNPJ…"
        filters={
          <>
            <FilterSelect label="Status" value={table.filters.active} onChange={(value) => table.setFilter("active", value)} options={activeOptions} />
            <FilterSelect label="Company" value={table.filters.company_id} onChange={(value) => table.setFilter("company_id", value)} options={companies.options} />
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
        emptyMessage="No sellers yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
