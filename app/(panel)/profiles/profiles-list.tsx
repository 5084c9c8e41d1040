"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { ActiveBadge, activeOptions, booleanFilter, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, RowActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import type { ProfileListRecord } from "@/server/catalog/profiles/schemas";

const column = createColumnHelper<ProfileListRecord>();

const columns = [
  column.accessor("name", {
    header: "Name",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/profiles/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("active", { header: "Status", enableSorting: true, cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
  column.accessor("partner_size", { header: "Partners", enableSorting: true, cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span> }),
];

export function ProfilesList() {
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.profiles.list.useQuery({ ...table.paging, active: booleanFilter(table.filters.active) }, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const remove = trpc.profiles.remove.useMutation({ onSuccess: () => utils.profiles.invalidate() });
  const confirmDelete = useConfirmDelete<ProfileListRecord>({
    noun: "profile",
    describe: (profile) => profile.name,
    remove: (profile) => remove.mutateAsync({ id: profile.id }),
  });
  return (
    <>
      <PageHeader
        title="Profiles"
        description="Customer profiles (retail, wholesale, ...) that group partners and target prices."
        actions={canManage && <NewRecordLink href="/profiles/new">New profile</NewRecordLink>}
      />
      <DataTable
        label="Profiles"
        columns={columns}
        state={table}
        query={list}
        search="Search profiles…"
        filters={<FilterSelect label="Status" value={table.filters.active} onChange={(value) => table.setFilter("active", value)} options={activeOptions} />}
        rowActions={(profile) => (
          <RowActions
            label={profile.name}
            actions={[
              editAction(`/profiles/${profile.id}`, canManage),
              deleteAction(canManage, () => confirmDelete.request(profile)),
            ]}
          />
        )}
        emptyMessage="No profiles yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
