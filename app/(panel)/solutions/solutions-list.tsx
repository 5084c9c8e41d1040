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
  toggleActiveAction,
  useActiveOptions,
  useBulkActions,
  useTableState,
} from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { solution as solutionRecord, type Solution } from "@/server/sales/solutions/schemas";

const column = createColumnHelper<Solution>();

export function SolutionsList() {
  const t = useTranslations("solutions");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const activeOptions = useActiveOptions();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.solutions.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.solutions.remove.useMutation({ onSuccess: () => utils.solutions.invalidate() });
  const confirmDelete = useConfirmDelete<Solution>({
    resource: "solutions",
    describe: (solution) => solution.name,
    remove: (solution) => remove.mutateAsync({ id: solution.id }),
  });
  const bulkSetActive = trpc.solutions.bulkSetActive.useMutation();
  const bulkRemove = trpc.solutions.bulkRemove.useMutation();
  const bulk = useBulkActions<Solution>({
    resource: "solutions",
    describe: (solution) => solution.name,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.solutions.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("nameColumn"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link
            href={`/solutions/${row.original.id}`}
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
    ],
    [t, common],
  );
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/solutions/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(solution) => `/solutions/${solution.id}`}
        search={t("search")}
        filters={
          <FilterSelect
            label={common("status")}
            value={table.filters.active}
            onChange={(value) => table.setFilter("active", value)}
            options={activeOptions}
          />
        }
        rowActions={(solution) => (
          <RowActions
            label={solution.name}
            actions={[
              editAction(`/solutions/${solution.id}`, canManage),
              toggleActiveAction(solution.active, canManage, () => bulk.toggle(solution)),
              deleteAction(canManage, () => confirmDelete.request(solution)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="solutions"
        exportAs={{ resource: "solutions", fields: Object.keys(solutionRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
