"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { ResourceListPage, useTableState, type RowGroups } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { Badge } from "@/components/ui/badge";
import { useEnumLabel, useEnumOptions } from "@/lib/i18n";
import { trpc } from "@/lib/trpc";
import { statusListRecord, statusTypes, type StatusListRecord, type StatusType } from "@/server/settings/statuses/schemas";
import { StatusChip } from "./status-chip";

const column = createColumnHelper<StatusListRecord>();

const isStatusType = (value: string | undefined): value is StatusType => statusTypes.includes(value as StatusType);

/** The statuses grouped by type (orders, sales, financial records), each group in its order. */
export function StatusesList() {
  const t = useTranslations("statuses");
  const typeLabel = useEnumLabel("statusType");
  const phaseLabel = useEnumLabel("orderPhase");
  const typeOptions = useEnumOptions("statusType", statusTypes);
  const canManage = useCan("manage");
  // A type's statuses are few: a page of 100 shows every group whole.
  const table = useTableState({ defaultSort: "order", defaultPerPage: 100, filters: ["type"] });
  const type = isStatusType(table.filters.type) ? table.filters.type : undefined;
  const list = trpc.statuses.list.useQuery({ ...table.paging, type }, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const remove = trpc.statuses.remove.useMutation();
  const bulkRemove = trpc.statuses.bulkRemove.useMutation();
  const groups = useMemo<RowGroups<StatusListRecord>>(
    () => ({ key: (status) => status.type, order: statusTypes, label: (key) => t("group", { type: typeLabel(key) }) }),
    [t, typeLabel],
  );
  const columns = useMemo(
    () => [
      column.accessor("title", {
        header: t("fields.title"),
        enableSorting: true,
        cell: ({ row }) => (
          <Link
            href={`/statuses/${row.original.id}`}
            className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={row.original.title}
          >
            <StatusChip title={row.original.title} background={row.original.background_color} font={row.original.font_color} />
          </Link>
        ),
      }),
      column.accessor("type", { header: t("fields.type"), enableSorting: true, cell: ({ getValue }) => typeLabel(getValue()) }),
      column.accessor("phase", { header: t("fields.phase"), cell: ({ getValue }) => phaseLabel(getValue()) }),
      column.accessor("order", {
        header: t("fields.order"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
      }),
      column.display({
        id: "flags",
        header: t("flags"),
        cell: ({ row }) => (
          <div className="flex gap-1">
            {row.original.is_initial && <Badge variant="secondary">{t("fields.is_initial")}</Badge>}
            {row.original.is_final && <Badge variant="muted">{t("fields.is_final")}</Badge>}
          </div>
        ),
      }),
    ],
    [t, typeLabel, phaseLabel],
  );

  return (
    <ResourceListPage
      resource="statuses"
      path="/statuses"
      table={table}
      query={list}
      columns={columns}
      groups={groups}
      fields={Object.keys(statusListRecord.shape)}
      filters={[{ name: "type", label: t("fields.type"), options: typeOptions }]}
      describe={(status) => `${status.title} (${typeLabel(status.type)})`}
      rowLabel={(status) => status.title}
      canWrite={canManage}
      remove={(status) => remove.mutateAsync({ id: status.id })}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.statuses.invalidate()}
    />
  );
}
