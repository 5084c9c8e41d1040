"use client";

import { Loader2Icon, ShieldAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { keepPreviousData, skipToken } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { useCan } from "@/components/panel/current-user";
import { useOrderName } from "@/components/records/order-name";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/input";
import { useFormat } from "@/lib/format";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import type { HoldPreviewInput, OrderDetail, OrderHold } from "@/server/orders/orders/schemas";
import { holdPreviewOf, previewRows, type PreviewValues } from "./order-values";

/** When an order's first hold began (`fallback` when it has none). */
export const heldSince = (holds: ReadonlyArray<Pick<OrderHold, "created_at">>, fallback: string) =>
  holds.reduce((first, hold) => (hold.created_at < first ? hold.created_at : first), holds[0]?.created_at ?? fallback);

/** Reads a number of a hold's details (they are the server's JSON). */
const figure = (details: Record<string, unknown>, key: string) => {
  const value = details[key];
  return typeof value === "number" ? value : 0;
};

type DiscountItem = { index: number; discount_percent: number };
const discountItems = (details: Record<string, unknown>): DiscountItem[] =>
  (Array.isArray(details.items) ? details.items : []).flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const entry = item as Record<string, unknown>;
    return [{ index: figure(entry, "index"), discount_percent: figure(entry, "discount_percent") }];
  });

/**
 * A hold in words (contract §11): "Limite de crédito: exposição R$ 2.560,00 de R$ 2.000,00",
 * "Vencido há 10 dias…", "Furadeira: desconto de 13,02% acima do limite de 5% do vendedor".
 * With the order's items a DISCOUNT hold names each product; without them, the deepest discount.
 */
export function useHoldLines() {
  const t = useTranslations("orders.holds.reasons");
  const format = useFormat();
  return (hold: Pick<OrderHold, "reason" | "details">, items?: ReadonlyArray<{ productName: string }>): string[] => {
    const details = hold.details;
    switch (hold.reason) {
      case "CREDIT_BLOCKED":
        return [t("CREDIT_BLOCKED")];
      case "CREDIT_LIMIT":
        return [
          t("CREDIT_LIMIT", {
            exposure: format.money(figure(details, "exposure")),
            limit: format.money(figure(details, "limit")),
            excess: format.money(figure(details, "excess")),
          }),
        ];
      case "OVERDUE":
        return [
          t("OVERDUE", {
            days: figure(details, "days"),
            value: format.money(figure(details, "value")),
            tolerance: figure(details, "tolerance"),
          }),
        ];
      case "DISCOUNT": {
        const limit = format.percent(figure(details, "max_discount_percent"));
        const below = discountItems(details);
        if (items) {
          return below.map((item) =>
            t("DISCOUNT_ITEM", {
              product: items[item.index]?.productName ?? "—",
              percent: format.percent(item.discount_percent),
              limit,
            }),
          );
        }
        const deepest = Math.max(0, ...below.map((item) => item.discount_percent));
        return [t("DISCOUNT", { percent: format.percent(deepest), limit })];
      }
    }
  };
}

/** The reasons of an order's holds, one line each. */
export function HoldReasons({ holds, items }: { holds: OrderHold[]; items?: ReadonlyArray<{ productName: string }> }) {
  const lines = useHoldLines();
  return (
    <ul className="grid gap-1 text-sm">
      {holds.flatMap((hold) =>
        lines(hold, items).map((line, index) => (
          <li key={`${hold.reason}-${index}`} className="flex gap-2">
            <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-amber-600" />
            <span>{line}</span>
          </li>
        )),
      )}
    </ul>
  );
}

export type Decision = "APPROVE" | "REJECT";

/** The order a decision is about: its id, how it is named, and what to show of its holds. */
export interface DecidedOrder {
  id: string;
  number: number;
  partner_name: string;
  quotation?: boolean;
  /** The order as staff read it: a decision on an order that changed since is refused (409 `order_changed`). */
  updated_at: string;
}

/** "Liberar o pedido nº 12?" / "Recusar…": a note, then POST /orders/{id}/approval. */
export function DecisionDialog({
  order,
  decision,
  onClose,
  onDone,
}: {
  order: DecidedOrder;
  decision: Decision;
  onClose: () => void;
  onDone?: () => void;
}) {
  const t = useTranslations("orders.holds");
  const orderName = useOrderName();
  const problems = useProblemMessages("orders.fields");
  const utils = trpc.useUtils();
  const noteId = useId();
  const approval = trpc.orders.approval.useMutation({
    // Rejecting cancels: reservations, coupons' uses and receivables change with it.
    onSuccess: () =>
      Promise.all([utils.orders.invalidate(), utils.financials.invalidate(), utils.stock.invalidate(), utils.coupons.invalidate()]),
  });
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const name = orderName({ number: order.number, quotation: order.quotation ?? false });
  const pending = approval.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            setError(null);
            try {
              await approval.mutateAsync({ id: order.id, decision, note: note.trim() || null, updated_at: order.updated_at });
              toast.success(t(decision === "APPROVE" ? "approved" : "rejected", { name }));
              onDone?.();
              onClose();
            } catch (failure) {
              setError(problems.message(failure));
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{t(decision === "APPROVE" ? "approveTitle" : "rejectTitle", { name })}</DialogTitle>
            <DialogDescription>{t(decision === "APPROVE" ? "approveDescription" : "rejectDescription")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={noteId}>{t("note")}</Label>
            <Textarea
              id={noteId}
              value={note}
              maxLength={1000}
              placeholder={t("notePlaceholder")}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t("back")}
            </Button>
            <Button type="submit" variant={decision === "REJECT" ? "destructive" : "default"} disabled={pending}>
              {pending && <Loader2Icon className="animate-spin" aria-hidden />}
              {t(decision === "APPROVE" ? "approve" : "reject")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The order page's card of its holds: the reasons in words, since when, and the decision for MANAGER and ADMIN. */
export function OrderHolds({ order }: { order: OrderDetail }) {
  const t = useTranslations("orders.holds");
  const format = useFormat();
  const canDecide = useCan("manage");
  const [decision, setDecision] = useState<Decision | null>(null);
  if (order.holds.length === 0) return null;
  const since = heldSince(order.holds, order.created_at);
  return (
    <Card className="border-amber-500/60" role="region" aria-label={t("title")}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlertIcon className="size-5 text-amber-600" aria-hidden />
          {t("title")}
        </CardTitle>
        <CardDescription>
          {t("description")} {t("since", { when: format.dateTime(since) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <HoldReasons holds={order.holds} items={order.items} />
        {canDecide ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setDecision("APPROVE")}>{t("approve")}</Button>
            <Button variant="outline" onClick={() => setDecision("REJECT")}>
              {t("reject")}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t("waiting")}</p>
        )}
      </CardContent>
      {decision && (
        <DecisionDialog
          order={{
            id: order.id,
            number: order.number,
            partner_name: order.partner.name,
            quotation: order.quotation,
            updated_at: order.updated_at,
          }}
          decision={decision}
          onClose={() => setDecision(null)}
        />
      )}
    </Card>
  );
}

/**
 * The order form's warning before saving (contract §11): the holds an order with what is
 * typed would get, and why, asked of the server a moment after typing stops. A stored
 * order whose terms are as stored shows nothing here (its page shows its holds).
 */
export function HoldWarning({ order, values, total }: { order: OrderDetail | undefined; values: PreviewValues; total: number }) {
  const t = useTranslations("orders.holds");
  const input = holdPreviewOf(values, total, order?.id ?? null);
  const stored = order ? holdPreviewOf(storedTerms(order), order.total_value, order.id) : null;
  const key = input && JSON.stringify(input) !== JSON.stringify(stored) ? JSON.stringify(input) : null;
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(key), 500);
    return () => clearTimeout(timer);
  }, [key]);
  const preview = trpc.orders.previewHolds.useQuery(asked ? (JSON.parse(asked) as HoldPreviewInput) : skipToken, {
    placeholderData: keepPreviousData,
  });
  const holds = key && preview.data ? preview.data.holds : [];
  if (holds.length === 0) return null;
  return (
    <div role="status" className="grid gap-2 rounded-md border border-amber-500/60 bg-amber-500/10 p-4 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <ShieldAlertIcon className="size-4 text-amber-600" aria-hidden />
        {t("willHold")}
      </p>
      <p className="text-muted-foreground">{t("willHoldDescription")}</p>
      <HoldReasons
        holds={holds.map((hold) => ({ ...hold, created_at: "" }))}
        items={previewRows(values).map((item) => ({ productName: item.name ?? "—" }))}
      />
    </div>
  );
}

/** A stored order's terms as the form's values have them. */
function storedTerms(order: OrderDetail): PreviewValues {
  return {
    partner_id: order.partner_id,
    seller_id: order.seller_id ?? "",
    company_id: order.company_id ?? "",
    quotation: order.quotation,
    items: order.items.map((item) => ({
      product_id: item.productId,
      quantity: item.quantity,
      unit_value: item.unitValue,
      discount: item.discount,
    })),
    payments: order.payments.map((payment) => ({ payment_method_id: payment.paymentMethodId, installments: payment.installments })),
  };
}
