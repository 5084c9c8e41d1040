"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { trpc } from "@/lib/trpc";
import { solution as solutionRecord, type Solution } from "@/server/sales/solutions/schemas";

const column = createColumnHelper<Solution>();

export function SolutionsList() {
  const t = useTranslations("solutions");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const activeFilter = useActiveFilter();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.solutions.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.solutions.remove.useMutation();
  const bulkSetActive = trpc.solutions.bulkSetActive.useMutation();
  const bulkRemove = trpc.solutions.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("nameColumn"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/solutions/${row.original.id}`}>{getValue()}</RecordLink>,
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
      resource="solutions"
      path="/solutions"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(solutionRecord.shape)}
      filters={[activeFilter]}
      describe={(solution) => solution.name}
      canWrite={canManage}
      remove={(solution) => remove.mutateAsync({ id: solution.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.solutions.invalidate()}
    />
  );
}
