"use client";

import { FileCode2Icon, FileDownIcon, Loader2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { useCan } from "@/components/panel/current-user";
import { ConfirmDeleteDialog } from "@/components/resource-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { useFormat } from "@/lib/format";
import { RestError, statusOf, useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import type { NfeJson } from "@/server/fiscal/nfe/schemas";
import { formatNfeKey } from "@/server/lib/nfe-key";
import type { OrderDetail } from "@/server/orders/orders/schemas";

const STATUS_STYLE: Record<NfeJson["status"], "default" | "secondary" | "destructive" | "outline"> = {
  SIGNED: "secondary",
  AUTHORIZED: "default",
  REJECTED: "destructive",
  CANCELED: "destructive",
  DISCARDED: "outline",
};

/** Whether a problem is "not found" (the order has no NF-e yet). */

/**
 * The order's NF-e (contract §13): its state, key in groups, number and series, the
 * protocol and the events, the XML and the DANFE to download, and what a MANAGER or ADMIN
 * may do next — issue one (an OPEN or CONFIRMED order), record the SEFAZ's authorization,
 * send a correction letter, cancel it, or discard one never authorized.
 */
export function NfeCard({ order }: { order: OrderDetail }) {
  const t = useTranslations("nfe");
  const format = useFormat();
  const canManage = useCan("manage");
  const query = trpc.nfe.get.useQuery({ id: order.id }, { retry: (count, error) => statusOf(error) !== 404 && count < 2 });
  const nfe = query.data;
  const phase = order.status_detail.phase;
  const issuable =
    !order.quotation && (phase === "OPEN" || phase === "CONFIRMED") && (!nfe || nfe.status === "DISCARDED" || nfe.status === "REJECTED");
  const [dialog, setDialog] = useState<"issue" | "authorize" | "correct" | "cancel" | "discard" | null>(null);
  if (order.quotation) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">{t("loading")}</p>
        ) : !nfe ? (
          <p className="text-sm text-muted-foreground">{t("none")}</p>
        ) : (
          <div className="grid gap-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={STATUS_STYLE[nfe.status]}>{t(`statuses.${nfe.status}`)}</Badge>
              <span>{t("numberSeries", { number: format.number(nfe.number), series: nfe.series })}</span>
              {nfe.environment === "HOMOLOGATION" && <Badge variant="outline">{t("homologation")}</Badge>}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-muted-foreground">{t("key")}</span>
              <span className="font-mono break-all">{formatNfeKey(nfe.key)}</span>
              <CopyButton value={nfe.key} label={t("copyKey")} />
            </div>
            <dl className="grid grid-cols-1 gap-1 sm:grid-cols-2">
              <Line label={t("issuedAt")}>{format.dateTime(nfe.issued_at)}</Line>
              <Line label={t("value")}>{format.money(nfe.value)}</Line>
              {nfe.protocol && (
                <Line label={t("protocol")}>{`${nfe.protocol}${nfe.authorized_at ? ` · ${format.dateTime(nfe.authorized_at)}` : ""}`}</Line>
              )}
              {nfe.status_reason && nfe.status !== "AUTHORIZED" && (
                <Line label={t("reason")}>{`${nfe.status_code ?? ""} ${nfe.status_reason}`}</Line>
              )}
            </dl>
            {nfe.events.length > 0 && (
              <ul className="grid gap-1" aria-label={t("events")}>
                {nfe.events.map((event) => (
                  <li key={`${event.code}-${event.sequence}`}>
                    {t(`eventTypes.${event.type}`, { sequence: event.sequence })} · {format.dateTime(event.created_at)} — {event.text}
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" asChild>
                <a href={`/api/b2b/orders/${order.id}/nfe.xml`} download>
                  <FileCode2Icon aria-hidden />
                  {t("downloadXml")}
                </a>
              </Button>
              <Button variant="outline" size="sm" asChild>
                <a href={`/api/b2b/orders/${order.id}/danfe`} download>
                  <FileDownIcon aria-hidden />
                  {t("downloadDanfe")}
                </a>
              </Button>
            </div>
          </div>
        )}
        {canManage && (
          <div className="flex flex-wrap gap-2">
            {issuable && <Button onClick={() => setDialog("issue")}>{t("issue")}</Button>}
            {nfe && nfe.transmission !== "OFF" && (nfe.status === "SIGNED" || nfe.events.some((event) => !event.protocol)) && (
              <TransmitButton order={order} />
            )}
            {nfe?.status === "SIGNED" && nfe.transmission === "OFF" && (
              <Button variant="outline" onClick={() => setDialog("authorize")}>
                {t("authorize")}
              </Button>
            )}
            {nfe?.status === "AUTHORIZED" && (
              <>
                <Button variant="outline" onClick={() => setDialog("correct")}>
                  {t("correct")}
                </Button>
                <Button variant="outline" className="text-destructive" onClick={() => setDialog("cancel")}>
                  {t("cancel")}
                </Button>
              </>
            )}
            {(nfe?.status === "SIGNED" || nfe?.status === "REJECTED") &&
              (phase === "OPEN" || phase === "CONFIRMED" || phase === "CANCELED") && (
                <Button variant="outline" className="text-destructive" onClick={() => setDialog("discard")}>
                  {t("discard")}
                </Button>
              )}
          </div>
        )}
      </CardContent>
      {dialog === "issue" && <IssueDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === "authorize" && <TextDialog order={order} kind="authorize" onClose={() => setDialog(null)} />}
      {dialog === "correct" && <TextDialog order={order} kind="correct" onClose={() => setDialog(null)} />}
      {dialog === "cancel" && <TextDialog order={order} kind="cancel" onClose={() => setDialog(null)} />}
      <DiscardDialog order={order} open={dialog === "discard"} onClose={() => setDialog(null)} />
    </Card>
  );
}

/** Sends the NF-e (or its signed events) to the SEFAZ, outside the panel's tRPC (the server calls the SEFAZ outside any transaction). */
function TransmitButton({ order }: { order: OrderDetail }) {
  const t = useTranslations("nfe");
  const problems = useProblemMessages("nfe.fields");
  const invalidate = useNfeInvalidation();
  const [pending, setPending] = useState(false);
  return (
    <Button
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          const response = await fetch(`/api/b2b/orders/${order.id}/nfe/transmit`, { method: "POST", credentials: "same-origin" }).catch(
            (error: unknown) => {
              throw new RestError(0, undefined, error instanceof Error ? error.message : String(error));
            },
          );
          if (!response.ok) throw await RestError.of(response);
          const nfe = (await response.json()) as NfeJson;
          toast.success(t(`statuses.${nfe.status}`));
          await invalidate();
        } catch (failure) {
          problems.toastError(failure);
        } finally {
          setPending(false);
        }
      }}
    >
      {pending && <Loader2Icon className="animate-spin" aria-hidden />}
      {t("transmit")}
    </Button>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function useNfeInvalidation() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.nfe.invalidate(), utils.orders.invalidate(), utils.financials.invalidate(), utils.stock.invalidate()]);
}

/**
 * "Emitir NF-e": the totals it will state (products, IPI, ICMS-ST, Total da nota) and the
 * series; with `statusId` (the invoicing move) the order is invoiced with it.
 */
export function IssueNfeForm({
  order,
  statusId,
  onCancel,
  onDone,
  submitLabel,
}: {
  order: OrderDetail;
  statusId?: string;
  onCancel: () => void;
  onDone: () => void;
  submitLabel?: string;
}) {
  const t = useTranslations("nfe");
  const format = useFormat();
  const problems = useProblemMessages("nfe.fields");
  const invalidate = useNfeInvalidation();
  const issue = trpc.nfe.issue.useMutation({ onSuccess: invalidate });
  const [series, setSeries] = useState("1");
  const [error, setError] = useState<string | null>(null);
  const seriesId = useId();
  const totals = order.tax_totals;
  return (
    <form
      className="grid gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setError(null);
        try {
          const nfe = await issue.mutateAsync({ id: order.id, series: Number(series), ...(statusId ? { status_id: statusId } : {}) });
          toast.success(t("issued", { number: format.number(nfe.number) }));
          onDone();
        } catch (failure) {
          setError(problems.message(failure));
        }
      }}
    >
      <dl className="grid gap-1 text-sm">
        <div className="flex justify-between">
          <dt>{t("totals.products")}</dt>
          <dd className="tabular-nums">{format.money(order.order_value)}</dd>
        </div>
        {totals && (
          <>
            <div className="flex justify-between">
              <dt>{t("totals.ipi")}</dt>
              <dd className="tabular-nums">{format.money(totals.vIPI)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{t("totals.st")}</dt>
              <dd className="tabular-nums">{format.money(totals.vST + totals.vFCPST)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{t("totals.icms")}</dt>
              <dd className="tabular-nums">{format.money(totals.vICMS)}</dd>
            </div>
          </>
        )}
        <div className="flex justify-between text-base font-semibold">
          <dt>{t("totals.invoice")}</dt>
          <dd className="tabular-nums">{format.money(order.invoice_value)}</dd>
        </div>
      </dl>
      <label htmlFor={seriesId} className="grid gap-1 text-sm font-medium">
        {t("fields.series")}
        <Input
          id={seriesId}
          value={series}
          onChange={(event) => setSeries(event.target.value.replace(/\D/g, "").slice(0, 3))}
          inputMode="numeric"
          className="w-24"
        />
      </label>
      {error && (
        <p role="alert" className="text-sm whitespace-pre-line text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={issue.isPending}>
          {t("back")}
        </Button>
        <Button type="submit" disabled={issue.isPending || series === ""}>
          {issue.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          {submitLabel ?? t("issue")}
        </Button>
      </DialogFooter>
    </form>
  );
}

function IssueDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const t = useTranslations("nfe");
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("issueTitle")}</DialogTitle>
          <DialogDescription>{t("issueDescription")}</DialogDescription>
        </DialogHeader>
        <IssueNfeForm order={order} onCancel={onClose} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** A protocol to record, a correction to send or a cancellation's reason. */
function TextDialog({ order, kind, onClose }: { order: OrderDetail; kind: "authorize" | "correct" | "cancel"; onClose: () => void }) {
  const t = useTranslations("nfe");
  const problems = useProblemMessages("nfe.fields");
  const invalidate = useNfeInvalidation();
  const authorize = trpc.nfe.authorize.useMutation({ onSuccess: invalidate });
  const correct = trpc.nfe.correct.useMutation({ onSuccess: invalidate });
  const cancel = trpc.nfe.cancel.useMutation({ onSuccess: invalidate });
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const pending = authorize.isPending || correct.isPending || cancel.isPending;
  const minimum = 15;
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            setError(null);
            try {
              if (kind === "authorize") await authorize.mutateAsync({ id: order.id, protocol: text.replace(/\D/g, "") });
              else if (kind === "correct") await correct.mutateAsync({ id: order.id, text });
              else await cancel.mutateAsync({ id: order.id, reason: text });
              toast.success(t(`${kind}Done`));
              onClose();
            } catch (failure) {
              setError(problems.message(failure));
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{t(`${kind}Title`)}</DialogTitle>
            <DialogDescription>{t(`${kind}Description`)}</DialogDescription>
          </DialogHeader>
          <label htmlFor={fieldId} className="grid gap-1 text-sm font-medium">
            {t(`${kind}Field`)}
            {kind === "authorize" ? (
              <Input
                id={fieldId}
                value={text}
                onChange={(event) => setText(event.target.value)}
                inputMode="numeric"
                className="font-mono"
                maxLength={20}
              />
            ) : (
              <textarea
                id={fieldId}
                value={text}
                onChange={(event) => setText(event.target.value)}
                rows={4}
                maxLength={kind === "cancel" ? 255 : 1000}
                className="rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              />
            )}
            {kind !== "authorize" && (
              <span className="text-xs text-muted-foreground">{t("minimum", { count: minimum, typed: text.trim().length })}</span>
            )}
          </label>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t("back")}
            </Button>
            <Button
              type="submit"
              variant={kind === "cancel" ? "destructive" : "default"}
              disabled={pending || (kind !== "authorize" && text.trim().length < minimum)}
            >
              {pending && <Loader2Icon className="animate-spin" aria-hidden />}
              {t(`${kind}Submit`)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DiscardDialog({ order, open, onClose }: { order: OrderDetail; open: boolean; onClose: () => void }) {
  const t = useTranslations("nfe");
  const problems = useProblemMessages("nfe.fields");
  const invalidate = useNfeInvalidation();
  const discard = trpc.nfe.discard.useMutation({ onSuccess: invalidate });
  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t("discardTitle")}
      confirmLabel={t("discardSubmit")}
      description={t("discardDescription")}
      onConfirm={async () => {
        try {
          await discard.mutateAsync({ id: order.id });
          toast.success(t("discardDone"));
        } catch (failure) {
          problems.toastError(failure);
        }
      }}
    />
  );
}
