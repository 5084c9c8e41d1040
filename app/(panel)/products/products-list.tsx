"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { ImageIcon, LayersIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import {
  ActiveBadge,
  booleanFilter,
  DataTable,
  deleteAction,
  editAction,
  FilterLookup,
  FilterSelect,
  NewRecordLink,
  RowActions,
  toggleActiveAction,
  useBulkActions,
  useActiveOptions,
  useTableState,
} from "@/components/data-table";
import { useBrandOptions, useCategoryPaths } from "@/components/catalog/lookups";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { EMPTY, useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { product as productRecord, type Product, type ProductListRecord } from "@/server/catalog/products/schemas";

const column = createColumnHelper<Product>();

/** The list answers whole products unless asked for `summary`, which the panel never is. */
const isWhole = (record: ProductListRecord): record is Product => "categories" in record;

function Thumbnail({ product }: { product: Product }) {
  const t = useTranslations("products");
  return product.main_image_url ? (
    // eslint-disable-next-line @next/next/no-img-element -- served by the API, any size, no optimizer in between
    <img
      src={product.main_image_url}
      alt={t("thumbnailAlt", { name: product.name })}
      loading="lazy"
      className="size-10 rounded border object-cover"
    />
  ) : (
    <span className="flex size-10 items-center justify-center rounded border bg-muted text-muted-foreground" title={t("noImage")}>
      <ImageIcon className="size-4" aria-hidden />
      <span className="sr-only">{t("noImage")}</span>
    </span>
  );
}

export function ProductsList() {
  const t = useTranslations();
  const canManage = useCan("manage");
  const activeOptions = useActiveOptions();
  const format = useFormat();
  // No default sort: by name, or by relevance while searching (the ranking of POST /products/search).
  const table = useTableState({ defaultSort: "", filters: ["active", "brand_id", "category_id"] });
  const list = trpc.products.list.useQuery(
    {
      ...table.paging,
      active: booleanFilter(table.filters.active),
      brand_id: table.filters.brand_id,
      category_id: table.filters.category_id,
    },
    { placeholderData: keepPreviousData },
  );
  const rows = useMemo(() => list.data && { ...list.data, items: list.data.items.filter(isWhole) }, [list.data]);
  const { paths: categories } = useCategoryPaths();
  const utils = trpc.useUtils();
  const remove = trpc.products.remove.useMutation({ onSuccess: () => utils.products.invalidate() });
  const confirmDelete = useConfirmDelete<Product>({
    resource: "products",
    describe: (product) => product.name,
    remove: (product) => remove.mutateAsync({ id: product.id }),
  });
  const bulkSetActive = trpc.products.bulkSetActive.useMutation();
  const bulkRemove = trpc.products.bulkRemove.useMutation();
  const bulk = useBulkActions<Product>({
    resource: "products",
    describe: (product) => product.name,
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.products.invalidate(),
  });
  const columns = useMemo(
    () => [
      // The name with its thumbnail: the first column titles the row's card on phones.
      column.accessor("name", {
        header: t("products.fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <span className="flex items-center gap-3">
            <Thumbnail product={row.original} />
            <Link
              href={`/products/${row.original.id}`}
              className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
            >
              {getValue()}
            </Link>
          </span>
        ),
      }),
      column.accessor("sku", {
        header: t("products.fields.sku"),
        enableSorting: true,
        cell: ({ getValue }) => <code className="font-mono text-xs">{getValue()}</code>,
      }),
      column.accessor("price", {
        header: t("products.fields.price"),
        enableSorting: true,
        cell: ({ getValue }) => {
          const price = getValue();
          return <span className="tabular-nums">{price === null ? t("products.withoutPrice") : format.money(price)}</span>;
        },
      }),
      column.accessor((product) => product.brand?.name ?? EMPTY, { id: "brand", header: t("products.fields.brand_id") }),
      column.accessor((product) => product.categories.map((category) => category.name).join(", ") || EMPTY, {
        id: "categories",
        header: t("products.fields.category_ids"),
      }),
      column.accessor("active", {
        header: t("common.status"),
        enableSorting: true,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
    ],
    [t, format],
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
        query={{ data: rows, isPending: list.isPending, isFetching: list.isFetching, error: list.error, refetch: list.refetch }}
        rowHref={(product) => `/products/${product.id}`}
        search={t("products.search")}
        filters={
          <>
            <FilterSelect
              label={t("common.status")}
              value={table.filters.active}
              onChange={(value) => table.setFilter("active", value)}
              options={activeOptions}
            />
            <FilterLookup
              label={t("brands.one")}
              value={table.filters.brand_id}
              onChange={(value) => table.setFilter("brand_id", value)}
              useOptions={useBrandOptions}
            />
            <FilterSelect
              label={t("categories.one")}
              value={table.filters.category_id}
              onChange={(value) => table.setFilter("category_id", value)}
              options={categories}
            />
          </>
        }
        rowActions={(product) => (
          <RowActions
            label={product.name}
            actions={[
              editAction(`/products/${product.id}`, canManage),
              { label: t("alternativeUnits.title"), icon: LayersIcon, href: `/alternative-units?product_id=${product.id}` },
              toggleActiveAction(product.active, canManage, () => bulk.toggle(product)),
              deleteAction(canManage, () => confirmDelete.request(product)),
            ]}
          />
        )}
        emptyMessage={t("products.empty")}
        selection={bulk.selection}
        views="products"
        exportAs={{ resource: "products", fields: Object.keys(productRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
