"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { productLabel } from "@/components/catalog/lookups";
import {
  DataTable,
  deleteAction,
  editAction,
  FilterSelect,
  NewRecordLink,
  RowActions,
  useTableState,
  useBulkActions,
} from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
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

  // The filter's choices: the first products by name, plus the chosen one.
  const choices = trpc.products.list.useQuery({ perPage: 100, sort: "name" });
  const chosen = trpc.products.get.useQuery({ id: productId ?? "" }, { enabled: Boolean(productId) });
  const productOptions = useMemo(() => {
    const options = (choices.data?.items ?? []).map((item) => ({ value: item.id, label: productLabel(item) }));
    if (chosen.data && !options.some((option) => option.value === chosen.data.id))
      options.unshift({ value: chosen.data.id, label: productLabel(chosen.data) });
    return options;
  }, [choices.data, chosen.data]);

  const utils = trpc.useUtils();
  const remove = trpc.alternativeUnits.remove.useMutation({ onSuccess: () => utils.alternativeUnits.invalidate() });
  const confirmDelete = useConfirmDelete<AlternativeUnitListRecord>({
    resource: "alternativeUnits",
    describe: (unit) => t("describe", { unit: unit.unit_abbreviation, product: productNames.get(unit.product_id) ?? t("theProduct") }),
    remove: (unit) => remove.mutateAsync({ id: unit.id }),
  });
  const bulkRemove = trpc.alternativeUnits.bulkRemove.useMutation();
  const bulk = useBulkActions<AlternativeUnitListRecord>({
    resource: "alternativeUnits",
    describe: (unit) => t("describe", { unit: unit.unit_abbreviation, product: productNames.get(unit.product_id) ?? t("theProduct") }),
    canWrite: canManage,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.alternativeUnits.invalidate(),
  });

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
          <Link
            href={`/alternative-units/${row.original.id}`}
            className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {getValue()} — {row.original.unit_name}
          </Link>
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
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          canManage && (
            <NewRecordLink href={productId ? `/alternative-units/new?product_id=${productId}` : "/alternative-units/new"}>
              {t("new")}
            </NewRecordLink>
          )
        }
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(unit) => `/alternative-units/${unit.id}`}
        search={t("search")}
        filters={
          <FilterSelect
            label={t("fields.product_id")}
            value={productId}
            onChange={(value) => table.setFilter("product_id", value)}
            options={productOptions}
            allLabel={t("allProducts")}
          />
        }
        rowActions={(unit) => (
          <RowActions
            label={t("describe", { unit: unit.unit_abbreviation, product: productNames.get(unit.product_id) ?? t("theProduct") })}
            actions={[editAction(`/alternative-units/${unit.id}`, canManage), deleteAction(canManage, () => confirmDelete.request(unit))]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="alternative-units"
        exportAs={{ resource: "alternative-units", fields: Object.keys(alternativeUnitListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
