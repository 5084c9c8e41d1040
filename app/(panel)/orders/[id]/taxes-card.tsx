"use client";

import { useTranslations } from "next-intl";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import type { OrderDetail } from "@/server/orders/orders/schemas";
import type { ItemTaxesJson } from "@/server/taxes/schemas";

type TaxName = "icms" | "fcp" | "icms_st" | "fcp_st" | "ipi" | "pis" | "cofins" | "ibs" | "cbs";
const TAXES: readonly TaxName[] = ["icms", "fcp", "icms_st", "fcp_st", "ipi", "pis", "cofins", "ibs", "cbs"];

/**
 * The order's taxes (contract §12), one table per item: each tax the NF-e will state — its
 * CST or CSOSN, base, rate, value — and the rule that gave it (or the default: the law's
 * interstate rate, the product's IPI, the company's regime), then the DIFAL owed to the
 * destination. Nothing when the order figures no taxes.
 */
export function TaxesCard({ order }: { order: OrderDetail }) {
  const t = useTranslations("taxes");
  const format = useFormat();
  const rules = trpc.taxRules.list.useQuery({ perPage: 100, sort: "name" }, { enabled: Boolean(order.tax_totals), staleTime: 60_000 });
  if (!order.tax_totals) return null;
  const ruleName = (id: string | undefined) =>
    id ? (rules.data?.items.find((rule) => rule.id === id)?.name ?? t("otherRule")) : t("defaultRule");
  const rowsOf = (taxes: ItemTaxesJson) =>
    TAXES.flatMap((name) => {
      const tax = taxes[name];
      return tax ? [{ name, tax }] : [];
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        {order.items.map((item) =>
          item.taxes ? (
            <div key={item.id} className="grid gap-2 overflow-x-auto">
              <p className="text-sm font-medium">
                {item.productName} · {t("cfop", { cfop: item.taxes.cfop })}
              </p>
              <Table aria-label={t("itemTaxes", { product: item.productName })}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("tax")}</TableHead>
                    <TableHead>{t("cst")}</TableHead>
                    <TableHead className="text-right">{t("base")}</TableHead>
                    <TableHead className="text-right">{t("rate")}</TableHead>
                    <TableHead className="text-right">{t("value")}</TableHead>
                    <TableHead>{t("rule")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rowsOf(item.taxes).map(({ name, tax }) => (
                    <TableRow key={name}>
                      <TableCell>
                        {t(`names.${name}`)}
                        {name === "icms_st" && item.taxes?.icms_st ? ` (${t("mva", { mva: format.percent(item.taxes.icms_st.mva) })})` : ""}
                      </TableCell>
                      <TableCell className="font-mono text-xs">{tax.cst ?? tax.csosn ?? "—"}</TableCell>
                      <TableCell className="text-right tabular-nums">{format.money(tax.base)}</TableCell>
                      <TableCell className="text-right tabular-nums">{format.percent(tax.rate)}</TableCell>
                      <TableCell className="text-right tabular-nums">{format.money(tax.value)}</TableCell>
                      <TableCell>{ruleName(tax.rule_id)}</TableCell>
                    </TableRow>
                  ))}
                  {item.taxes.difal && (
                    <TableRow>
                      <TableCell>{t("names.difal")}</TableCell>
                      <TableCell>{t(`difal.${item.taxes.difal.method}`)}</TableCell>
                      <TableCell className="text-right tabular-nums">{format.money(item.taxes.difal.base)}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {format.percent(item.taxes.difal.internal_rate)} − {format.percent(item.taxes.difal.interstate_rate)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {format.money(item.taxes.difal.value)}
                        {item.taxes.difal.fcp.value > 0 && ` + ${t("names.fcp")} ${format.money(item.taxes.difal.fcp.value)}`}
                      </TableCell>
                      <TableCell>{t("difalOwed")}</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </div>
          ) : null,
        )}
        <dl className="ml-auto grid w-full max-w-sm gap-1 text-sm">
          {(["vBC", "vICMS", "vBCST", "vST", "vFCPST", "vIPI", "vPIS", "vCOFINS", "vICMSUFDest"] as const).map((key) => (
            <div key={key} className="flex justify-between">
              <dt>{t(`totals.${key}`)}</dt>
              <dd className="tabular-nums">{format.money(order.tax_totals![key])}</dd>
            </div>
          ))}
          <div className="flex justify-between text-base font-semibold">
            <dt>{t("invoiceValue")}</dt>
            <dd className="tabular-nums">{format.money(order.invoice_value)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
