"use client";

import { keepPreviousData, skipToken } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import type { ItemTaxesJson, TaxTotalsJson } from "@/server/taxes/schemas";
import type { TaxCalculation } from "@/server/taxes/calculate/schemas";
import { BRAZILIAN_STATES } from "@/lib/masks";

/** The form's values the preview reads (loose: they are being typed). */
export interface InvoiceValues {
  partner_id?: string;
  company_id?: string;
  shipment_state?: string;
  discount_value?: number | null;
  freight_value?: number | null;
  items?: Array<{ product_id?: string; quantity?: number | null; unit_value?: number | null; discount?: number | null } | undefined>;
}

const finite = (value: number | null | undefined): value is number => typeof value === "number" && Number.isFinite(value);
const isUf = (state: string | undefined) => BRAZILIAN_STATES.some(([code]) => code === state);

/** The calculation the form's values ask for (null while they cannot be figured: no partner, no complete row). */
function requestOf(values: InvoiceValues) {
  const items = (values.items ?? []).flatMap((item) =>
    item?.product_id && finite(item.quantity) && item.quantity > 0 && finite(item.unit_value)
      ? [
          {
            product_id: item.product_id,
            quantity: item.quantity,
            unit_value: item.unit_value,
            discount: finite(item.discount) ? item.discount : 0,
          },
        ]
      : [],
  );
  if (!values.partner_id || items.length === 0 || items.length !== (values.items ?? []).length) return null;
  return {
    partner_id: values.partner_id,
    company_id: values.company_id || null,
    destination_state: isUf(values.shipment_state) ? (values.shipment_state as "SP") : null,
    items,
    freight_value: finite(values.freight_value) ? values.freight_value : 0,
    discount_value: finite(values.discount_value) ? values.discount_value : 0,
    explain: false,
  };
}

/**
 * The taxes of what is typed (contract §12), asked of `POST /taxes/calculate` a moment after
 * typing stops, in one call for every row (as prices are). Null when the order figures no
 * taxes (its company has no tax regime) or cannot yet be figured.
 */
export function useInvoicePreview(values: InvoiceValues): TaxCalculation | null {
  const request = requestOf(values);
  const key = request ? JSON.stringify(request) : null;
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(key), 400);
    return () => clearTimeout(timer);
  }, [key]);
  const preview = trpc.taxes.calculate.useQuery(asked ? (JSON.parse(asked) as NonNullable<typeof request>) : skipToken, {
    placeholderData: keepPreviousData,
    retry: false,
  });
  return key && preview.data && !preview.isError ? preview.data : null;
}

/** What a row's taxes add to the invoice (IPI, ICMS-ST, FCP-ST), worded for staff. */
export function ItemTaxLine({ taxes }: { taxes: ItemTaxesJson | null | undefined }) {
  const t = useTranslations("taxes");
  const format = useFormat();
  if (!taxes) return null;
  const parts = [
    taxes.ipi ? `${t("short.ipi")} ${format.money(taxes.ipi.value)}` : null,
    taxes.icms_st ? `${t("short.icms_st")} ${format.money(taxes.icms_st.value)}` : null,
    taxes.fcp_st ? `${t("short.fcp_st")} ${format.money(taxes.fcp_st.value)}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="block text-xs text-muted-foreground">{parts.join(" · ")}</span>;
}

/** The lines of the totals with taxes: what they add, and the invoice's total ("Total da nota"). */
export function InvoiceTotals({ totals, invoice, total }: { totals: TaxTotalsJson | null; invoice: number; total: number }) {
  const t = useTranslations("taxes");
  const format = useFormat();
  if (!totals) return null;
  return (
    <>
      {totals.vIPI > 0 && (
        <div className="flex justify-between">
          <dt>{t("totals.vIPI")}</dt>
          <dd className="tabular-nums">{format.money(totals.vIPI)}</dd>
        </div>
      )}
      {totals.vST + totals.vFCPST > 0 && (
        <div className="flex justify-between">
          <dt>{t("totals.vST")}</dt>
          <dd className="tabular-nums">{format.money(totals.vST + totals.vFCPST)}</dd>
        </div>
      )}
      <div className="flex justify-between text-base font-semibold">
        <dt>{t("invoiceValue")}</dt>
        <dd className="tabular-nums" data-testid="invoice-value">
          {format.money(invoice)}
        </dd>
      </div>
      {invoice !== total && <p className="text-xs text-muted-foreground">{t("invoiceHint")}</p>}
    </>
  );
}
