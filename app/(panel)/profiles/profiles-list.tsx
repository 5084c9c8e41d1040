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
import { useConfirmDelete } from "@/components/resource-form";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { profileListRecord, type ProfileListRecord } from "@/server/catalog/profiles/schemas";

const column = createColumnHelper<ProfileListRecord>();

export function ProfilesList() {
  const t = useTranslations("profiles");
  const common = useTranslations("common");
  const format = useFormat();
  const canManage = useCan("manage");
  const activeOptions = useActiveOptions();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.profiles.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.profiles.remove.useMutation({ onSuccess: () => utils.profiles.invalidate() });
  const confirmDelete = useConfirmDelete<ProfileListRecord>({
    resource: "profiles",
    describe: (profile) => profile.name,
    remove: (profile) => remove.mutateAsync({ id: profile.id }),
  });
  const bulkSetActive = trpc.profiles.bulkSetActive.useMutation();
  const bulkRemove = trpc.profiles.bulkRemove.useMutation();
  const bulk = useBulkActions<ProfileListRecord>({
    resource: "profiles",
    describe: (profile) => profile.name,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.profiles.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link
            href={`/profiles/${row.original.id}`}
            className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {getValue()}
          </Link>
        ),
      }),
      column.accessor("active", {
        header: common("status"),
        enableSorting: true,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
      column.accessor("partner_size", {
        header: t("fields.partner_size"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{format.number(getValue())}</span>,
      }),
    ],
    [t, common, format],
  );
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/profiles/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(profile) => `/profiles/${profile.id}`}
        search={t("search")}
        filters={
          <FilterSelect
            label={common("status")}
            value={table.filters.active}
            onChange={(value) => table.setFilter("active", value)}
            options={activeOptions}
          />
        }
        rowActions={(profile) => (
          <RowActions
            label={profile.name}
            actions={[
              editAction(`/profiles/${profile.id}`, canManage),
              toggleActiveAction(profile.active, canManage, () => bulk.toggle(profile)),
              deleteAction(canManage, () => confirmDelete.request(profile)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="profiles"
        exportAs={{ resource: "profiles", fields: Object.keys(profileListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
