"use client";

import { TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { useFormat } from "@/lib/format";
import type { StockRecord } from "@/server/stock/stock/schemas";
import { decimalsOf } from "./quantity";

/** A quantity of a record in its unit's decimals. */
export function StockQuantity({ record, value }: { record: StockRecord; value: number }) {
  const format = useFormat();
  const decimals = decimalsOf(record);
  return <span className="tabular-nums">{format.number(value, { minDecimals: decimals, maxDecimals: decimals })}</span>;
}

/** What is available, marked when at or below the product's minimum. */
export function AvailableQuantity({ record }: { record: StockRecord }) {
  const t = useTranslations("stock");
  const format = useFormat();
  return (
    <span className="inline-flex items-center gap-2">
      <StockQuantity record={record} value={record.available} />
      {record.low_stock && record.minimum_stock !== null && (
        <Badge variant="destructive" title={t("lowStockHint", { minimum: format.number(record.minimum_stock) })}>
          <TriangleAlertIcon aria-hidden />
          {t("lowStock")}
        </Badge>
      )}
    </span>
  );
}

/** The product's picture (or an empty square), decorative beside its name. */
export function ProductThumbnail({ url, name }: { url: string | null; name: string }) {
  const t = useTranslations("stock");
  return url ? (
    // Served by the app itself (resource files), any size: a plain img.
    // eslint-disable-next-line @next/next/no-img-element
    <img src={url} alt={t("thumbnail", { name })} className="size-9 shrink-0 rounded border object-cover" loading="lazy" />
  ) : (
    <span aria-hidden className="size-9 shrink-0 rounded border bg-muted" />
  );
}
