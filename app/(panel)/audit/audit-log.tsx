"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { FilterSelect } from "@/components/data-table";
import { RowCards, useRowOpener } from "@/components/data-table/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { auditActions, auditedEntities, recordHref, shortId, useEntityLabel } from "@/components/records/audit-values";
import { AuditChanges, useActionLabel, useActorName } from "@/components/records/record-activity";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/format";
import { useProblemMessages } from "@/lib/problem";
import { PHONE, useMediaQuery } from "@/lib/use-media-query";
import { trpc } from "@/lib/trpc";
import type { AuditEvent } from "@/server/audit/schemas";

const FILTERS = ["entity", "action", "actor_id"] as const;
type Filter = (typeof FILTERS)[number];

const column = createColumnHelper<AuditEvent>();

/**
 * The whole audit log for admins: newest first, filtered by kind of record, action and
 * who (kept in the URL), paged by keyset (Older / Newer). A row opens its record; on
 * phones the rows are cards.
 */
export function AuditLog() {
  const t = useTranslations("auditLog");
  const isAdmin = useCan("admin");
  const format = useFormat();
  const problems = useProblemMessages();
  const entityLabel = useEntityLabel();
  const actionLabel = useActionLabel();
  const actorName = useActorName();
  const phone = useMediaQuery(PHONE);
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
  const opener = useRowOpener<AuditEvent>((event) => recordHref(event) ?? "");
  const openRecord = (event: AuditEvent) => (recordHref(event) ? opener(event) : {});

  const columns = useMemo(
    () => [
      column.display({
        id: "record",
        header: t("record"),
        cell: ({ row }) => {
          const event = row.original;
          const href = recordHref(event);
          const label = event.entity_label ?? shortId(event.entity_id);
          return (
            <>
              <span className="block text-xs font-normal text-muted-foreground">{entityLabel(event.entity)}</span>
              {href ? (
                <Link href={href} className="underline-offset-4 hover:underline">
                  {label}
                </Link>
              ) : (
                <span>
                  {label} {event.action === "delete" && <span className="text-muted-foreground">{t("deleted")}</span>}
                </span>
              )}
            </>
          );
        },
      }),
      column.accessor("occurred_at", {
        header: t("when"),
        cell: ({ getValue }) => (
          <time dateTime={getValue()} className="whitespace-nowrap tabular-nums">
            {format.dateTime(getValue())}
          </time>
        ),
      }),
      column.display({ id: "who", header: t("who"), cell: ({ row }) => actorName(row.original) }),
      column.accessor("action", { header: t("what"), cell: ({ getValue }) => actionLabel(getValue()) }),
      column.display({ id: "changes", header: t("changes"), cell: ({ row }) => <AuditChanges event={row.original} /> }),
    ],
    [t, format, entityLabel, actorName, actionLabel],
  );
  const items = log.data?.items ?? [];
  const table = useReactTable({ data: items, columns, getRowId: (event) => event.id, getCoreRowModel: getCoreRowModel() });

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
  const failed = Boolean(log.error) && !log.data;
  const status: React.ReactNode = failed ? (
    <div role="alert">
      <p className="text-destructive">{problems.message(log.error)}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={() => log.refetch()}>
        {t("retry")}
      </Button>
    </div>
  ) : !log.isPending && items.length === 0 ? (
    t("empty")
  ) : null;
  const rows = table.getRowModel().rows;
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center" role="search" aria-label={t("filters")}>
        <FilterSelect
          label={t("entity")}
          value={filters.entity}
          onChange={(value) => setFilter("entity", value)}
          options={auditedEntities
            .map((entity) => ({ value: entity, label: entityLabel(entity) }))
            .sort((a, b) => a.label.localeCompare(b.label))}
        />
        <FilterSelect
          label={t("action")}
          value={filters.action}
          onChange={(value) => setFilter("action", value)}
          options={auditActions.map((action) => ({ value: action, label: actionLabel(action) }))}
        />
        <FilterSelect
          label={t("actor")}
          value={filters.actor_id}
          onChange={(value) => setFilter("actor_id", value)}
          options={(users.data?.items ?? []).map((user) => ({ value: user.id, label: user.name }))}
          allLabel={t("anyone")}
        />
      </div>
      {phone ? (
        <RowCards label={t("title")} loading={log.isPending} status={status} groups={[{ key: "", rows }]} opener={openRecord} count={5} />
      ) : (
        <div className="overflow-hidden rounded-lg border bg-card">
          <Table aria-label={t("title")} aria-busy={log.isFetching || undefined}>
            <TableHeader>
              {table.getHeaderGroups().map((group) => (
                <TableRow key={group.id} className="hover:bg-transparent">
                  {group.headers.map((header) => (
                    <TableHead key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</TableHead>
                  ))}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>
              {log.isPending ? (
                Array.from({ length: 6 }, (_, index) => (
                  <TableRow key={index} aria-hidden>
                    {columns.map((_, cell) => (
                      <TableCell key={cell}>
                        <Skeleton className="h-4 w-full max-w-32" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : status ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={columns.length} className="h-24 text-center text-muted-foreground">
                    {status}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={row.id} className="align-top" {...openRecord(row.original)}>
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id} className={cell.column.id === "changes" ? "max-w-md whitespace-normal" : undefined}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      )}
      <nav aria-label={t("paging")} className="mt-3 flex justify-end gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={cursors.length === 0}
          onClick={() => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) })}
        >
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
