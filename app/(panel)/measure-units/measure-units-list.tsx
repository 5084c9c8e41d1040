"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { ActiveBadge, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, onlyActiveOptions, RowActions, toggleActiveAction, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import type { MeasureUnitListRecord } from "@/server/catalog/measure-units/schemas";
import { useToggleMeasureUnit } from "./measure-unit-form";

const column = createColumnHelper<MeasureUnitListRecord>();

const columns = [
  column.accessor("abbreviation", {
    header: "Abbreviation",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/measure-units/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("description", { header: "Description", enableSorting: true }),
  column.accessor("decimals_for_quantity", {
    header: "Decimals",
    enableSorting: true,
    cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
  }),
  column.accessor("active", { header: "Status", enableSorting: true, cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
];

export function MeasureUnitsList() {
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "abbreviation", filters: ["only_active"] });
  const list = trpc.measureUnits.list.useQuery(
    { ...table.paging, only_active: table.filters.only_active === "true" },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.measureUnits.remove.useMutation({ onSuccess: () => utils.measureUnits.invalidate() });
  const { toggle } = useToggleMeasureUnit();
  const confirmDelete = useConfirmDelete<MeasureUnitListRecord>({
    noun: "measure unit",
    describe: (unit) => `${unit.abbreviation} — ${unit.description}`,
    remove: (unit) => remove.mutateAsync({ id: unit.id }),
  });
  return (
    <>
      <PageHeader
        title="Measure units"
        description="The units products are counted and sold in (UN, CX, KG, ...)."
        actions={canManage && <NewRecordLink href="/measure-units/new">New measure unit</NewRecordLink>}
      />
      <DataTable
        label="Measure units"
        columns={columns}
        state={table}
        query={list}
        search="Search measure units…"
        filters={
          <FilterSelect
            label="Status"
            value={table.filters.only_active}
            onChange={(value) => table.setFilter("only_active", value)}
            options={onlyActiveOptions}
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
        emptyMessage="No measure units yet."
      />
      {confirmDelete.dialog}
    </>
  );
}
