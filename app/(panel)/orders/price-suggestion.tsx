"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import type { PriceBatchCalculation } from "@/server/pricing/prices/schemas";
import type { OrderFormInput, OrderFormValues } from "./order-values";

/** What the form knows of a product it lists: its own price (the fallback) and its unit's decimals. */
export interface ProductFacts {
  price: number | null;
  decimals: number;
  /** Whether orders move the product's stock (contract §10). */
  trackStock: boolean;
}

/** The price engine's answer for a row, or why the product's own price was used. */
export type Suggestion =
  | { kind: "pending" }
  | { kind: "engine"; result: PriceBatchCalculation; names: ReadonlyMap<string, string> }
  | { kind: "fallback"; price: number | null };

type OrderForm = UseFormReturn<OrderFormInput, unknown, OrderFormValues>;

/** The form's values as they are while typing (any part may be missing). */
interface TypedValues {
  partner_id?: string;
  company_id?: string;
  payments?: Array<{ payment_method_id?: string; installments?: number | null } | undefined>;
  items?: Array<{ key?: string; product_id?: string; quantity?: number | null } | undefined>;
}

/** What the rows' prices depend on: a row is asked again when any of it (or the shared context) changes. */
function requestsOf(values: TypedValues) {
  const payment = values.payments?.[0];
  const context = {
    partner_id: values.partner_id || null,
    company_id: values.company_id || null,
    payment_method_id: payment?.payment_method_id || null,
    installments:
      payment?.payment_method_id && payment.installments && Number.isInteger(payment.installments) ? payment.installments : null,
  };
  const rows = (values.items ?? []).flatMap((item) => {
    const quantity = item?.quantity;
    if (!item?.key || !item.product_id || typeof quantity !== "number" || !Number.isFinite(quantity) || quantity <= 0) return [];
    const input = { product_id: item.product_id, quantity };
    return [{ key: item.key, input, signature: JSON.stringify({ ...context, ...input }) }];
  });
  return { context, rows };
}

/**
 * At most this many rows are priced in one call: the panel's calls are GETs (tRPC
 * queries), 25 rows keep the address within 4 KB (POST /prices/products/calculate takes 100).
 */
const PAGE = 25;

/**
 * Price suggestions of the order form: when rows are added, or a quantity, the partner,
 * the company or the (first) payment method changes, asks the price engine for the rows
 * that changed in one call (POST /prices/products/calculate) and fills in their unit
 * prices; staff may still type another. A row the engine cannot price (its own error)
 * keeps the product's own price. `primed` rows (a stored order's) keep their values
 * until something they depend on changes.
 */
export function usePriceSuggestions(form: OrderForm, facts: (productId: string) => ProductFacts | undefined, primed: boolean) {
  const utils = trpc.useUtils();
  const [suggestions, setSuggestions] = useState<ReadonlyMap<string, Suggestion>>(new Map());
  // The signature last asked for each row (mutated by the effect, never rendered).
  const [asked] = useState(() => new Map(primed ? requestsOf(form.getValues()).rows.map((row) => [row.key, row.signature]) : []));
  const watched = useWatch({ control: form.control });
  const signature = JSON.stringify(requestsOf(watched).rows.map((row) => row.signature));

  useEffect(() => {
    const suggest = (key: string, next: Suggestion | null) =>
      setSuggestions((current) => {
        const copy = new Map(current);
        if (next) copy.set(key, next);
        else copy.delete(key);
        return copy;
      });
    /** Fills in a row's unit value unless it was typed over while the engine answered. */
    const fill = (key: string, price: number, before: number | null | undefined) => {
      const index = form.getValues("items").findIndex((item) => item.key === key);
      if (index < 0 || !Object.is(form.getValues(`items.${index}.unit_value`), before)) return;
      form.setValue(`items.${index}.unit_value`, price, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    };
    const timer = setTimeout(() => {
      const values = form.getValues();
      const keys = new Set(values.items.map((item) => item.key));
      for (const key of asked.keys()) if (!keys.has(key)) asked.delete(key);
      const { context, rows } = requestsOf(values);
      const changed = rows.filter((row) => asked.get(row.key) !== row.signature);
      for (let start = 0; start < changed.length; start += PAGE) {
        const page = changed.slice(start, start + PAGE).map((row) => ({
          ...row,
          before: values.items.find((item) => item.key === row.key)?.unit_value,
        }));
        for (const row of page) {
          asked.set(row.key, row.signature);
          suggest(row.key, { kind: "pending" });
        }
        const current = (row: (typeof page)[number]) => asked.get(row.key) === row.signature;
        utils.prices.calculateMany.fetch({ ...context, items: page.map((row) => row.input) }).then(
          (answer) => {
            const names = new Map(answer.discounts.map((discount) => [discount.id, discount.name]));
            page.forEach((row, index) => {
              const result = answer.items[index];
              if (!current(row) || !result) return;
              if (!("error" in result)) {
                fill(row.key, result.unit_price, row.before);
                return suggest(row.key, { kind: "engine", result, names });
              }
              // The engine cannot price it (no price for these conditions): the product's own price stands.
              const price = facts(row.input.product_id)?.price ?? null;
              if (price !== null) fill(row.key, price, row.before);
              suggest(row.key, { kind: "fallback", price });
            });
          },
          () => page.forEach((row) => current(row) && suggest(row.key, null)),
        );
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [signature, asked, form, facts, utils]);

  return suggestions;
}

/**
 * The small line under a row: the base price, the table and the discounts behind the
 * suggested price (the customer's price, contract §11), and how far below it the row's net
 * unit price was negotiated (`net`: unit value less the row's discount per unit).
 */
export function PriceHint({ suggestion, id, net }: { suggestion: Suggestion | undefined; id: string; net?: number | null }) {
  const t = useTranslations("orders.priceHint");
  const format = useFormat();
  let text: string | null = null;
  if (suggestion?.kind === "pending") text = t("pending");
  else if (suggestion?.kind === "fallback")
    text = suggestion.price === null ? t("noPrice") : t("fallback", { price: format.money(suggestion.price) });
  else if (suggestion?.kind === "engine") {
    const { result, names } = suggestion;
    const parts = [
      result.base_price === null ? null : t("base", { price: format.money(result.base_price) }),
      result.price_table
        ? t("table", {
            name: result.price_table.name,
            price: format.money(result.price_table.price),
          })
        : null,
      ...result.discounts.map((discount) =>
        t("discount", {
          name: names.get(discount.id) ?? "",
          amount: format.money(discount.amount),
        }),
      ),
      result.payment_method && result.payment_method.adjustment_rate !== 0
        ? t("adjustment", {
            rate: format.percent(result.payment_method.adjustment_rate, {
              signed: true,
            }),
          })
        : null,
      t("suggested", { price: format.money(result.unit_price) }),
      net !== null && net !== undefined && result.unit_price > 0 && net < result.unit_price - 0.005
        ? t("negotiated", { percent: format.percent(Math.round((1 - net / result.unit_price) * 10_000) / 100) })
        : null,
    ];
    text = parts.filter(Boolean).join(" · ");
  }
  return (
    <p id={id} className="text-xs text-muted-foreground md:col-span-full" aria-live="polite" data-testid="price-hint">
      {text}
    </p>
  );
}
