"use client";

import { CheckIcon, ChevronDownIcon, Loader2Icon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useCan } from "@/components/panel/current-user";
import { ConfirmDeleteDialog } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/format";
import { useEnumLabel } from "@/lib/i18n";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { canMove, PHASES, reserves, tookStock, type Phase } from "@/server/settings/statuses/phases";
import type { OrderDetail } from "@/server/orders/orders/schemas";
import type { Status } from "@/server/settings/statuses/schemas";
import { StatusBadge } from "../../sales/status-badge";
import { useFinancialStatuses } from "../../financials/use-financial-statuses";
import { withUnit } from "../item-stock";
import { IssueNfeForm } from "./nfe-card";
import { NfeFields, useNfeForm } from "./nfe-fields";

/** Whether the order's items, payments, invoices and attachments may still change (contract §10). */
export const isEditable = (order: OrderDetail) => !order.status_detail.is_final && (order.quotation || reserves(order.status_detail.phase));

/** The road an order takes (canceling leaves it). */
const ROAD: readonly Phase[] = PHASES.filter((phase) => phase !== "CANCELED");

/** OPEN → CONFIRMED → INVOICED → SHIPPED → DELIVERED, the order's own phase marked. */
export function PhaseSteps({ phase }: { phase: Phase }) {
  const t = useTranslations("orders.flow");
  const phaseLabel = useEnumLabel("orderPhase");
  const reached = ROAD.indexOf(phase);
  return (
    <div className="grid gap-2">
      <ol aria-label={t("progress")} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {ROAD.map((step, index) => {
          const done = reached >= 0 && index < reached;
          const current = index === reached;
          return (
            <li
              key={step}
              aria-current={current ? "step" : undefined}
              className={
                current
                  ? "flex items-center gap-1 rounded-full bg-primary px-3 py-1 font-medium text-primary-foreground"
                  : done
                    ? "flex items-center gap-1 rounded-full border px-3 py-1"
                    : "flex items-center gap-1 rounded-full border border-dashed px-3 py-1 text-muted-foreground"
              }
            >
              {done && <CheckIcon className="size-3.5" aria-hidden />}
              {phaseLabel(step)}
              {done && <span className="sr-only">{t("done")}</span>}
            </li>
          );
        })}
      </ol>
      {phase === "CANCELED" && (
        <p role="status" className="text-sm font-medium text-destructive">
          {t("canceled")}
        </p>
      )}
    </div>
  );
}

/** The move a button makes into a phase: "Confirmar", "Faturar"... */
const MOVE_KEYS = {
  OPEN: "moves.OPEN",
  CONFIRMED: "moves.CONFIRMED",
  INVOICED: "moves.INVOICED",
  SHIPPED: "moves.SHIPPED",
  DELIVERED: "moves.DELIVERED",
  CANCELED: "moves.CANCELED",
} as const;

/**
 * The order's next moves: a button for the next phase on the road and one to cancel, and a
 * menu of every status grouped by phase (the ones the order cannot move to disabled).
 * Invoicing asks for the NF-e when the order has none; canceling asks for confirmation and
 * says what it gives back.
 */
export function StatusMoves({ order, statuses }: { order: OrderDetail; statuses: Status[] }) {
  const t = useTranslations("orders");
  const phaseLabel = useEnumLabel("orderPhase");
  const problems = useProblemMessages("orders.fields");
  const utils = trpc.useUtils();
  // A move may make or cancel receivables and take or give back stock and coupons' uses.
  const setStatus = trpc.orders.setStatus.useMutation({
    onSuccess: () =>
      Promise.all([utils.orders.invalidate(), utils.financials.invalidate(), utils.stock.invalidate(), utils.coupons.invalidate()]),
  });
  const [invoicing, setInvoicing] = useState<Status | null>(null);
  const [canceling, setCanceling] = useState<Status | null>(null);
  const phase = order.status_detail.phase;
  const withPhase = statuses.filter((status): status is Status & { phase: Phase } => status.phase !== null);
  const firstOf = (target: Phase) => withPhase.find((status) => status.phase === target);
  // On hold (contract §11) it stays OPEN until a decision: only moves within OPEN and canceling remain.
  const held = order.holds.length > 0;
  const allowed = (target: Phase) => canMove(phase, target) && !(held && target !== "OPEN" && target !== "CANCELED");
  const next = ROAD.filter((target) => target !== phase && allowed(target))
    .map(firstOf)
    .find(Boolean);
  const cancel = phase !== "CANCELED" && canMove(phase, "CANCELED") ? firstOf("CANCELED") : undefined;

  const apply = async (status: Status) => {
    try {
      await setStatus.mutateAsync({ id: order.id, status: status.id });
      toast.success(t("statusChanged", { status: status.title }));
    } catch (failure) {
      problems.toastError(failure);
    }
  };
  const choose = (status: Status & { phase: Phase }) => {
    if (!order.quotation && reserves(phase) && tookStock(status.phase) && order.invoices.length === 0) setInvoicing(status);
    else if (status.phase === "CANCELED" && phase !== "CANCELED") setCanceling(status);
    else void apply(status);
  };

  return (
    <>
      {next && (
        <Button onClick={() => choose(next)} disabled={setStatus.isPending}>
          {setStatus.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          {t(MOVE_KEYS[next.phase])}
        </Button>
      )}
      {cancel && (
        <Button variant="outline" className="text-destructive" onClick={() => choose(cancel)} disabled={setStatus.isPending}>
          {t(MOVE_KEYS.CANCELED)}
        </Button>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">
            {t("changeStatus")}
            <ChevronDownIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {PHASES.map((group) => {
            const members = withPhase.filter((status) => status.phase === group);
            if (members.length === 0) return null;
            return (
              <DropdownMenuGroup key={group}>
                <DropdownMenuLabel>{phaseLabel(group)}</DropdownMenuLabel>
                {members.map((status) => (
                  <DropdownMenuItem
                    key={status.id}
                    disabled={status.id === order.status || !allowed(status.phase)}
                    onSelect={() => choose(status)}
                  >
                    {status.title}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuGroup>
            );
          })}
        </DropdownMenuContent>
      </DropdownMenu>
      {invoicing && (
        <InvoiceDialog
          order={order}
          status={invoicing}
          onClose={() => setInvoicing(null)}
          onDone={() => {
            toast.success(t("statusChanged", { status: invoicing.title }));
            setInvoicing(null);
          }}
        />
      )}
      <CancelDialog order={order} status={canceling} onClose={() => setCanceling(null)} onConfirm={apply} />
    </>
  );
}

/** An invoicing move: the order, the INVOICED status it moves to, and what closes the dialog. */
interface Invoicing {
  order: OrderDetail;
  status: Status;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Invoicing needs an NF-e (contract §10): issued here from the order (contract §13: the totals
 * it will state, then the series), or one issued elsewhere — its key, and the XML and DANFE if
 * at hand. A MANAGER or ADMIN issues; the others type the key.
 */
function InvoiceDialog({ order, status, onClose, onDone }: Invoicing) {
  const t = useTranslations("orders");
  const canIssue = useCan("manage") && order.tax_totals !== null;
  const [mode, setMode] = useState<"issue" | "external">(canIssue ? "issue" : "external");
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("flow.invoiceTitle", { status: status.title })}</DialogTitle>
          <DialogDescription>{mode === "issue" ? t("flow.issueDescription") : t("flow.invoiceDescription")}</DialogDescription>
        </DialogHeader>
        {canIssue && (
          <div role="radiogroup" aria-label={t("flow.invoiceMode")} className="flex flex-wrap gap-4 text-sm">
            {(["issue", "external"] as const).map((option) => (
              <label key={option} className="flex items-center gap-2">
                <input type="radio" name="invoice-mode" value={option} checked={mode === option} onChange={() => setMode(option)} />
                {t(`flow.modes.${option}`)}
              </label>
            ))}
          </div>
        )}
        {mode === "issue" ? (
          <IssueNfeForm
            order={order}
            statusId={status.id}
            onCancel={onClose}
            onDone={onDone}
            submitLabel={t("flow.issueSubmit", { status: status.title })}
          />
        ) : (
          <ExternalInvoiceForm order={order} status={status} onClose={onClose} onDone={onDone} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** An NF-e issued by another system: its key (checked as typed), the XML and the DANFE. */
function ExternalInvoiceForm({ order, status, onClose, onDone }: Invoicing) {
  const t = useTranslations("orders");
  const problems = useProblemMessages("orders.fields");
  const utils = trpc.useUtils();
  // A move may make or cancel receivables and take or give back stock and coupons' uses.
  const setStatus = trpc.orders.setStatus.useMutation({
    onSuccess: () =>
      Promise.all([utils.orders.invalidate(), utils.financials.invalidate(), utils.stock.invalidate(), utils.coupons.invalidate()]),
  });
  const nfe = useNfeForm();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      className="grid gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!nfe.valid) return setError(t("invalidKey"));
        setError(null);
        setPending(true);
        try {
          await setStatus.mutateAsync({ id: order.id, status: status.id, invoices: [await nfe.invoice()] });
          onDone();
        } catch (failure) {
          setError(problems.message(failure));
        } finally {
          setPending(false);
        }
      }}
    >
      <NfeFields form={nfe} />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          {t("flow.back")}
        </Button>
        <Button type="submit" disabled={pending || nfe.key === ""}>
          {pending && <Loader2Icon className="animate-spin" aria-hidden />}
          {t("flow.invoiceSubmit", { status: status.title })}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Cancel this order?" with what canceling gives back: reservations, coupons' uses, unpaid receivables. */
function CancelDialog({
  order,
  status,
  onClose,
  onConfirm,
}: {
  order: OrderDetail;
  status: Status | null;
  onClose: () => void;
  onConfirm: (status: Status) => Promise<unknown>;
}) {
  const t = useTranslations("orders.flow");
  const format = useFormat();
  const receivables = trpc.financials.list.useQuery(
    { order_id: order.id, perPage: 100, sort: "due_date" },
    { enabled: status !== null && !order.quotation },
  );
  const unpaid = (receivables.data?.items ?? []).filter((record) => record.paying_off_value === 0).length;
  const held = order.quotation ? [] : order.items.filter((item) => item.reservedQuantity > 0);
  const coupons = order.quotation ? [] : order.coupons;
  const gives = [
    ...held.map((item) =>
      t("releases", {
        quantity: withUnit(format.number(item.reservedQuantity, { maxDecimals: 4 }), item.unit),
        product: item.productName,
        warehouse: item.warehouseName ?? "",
      }),
    ),
    ...coupons.map((coupon) => t("couponBack", { code: coupon.code })),
    ...(unpaid > 0 ? [t("receivablesCanceled", { count: unpaid })] : []),
  ];
  return (
    <ConfirmDeleteDialog
      open={status !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("cancelTitle")}
      confirmLabel={t("cancelConfirm")}
      description={
        <span className="grid gap-2">
          <span>{t("cancelDescription", { status: status?.title ?? "" })}</span>
          {gives.length === 0 ? (
            <span>{t("nothingHeld")}</span>
          ) : (
            <span className="grid gap-1">
              <span className="font-medium text-foreground">{t("givesBack")}</span>
              {gives.map((line) => (
                <span key={line}>• {line}</span>
              ))}
            </span>
          )}
        </span>
      }
      onConfirm={() => (status ? onConfirm(status) : Promise.resolve())}
    />
  );
}

/** The receivables the order made (on invoicing, or with its sale), each linked to its record. */
export function OrderReceivables({ order }: { order: OrderDetail }) {
  const t = useTranslations("orders.flow");
  const fields = useTranslations("financials.fields");
  const format = useFormat();
  const statuses = useFinancialStatuses();
  const receivables = trpc.financials.list.useQuery({ order_id: order.id, perPage: 100, sort: "due_date" });
  const rows = receivables.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("receivables")}</CardTitle>
      </CardHeader>
      <CardContent>
        {receivables.isPending ? (
          <p className="text-sm text-muted-foreground">{t("loading")}</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {reserves(order.status_detail.phase) ? t("receivablesLater") : t("noReceivables")}
          </p>
        ) : (
          <Table aria-label={t("receivables")}>
            <TableHeader>
              <TableRow>
                <TableHead>{fields("installment")}</TableHead>
                <TableHead>{fields("due_date")}</TableHead>
                <TableHead className="text-right">{fields("value")}</TableHead>
                <TableHead>{fields("status")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((record) => {
                const status = statuses.byId.get(record.status);
                return (
                  <TableRow key={record.id}>
                    <TableCell>
                      <Link className="underline" href={`/financials/${record.id}`}>
                        {t("installment", { number: record.installment ?? 1 })}
                      </Link>
                    </TableCell>
                    <TableCell>{format.date(record.due_date)}</TableCell>
                    <TableCell className="text-right tabular-nums">{format.money(record.value)}</TableCell>
                    <TableCell>
                      {status ? <StatusBadge title={status.title} background={status.background_color} font={status.font_color} /> : "—"}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
