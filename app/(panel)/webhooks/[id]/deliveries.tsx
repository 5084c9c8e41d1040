"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { ListIcon, RotateCwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { DataTable, FilterSelect, useTableState } from "@/components/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/format";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { deliveryStatuses, type WebhookDelivery } from "@/server/webhooks/schemas";
import { useEventLabel } from "../events";

const column = createColumnHelper<WebhookDelivery>();

const statusVariant = { PENDING: "muted", SUCCEEDED: "success", FAILED: "destructive" } as const;

/** An endpoint's delivery log: each event sent, its status, attempts and a redeliver button. */
export function Deliveries({ webhookId }: { webhookId: string }) {
  const t = useTranslations("webhooks");
  const format = useFormat();
  const eventLabel = useEventLabel();
  const problems = useProblemMessages();
  const [opened, setOpened] = useState<WebhookDelivery | null>(null);
  const table = useTableState({ defaultSort: "created_at", defaultDir: "desc", filters: ["status"] });
  const status = deliveryStatuses.find((value) => value === table.filters.status);
  const utils = trpc.useUtils();
  const list = trpc.webhooks.deliveries.useQuery(
    { ...table.paging, id: webhookId, status },
    {
      placeholderData: keepPreviousData,
      // While something is on its way, the log follows it.
      refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === "PENDING") ? 2_000 : false),
    },
  );
  const redeliver = trpc.webhooks.redeliver.useMutation({
    onSuccess: () => {
      toast.success(t("deliveries.redelivered"));
      void utils.webhooks.deliveries.invalidate();
    },
    onError: (error) => problems.toastError(error),
  });
  const columns = useMemo(
    () => [
      column.accessor("created_at", {
        header: t("deliveries.createdAt"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{format.dateTime(getValue())}</span>,
      }),
      column.accessor("event_type", {
        header: t("deliveries.event"),
        enableSorting: true,
        cell: ({ getValue }) => (
          <span>
            {eventLabel(getValue())} <code className="text-xs text-muted-foreground">{getValue()}</code>
          </span>
        ),
      }),
      column.accessor("status", {
        header: t("deliveries.status"),
        enableSorting: true,
        cell: ({ getValue }) => (
          <Badge variant={statusVariant[getValue()]} data-testid="delivery-status">
            {t(`statuses.${getValue()}`)}
          </Badge>
        ),
      }),
      column.accessor("last_status", {
        header: t("deliveries.lastStatus"),
        cell: ({ row }) =>
          row.original.last_status !== null ? (
            <span className="tabular-nums">{row.original.last_status}</span>
          ) : (
            <span className="text-muted-foreground">{row.original.last_error ?? "—"}</span>
          ),
      }),
      column.accessor("next_attempt_at", {
        header: t("deliveries.nextAttempt"),
        enableSorting: true,
        cell: ({ getValue }) => {
          const next = getValue();
          return next ? <span className="tabular-nums">{format.dateTime(next)}</span> : <span className="text-muted-foreground">—</span>;
        },
      }),
      column.accessor("attempts", {
        header: t("deliveries.attempts"),
        cell: ({ row }) => (
          <Button variant="outline" size="sm" onClick={() => setOpened(row.original)} aria-label={t("deliveries.showAttempts")}>
            <ListIcon aria-hidden />
            <span className="tabular-nums">{row.original.attempts.length}</span>
          </Button>
        ),
      }),
    ],
    [t, format, eventLabel],
  );
  const current = opened && (list.data?.items.find((item) => item.id === opened.id) ?? opened);
  return (
    <section aria-labelledby="deliveries-title" className="grid gap-3">
      <div>
        <h2 id="deliveries-title" className="text-lg font-semibold">
          {t("deliveries.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("deliveries.description")}</p>
      </div>
      <DataTable
        label={t("deliveries.title")}
        columns={columns}
        state={table}
        query={list}
        search={false}
        filters={
          <FilterSelect
            label={t("deliveries.statusFilter")}
            value={table.filters.status}
            onChange={(value) => table.setFilter("status", value)}
            options={deliveryStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          />
        }
        rowActions={(delivery) => (
          <Button
            variant="ghost"
            size="sm"
            disabled={redeliver.isPending}
            onClick={() => redeliver.mutate({ id: webhookId, delivery_id: delivery.id })}
          >
            <RotateCwIcon aria-hidden />
            {t("deliveries.redeliver")}
          </Button>
        )}
        emptyMessage={t("deliveries.empty")}
      />
      <Dialog open={current !== null} onOpenChange={(open) => !open && setOpened(null)}>
        <DialogContent className="sm:max-w-3xl">
          {current && (
            <>
              <DialogHeader>
                <DialogTitle>{t("deliveries.attempts")}</DialogTitle>
                <DialogDescription>
                  {t("deliveries.attemptsOf", { event: current.event_type, date: format.dateTime(current.created_at) })}
                </DialogDescription>
              </DialogHeader>
              <Attempts delivery={current} />
            </>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  const t = useTranslations("webhooks.deliveries");
  const format = useFormat();
  if (delivery.attempts.length === 0) return <p className="text-sm text-muted-foreground">{t("noAttempts")}</p>;
  return (
    <Table aria-label={t("attempts")}>
      <TableHeader>
        <TableRow>
          <TableHead>{t("attemptedAt")}</TableHead>
          <TableHead>{t("statusCode")}</TableHead>
          <TableHead>{t("duration")}</TableHead>
          <TableHead>{t("response")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {delivery.attempts.map((attempt) => (
          <TableRow key={attempt.id}>
            <TableCell className="tabular-nums">{format.dateTime(attempt.attempted_at)}</TableCell>
            <TableCell className="tabular-nums">
              {attempt.status_code ?? <span className="text-muted-foreground">{t("noAnswer")}</span>}
            </TableCell>
            <TableCell className="tabular-nums">{t("durationMs", { ms: format.number(attempt.duration_ms) })}</TableCell>
            <TableCell className="max-w-80">
              {attempt.error && <p className="text-sm text-destructive">{attempt.error}</p>}
              {attempt.response_excerpt && (
                <code className="block font-mono text-xs break-all whitespace-pre-wrap">{attempt.response_excerpt}</code>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
