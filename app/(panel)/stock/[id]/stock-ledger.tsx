"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { ArrowLeftRightIcon, ClipboardCheckIcon, PowerIcon, PowerOffIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { ActiveBadge, DataTable, useTableState } from "@/components/data-table";
import { listHref } from "@/components/data-table/use-table-state";
import { Breadcrumbs } from "@/components/panel/breadcrumbs";
import { useCan } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { useOrderName } from "@/components/records/order-name";
import { RecordActivity } from "@/components/records/record-activity";
import { FormSkeleton, useConfirmDelete } from "@/components/resource-form";
import { MovementDialog } from "@/components/stock/movement-dialog";
import { OverrideDialog } from "@/components/stock/override-dialog";
import { productNameOf } from "@/components/stock/quantity";
import { AvailableQuantity, ProductThumbnail, StockQuantity } from "@/components/stock/stock-figures";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useFormat } from "@/lib/format";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import type { StockMovement, StockRecord } from "@/server/stock/stock/schemas";

const column = createColumnHelper<StockMovement>();

/** One stock record: its figures, its actions and its ledger, paged. */
export function StockLedger({ id }: { id: string }) {
  const t = useTranslations();
  const record = trpc.stock.get.useQuery({ id });
  const row = record.data;
  const breadcrumbs = (
    <Breadcrumbs
      items={[
        { label: t("stock.title"), href: listHref("/stock") },
        { label: row ? `${productNameOf(row)} · ${row.warehouse.name}` : t("stock.one") },
      ]}
    />
  );
  if (record.error) return <LoadFailure error={record.error} breadcrumbs={breadcrumbs} onRetry={() => void record.refetch()} />;
  if (!row) return <FormSkeleton label={t("stock.one")} />;
  return <Ledger record={row} breadcrumbs={breadcrumbs} />;
}

function Ledger({ record, breadcrumbs }: { record: StockRecord; breadcrumbs: React.ReactNode }) {
  const t = useTranslations("stock");
  const orderName = useOrderName();
  const common = useTranslations("common");
  const activity = useTranslations("activity");
  const format = useFormat();
  const router = useRouter();
  const problems = useProblemMessages();
  const canManage = useCan("manage");
  const [dialog, setDialog] = useState<"move" | "override" | null>(null);
  const table = useTableState({ defaultSort: "created_at", defaultDir: "desc" });
  const movements = trpc.stock.movements.useQuery({ id: record.id, ...table.paging }, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const enable = trpc.stock.enable.useMutation({ onSuccess: () => utils.stock.invalidate() });
  const disable = trpc.stock.disable.useMutation({ onSuccess: () => utils.stock.invalidate() });
  const remove = trpc.stock.remove.useMutation({ onSuccess: () => utils.stock.list.invalidate() });
  const confirmDelete = useConfirmDelete<StockRecord>({
    resource: "stock",
    describe: (row) => `${productNameOf(row)} · ${row.warehouse.name}`,
    remove: (row) => remove.mutateAsync({ id: row.id }),
    onDeleted: () => router.push(listHref("/stock")),
  });
  const quantity = (value: number) => <StockQuantity record={record} value={value} />;
  const columns = useMemo(
    () => [
      column.accessor("created_at", {
        header: t("when"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums whitespace-nowrap">{format.dateTime(getValue())}</span>,
      }),
      column.accessor("type", {
        header: t("fields.type"),
        cell: ({ getValue }) => <Badge variant="secondary">{t(`types.${getValue()}`)}</Badge>,
      }),
      column.accessor("quantity", { header: t("fields.quantity"), cell: ({ getValue }) => quantity(getValue()) }),
      column.display({
        id: "total",
        header: t("fields.total"),
        cell: ({ row }) => (
          <>
            <span aria-hidden>
              {quantity(row.original.total_before)} → {quantity(row.original.total_after)}
            </span>
            <span className="sr-only">{`${t("before")} ${quantity(row.original.total_before)}, ${t("after")} ${quantity(row.original.total_after)}`}</span>
          </>
        ),
      }),
      column.display({
        id: "reserved",
        header: t("fields.reserved"),
        cell: ({ row }) => (
          <>
            <span aria-hidden>
              {quantity(row.original.reserved_before)} → {quantity(row.original.reserved_after)}
            </span>
            <span className="sr-only">{`${t("before")} ${quantity(row.original.reserved_before)}, ${t("after")} ${quantity(row.original.reserved_after)}`}</span>
          </>
        ),
      }),
      column.accessor("reason", {
        header: t("fields.reason"),
        // An order's movements are told in words, with the order a click away (contract §10).
        cell: ({ row, getValue }) => {
          const { order_id: orderId, order_number: number } = row.original;
          return orderId && number !== null ? (
            <span className="grid gap-0.5">
              <span>{t(`orderReasons.${row.original.type}`)}</span>
              <Link className="text-xs underline" href={`/orders/${orderId}`}>
                {orderName({ number })}
              </Link>
            </span>
          ) : (
            (getValue() ?? "—")
          );
        },
      }),
      column.accessor("reference_id", {
        header: t("fields.reference_id"),
        cell: ({ getValue }) => (getValue() ? <code className="font-mono text-xs">{getValue()}</code> : "—"),
      }),
      column.accessor("actor", {
        header: t("who"),
        cell: ({ getValue }) => {
          const actor = getValue();
          if (actor.kind === "system") return t("system");
          return actor.kind === "access_key" ? t("accessKey", { name: actor.name ?? actor.id ?? "" }) : (actor.name ?? actor.id);
        },
      }),
    ],
    // quantity depends on the record only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, format, record, orderName],
  );
  const toggle = () =>
    (record.active ? disable : enable).mutateAsync({ id: record.id }).catch((error: unknown) => problems.toastError(error));
  return (
    <>
      <PageHeader
        title={t("ledgerTitle", { product: productNameOf(record) })}
        description={t("ledgerDescription", { warehouse: record.warehouse.name, company: record.company.name })}
        actions={
          canManage && (
            <>
              <Button onClick={() => setDialog("move")}>
                <ArrowLeftRightIcon aria-hidden />
                {t("move")}
              </Button>
              <Button variant="outline" onClick={() => setDialog("override")}>
                <ClipboardCheckIcon aria-hidden />
                {t("override")}
              </Button>
              <Button variant="outline" onClick={() => void toggle()}>
                {record.active ? <PowerOffIcon aria-hidden /> : <PowerIcon aria-hidden />}
                {record.active ? common("disable") : common("enable")}
              </Button>
              <Button variant="outline" onClick={() => confirmDelete.request(record)}>
                <Trash2Icon aria-hidden />
                {common("delete")}
              </Button>
            </>
          )
        }
      >
        {breadcrumbs}
      </PageHeader>
      <dl className="mb-6 flex flex-wrap items-center gap-x-8 gap-y-3 rounded-md border p-4 text-sm">
        <div className="flex items-center gap-3">
          <dt className="sr-only">{t("fields.product")}</dt>
          <dd className="flex items-center gap-3">
            <ProductThumbnail url={record.product.main_image_url} name={productNameOf(record)} />
            <span className="font-mono text-xs">{record.product.sku}</span>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("fields.total")}</dt>
          <dd className="text-lg font-semibold" data-testid="stock-total">
            {quantity(record.total)} {record.product.measure_unit?.abbreviation}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("fields.reserved")}</dt>
          <dd className="text-lg font-semibold" data-testid="stock-reserved">
            {quantity(record.reserved)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("fields.available")}</dt>
          <dd className="text-lg font-semibold" data-testid="stock-available">
            <AvailableQuantity record={record} />
          </dd>
        </div>
        <div>
          <dt className="sr-only">{common("status")}</dt>
          <dd>
            <ActiveBadge active={record.active} />
          </dd>
        </div>
      </dl>
      <h2 className="mb-3 text-lg font-semibold">{t("ledger")}</h2>
      <DataTable label={t("ledger")} columns={columns} state={table} query={movements} search={false} emptyMessage={t("ledgerEmpty")} />
      <aside className="mt-6 grid items-start gap-6 md:grid-cols-2" aria-label={activity("aside")}>
        <RecordActivity entity="stock" id={record.id} version={record.active} />
      </aside>
      <MovementDialog open={dialog === "move"} onOpenChange={(open) => setDialog(open ? "move" : null)} record={record} />
      <OverrideDialog open={dialog === "override"} onOpenChange={(open) => setDialog(open ? "override" : null)} record={record} />
      {confirmDelete.dialog}
    </>
  );
}
