"use client";

import { CreditCardIcon, SendIcon, TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { Breadcrumbs } from "@/components/panel/breadcrumbs";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { useOrderName } from "@/components/records/order-name";
import { RecordActivity, RecordLayout } from "@/components/records/record-activity";
import { ConfirmDeleteDialog, FormSkeleton } from "@/components/resource-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { money } from "@/server/lib/money";
import type { SaleDetail, SalePaymentDetail } from "@/server/sales/sales/schemas";
import { StatusBadge } from "../status-badge";

/** A sale: summary, items, payments (card ones captured here), receivables and the status history. */
export function SaleRecord({ id }: { id: string }) {
  const t = useTranslations("sales");
  const format = useFormat();
  const sale = trpc.sales.get.useQuery({ id });
  const row = sale.data;
  const breadcrumbs = (
    <Breadcrumbs items={[{ label: t("title"), href: listHref("/sales") }, { label: row ? row.partner.name : t("one") }]} />
  );
  if (sale.error) return <LoadFailure error={sale.error} breadcrumbs={breadcrumbs} onRetry={() => sale.refetch()} />;
  return (
    <>
      <PageHeader
        title={row ? `${t("one")} · ${row.partner.name}` : t("one")}
        description={row ? format.dateTime(row.created_at) : undefined}
        actions={
          row && (
            <>
              <StatusBadge title={row.status.title} background={row.status.background_color} font={row.status.font_color} />
              <ResendOrderWebhook sale={row} />
            </>
          )
        }
      >
        {breadcrumbs}
      </PageHeader>
      {row ? (
        <RecordLayout aside={<RecordActivity entity="sale" id={row.id} version={row} />}>
          <SaleContent sale={row} />
        </RecordLayout>
      ) : (
        <FormSkeleton label={t("one")} />
      )}
    </>
  );
}

function SaleContent({ sale }: { sale: SaleDetail }) {
  const t = useTranslations("sales");
  const format = useFormat();
  const orderName = useOrderName();
  return (
    <div className="grid max-w-5xl gap-6">
      {sale.webhook_error && (
        <div role="alert" className="flex items-start gap-3 rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <div>
            <p className="font-medium">{t("webhookError")}</p>
            <p className="mt-1 font-mono text-xs break-all">{sale.webhook_error}</p>
          </div>
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t("summary")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            <Fact label={t("fields.partner_name")}>{sale.partner.name}</Fact>
            <Fact label={t("fields.seller")}>{sale.seller?.name ?? "—"}</Fact>
            <Fact label={t("fields.company")}>{sale.company?.name ?? "—"}</Fact>
            <Fact label={t("fields.origin_name")}>{sale.origin.name ?? "—"}</Fact>
            <Fact label={t("fields.external_id")}>{sale.external_id ?? "—"}</Fact>
            <Fact label={t("fields.order_id")}>
              {sale.order_id && sale.order_number !== null ? (
                <Link href={`/orders/${sale.order_id}`} className="underline-offset-4 hover:underline">
                  {orderName({ number: sale.order_number })}
                </Link>
              ) : (
                <Badge variant="outline">{t("noOrder")}</Badge>
              )}
            </Fact>
            {/* full_value holds the freight (contract §7): the items' subtotal is without it, so the card adds up. */}
            <Fact label={t("fields.full_value")}>{format.money(money(sale.full_value).minus(sale.freight.amount).toNumber())}</Fact>
            <Fact label={t("fields.freight")}>{format.money(sale.freight.amount)}</Fact>
            <Fact label={t("fields.total_discount")}>{format.money(sale.total_discount)}</Fact>
            <Fact label={t("fields.total_value")}>
              <span className="text-base font-semibold">{format.money(sale.total_value)}</span>
            </Fact>
            <Fact label={t("address")}>
              {[sale.delivery.street, sale.delivery.number, sale.delivery.city, sale.delivery.state].filter(Boolean).join(", ") || "—"}
            </Fact>
            {sale.observation && <Fact label={t("fields.observation")}>{sale.observation}</Fact>}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("items")}</CardTitle>
        </CardHeader>
        <CardContent>
          <Table aria-label={t("items")}>
            <TableHeader>
              <TableRow>
                <TableHead>{t("product")}</TableHead>
                <TableHead className="text-right">{t("quantity")}</TableHead>
                <TableHead className="text-right">{t("unitValue")}</TableHead>
                <TableHead className="text-right">{t("discount")}</TableHead>
                <TableHead className="text-right">{t("lineTotal")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sale.items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>{item.product_name}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {format.number(item.quantity, { maxDecimals: 4 })} {item.unit ?? ""}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{format.money(item.unit_value)}</TableCell>
                  <TableCell className="text-right tabular-nums">{format.money(item.discount)}</TableCell>
                  <TableCell className="text-right tabular-nums">{format.money(item.total_value)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("payments")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {sale.payments.map((payment) => (
            <PaymentRow key={payment.id} saleId={sale.id} payment={payment} />
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("receivables")}</CardTitle>
        </CardHeader>
        <CardContent>
          {sale.financials.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noReceivables")}</p>
          ) : (
            <Table aria-label={t("receivables")}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("dueDate")}</TableHead>
                  <TableHead>{t("method")}</TableHead>
                  <TableHead>{t("installment")}</TableHead>
                  <TableHead className="text-right">{t("amount")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {sale.financials.map((financial) => (
                  <TableRow key={financial.id}>
                    <TableCell>
                      <Link
                        href={`/financials/${financial.id}`}
                        className="underline-offset-4 outline-none hover:underline focus-visible:underline"
                      >
                        {format.date(financial.due_date)}
                      </Link>
                    </TableCell>
                    <TableCell>{financial.type ?? "—"}</TableCell>
                    <TableCell>{financial.installment ?? "—"}</TableCell>
                    <TableCell className="text-right tabular-nums">{format.money(financial.value)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("history")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-3 border-l pl-4" aria-label={t("history")}>
            {sale.statuses.map((change) => (
              <li key={change.id} className="text-sm">
                <span className="font-medium">{change.title}</span>{" "}
                <span className="text-muted-foreground">· {format.dateTime(change.created_at)}</span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * PUT /sales/{saleId}/call-create-order-webhook, after a confirmation: queues the sale's
 * `order.create-requested` event again (a failure, e.g. no endpoint listening, is a toast).
 */
function ResendOrderWebhook({ sale }: { sale: SaleDetail }) {
  const t = useTranslations("sales");
  const canSell = useCan("sell");
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const resend = trpc.sales.callCreateOrder.useMutation({ onSuccess: () => utils.sales.get.invalidate({ id: sale.id }) });
  if (!canSell) return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        <SendIcon aria-hidden />
        {t("resendWebhook")}
      </Button>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("resendWebhookTitle")}
        description={t.rich("resendWebhookDescription", {
          name: sale.partner.name,
          strong: (chunks) => <strong className="font-medium text-foreground">{chunks}</strong>,
        })}
        confirmLabel={t("resendWebhook")}
        onConfirm={async () => {
          const queued = await resend.mutateAsync({ saleId: sale.id });
          toast.success(t("resendWebhookQueued", { count: queued.deliveries }));
        }}
      />
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

function PaymentRow({ saleId, payment }: { saleId: string; payment: SalePaymentDetail }) {
  const t = useTranslations("sales");
  const format = useFormat();
  const canSell = useCan("sell");
  const utils = trpc.useUtils();
  const capture = trpc.sales.capture.useMutation({
    onSuccess: async (captured) => {
      toast.success(captured ? t("capturedToast") : t("alreadyCaptured"));
      await utils.sales.invalidate();
    },
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
      <div className="min-w-0 text-sm">
        <p className="font-medium">
          {payment.payment_method_name} · {format.money(payment.amount)}
          {payment.installments > 1 && (
            <span className="text-muted-foreground">
              {" "}
              · {t("installments")}: {payment.installments}
            </span>
          )}
        </p>
        {payment.card && (
          <p className="mt-1 flex items-center gap-1 text-muted-foreground">
            <CreditCardIcon className="size-3.5" aria-hidden />
            {t("card", { brand: payment.card.brand ?? "", number: payment.card.number ?? "" })}
          </p>
        )}
      </div>
      {payment.has_payment_gateway ? (
        payment.captured_at ? (
          <Badge variant="secondary">{t("captured", { date: format.dateTime(payment.captured_at) })}</Badge>
        ) : (
          <div className="flex items-center gap-2">
            <Badge variant="outline">{t("notCaptured")}</Badge>
            {canSell && (
              <Button size="sm" disabled={capture.isPending} onClick={() => capture.mutate({ sale_id: saleId, payment_id: payment.id })}>
                {capture.isPending ? t("capturing") : t("capture")}
              </Button>
            )}
          </div>
        )
      ) : (
        <span className="text-sm text-muted-foreground">{t("noGateway")}</span>
      )}
    </div>
  );
}
