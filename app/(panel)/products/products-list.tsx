"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { ImageIcon, LayersIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useBrandOptions, useCategoryPaths } from "@/components/catalog/lookups";
import { ImportButton } from "@/components/imports/import-dialog";
import { useCan } from "@/components/panel/current-user";
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
  const activeFilter = useActiveFilter();
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
  const remove = trpc.products.remove.useMutation();
  const bulkSetActive = trpc.products.bulkSetActive.useMutation();
  const bulkRemove = trpc.products.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      // The name with its thumbnail: the first column titles the row's card on phones.
      column.accessor("name", {
        header: t("products.fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <span className="flex items-center gap-3">
            <Thumbnail product={row.original} />
            <RecordLink href={`/products/${row.original.id}`}>{getValue()}</RecordLink>
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
    <ResourceListPage
      resource="products"
      path="/products"
      headerActions={
        <>
          <Button variant="outline" asChild>
            <Link href="/alternative-units">
              <LayersIcon aria-hidden />
              {t("alternativeUnits.title")}
            </Link>
          </Button>
          {canManage && <ImportButton kind="products" onApplied={() => void utils.products.invalidate()} />}
        </>
      }
      table={table}
      query={{ data: rows, isPending: list.isPending, isFetching: list.isFetching, error: list.error, refetch: list.refetch }}
      columns={columns}
      fields={Object.keys(productRecord.shape)}
      filters={[
        activeFilter,
        { kind: "lookup", name: "brand_id", label: t("brands.one"), useOptions: useBrandOptions },
        { name: "category_id", label: t("categories.one"), options: categories },
      ]}
      describe={(product) => product.name}
      canWrite={canManage}
      remove={(product) => remove.mutateAsync({ id: product.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.products.invalidate()}
      actions={(product) => [{ label: t("alternativeUnits.title"), icon: LayersIcon, href: `/alternative-units?product_id=${product.id}` }]}
    />
  );
}
