"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { FilterSelect } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { entityPath, entityResource, useEntityLabel } from "@/components/records/audit-values";
import { AuditChanges, useActionLabel, useActorName } from "@/components/records/record-activity";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/format";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";

const ACTIONS = ["create", "update", "delete", "reset_password", "change_password", "revoke"] as const;
const FILTERS = ["entity", "action", "actor_id"] as const;
type Filter = (typeof FILTERS)[number];

/**
 * The whole audit log for admins: newest first, filtered by kind of record, action and
 * who (kept in the URL), paged by keyset (Older / Newer).
 */
export function AuditLog() {
  const t = useTranslations("auditLog");
  const isAdmin = useCan("admin");
  const format = useFormat();
  const problems = useProblemMessages();
  const entityLabel = useEntityLabel();
  const actionLabel = useActionLabel();
  const actorName = useActorName();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? undefined])) as Record<Filter, string | undefined>;
  const filterKey = JSON.stringify(filters);
  // The cursors of the pages before this one (Newer goes back), reset by a new filter.
  const [paging, setPaging] = useState<{ key: string; cursors: string[] }>({ key: filterKey, cursors: [] });
  const cursors = paging.key === filterKey ? paging.cursors : [];
  const users = trpc.users.list.useQuery({ perPage: 100, sort: "name", dir: "asc" }, { enabled: isAdmin });
  const log = trpc.audit.list.useQuery(
    { ...filters, perPage: 25, ...(cursors.length > 0 ? { cursor: cursors.at(-1) } : {}) },
    { enabled: isAdmin, placeholderData: keepPreviousData },
  );
  const setFilter = (name: Filter, value: string | undefined) => {
    const next = new URLSearchParams(params.toString());
    if (value) next.set(name, value);
    else next.delete(name);
    router.push(next.size > 0 ? `${pathname}?${next.toString()}` : pathname, { scroll: false });
  };

  if (!isAdmin) {
    return (
      <>
        <PageHeader title={t("title")} />
        <p role="alert" className="text-sm text-muted-foreground">
          {t("adminsOnly")}
        </p>
      </>
    );
  }
  const items = log.data?.items ?? [];
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center" role="search" aria-label={t("filters")}>
        <FilterSelect
          label={t("entity")}
          value={filters.entity}
          onChange={(value) => setFilter("entity", value)}
          options={Object.keys(entityResource)
            .map((entity) => ({ value: entity, label: entityLabel(entity) }))
            .sort((a, b) => a.label.localeCompare(b.label))}
        />
        <FilterSelect label={t("action")} value={filters.action} onChange={(value) => setFilter("action", value)} options={ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }))} />
        <FilterSelect
          label={t("actor")}
          value={filters.actor_id}
          onChange={(value) => setFilter("actor_id", value)}
          options={(users.data?.items ?? []).map((user) => ({ value: user.id, label: user.name }))}
          allLabel={t("anyone")}
        />
      </div>
      <div className="overflow-x-auto rounded-lg border bg-card">
        <Table aria-label={t("title")} aria-busy={log.isFetching || undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t("when")}</TableHead>
              <TableHead>{t("who")}</TableHead>
              <TableHead>{t("what")}</TableHead>
              <TableHead>{t("record")}</TableHead>
              <TableHead>{t("changes")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {log.isPending ? (
              Array.from({ length: 6 }, (_, index) => (
                <TableRow key={index} aria-hidden>
                  {Array.from({ length: 5 }, (_, cell) => (
                    <TableCell key={cell}>
                      <Skeleton className="h-4 w-full max-w-32" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : log.error && !log.data ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={5} className="h-24 text-center" role="alert">
                  <p className="text-destructive">{problems.message(log.error)}</p>
                  <Button variant="outline" size="sm" className="mt-2" onClick={() => log.refetch()}>
                    {t("retry")}
                  </Button>
                </TableCell>
              </TableRow>
            ) : items.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={5} className="h-24 text-center text-muted-foreground">
                  {t("empty")}
                </TableCell>
              </TableRow>
            ) : (
              items.map((event) => {
                const path = entityPath[event.entity];
                const label = event.entity_label ?? event.entity_id;
                return (
                  <TableRow key={event.id} className="align-top">
                    <TableCell className="whitespace-nowrap tabular-nums">
                      <time dateTime={event.occurred_at}>{format.dateTime(event.occurred_at)}</time>
                    </TableCell>
                    <TableCell>{actorName(event)}</TableCell>
                    <TableCell>{actionLabel(event.action)}</TableCell>
                    <TableCell>
                      <span className="block text-xs text-muted-foreground">{entityLabel(event.entity)}</span>
                      {path && event.action !== "delete" ? (
                        <Link href={`${path}/${event.entity_id}`} className="underline-offset-4 hover:underline">
                          {label}
                        </Link>
                      ) : (
                        <span>
                          {label} {event.action === "delete" && <span className="text-muted-foreground">{t("deleted")}</span>}
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="max-w-md whitespace-normal">
                      <AuditChanges event={event} />
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </div>
      <nav aria-label={t("paging")} className="mt-3 flex justify-end gap-2">
        <Button variant="outline" size="sm" disabled={cursors.length === 0} onClick={() => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) })}>
          <ChevronLeftIcon aria-hidden />
          {t("newer")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!log.data?.next_cursor}
          onClick={() => log.data?.next_cursor && setPaging({ key: filterKey, cursors: [...cursors, log.data.next_cursor] })}
        >
          {t("older")}
          <ChevronRightIcon aria-hidden />
        </Button>
      </nav>
    </>
  );
}
