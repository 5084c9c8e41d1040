"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { LayersIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { ActiveBadge, DataTable, deleteAction, editAction, FilterSelect, NewRecordLink, RowActions, useOnlyActiveOptions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";
import type { ProductListRecord } from "@/server/catalog/products/schemas";

const column = createColumnHelper<ProductListRecord>();

export function ProductsList() {
  const t = useTranslations();
  const canManage = useCan("manage");
  const onlyActiveOptions = useOnlyActiveOptions();
  const table = useTableState({ defaultSort: "name", filters: ["only_active"] });
  const list = trpc.products.list.useQuery({ ...table.paging, only_active: table.filters.only_active === "true" }, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const remove = trpc.products.remove.useMutation({ onSuccess: () => utils.products.invalidate() });
  const confirmDelete = useConfirmDelete<ProductListRecord>({
    resource: "products",
    describe: (product) => product.name,
    remove: (product) => remove.mutateAsync({ id: product.id }),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("products.fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link href={`/products/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
            {getValue()}
          </Link>
        ),
      }),
      column.accessor("sku", { header: t("products.fields.sku"), enableSorting: true, cell: ({ getValue }) => <code className="font-mono text-xs">{getValue()}</code> }),
      column.accessor("active", { header: t("common.status"), enableSorting: true, cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t("products.title")}
        description={t("products.description")}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link href="/alternative-units">
                <LayersIcon aria-hidden />
                {t("alternativeUnits.title")}
              </Link>
            </Button>
            {canManage && <NewRecordLink href="/products/new">{t("products.new")}</NewRecordLink>}
          </>
        }
      />
      <DataTable
        label={t("products.title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(product) => `/products/${product.id}`}
        search={t("products.search")}
        filters={
          <FilterSelect label={t("common.status")} value={table.filters.only_active} onChange={(value) => table.setFilter("only_active", value)} options={onlyActiveOptions} />
        }
        rowActions={(product) => (
          <RowActions
            label={product.name}
            actions={[
              editAction(`/products/${product.id}`, canManage),
              { label: t("alternativeUnits.title"), icon: LayersIcon, href: `/alternative-units?product_id=${product.id}` },
              deleteAction(canManage, () => confirmDelete.request(product)),
            ]}
          />
        )}
        emptyMessage={t("products.empty")}
      />
      {confirmDelete.dialog}
    </>
  );
}
