"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { profileListRecord, type ProfileListRecord } from "@/server/catalog/profiles/schemas";

const column = createColumnHelper<ProfileListRecord>();

export function ProfilesList() {
  const t = useTranslations("profiles");
  const common = useTranslations("common");
  const format = useFormat();
  const canManage = useCan("manage");
  const activeFilter = useActiveFilter();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.profiles.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.profiles.remove.useMutation();
  const bulkSetActive = trpc.profiles.bulkSetActive.useMutation();
  const bulkRemove = trpc.profiles.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/profiles/${row.original.id}`}>{getValue()}</RecordLink>,
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
    <ResourceListPage
      resource="profiles"
      path="/profiles"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(profileListRecord.shape)}
      filters={[activeFilter]}
      describe={(profile) => profile.name}
      canWrite={canManage}
      remove={(profile) => remove.mutateAsync({ id: profile.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.profiles.invalidate()}
    />
  );
}
