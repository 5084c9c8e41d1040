"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { ArrowLeftRightIcon, FileUpIcon, PlusIcon, ScrollTextIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo, useState } from "react";
import {
  ActiveBadge,
  DataTable,
  deleteAction,
  FilterSelect,
  RowActions,
  toggleActiveAction,
  useBulkActions,
  useTableState,
} from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { MovementDialog } from "@/components/stock/movement-dialog";
import { productNameOf } from "@/components/stock/quantity";
import { AvailableQuantity, ProductThumbnail, StockQuantity } from "@/components/stock/stock-figures";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";
import { stockRecord, type StockRecord } from "@/server/stock/stock/schemas";
import { ImportDialog } from "./import-dialog";

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
  const products = trpc.products.list.useQuery({ perPage: 100, sort: "name", summary: true });
  const utils = trpc.useUtils();
  const remove = trpc.stock.remove.useMutation({ onSuccess: () => utils.stock.invalidate() });
  const [moving, setMoving] = useState<{ record?: StockRecord } | null>(null);
  const [importing, setImporting] = useState(false);
  const confirmDelete = useConfirmDelete<StockRecord>({
    resource: "stock",
    describe: (record) => `${productNameOf(record)} · ${record.warehouse.name}`,
    remove: (record) => remove.mutateAsync({ id: record.id }),
  });
  const bulkSetActive = trpc.stock.bulkSetActive.useMutation();
  const bulkRemove = trpc.stock.bulkRemove.useMutation();
  const bulk = useBulkActions<StockRecord>({
    resource: "stock",
    describe: (record) => `${productNameOf(record)} · ${record.warehouse.name}`,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.stock.invalidate(),
  });
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
              <Link
                href={`/stock/${row.original.id}`}
                className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
              >
                {productNameOf(row.original)}
              </Link>
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
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          canManage && (
            <>
              <Button variant="outline" onClick={() => setImporting(true)}>
                <FileUpIcon aria-hidden />
                {t("import")}
              </Button>
              <Button onClick={() => setMoving({})}>
                <PlusIcon aria-hidden />
                {t("new")}
              </Button>
            </>
          )
        }
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(record) => `/stock/${record.id}`}
        search={t("search")}
        filters={
          <>
            <FilterSelect
              label={t("filters.company")}
              value={company_id}
              onChange={(value) => table.setFilter("company_id", value)}
              options={options(companies.data?.items)}
            />
            <FilterSelect
              label={t("filters.warehouse")}
              value={warehouse_id}
              onChange={(value) => table.setFilter("warehouse_id", value)}
              options={options(warehouses.data?.items)}
            />
            <FilterSelect
              label={t("filters.product")}
              value={product_id}
              onChange={(value) => table.setFilter("product_id", value)}
              options={options(products.data?.items)}
            />
          </>
        }
        rowActions={(record) => (
          <RowActions
            label={productNameOf(record)}
            actions={[
              { label: t("move"), icon: ArrowLeftRightIcon, hidden: !canManage, onSelect: () => setMoving({ record }) },
              { label: t("ledger"), icon: ScrollTextIcon, href: `/stock/${record.id}` },
              toggleActiveAction(record.active, canManage, () => bulk.toggle(record)),
              deleteAction(canManage, () => confirmDelete.request(record)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="stock"
        exportAs={{ resource: "stock", fields: Object.keys(stockRecord.shape), filters: table.filters }}
      />
      <MovementDialog open={moving !== null} onOpenChange={(open) => !open && setMoving(null)} record={moving?.record} />
      <ImportDialog open={importing} onOpenChange={setImporting} records={list.data?.items ?? []} />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
