"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { Badge } from "@/components/ui/badge";
import { useEnumLabel } from "@/lib/i18n";
import { trpc } from "@/lib/trpc";
import { variationListRecord, type VariationListRecord } from "@/server/catalog/variations/schemas";

const column = createColumnHelper<VariationListRecord>();
const SHOWN_VALUES = 6;

export function VariationsList() {
  const t = useTranslations("variations");
  const common = useTranslations("common");
  const displayTypeLabel = useEnumLabel("displayType");
  const canManage = useCan("manage");
  const activeFilter = useActiveFilter();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.variations.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.variations.remove.useMutation();
  const bulkSetActive = trpc.variations.bulkSetActive.useMutation();
  const bulkRemove = trpc.variations.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/variations/${row.original.id}`}>{getValue()}</RecordLink>,
      }),
      column.accessor("values", {
        header: t("fields.values"),
        cell: ({ getValue }) => {
          const values = getValue();
          return (
            <span className="flex flex-wrap gap-1">
              {values.slice(0, SHOWN_VALUES).map((value) => (
                <Badge key={value} variant="muted">
                  {value}
                </Badge>
              ))}
              {values.length > SHOWN_VALUES && (
                <span className="text-xs text-muted-foreground">{common("more", { count: values.length - SHOWN_VALUES })}</span>
              )}
            </span>
          );
        },
      }),
      column.accessor("display_type", {
        header: t("display"),
        enableSorting: true,
        cell: ({ getValue }) => {
          const type = getValue();
          return type ? displayTypeLabel(type) : <span className="text-muted-foreground">—</span>;
        },
      }),
      column.accessor("is_searchable", {
        header: t("fields.is_searchable"),
        enableSorting: true,
        cell: ({ getValue }) => (getValue() ? common("yes") : common("no")),
      }),
      column.accessor("active", {
        header: common("status"),
        enableSorting: true,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
    ],
    [t, common, displayTypeLabel],
  );
  return (
    <ResourceListPage
      resource="variations"
      path="/variations"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(variationListRecord.shape)}
      filters={[activeFilter]}
      describe={(variation) => variation.name}
      canWrite={canManage}
      remove={(variation) => remove.mutateAsync({ id: variation.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.variations.invalidate()}
    />
  );
}
