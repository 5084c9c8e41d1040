"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { productLabel, useProductOptions } from "@/components/catalog/lookups";
import { RecordLink, ResourceListPage, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { alternativeUnitListRecord, type AlternativeUnitListRecord } from "@/server/catalog/alternative-units/schemas";

const column = createColumnHelper<AlternativeUnitListRecord>();

export function AlternativeUnitsList() {
  const t = useTranslations("alternativeUnits");
  const format = useFormat();
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "unit_abbreviation", filters: ["product_id"] });
  const productId = table.filters.product_id;
  const list = trpc.alternativeUnits.list.useQuery({ ...table.paging, product_id: productId }, { placeholderData: keepPreviousData });

  // The products of this page, by id (the list record names only the product's id).
  const productIds = useMemo(() => [...new Set((list.data?.items ?? []).map((item) => item.product_id))], [list.data]);
  const products = trpc.products.list.useQuery(
    { product_ids: productIds, perPage: 100 },
    { enabled: productIds.length > 0, placeholderData: keepPreviousData },
  );
  const productNames = useMemo(() => new Map((products.data?.items ?? []).map((item) => [item.id, productLabel(item)])), [products.data]);

  const utils = trpc.useUtils();
  const remove = trpc.alternativeUnits.remove.useMutation();
  const bulkRemove = trpc.alternativeUnits.bulkRemove.useMutation();
  const describe = (unit: AlternativeUnitListRecord) =>
    t("describe", { unit: unit.unit_abbreviation, product: productNames.get(unit.product_id) ?? t("theProduct") });

  const columns = useMemo(
    () => [
      column.accessor("product_id", {
        header: t("fields.product_id"),
        cell: ({ getValue }) => productNames.get(getValue()) ?? <span className="text-muted-foreground">…</span>,
      }),
      column.accessor("unit_abbreviation", {
        header: t("fields.unit_id"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <RecordLink href={`/alternative-units/${row.original.id}`}>
            {getValue()} — {row.original.unit_name}
          </RecordLink>
        ),
      }),
      column.accessor("quantity", {
        header: t("fields.quantity"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{format.number(getValue(), { maxDecimals: 6 })}</span>,
      }),
      column.accessor("value_multiplier", {
        header: t("fields.value_multiplier"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{format.number(getValue(), { maxDecimals: 6 })}</span>,
      }),
      column.accessor("decimals_for_quantity", {
        header: t("fields.decimals_for_quantity"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
      }),
    ],
    [productNames, t, format],
  );

  return (
    <ResourceListPage
      resource="alternativeUnits"
      path="/alternative-units"
      create={productId ? `/alternative-units/new?product_id=${productId}` : undefined}
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(alternativeUnitListRecord.shape)}
      filters={[
        { kind: "lookup", name: "product_id", label: t("fields.product_id"), useOptions: useProductOptions, allLabel: t("allProducts") },
      ]}
      describe={describe}
      canWrite={canManage}
      remove={(unit) => remove.mutateAsync({ id: unit.id })}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.alternativeUnits.invalidate()}
    />
  );
}
