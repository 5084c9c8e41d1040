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
  useTableState,
  useBulkActions,
} from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { measureUnitListRecord, type MeasureUnitListRecord } from "@/server/catalog/measure-units/schemas";
import { useToggleMeasureUnit } from "./measure-unit-form";

const column = createColumnHelper<MeasureUnitListRecord>();

export function MeasureUnitsList() {
  const t = useTranslations("measureUnits");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const activeOptions = useActiveOptions();
  const table = useTableState({ defaultSort: "abbreviation", filters: ["active"] });
  const list = trpc.measureUnits.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.measureUnits.remove.useMutation({ onSuccess: () => utils.measureUnits.invalidate() });
  const { toggle } = useToggleMeasureUnit();
  const confirmDelete = useConfirmDelete<MeasureUnitListRecord>({
    resource: "measureUnits",
    describe: (unit) => `${unit.abbreviation} — ${unit.description}`,
    remove: (unit) => remove.mutateAsync({ id: unit.id }),
  });
  const bulkSetActive = trpc.measureUnits.bulkSetActive.useMutation();
  const bulkRemove = trpc.measureUnits.bulkRemove.useMutation();
  const bulk = useBulkActions<MeasureUnitListRecord>({
    resource: "measureUnits",
    describe: (unit) => `${unit.abbreviation} — ${unit.description}`,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.measureUnits.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("abbreviation", {
        header: t("fields.abbreviation"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link
            href={`/measure-units/${row.original.id}`}
            className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {getValue()}
          </Link>
        ),
      }),
      column.accessor("description", { header: t("fields.description"), enableSorting: true }),
      column.accessor("decimals_for_quantity", {
        header: t("decimals"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
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
        actions={canManage && <NewRecordLink href="/measure-units/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(unit) => `/measure-units/${unit.id}`}
        search={t("search")}
        filters={
          <FilterSelect
            label={common("status")}
            value={table.filters.active}
            onChange={(value) => table.setFilter("active", value)}
            options={activeOptions}
          />
        }
        rowActions={(unit) => (
          <RowActions
            label={unit.abbreviation}
            actions={[
              editAction(`/measure-units/${unit.id}`, canManage),
              toggleActiveAction(unit.active, canManage, () => toggle(unit)),
              deleteAction(canManage, () => confirmDelete.request(unit)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="measure-units"
        exportAs={{ resource: "measure-units", fields: Object.keys(measureUnitListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
