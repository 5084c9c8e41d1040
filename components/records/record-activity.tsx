"use client";

import { HistoryIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormat } from "@/lib/format";
import { useDynamicTranslations } from "@/lib/i18n";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { formatNfeKey } from "@/server/lib/nfe-key";
import type { AuditEvent } from "@/server/audit/schemas";
import { isChange, useAuditValues } from "./audit-values";

/** Who did it: the user's or key's name, "System", or "a removed user". */
export function useActorName(): (event: Pick<AuditEvent, "actor">) => string {
  const t = useTranslations("activity");
  return (event) => (event.actor.kind === "system" ? t("system") : (event.actor.name ?? t("removedActor")));
}

/** An action in words ("criou", "alterou"); named actions by their code when unknown. */
export function useActionLabel(): (action: string) => string {
  const t = useDynamicTranslations("activity.actions");
  return (action) => (t.has(action) ? t(action) : action);
}

/**
 * The changes of one entry: each field with what it was and what it became (updates and
 * the like), or what a named action recorded (a capture's gateway, a redelivered event).
 * A create's or a delete's whole record is not listed.
 */
export function AuditChanges({ event }: { event: Pick<AuditEvent, "action" | "entity" | "changes" | "names"> }) {
  const t = useTranslations("activity");
  const values = useAuditValues(event.entity, event.names);
  const entries = Object.entries(event.changes);
  const isDiff = event.action === "update" || (entries.length > 0 && entries.every(([, change]) => isChange(change)));
  if (entries.length === 0 || (!isDiff && (event.action === "create" || event.action === "delete"))) return null;
  const side = (pick: "from" | "to") =>
    Object.fromEntries(entries.map(([field, change]) => [field, isChange(change) ? change[pick] : pick === "to" ? change : undefined]));
  const before = side("from");
  const after = side("to");
  const shownBefore = new Set(values.shown(before));
  const fields = values.shown(after).filter((field) => shownBefore.has(field));
  return (
    <ul className="mt-1 grid gap-0.5 text-xs text-muted-foreground">
      {fields.map((field) =>
        isDiff && isRecordList(before[field]) && isRecordList(after[field]) ? (
          <ListChange key={field} field={field} before={before[field]} after={after[field]} values={values} names={event.names} />
        ) : (
          <li key={field} className="break-words">
            <span className="font-medium text-foreground">{values.label(field)}</span>:{" "}
            {isDiff
              ? t.rich("fromTo", {
                  from: () => values.value(field, before[field], before),
                  to: () => values.value(field, after[field], after),
                })
              : values.value(field, after[field], after)}
          </li>
        ),
      )}
    </ul>
  );
}

type Item = Record<string, unknown>;
const isItem = (value: unknown): value is Item => typeof value === "object" && value !== null && !Array.isArray(value);
const isRecordList = (value: unknown): value is Item[] => Array.isArray(value) && value.every(isItem);
/** What identifies an entry of a list across a change: its id, an invoice's key, else all of it. */
const identity = (item: Item) =>
  typeof item.id === "string" ? item.id : typeof item.invoice_key === "string" ? item.invoice_key : JSON.stringify(item);

/**
 * A list of a record changed (items, payments, invoices, ...): what came in, what went and
 * what changed, one line each, instead of every field of both lists. An invoice reads
 * "NF-e 3526 1112 3456… adicionada".
 */
function ListChange({
  field,
  before,
  after,
  values,
  names,
}: {
  field: string;
  before: Item[];
  after: Item[];
  values: ReturnType<typeof useAuditValues>;
  names: Readonly<Record<string, string>>;
}) {
  const t = useTranslations("activity");
  const format = useFormat();
  const was = new Map(before.map((item) => [identity(item), item]));
  const is = new Set(after.map(identity));
  const added = after.filter((item) => !was.has(identity(item)));
  const removed = before.filter((item) => !is.has(identity(item)));
  const changed = after.filter((item) => {
    const old = was.get(identity(item));
    return old !== undefined && JSON.stringify(old) !== JSON.stringify(item);
  });
  const nameOf = (id: unknown) => (typeof id === "string" ? (names[id.toLowerCase()] ?? names[id]) : undefined);
  /** An entry in a few words: its product and quantity, its payment method and amount, its name or code. */
  const describe = (item: Item): string => {
    const product = nameOf(item.product_id ?? item.productId) ?? (typeof item.product_name === "string" ? item.product_name : undefined);
    if (product !== undefined) {
      const quantity = typeof item.quantity === "number" ? ` × ${format.number(item.quantity, { maxDecimals: 4 })}` : "";
      return `${product}${quantity}`;
    }
    const method = nameOf(item.payment_method_id ?? item.paymentMethodId);
    if (method !== undefined) return typeof item.amount === "number" ? `${method} · ${format.money(item.amount)}` : method;
    const named = [item.name, item.title, item.code, item.key, item.label].find((value) => typeof value === "string" && value !== "");
    if (typeof named === "string") return named;
    const coupon = nameOf(item.coupon_id);
    if (coupon !== undefined) return coupon;
    return typeof item.invoice_key === "string" ? item.invoice_key : values.label(field);
  };
  const invoice = (item: Item) => (typeof item.invoice_key === "string" ? `${formatNfeKey(item.invoice_key).slice(0, 14)}…` : null);
  const lines = [
    ...added.map((item) => {
      const key = invoice(item);
      return key ? t("invoiceAdded", { key }) : t("itemAdded", { item: describe(item) });
    }),
    ...removed.map((item) => {
      const key = invoice(item);
      return key ? t("invoiceRemoved", { key }) : t("itemRemoved", { item: describe(item) });
    }),
    ...changed.map((item) => t("itemChanged", { item: describe(item) })),
  ];
  if (lines.length === 0) return null;
  const isInvoices = [...added, ...removed].every((item) => invoice(item) !== null) && changed.length === 0;
  return (
    <li className="break-words">
      {!isInvoices && <span className="font-medium text-foreground">{values.label(field)}: </span>}
      {lines.map((line, index) => (
        <span key={index}>
          {index > 0 && "; "}
          {line}
        </span>
      ))}
    </li>
  );
}

export interface RecordActivityProps {
  /** The kind of record in the audit log ("partner"). */
  entity: string;
  id: string;
  /** Changes whenever the record does (its `updated_at`, or the record itself): the history is read again. */
  version?: unknown;
}

/**
 * A record's "who and when" and its activity timeline, from the audit log: created by
 * whom and when, last changed by whom and when, and every write, newest first.
 */
export function RecordActivity({ entity, id, version }: RecordActivityProps) {
  const t = useTranslations("activity");
  const format = useFormat();
  const problems = useProblemMessages();
  const actor = useActorName();
  const action = useActionLabel();
  const history = trpc.audit.list.useInfiniteQuery(
    { entity, entity_id: id, perPage: 10 },
    { getNextPageParam: (page) => page.next_cursor ?? undefined },
  );
  const created = trpc.audit.list.useQuery({ entity, entity_id: id, action: "create", perPage: 1 });
  const versionKey = JSON.stringify(version ?? null);
  const { refetch } = history;
  const refetchCreated = created.refetch;
  useEffect(() => {
    void refetch();
    void refetchCreated();
  }, [versionKey, refetch, refetchCreated]);

  const events = history.data?.pages.flatMap((page) => page.items) ?? [];
  const creation = created.data?.items[0];
  const lastChange = events.find((event) => event.action !== "create");

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t("recordTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">{t("createdBy")}</dt>
            <dd data-testid="created-by">
              {created.isPending ? (
                <Skeleton className="h-4 w-32" />
              ) : creation ? (
                t("byAt", { who: actor(creation), when: format.dateTime(creation.occurred_at) })
              ) : (
                t("unknown")
              )}
            </dd>
            <dt className="text-muted-foreground">{t("updatedBy")}</dt>
            <dd data-testid="updated-by">
              {history.isPending ? (
                <Skeleton className="h-4 w-32" />
              ) : lastChange ? (
                t("byAt", { who: actor(lastChange), when: format.dateTime(lastChange.occurred_at) })
              ) : (
                t("neverChanged")
              )}
            </dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <HistoryIcon className="size-4" aria-hidden />
            {t("title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {history.isPending ? (
            <div className="grid gap-2" role="status" aria-label={t("loading")}>
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : history.error ? (
            <div role="alert" className="grid gap-2 text-sm">
              <p className="text-destructive">{problems.message(history.error)}</p>
              <Button variant="outline" size="sm" onClick={() => refetch()}>
                {t("retry")}
              </Button>
            </div>
          ) : events.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("empty")}</p>
          ) : (
            <ol className="grid gap-3 border-l pl-4" aria-label={t("title")}>
              {events.map((event) => (
                <li key={event.id} className="relative text-sm">
                  <span className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary" aria-hidden />
                  <p>
                    <span className="font-medium">{actor(event)}</span> {action(event.action)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={event.occurred_at}>{format.dateTime(event.occurred_at)}</time>
                  </p>
                  <AuditChanges event={event} />
                </li>
              ))}
            </ol>
          )}
          {history.hasNextPage && (
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              disabled={history.isFetchingNextPage}
              onClick={() => history.fetchNextPage()}
            >
              {t("older")}
            </Button>
          )}
        </CardContent>
      </Card>
    </>
  );
}

/**
 * A record page's body beside its aside ("About this record": related records, who
 * created and changed it, its timeline), the aside at the right on wide screens and
 * below on narrow ones.
 */
export function RecordLayout({ aside, children }: { aside?: React.ReactNode; children: React.ReactNode }) {
  const t = useTranslations("activity");
  // One tree with or without the aside: the record arriving (and its aside with it) must not
  // remount the page's sections, or a dialog opened on them meanwhile would close.
  return (
    <div className={aside ? "grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]" : "grid items-start gap-6"}>
      <div className="grid min-w-0 gap-6">{children}</div>
      {aside && (
        <aside className="grid gap-6" aria-label={t("aside")}>
          {aside}
        </aside>
      )}
    </div>
  );
}
