"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

/** What staff call an order: "Pedido nº 1.234" ("Orçamento nº 1.234" for a quotation). */
export function useOrderName(): (order: { number: number; quotation?: boolean }) => string {
  const t = useTranslations("orders");
  return useCallback((order) => t(order.quotation ? "quotationNumbered" : "numbered", { number: order.number }), [t]);
}
