"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { exportHref } from "@/components/data-table/export-button";
import { useOrderName } from "@/components/records/order-name";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateInput } from "@/components/ui/date-input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { today } from "@/lib/dates";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { commissionRecord } from "@/server/finance/commissions/schemas";

const PAGE = 50;

/**
 * A seller's commissions of a period (contract §11): each invoiced order with its base,
 * rate, accrual, paid share and payable part, the period's totals and its CSV. The period
 * starts as this month (São Paulo days).
 */
export function SellerCommissions({ sellerId }: { sellerId: string }) {
  const t = useTranslations("sellers.commissions");
  const format = useFormat();
  const locale = useLocale();
  const orderName = useOrderName();
  const ids = { from: useId(), to: useId() };
  const now = today();
  const [period, setPeriod] = useState({ start_date: `${now.slice(0, 8)}01`, end_date: now });
  const [page, setPage] = useState(0);
  const filters = { seller_id: sellerId, start_date: period.start_date || undefined, end_date: period.end_date || undefined };
  const query = trpc.commissions.list.useQuery({ ...filters, page, perPage: PAGE }, { placeholderData: keepPreviousData });
  const totals = query.data?.summary[0];
  const columns = [
    { id: "number", header: t("order") },
    { id: "partner_name", header: t("partner") },
    { id: "invoiced_at", header: t("invoicedAt") },
    { id: "base", header: t("base") },
    { id: "rate", header: t("rate") },
    { id: "accrued", header: t("accrued") },
    { id: "paid_share", header: t("paidShare") },
    { id: "payable", header: t("payable") },
  ];
  const csv = exportHref(
    { resource: "commissions", fields: Object.keys(commissionRecord.shape), filters },
    { paging: { search: "", page: 0, perPage: PAGE, sort: "", dir: "asc" } },
    columns,
    locale,
  );
  const change = (field: "start_date" | "end_date") => (value: string) => {
    setPeriod((current) => ({ ...current, [field]: value }));
    setPage(0);
  };
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  return (
    <Card role="region" aria-label={t("title")}>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor={ids.from}>{t("from")}</Label>
            <DateInput id={ids.from} value={period.start_date} onValueChange={change("start_date")} className="w-36" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.to}>{t("to")}</Label>
            <DateInput id={ids.to} value={period.end_date} onValueChange={change("end_date")} className="w-36" />
          </div>
          <a className={buttonVariants({ variant: "outline" })} href={csv} download>
            <DownloadIcon aria-hidden />
            {t("csv")}
          </a>
        </div>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{query.isPending ? t("loading") : t("empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <Table aria-label={t("title")}>
              <TableHeader>
                <TableRow>
                  {columns.map((column, index) => (
                    <TableHead key={column.id} className={index >= 3 ? "text-right" : undefined}>
                      {column.header}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((item) => (
                  <TableRow key={item.id}>
                    <TableCell className="whitespace-nowrap">
                      <Link className="underline-offset-4 hover:underline" href={`/orders/${item.id}`}>
                        {orderName(item)}
                      </Link>
                    </TableCell>
                    <TableCell>{item.partner_name}</TableCell>
                    <TableCell className="whitespace-nowrap">{format.date(item.invoiced_at)}</TableCell>
                    <TableCell className="text-right tabular-nums">{format.money(item.base)}</TableCell>
                    <TableCell className="text-right tabular-nums">{format.percent(item.rate)}</TableCell>
                    <TableCell className="text-right tabular-nums">{format.money(item.accrued)}</TableCell>
                    <TableCell className="text-right tabular-nums">{format.percent(item.paid_share * 100)}</TableCell>
                    <TableCell className="text-right tabular-nums">{format.money(item.payable)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              {totals && (
                <TableFooter>
                  <TableRow>
                    <TableCell colSpan={3}>{t("total", { orders: totals.orders })}</TableCell>
                    <TableCell className="text-right tabular-nums">{format.money(totals.base)}</TableCell>
                    <TableCell />
                    <TableCell className="text-right tabular-nums">{format.money(totals.accrued)}</TableCell>
                    <TableCell />
                    <TableCell className="text-right tabular-nums">{format.money(totals.payable)}</TableCell>
                  </TableRow>
                </TableFooter>
              )}
            </Table>
          </div>
        )}
        {total > PAGE && (
          <div className="flex items-center justify-end gap-2 text-sm">
            <span>{t("showing", { from: page * PAGE + 1, to: Math.min(total, (page + 1) * PAGE), total })}</span>
            <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {t("previous")}
            </Button>
            <Button variant="outline" size="sm" disabled={(page + 1) * PAGE >= total} onClick={() => setPage(page + 1)}>
              {t("next")}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
