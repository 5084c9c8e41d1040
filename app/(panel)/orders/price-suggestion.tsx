"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { useFormat } from "@/lib/format";
import { statusOf } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import type { PriceCalculation } from "@/server/pricing/prices/schemas";
import type { OrderFormInput, OrderFormValues } from "./order-values";

/** What the form knows of a product it lists: its own price (the fallback) and its unit's decimals. */
export interface ProductFacts {
  price: number | null;
  decimals: number;
  /** Whether orders move the product's stock (contract §10). */
  trackStock: boolean;
}

/** The price engine's answer for a row, or why the product's own price was used. */
export type Suggestion = { kind: "pending" } | { kind: "engine"; result: PriceCalculation } | { kind: "fallback"; price: number | null };

type OrderForm = UseFormReturn<OrderFormInput, unknown, OrderFormValues>;

/** The form's values as they are while typing (any part may be missing). */
interface TypedValues {
  partner_id?: string;
  company_id?: string;
  payments?: Array<{ payment_method_id?: string; installments?: number | null } | undefined>;
  items?: Array<{ key?: string; product_id?: string; quantity?: number | null } | undefined>;
}

/** What a row's price depends on: asked again when any of it changes. */
function requestsOf(values: TypedValues) {
  const payment = values.payments?.[0];
  const context = {
    partner_id: values.partner_id || null,
    company_id: values.company_id || null,
    payment_method_id: payment?.payment_method_id || null,
    installments:
      payment?.payment_method_id && payment.installments && Number.isInteger(payment.installments) ? payment.installments : null,
  };
  return (values.items ?? []).flatMap((item) => {
    const quantity = item?.quantity;
    if (!item?.key || !item.product_id || typeof quantity !== "number" || !Number.isFinite(quantity) || quantity <= 0) return [];
    const input = { ...context, product_id: item.product_id, quantity };
    return [{ key: item.key, input, signature: JSON.stringify(input) }];
  });
}

/**
 * Price suggestions of the order form: when a row is added, or its quantity, the partner,
 * the company or the (first) payment method changes, asks the price engine
 * (POST /prices/product/calculate) for the row's unit price and fills it in; staff may
 * still type another. Without a price (400) the product's own price stands. `primed`
 * rows (a stored order's) keep their values until something they depend on changes.
 */
export function usePriceSuggestions(form: OrderForm, facts: (productId: string) => ProductFacts | undefined, primed: boolean) {
  const utils = trpc.useUtils();
  const [suggestions, setSuggestions] = useState<ReadonlyMap<string, Suggestion>>(new Map());
  // The signature last asked for each row (mutated by the effect, never rendered).
  const [asked] = useState(() => new Map(primed ? requestsOf(form.getValues()).map((request) => [request.key, request.signature]) : []));
  const watched = useWatch({ control: form.control });
  const signature = JSON.stringify(requestsOf(watched).map((request) => request.signature));

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
      const rows = new Set(values.items.map((item) => item.key));
      for (const key of asked.keys()) if (!rows.has(key)) asked.delete(key);
      for (const request of requestsOf(values)) {
        if (asked.get(request.key) === request.signature) continue;
        asked.set(request.key, request.signature);
        const current = () => asked.get(request.key) === request.signature;
        const before = values.items.find((item) => item.key === request.key)?.unit_value;
        suggest(request.key, { kind: "pending" });
        utils.prices.calculate.fetch(request.input).then(
          (result) => {
            if (!current()) return;
            fill(request.key, result.unit_price, before);
            suggest(request.key, { kind: "engine", result });
          },
          (error: unknown) => {
            if (!current()) return;
            if (statusOf(error) !== 400) return suggest(request.key, null);
            const price = facts(request.input.product_id)?.price ?? null;
            if (price !== null) fill(request.key, price, before);
            suggest(request.key, { kind: "fallback", price });
          },
        );
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [signature, asked, form, facts, utils]);

  return suggestions;
}

/** The small line under a row: the base price, the table and the discounts behind the suggested price. */
export function PriceHint({ suggestion, id }: { suggestion: Suggestion | undefined; id: string }) {
  const t = useTranslations("orders.priceHint");
  const format = useFormat();
  let text: string | null = null;
  if (suggestion?.kind === "pending") text = t("pending");
  else if (suggestion?.kind === "fallback")
    text = suggestion.price === null ? t("noPrice") : t("fallback", { price: format.money(suggestion.price) });
  else if (suggestion?.kind === "engine") {
    const { result } = suggestion;
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
          name: discount.name,
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
    ];
    text = parts.filter(Boolean).join(" · ");
  }
  return (
    <p id={id} className="text-xs text-muted-foreground md:col-span-full" aria-live="polite" data-testid="price-hint">
      {text}
    </p>
  );
}
