"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { trpc } from "@/lib/trpc";
import { measureUnitListRecord, type MeasureUnitListRecord } from "@/server/catalog/measure-units/schemas";
import { useToggleMeasureUnit } from "./measure-unit-form";

const column = createColumnHelper<MeasureUnitListRecord>();

export function MeasureUnitsList() {
  const t = useTranslations("measureUnits");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const activeFilter = useActiveFilter();
  const table = useTableState({ defaultSort: "abbreviation", filters: ["active"] });
  const list = trpc.measureUnits.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.measureUnits.remove.useMutation();
  const { toggle } = useToggleMeasureUnit();
  const bulkSetActive = trpc.measureUnits.bulkSetActive.useMutation();
  const bulkRemove = trpc.measureUnits.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("abbreviation", {
        header: t("fields.abbreviation"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/measure-units/${row.original.id}`}>{getValue()}</RecordLink>,
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
    <ResourceListPage
      resource="measureUnits"
      path="/measure-units"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(measureUnitListRecord.shape)}
      filters={[activeFilter]}
      describe={(unit) => `${unit.abbreviation} — ${unit.description}`}
      rowLabel={(unit) => unit.abbreviation}
      canWrite={canManage}
      remove={(unit) => remove.mutateAsync({ id: unit.id })}
      toggle={toggle}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.measureUnits.invalidate()}
    />
  );
}
