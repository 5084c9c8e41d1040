"use client";

import { CopyIcon, FileDownIcon, PencilIcon, PrinterIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { uploadFiles } from "@/components/files";
import { Breadcrumbs } from "@/components/panel/breadcrumbs";
import { LoadFailure } from "@/components/panel/load-failure";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useOrderName } from "@/components/records/order-name";
import { RecordActivity } from "@/components/records/record-activity";
import { FormSkeleton } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { today } from "@/lib/dates";
import { useFormat } from "@/lib/format";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { formatNfeKey } from "@/server/lib/nfe-key";
import type { OrderDetail } from "@/server/orders/orders/schemas";
import { OrderHolds, useHoldLines } from "../holds";
import { InvoiceTotals } from "../invoice-preview";
import { ItemStock } from "../item-stock";
import { useOrderStatuses } from "../orders-list";
import { StatusChip } from "../status-chip";
import { NfeFields, useNfeForm } from "./nfe-fields";
import { NfeCard } from "./nfe-card";
import { TaxesCard } from "./taxes-card";
import { isEditable, OrderReceivables, PhaseSteps, StatusMoves } from "./order-flow";

/** Uploads files as the signed-in user (the panel's session authenticates the REST call): their ids. */
async function uploadFileIds(files: File[]): Promise<string[]> {
  return (await uploadFiles(files)).map((file) => file.id);
}

/** The fields a PUT needs to keep an order as it is, plus the change. */
function keep(order: OrderDetail) {
  return {
    id: order.id,
    partner_id: order.partner_id,
    negotiation_date: order.negotiation_date,
    order_value: order.order_value,
    discount_value: order.discount_value,
    freight_value: order.freight_value,
    total_value: order.total_value,
  };
}

function InvoiceForm({ order, onSaved }: { order: OrderDetail; onSaved: () => void }) {
  const t = useTranslations("orders");
  const problems = useProblemMessages("orders.fields");
  const nfe = useNfeForm();
  const [error, setError] = useState<string | null>(null);
  const update = trpc.orders.update.useMutation();
  return (
    <form
      className="grid gap-3 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!nfe.valid) return setError(t("invalidKey"));
        setError(null);
        try {
          const invoice = await nfe.invoice();
          await update.mutateAsync({
            ...keep(order),
            invoices: [
              ...order.invoices.map((stored) => ({
                invoice_key: stored.invoice_key,
                invoice_number: stored.invoice_number,
                xml_resource_id: stored.xml_resource_id,
                danfe_resource_id: stored.danfe_resource_id,
              })),
              invoice,
            ],
          });
          nfe.reset();
          toast.success(t("invoiceAdded"));
          onSaved();
        } catch (failure) {
          setError(problems.message(failure));
        }
      }}
    >
      <NfeFields form={nfe} />
      <Button type="submit" disabled={update.isPending || nfe.key === ""}>
        {t("addInvoice")}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive md:col-span-4">
          {error}
        </p>
      )}
    </form>
  );
}

export function OrderView({ id }: { id: string }) {
  const t = useTranslations("orders");
  const format = useFormat();
  const orderName = useOrderName();
  const problems = useProblemMessages("orders.fields");
  const activity = useTranslations("activity");
  const canSell = useCan("sell");
  const utils = trpc.useUtils();
  const query = trpc.orders.get.useQuery({ id });
  const statuses = useOrderStatuses();
  const update = trpc.orders.update.useMutation({
    onSuccess: () => utils.orders.invalidate(),
  });
  const refresh = () => void utils.orders.invalidate();
  const order = query.data;
  const title = order ? orderName(order) : t("one");
  const breadcrumbs = <Breadcrumbs items={[{ label: t("title"), href: listHref("/orders") }, { label: title }]} />;
  if (query.error) return <LoadFailure error={query.error} breadcrumbs={breadcrumbs} onRetry={() => void query.refetch()} />;
  if (!order) return <FormSkeleton label={t("one")} />;
  const writable = canSell && isEditable(order);
  // Contract §11: a quotation past its last day cannot become an order; it is duplicated instead.
  const expired = order.quotation && order.valid_until !== null && order.valid_until < today();

  return (
    <>
      <PageHeader
        title={title}
        description={`${format.date(order.negotiation_date)} · ${order.partner.name} · ${formatFiscalNumber(order.partner.fiscal_registration_number)}`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <StatusChip
              title={order.status_detail.title}
              background={order.status_detail.background_color}
              font={order.status_detail.font_color}
            />
            {canSell && <StatusMoves order={order} statuses={statuses} />}
            {canSell && expired && <DuplicateQuotation id={order.id} />}
            {writable && (
              <Button variant="outline" asChild>
                <Link href={`/orders/${order.id}/edit`}>
                  <PencilIcon aria-hidden />
                  {t("edit")}
                </Link>
              </Button>
            )}
            <Button variant="outline" asChild>
              <Link href={`/orders/${order.id}/print`}>
                <PrinterIcon aria-hidden />
                {t("print")}
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <a href={`/api/b2b/orders/${order.id}/pdf`} download>
                <FileDownIcon aria-hidden />
                {t("downloadPdf")}
              </a>
            </Button>
          </div>
        }
      >
        {breadcrumbs}
      </PageHeader>
      <PhaseSteps phase={order.status_detail.phase} />
      <OrderHolds order={order} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>{t("sections.items")}</CardTitle>
            </CardHeader>
            <CardContent>
              <Table aria-label={t("sections.items")}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("fields.product")}</TableHead>
                    <TableHead>{t("fields.item_warehouse")}</TableHead>
                    <TableHead className="text-right">{t("fields.quantity")}</TableHead>
                    <TableHead className="text-right">{t("fields.unit_value")}</TableHead>
                    <TableHead className="text-right">{t("fields.listUnitValue")}</TableHead>
                    <TableHead className="text-right">{t("fields.item_discount")}</TableHead>
                    <TableHead className="text-right">{t("lineTotal")}</TableHead>
                    <TableHead>{t("stock.title")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {order.items.map((item) => (
                    <TableRow key={item.id}>
                      <TableCell>
                        <div className="grid">
                          <span className="font-medium">{item.productName}</span>
                          <span className="font-mono text-xs text-muted-foreground">{item.sku}</span>
                        </div>
                      </TableCell>
                      <TableCell>{item.warehouseName ?? "—"}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {format.number(item.quantity, { maxDecimals: 4 })} {item.unit}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{format.money(item.unitValue)}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {item.listUnitValue === null ? "—" : format.money(item.listUnitValue)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{format.money(item.discount)}</TableCell>
                      <TableCell className="text-right tabular-nums">{format.money(item.totalValue)}</TableCell>
                      <TableCell>
                        <ItemStock item={item} phase={order.status_detail.phase} quotation={order.quotation} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <dl className="mt-4 ml-auto grid max-w-xs gap-1 text-sm">
                <div className="flex justify-between">
                  <dt>{t("fields.order_value")}</dt>
                  <dd className="tabular-nums">{format.money(order.order_value)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>{t("fields.discount_value")}</dt>
                  <dd className="tabular-nums">{format.money(order.discount_value)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>{t("fields.freight_value")}</dt>
                  <dd className="tabular-nums">{format.money(order.freight_value)}</dd>
                </div>
                <div className="flex justify-between text-base font-semibold">
                  <dt>{t("fields.total_value")}</dt>
                  <dd className="tabular-nums">{format.money(order.total_value)}</dd>
                </div>
                <InvoiceTotals totals={order.tax_totals} invoice={order.invoice_value} total={order.total_value} />
              </dl>
            </CardContent>
          </Card>

          <TaxesCard order={order} />

          <Card>
            <CardHeader>
              <CardTitle>{t("sections.payments")}</CardTitle>
            </CardHeader>
            <CardContent>
              {order.payments.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("noPayments")}</p>
              ) : (
                <ul className="grid gap-1 text-sm">
                  {order.payments.map((payment) => (
                    <li key={payment.id} className="flex justify-between">
                      <span>
                        {t("paymentLine", {
                          method: payment.paymentMethodName,
                          installments: payment.installments,
                        })}
                      </span>
                      <span className="tabular-nums">{format.money(payment.amount)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <NfeCard order={order} />

          <OrderReceivables order={order} />

          <Card>
            <CardHeader>
              <CardTitle>{t("sections.invoices")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              {order.invoices.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("noInvoices")}</p>
              ) : (
                <ul className="grid gap-2 text-sm">
                  {order.invoices.map((invoice) => (
                    <li key={invoice.id} className="flex flex-wrap items-center gap-3">
                      <span className="font-mono">{formatNfeKey(invoice.invoice_key)}</span>
                      {invoice.xml_url && (
                        <a className="underline" href={invoice.xml_url} download={invoice.xml_file_name ?? undefined}>
                          XML
                        </a>
                      )}
                      {invoice.danfe_url && (
                        <a className="underline" href={invoice.danfe_url} target="_blank" rel="noreferrer">
                          DANFE
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {writable && <InvoiceForm order={order} onSaved={refresh} />}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t("sections.attachments")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              {order.attachments.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("noAttachments")}</p>
              ) : (
                <ul className="grid gap-1 text-sm">
                  {order.attachments.map((attachment) => (
                    <li key={attachment.id}>
                      <a className="underline" href={attachment.url} target="_blank" rel="noreferrer">
                        {attachment.name}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              {writable && (
                <label className="grid max-w-sm gap-1 text-sm font-medium">
                  {t("attach")}
                  <Input
                    type="file"
                    multiple
                    onChange={async (event) => {
                      const files = [...(event.target.files ?? [])];
                      if (files.length === 0) return;
                      try {
                        const ids = await uploadFileIds(files);
                        await update.mutateAsync({
                          ...keep(order),
                          attachments: [...order.attachments.map((attachment) => attachment.file_id), ...ids],
                        });
                        toast.success(t("attached"));
                      } catch (failure) {
                        problems.toastError(failure);
                      }
                      event.target.value = "";
                    }}
                  />
                </label>
              )}
            </CardContent>
          </Card>
        </div>

        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("sections.parties")}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">{t("fields.partner_id")}</dt>
                  <dd>
                    <Link className="underline" href={`/partners/${order.partner.id}`}>
                      {order.partner.name}
                    </Link>
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t("fields.company_id")}</dt>
                  <dd>{order.company?.name ?? "—"}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t("fields.seller_id")}</dt>
                  <dd>{order.seller?.name ?? "—"}</dd>
                </div>
                {order.purchase_order && (
                  <div>
                    <dt className="text-muted-foreground">{t("fields.purchase_order")}</dt>
                    <dd>{order.purchase_order}</dd>
                  </div>
                )}
                {order.quotation && order.valid_until && (
                  <div>
                    <dt className="text-muted-foreground">{t("fields.valid_until")}</dt>
                    <dd className="flex items-center gap-2">
                      {format.date(order.valid_until)}
                      {expired && (
                        <span className="rounded-full border border-destructive px-2 text-xs text-destructive">{t("expired")}</span>
                      )}
                    </dd>
                  </div>
                )}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("sections.delivery")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1 text-sm">
              <p>{[order.shipment_street, order.shipment_number, order.shipment_complement].filter(Boolean).join(", ") || "—"}</p>
              <p>
                {[order.shipment_neighborhood, order.shipment_city, order.shipment_state, order.shipment_postal_code]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              <p>{[order.shipment_contact_name, order.shipment_contact_number].filter(Boolean).join(" · ")}</p>
              {order.delivery_method_name && <p>{t("deliveryBy", { method: order.delivery_method_name })}</p>}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("sections.coupons")}</CardTitle>
            </CardHeader>
            <CardContent className="text-sm">
              {order.coupons.length === 0 ? (
                <p className="text-muted-foreground">{t("noCoupons")}</p>
              ) : (
                <ul>
                  {order.coupons.map((coupon) => (
                    <li key={coupon.coupon_id}>
                      <span className="font-mono">{coupon.code}</span> · {coupon.name}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("sections.history")}</CardTitle>
            </CardHeader>
            <CardContent>
              <OrderHistory order={order} />
            </CardContent>
          </Card>
          <aside className="grid gap-6" aria-label={activity("aside")}>
            <RecordActivity entity="order" id={order.id} version={order.updated_at} />
          </aside>
        </div>
      </div>
    </>
  );
}

/** The order's timeline: its status changes and the decisions on its holds (contract §11), oldest first. */
function OrderHistory({ order }: { order: OrderDetail }) {
  const t = useTranslations("orders");
  const format = useFormat();
  const holdLines = useHoldLines();
  const entries = [
    ...order.statuses.map((entry) => ({ kind: "status" as const, at: entry.created_at, entry })),
    ...order.decisions.map((decision) => ({ kind: "decision" as const, at: decision.created_at, decision })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return (
    <ol className="grid gap-3 border-l pl-4" aria-label={t("sections.history")}>
      {entries.map((item) =>
        item.kind === "status" ? (
          <li key={item.entry.id} className="grid gap-1 text-sm">
            <StatusChip title={item.entry.title} background={item.entry.background_color} font={item.entry.font_color} />
            <span className="text-muted-foreground">
              {t("changedBy", { who: item.entry.actor_name ?? t("system"), when: format.dateTime(item.entry.created_at) })}
            </span>
          </li>
        ) : (
          <li key={item.decision.id} className="grid gap-1 text-sm">
            <span className="font-medium">
              {t("holds.decided", {
                decision: item.decision.decision,
                who: item.decision.actor_name ?? t("system"),
                when: format.dateTime(item.decision.created_at),
              })}
            </span>
            {item.decision.note && <span>“{item.decision.note}”</span>}
            <span className="text-muted-foreground">{item.decision.holds.flatMap((hold) => holdLines(hold, order.items)).join(" · ")}</span>
          </li>
        ),
      )}
    </ol>
  );
}

/** "Duplicar como novo orçamento": a new quotation with this one's terms, negotiated today; opens it to edit. */
function DuplicateQuotation({ id }: { id: string }) {
  const t = useTranslations("orders");
  const orderName = useOrderName();
  const problems = useProblemMessages("orders.fields");
  const router = useRouter();
  const utils = trpc.useUtils();
  const duplicate = trpc.orders.duplicateQuotation.useMutation({ onSuccess: () => utils.orders.invalidate() });
  return (
    <Button
      disabled={duplicate.isPending}
      onClick={async () => {
        try {
          const copy = await duplicate.mutateAsync({ id });
          toast.success(t("duplicated", { name: orderName(copy) }));
          router.push(`/orders/${copy.id}/edit`);
        } catch (failure) {
          problems.toastError(failure);
        }
      }}
    >
      <CopyIcon aria-hidden />
      {t("duplicateQuotation")}
    </Button>
  );
}
