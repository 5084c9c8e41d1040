"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { ArrowLeftRightIcon, PlusIcon, ScrollTextIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { ActiveBadge, RecordLink, ResourceListPage, useTableState } from "@/components/data-table";
import { useProductOptions } from "@/components/catalog/lookups";
import { ImportButton } from "@/components/imports/import-dialog";
import { useCan } from "@/components/panel/current-user";
import { MovementDialog } from "@/components/stock/movement-dialog";
import { productNameOf } from "@/components/stock/quantity";
import { AvailableQuantity, ProductThumbnail, StockQuantity } from "@/components/stock/stock-figures";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";
import { stockRecord, type StockRecord } from "@/server/stock/stock/schemas";

const column = createColumnHelper<StockRecord>();

export function StockList() {
  const t = useTranslations("stock");
  const common = useTranslations("common");
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "product", filters: ["company_id", "warehouse_id", "product_id"] });
  const { company_id, warehouse_id, product_id } = table.filters;
  const list = trpc.stock.list.useQuery({ ...table.paging, company_id, warehouse_id, product_id }, { placeholderData: keepPreviousData });
  const companies = trpc.companies.list.useQuery({ perPage: 100, sort: "name" });
  const warehouses = trpc.warehouses.list.useQuery({ perPage: 100, sort: "name" });
  const utils = trpc.useUtils();
  const remove = trpc.stock.remove.useMutation();
  const [moving, setMoving] = useState<{ record?: StockRecord } | null>(null);
  const bulkSetActive = trpc.stock.bulkSetActive.useMutation();
  const bulkRemove = trpc.stock.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("product", {
        id: "product",
        header: t("fields.product"),
        enableSorting: true,
        cell: ({ row }) => (
          <span className="flex items-center gap-3">
            <ProductThumbnail url={row.original.product.main_image_url} name={productNameOf(row.original)} />
            <span className="grid">
              <RecordLink href={`/stock/${row.original.id}`}>{productNameOf(row.original)}</RecordLink>
              <code className="font-mono text-xs text-muted-foreground">{row.original.product.sku}</code>
            </span>
          </span>
        ),
      }),
      column.accessor((record) => record.warehouse.name, { id: "warehouse", header: t("fields.warehouse") }),
      column.accessor((record) => record.company.name, { id: "company", header: t("fields.company") }),
      column.accessor("total", {
        header: t("fields.total"),
        enableSorting: true,
        cell: ({ row }) => <StockQuantity record={row.original} value={row.original.total} />,
      }),
      column.accessor("reserved", {
        header: t("fields.reserved"),
        enableSorting: true,
        cell: ({ row }) => <StockQuantity record={row.original} value={row.original.reserved} />,
      }),
      column.accessor("available", { header: t("fields.available"), cell: ({ row }) => <AvailableQuantity record={row.original} /> }),
      column.accessor("active", {
        header: common("status"),
        enableSorting: true,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
    ],
    [t, common],
  );
  const options = (items: Array<{ id: string; name: string }> | undefined) =>
    (items ?? []).map((item) => ({ value: item.id, label: item.name }));
  return (
    <ResourceListPage
      resource="stock"
      path="/stock"
      create={false}
      headerActions={
        canManage && (
          <>
            <ImportButton kind="stock" onApplied={() => void utils.stock.invalidate()} />
            <Button onClick={() => setMoving({})}>
              <PlusIcon aria-hidden />
              {t("new")}
            </Button>
          </>
        )
      }
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(stockRecord.shape)}
      filters={[
        { name: "company_id", label: t("filters.company"), options: options(companies.data?.items) },
        { name: "warehouse_id", label: t("filters.warehouse"), options: options(warehouses.data?.items) },
        { kind: "lookup", name: "product_id", label: t("filters.product"), useOptions: useProductOptions },
      ]}
      describe={(record) => `${productNameOf(record)} · ${record.warehouse.name}`}
      rowLabel={productNameOf}
      canWrite={canManage}
      edit={false}
      remove={(record) => remove.mutateAsync({ id: record.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.stock.invalidate()}
      actions={(record) => [
        { label: t("move"), icon: ArrowLeftRightIcon, hidden: !canManage, onSelect: () => setMoving({ record }) },
        { label: t("ledger"), icon: ScrollTextIcon, href: `/stock/${record.id}` },
      ]}
    >
      <MovementDialog open={moving !== null} onOpenChange={(open) => !open && setMoving(null)} record={moving?.record} />
    </ResourceListPage>
  );
}
