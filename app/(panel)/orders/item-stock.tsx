"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { reserves, tookStock, type Phase } from "@/server/settings/statuses/phases";
import type { OrderDetail } from "@/server/orders/orders/schemas";

type Item = OrderDetail["items"][number];

/** A quantity with its unit when it has one: "3 UN", "3". */
export const withUnit = (quantity: string, unit: string | null) => (unit ? `${quantity} ${unit}` : quantity);

/**
 * What an order's item holds in stock (contract §10), as the order page shows it: reserved
 * while the order is open or confirmed, taken once invoiced, nothing once canceled.
 */
export function ItemStock({ item, phase, quotation }: { item: Item; phase: Phase; quotation: boolean }) {
  const t = useTranslations("orders.stock");
  const format = useFormat();
  // A quotation holds nothing; an item with no stock record is of a product whose stock is not tracked.
  if (quotation) return <span className="text-muted-foreground">{t("quotation")}</span>;
  // A canceled order's items hold nothing any more, whatever they held.
  if (phase === "CANCELED") return <span className="text-muted-foreground">{t("released")}</span>;
  if (!item.warehouseId) return <span className="text-muted-foreground">{t("untracked")}</span>;
  if (reserves(phase))
    return <span>{t("reserved", { quantity: withUnit(format.number(item.reservedQuantity, { maxDecimals: 4 }), item.unit) })}</span>;
  return tookStock(phase) ? <span>{t("taken")}</span> : null;
}

export interface StockHintProps {
  id: string;
  productId: string;
  /** Where the stock comes from: the item's warehouse, else the order's, else the default one. */
  warehouseId: string | null;
  companyId: string | null;
  quantity: number;
  /** What the stored item already holds reserved there (it is the item's own, so it counts as available to it). */
  held: number;
  /** False for a product whose stock orders do not move; undefined while unknown. */
  trackStock: boolean | undefined;
}

/** While editing: how much of an item's product is available where the order takes it from. */
export function StockHint({ id, productId, warehouseId, companyId, quantity, held, trackStock }: StockHintProps) {
  const t = useTranslations("orders.stock");
  const format = useFormat();
  const records = trpc.stock.ofProduct.useQuery({ product_id: productId }, { staleTime: 10_000, enabled: trackStock !== false });
  let text: string | null = null;
  let short = false;
  if (trackStock === false) text = t("untracked");
  else if (!warehouseId || !companyId) text = t("noSource");
  else if (records.data) {
    const record = records.data.find(
      (row) => row.company.id === companyId && row.warehouse.id === warehouseId && row.product.product_variation_id === null,
    );
    const available = (record?.available ?? 0) + held;
    const where = record?.warehouse.name ?? "";
    short = available < quantity;
    text = !record
      ? t("none")
      : short
        ? t("short", { available: format.number(available, { maxDecimals: 4 }), warehouse: where })
        : t("available", { available: format.number(available, { maxDecimals: 4 }), warehouse: where });
    if (!record) short = quantity > 0;
  }
  if (!text) return null;
  return (
    <p id={id} className={short ? "text-xs text-warning md:col-span-full" : "text-xs text-muted-foreground md:col-span-full"}>
      {text}
    </p>
  );
}
