"use client";

import { PrinterIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { LoadFailure } from "@/components/panel/load-failure";
import { FormSkeleton } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { formatNfeKey } from "@/server/lib/nfe-key";
import { useOrderName } from "@/components/records/order-name";

/**
 * The order as a printable page: on paper only this sheet shows (the panel's frame is
 * hidden by the print styles below), A4 with its own margins.
 */
const printStyles = `
@page { size: A4; margin: 14mm; }
@media print {
  body * { visibility: hidden; }
  #order-sheet, #order-sheet * { visibility: visible; }
  #order-sheet { position: absolute; inset: 0; padding: 0; box-shadow: none; border: 0; }
  .no-print { display: none !important; }
}`;

export function OrderPrint({ id }: { id: string }) {
  const t = useTranslations("orders");
  const orderName = useOrderName();
  const format = useFormat();
  const query = trpc.orders.get.useQuery({ id });
  if (query.error) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  const order = query.data;
  if (!order) return <FormSkeleton label={t("one")} />;
  return (
    <>
      <style>{printStyles}</style>
      <div className="no-print mb-4 flex justify-end">
        <Button onClick={() => window.print()}>
          <PrinterIcon aria-hidden />
          {t("print")}
        </Button>
      </div>
      <article id="order-sheet" className="mx-auto max-w-4xl rounded-md border bg-white p-8 text-sm text-black">
        <header className="mb-6 flex items-start justify-between gap-4 border-b pb-4">
          <div>
            <h1 className="text-2xl font-bold">{orderName(order)}</h1>
            <p className="text-gray-600">{format.date(order.negotiation_date)}</p>
          </div>
          <div className="text-right">
            <p className="font-semibold">{order.company?.name}</p>
            {order.company && <p>{formatFiscalNumber(order.company.fiscal_registration_number)}</p>}
            <p>{order.status_detail.title}</p>
          </div>
        </header>
        <section className="mb-4 grid grid-cols-2 gap-4">
          <div>
            <h2 className="font-semibold">{t("fields.partner_id")}</h2>
            <p>{order.partner.name}</p>
            <p>{formatFiscalNumber(order.partner.fiscal_registration_number)}</p>
            {order.seller && <p>{t("sellerLine", { name: order.seller.name })}</p>}
          </div>
          <div>
            <h2 className="font-semibold">{t("sections.delivery")}</h2>
            <p>{[order.shipment_street, order.shipment_number, order.shipment_complement].filter(Boolean).join(", ")}</p>
            <p>
              {[order.shipment_neighborhood, order.shipment_city, order.shipment_state, order.shipment_postal_code]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {order.delivery_method_name && <p>{t("deliveryBy", { method: order.delivery_method_name })}</p>}
          </div>
        </section>
        <table className="mb-4 w-full border-collapse">
          <thead>
            <tr className="border-b text-left">
              <th className="py-1">{t("fields.product")}</th>
              <th className="py-1 text-right">{t("fields.quantity")}</th>
              <th className="py-1 text-right">{t("fields.unit_value")}</th>
              <th className="py-1 text-right">{t("fields.item_discount")}</th>
              <th className="py-1 text-right">{t("lineTotal")}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id} className="border-b border-gray-200" style={{ breakInside: "avoid" }}>
                <td className="py-1">
                  {item.productName} <span className="font-mono text-xs text-gray-600">{item.sku}</span>
                </td>
                <td className="py-1 text-right tabular-nums">
                  {format.number(item.quantity, { maxDecimals: 4 })} {item.unit}
                </td>
                <td className="py-1 text-right tabular-nums">{format.money(item.unitValue)}</td>
                <td className="py-1 text-right tabular-nums">{format.money(item.discount)}</td>
                <td className="py-1 text-right tabular-nums">{format.money(item.totalValue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mb-4 ml-auto grid max-w-xs gap-1">
          <div className="flex justify-between">
            <dt>{t("fields.order_value")}</dt>
            <dd>{format.money(order.order_value)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{t("fields.discount_value")}</dt>
            <dd>{format.money(order.discount_value)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{t("fields.freight_value")}</dt>
            <dd>{format.money(order.freight_value)}</dd>
          </div>
          <div className="flex justify-between text-base font-bold">
            <dt>{t("fields.total_value")}</dt>
            <dd>{format.money(order.total_value)}</dd>
          </div>
        </dl>
        {order.payments.length > 0 && (
          <section className="mb-3">
            <h2 className="font-semibold">{t("sections.payments")}</h2>
            {order.payments.map((payment) => (
              <p key={payment.id}>
                {t("paymentLine", {
                  method: payment.paymentMethodName,
                  installments: payment.installments,
                })}
                : {format.money(payment.amount)}
              </p>
            ))}
          </section>
        )}
        {order.invoices.length > 0 && (
          <section className="mb-3">
            <h2 className="font-semibold">{t("sections.invoices")}</h2>
            {order.invoices.map((invoice) => (
              <p key={invoice.id} className="font-mono">
                {formatNfeKey(invoice.invoice_key)}
              </p>
            ))}
          </section>
        )}
        {order.purchase_order && (
          <p className="mb-3">
            <span className="font-semibold">{t("fields.purchase_order")}:</span> {order.purchase_order}
          </p>
        )}
        {order.observation && (
          <section>
            <h2 className="font-semibold">{t("fields.observation")}</h2>
            <p className="whitespace-pre-line">{order.observation}</p>
          </section>
        )}
      </article>
    </>
  );
}
