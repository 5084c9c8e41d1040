"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { Breadcrumbs } from "@/components/panel/breadcrumbs";
import { LoadFailure } from "@/components/panel/load-failure";
import { useOrderName } from "@/components/records/order-name";
import { PageHeader } from "@/components/panel/page-header";
import { RecordActivity, RecordLayout } from "@/components/records/record-activity";
import { DateField, FormSkeleton, MoneyField, ResourceForm, SelectField, TextField, useResourceForm } from "@/components/resource-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Skeleton } from "@/components/ui/skeleton";
import { dayOf, today } from "@/lib/dates";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import {
  financialChargeForm,
  financialPaymentForm,
  type Financial,
  type FinancialChargeForm,
  type FinancialPaymentForm,
  type FinancialWrite,
} from "@/server/finance/financials/schemas";
import { StatusBadge } from "../../sales/status-badge";
import { AgingBadge } from "../aging-badge";
import { useFinancialStatuses } from "../use-financial-statuses";

/** A receivable: its figures, its boleto and PIX as bar code and QR codes to scan or copy, and the "record payment" form. */
export function FinancialRecord({ id }: { id: string }) {
  const t = useTranslations("financials");
  const financial = trpc.financials.get.useQuery({ id });
  const row = financial.data;
  const statuses = useFinancialStatuses();
  const status = row ? statuses.byId.get(row.status) : undefined;
  const breadcrumbs = (
    <Breadcrumbs items={[{ label: t("title"), href: listHref("/financials") }, { label: row ? row.partner_name : t("one") }]} />
  );
  if (financial.error) return <LoadFailure error={financial.error} breadcrumbs={breadcrumbs} onRetry={() => financial.refetch()} />;
  return (
    <>
      <PageHeader
        title={row ? `${t("one")} · ${row.partner_name}` : t("one")}
        actions={
          row && (
            <div className="flex items-center gap-2">
              {status && <StatusBadge title={status.title} background={status.background_color} font={status.font_color} />}
              <AgingBadge record={row} />
            </div>
          )
        }
      >
        {breadcrumbs}
      </PageHeader>
      {row ? (
        <RecordLayout aside={<RecordActivity entity="financial" id={row.id} version={row.updated_at} />}>
          <FinancialContent record={row} />
        </RecordLayout>
      ) : (
        <FormSkeleton label={t("one")} />
      )}
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

/** A code to copy: shown as `shown` (the linha digitável with its dots and spaces), copied as `value`. */
function Code({ label, value, shown = value, copyLabel }: { label: string; value: string; shown?: string; copyLabel: string }) {
  return (
    <div className="grid gap-1">
      <span className="text-sm text-muted-foreground">{label}</span>
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 rounded-md bg-muted p-2 font-mono text-xs break-all">{shown}</code>
        <CopyButton value={value} label={copyLabel} />
      </div>
    </div>
  );
}

/** A BR Code as a QR code to scan, beside the code itself to copy. */
function QrCode({
  label,
  alt,
  copyLabel,
  code,
  image,
}: {
  label: string;
  alt: string;
  copyLabel: string;
  code: string;
  image: string | undefined;
}) {
  return (
    <figure className="grid gap-3 sm:grid-cols-[auto_1fr] sm:items-start">
      {image ? (
        // A data URL drawn by the server: nothing for the image optimizer to do.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={image} alt={alt} className="size-48 rounded-md border bg-white" />
      ) : (
        <Skeleton className="size-48" />
      )}
      <figcaption className="min-w-0">
        <Code label={label} value={code} copyLabel={copyLabel} />
      </figcaption>
    </figure>
  );
}

/**
 * How to pay a receivable: the boleto's linha digitável and bar code (Interleaved 2 of 5),
 * and the BR Codes as QR codes, each with a button that copies it. The images come from the
 * server (financials.paymentCodes); while they load, or if they fail, the codes are still there to copy.
 */
function PaymentCodes({ record }: { record: Financial }) {
  const t = useTranslations("financials");
  const billetBarCode = record.payment_billet?.bar_code;
  const billetQrCode = record.payment_billet?.qr_code;
  const pixQrCode = record.pix?.qr_code;
  const codes = trpc.financials.paymentCodes.useQuery({ id: record.id }, { enabled: Boolean(billetBarCode || billetQrCode || pixQrCode) });
  if (!billetBarCode && !billetQrCode && !pixQrCode) return null;
  const boleto = codes.data?.boleto;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("howToPay")}</CardTitle>
        <CardDescription>{t("howToPayDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6" aria-busy={codes.isLoading ? "true" : undefined}>
        {codes.error && (
          <p role="alert" className="text-sm text-muted-foreground">
            {t("codesFailed")}
          </p>
        )}
        {billetBarCode && (
          <section aria-label={t("billetCode")} className="grid gap-3">
            {boleto ? (
              <>
                {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn by the server */}
                <img
                  src={boleto.image}
                  alt={t("barCodeAlt", { digits: boleto.bar_code })}
                  className="h-16 w-full max-w-xl bg-white object-contain object-left"
                />
                <Code
                  label={t("digitableLine")}
                  value={boleto.digitable_line}
                  shown={boleto.digitable_line_formatted}
                  copyLabel={t("copyDigitableLine")}
                />
              </>
            ) : codes.error ? (
              <Code label={t("billetCode")} value={billetBarCode} copyLabel={t("copyDigitableLine")} />
            ) : (
              <Skeleton className="h-16 w-full max-w-xl" />
            )}
          </section>
        )}
        {billetQrCode && (
          <QrCode
            label={t("billetQr")}
            alt={t("billetQrAlt")}
            copyLabel={t("copyBilletPixCode")}
            code={billetQrCode}
            image={codes.data?.boleto_qr_code?.image}
          />
        )}
        {pixQrCode && (
          <QrCode
            label={t("pixCode")}
            alt={t("pixQrAlt")}
            copyLabel={t("copyPixCode")}
            code={pixQrCode}
            image={codes.data?.pix_qr_code?.image}
          />
        )}
      </CardContent>
    </Card>
  );
}

function FinancialContent({ record }: { record: Financial }) {
  const t = useTranslations("financials");
  const orders = useTranslations("orders");
  const orderName = useOrderName();
  const format = useFormat();
  return (
    <div className="grid max-w-3xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t("details")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            <Fact label={t("fields.value")}>
              <span className="text-base font-semibold">{format.money(record.value)}</span>
            </Fact>
            <Fact label={t("fields.paying_off_value")}>{format.money(record.paying_off_value)}</Fact>
            <Fact label={t("fields.due_date")}>{format.date(record.due_date)}</Fact>
            <Fact label={t("fields.paying_off_date")}>{format.date(record.paying_off_date)}</Fact>
            <Fact label={t("fields.type")}>{record.type ?? "—"}</Fact>
            <Fact label={t("fields.installment")}>{record.installment ?? "—"}</Fact>
            {record.order_id && record.order_number !== null && (
              <Fact label={orders("one")}>
                <Link href={`/orders/${record.order_id}`} className="underline underline-offset-4">
                  {orderName({ number: record.order_number })}
                </Link>
              </Fact>
            )}
            {record.sale_id && (
              <Fact label={t("sale")}>
                <Link href={`/sales/${record.sale_id}`} className="underline underline-offset-4">
                  {t("openSale")}
                </Link>
              </Fact>
            )}
          </dl>
        </CardContent>
      </Card>
      <PaymentCodes record={record} />
      <ChargeCard record={record} />
      <PaymentCard record={record} />
    </div>
  );
}

/** The PUT body that keeps a receivable as it is, with a change (PUT replaces the record). */
function writeOf(record: Financial, change: Partial<FinancialWrite>): FinancialWrite & { id: string } {
  return {
    id: record.id,
    partner_id: record.partner_id,
    value: record.value,
    paying_off_value: record.paying_off_value,
    paying_off_date: record.paying_off_date,
    reversed_value: record.reversed_value,
    reversed_date: record.reversed_date,
    due_date: record.due_date,
    status: record.status,
    order_id: record.order_id,
    type: record.type,
    attachments: record.attachments
      .filter((attachment) => !attachment.is_payment_billet)
      .flatMap((attachment) => attachment.resource_files.map((file) => file.id)),
    payment_billet: record.payment_billet
      ? {
          bar_code: record.payment_billet.bar_code,
          qr_code: record.payment_billet.qr_code,
          resource_file_id: record.payment_billet.resource_file_id,
        }
      : null,
    pix: record.pix,
    attributes: record.attributes,
    ...change,
  };
}

/**
 * How the receivable is charged: the boleto's bar code or linha digitável and the PIX copia
 * e cola, checked as the API checks them (check digits, CRC16) before anything is sent.
 */
function ChargeCard({ record }: { record: Financial }) {
  const t = useTranslations("financials");
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const update = trpc.financials.update.useMutation({ onSuccess: () => utils.financials.invalidate() });
  const defaults: FinancialChargeForm = { bar_code: record.payment_billet?.bar_code ?? "", pix: record.pix?.qr_code ?? "" };
  const form = useResourceForm(financialChargeForm, { defaultValues: defaults, labels: "financials.chargeFields" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("charge")}</CardTitle>
        <CardDescription>{t("chargeDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ResourceForm
          key={record.updated_at}
          form={form}
          readOnly={!canManage}
          submitLabel={t("saveCharge")}
          onSubmit={async (values) => {
            await update.mutateAsync(
              writeOf(record, {
                payment_billet:
                  values.bar_code || record.payment_billet?.qr_code || record.payment_billet?.resource_file_id
                    ? {
                        bar_code: values.bar_code || null,
                        qr_code: record.payment_billet?.qr_code ?? null,
                        resource_file_id: record.payment_billet?.resource_file_id ?? null,
                      }
                    : null,
                pix:
                  values.pix || record.pix?.resource_file_id
                    ? { qr_code: values.pix || null, resource_file_id: record.pix?.resource_file_id ?? null }
                    : null,
              }),
            );
            toast.success(t("chargeSaved"));
          }}
        >
          <TextField
            control={form.control}
            name="bar_code"
            label={t("chargeFields.bar_code")}
            inputMode="numeric"
            maxLength={60}
            autoComplete="off"
          />
          <TextField control={form.control} name="pix" label={t("chargeFields.pix")} multiline />
        </ResourceForm>
      </CardContent>
    </Card>
  );
}

function PaymentCard({ record }: { record: Financial }) {
  const t = useTranslations("financials");
  const canManage = useCan("manage");
  const statuses = useFinancialStatuses();
  const utils = trpc.useUtils();
  const update = trpc.financials.update.useMutation({ onSuccess: () => utils.financials.invalidate() });
  // The first final status in the org's order: "Pago" of the defaults (whatever its language).
  const paidStatus = statuses.items.find((status) => status.is_final);
  const defaults: FinancialPaymentForm = {
    paying_off_value: record.paying_off_value > 0 ? record.paying_off_value : record.value,
    paying_off_date: record.paying_off_date ? dayOf(record.paying_off_date) : today(),
    status: record.paying_off_value >= record.value || !paidStatus ? record.status : paidStatus.id,
  };
  const form = useResourceForm(financialPaymentForm, { defaultValues: defaults, labels: "financials.fields" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("markPaid")}</CardTitle>
        <CardDescription>{t("markPaidDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ResourceForm
          key={`${record.updated_at}-${statuses.items.length}`}
          form={form}
          readOnly={!canManage}
          submitLabel={t("markPaid")}
          onSubmit={async (values) => {
            await update.mutateAsync(
              writeOf(record, {
                paying_off_value: values.paying_off_value,
                paying_off_date: values.paying_off_date,
                status: values.status,
              }),
            );
            toast.success(t("paidToast"));
          }}
        >
          <MoneyField control={form.control} name="paying_off_value" label={t("paidValue")} required />
          <DateField control={form.control} name="paying_off_date" label={t("paidDate")} required />
          <SelectField
            control={form.control}
            name="status"
            label={t("paidStatus")}
            required
            options={statuses.items.map((status) => ({ value: status.id, label: status.title }))}
          />
        </ResourceForm>
      </CardContent>
    </Card>
  );
}
