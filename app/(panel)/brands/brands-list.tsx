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
import { resourceFileUrl } from "@/components/files";
import { useCan, useCurrentUser } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { brandListRecord, type BrandListRecord } from "@/server/catalog/brands/schemas";

const column = createColumnHelper<BrandListRecord>();

export function BrandsList() {
  const t = useTranslations("brands");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const { organizationId } = useCurrentUser();
  const activeOptions = useActiveOptions();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.brands.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.brands.remove.useMutation({ onSuccess: () => utils.brands.invalidate() });
  const confirmDelete = useConfirmDelete<BrandListRecord>({
    resource: "brands",
    describe: (brand) => brand.name,
    remove: (brand) => remove.mutateAsync({ id: brand.id }),
  });
  const bulkSetActive = trpc.brands.bulkSetActive.useMutation();
  const bulkRemove = trpc.brands.bulkRemove.useMutation();
  const bulk = useBulkActions<BrandListRecord>({
    resource: "brands",
    describe: (brand) => brand.name,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.brands.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link
            href={`/brands/${row.original.id}`}
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
      column.accessor("resource_file_id", {
        header: t("mainImage"),
        cell: ({ row, getValue }) => {
          const id = getValue();
          return id ? (
            // eslint-disable-next-line @next/next/no-img-element -- served by the API, any size, no optimizer in between
            <img
              src={resourceFileUrl(organizationId, id)}
              alt={t("thumbnailAlt", { name: row.original.name })}
              loading="lazy"
              className="size-10 rounded border object-cover"
            />
          ) : (
            <span className="text-muted-foreground">—</span>
          );
        },
      }),
    ],
    [t, common, organizationId],
  );

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/brands/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(brand) => `/brands/${brand.id}`}
        search={t("search")}
        filters={
          <FilterSelect
            label={common("status")}
            value={table.filters.active}
            onChange={(value) => table.setFilter("active", value)}
            options={activeOptions}
          />
        }
        rowActions={(brand) => (
          <RowActions
            label={brand.name}
            actions={[
              editAction(`/brands/${brand.id}`, canManage),
              toggleActiveAction(brand.active, canManage, () => bulk.toggle(brand)),
              deleteAction(canManage, () => confirmDelete.request(brand)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="brands"
        exportAs={{ resource: "brands", fields: Object.keys(brandListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
