"use client";

import { TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/format";
import { useProblemMessages } from "@/lib/problem";
import { trpc, type RouterOutputs } from "@/lib/trpc";

type LowStockRecord = RouterOutputs["lowStock"]["list"]["items"][number];

const linkClass = "underline-offset-4 outline-none hover:underline focus-visible:underline";

/** How the card names a record's product: "Parafuso — Azul". */
const productNameOf = (record: LowStockRecord) =>
  record.product.variation_name ? `${record.product.name} — ${record.product.variation_name}` : record.product.name;

/** Stock records at or below their product's minimum, furthest below first, each linking to its ledger. */
export function LowStockCard() {
  const t = useTranslations("dashboard.lowStock");
  const format = useFormat();
  const problems = useProblemMessages();
  const query = trpc.lowStock.list.useQuery({});
  const data = query.data;
  const quantity = (record: LowStockRecord, value: number) => {
    const decimals = record.product.measure_unit?.decimals_for_quantity ?? 0;
    const unit = record.product.measure_unit?.abbreviation;
    const figure = format.number(value, { minDecimals: decimals, maxDecimals: Math.max(decimals, 3) });
    return unit ? `${figure} ${unit}` : figure;
  };
  return (
    <Card role="region" aria-labelledby="low-stock-title" data-testid="low-stock">
      <CardHeader>
        <CardTitle id="low-stock-title">{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent aria-busy={query.isFetching ? "true" : undefined}>
        {query.error && !data ? (
          <p role="alert" className="text-sm text-muted-foreground">
            {t("loadFailed")} {problems.message(query.error)}
          </p>
        ) : !data ? (
          <Skeleton className="h-24" />
        ) : data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t("product")}</TableHead>
                <TableHead scope="col">{t("warehouse")}</TableHead>
                <TableHead scope="col" className="text-right">
                  {t("available")}
                </TableHead>
                <TableHead scope="col" className="text-right">
                  {t("minimum")}
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.items.map((record) => (
                <TableRow key={record.id} data-testid="low-stock-record">
                  <TableCell>
                    <span className="flex flex-col">
                      <Link href={`/stock/${record.id}`} className={`font-medium ${linkClass}`}>
                        {productNameOf(record)}
                      </Link>
                      <span className="font-mono text-xs text-muted-foreground">{record.product.sku}</span>
                    </span>
                  </TableCell>
                  <TableCell>{record.warehouse.name}</TableCell>
                  <TableCell className="text-right tabular-nums text-destructive">
                    <TriangleAlertIcon className="mr-1 inline size-3.5 align-[-2px]" aria-hidden />
                    {quantity(record, record.available)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{quantity(record, record.minimum_stock)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap items-center justify-between gap-2 text-sm">
        {data && data.total > data.items.length ? (
          <span className="text-muted-foreground">{t("more", { count: data.total - data.items.length })}</span>
        ) : (
          <span />
        )}
        <Link href="/stock" className={`text-primary ${linkClass}`}>
          {t("viewAll")}
        </Link>
      </CardFooter>
    </Card>
  );
}
