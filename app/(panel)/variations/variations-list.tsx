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
  const activeOptions = useActiveOptions();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.variations.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.variations.remove.useMutation({ onSuccess: () => utils.variations.invalidate() });
  const confirmDelete = useConfirmDelete<VariationListRecord>({
    resource: "variations",
    describe: (variation) => variation.name,
    remove: (variation) => remove.mutateAsync({ id: variation.id }),
  });
  const bulkSetActive = trpc.variations.bulkSetActive.useMutation();
  const bulkRemove = trpc.variations.bulkRemove.useMutation();
  const bulk = useBulkActions<VariationListRecord>({
    resource: "variations",
    describe: (variation) => variation.name,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.variations.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link
            href={`/variations/${row.original.id}`}
            className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {getValue()}
          </Link>
        ),
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
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/variations/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(variation) => `/variations/${variation.id}`}
        search={t("search")}
        filters={
          <FilterSelect
            label={common("status")}
            value={table.filters.active}
            onChange={(value) => table.setFilter("active", value)}
            options={activeOptions}
          />
        }
        rowActions={(variation) => (
          <RowActions
            label={variation.name}
            actions={[
              editAction(`/variations/${variation.id}`, canManage),
              toggleActiveAction(variation.active, canManage, () => bulk.toggle(variation)),
              deleteAction(canManage, () => confirmDelete.request(variation)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="variations"
        exportAs={{ resource: "variations", fields: Object.keys(variationListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
