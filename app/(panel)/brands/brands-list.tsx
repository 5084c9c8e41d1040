"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { resourceFileUrl } from "@/components/files";
import { useCan, useCurrentUser } from "@/components/panel/current-user";
import { trpc } from "@/lib/trpc";
import { brandListRecord, type BrandListRecord } from "@/server/catalog/brands/schemas";

const column = createColumnHelper<BrandListRecord>();

export function BrandsList() {
  const t = useTranslations("brands");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const { organizationId } = useCurrentUser();
  const activeFilter = useActiveFilter();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.brands.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.brands.remove.useMutation();
  const bulkSetActive = trpc.brands.bulkSetActive.useMutation();
  const bulkRemove = trpc.brands.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/brands/${row.original.id}`}>{getValue()}</RecordLink>,
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
    <ResourceListPage
      resource="brands"
      path="/brands"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(brandListRecord.shape)}
      filters={[activeFilter]}
      describe={(brand) => brand.name}
      canWrite={canManage}
      remove={(brand) => remove.mutateAsync({ id: brand.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.brands.invalidate()}
    />
  );
}
