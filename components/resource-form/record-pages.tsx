"use client";

import { PowerIcon, PowerOffIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { Permission } from "@/lib/permissions";
import { useConfirmDelete } from "./confirm-delete";
import { FormSkeleton } from "./form-skeleton";

/** Where a record page goes back to: the list's path and its name ("Measure units"). */
export interface ListLink {
  href: string;
  label: string;
}

/** What the "New …" and record pages of one resource share. */
export interface RecordPageOptions {
  /** Singular noun: "measure unit". */
  noun: string;
  list: ListLink;
  /** What the role must be allowed to write the resource; "manage" by default. */
  can?: Permission;
  /** A wider card, for forms with two columns of fields. */
  wide?: boolean;
}

const cardWidth = (wide?: boolean) => (wide ? "max-w-4xl" : "max-w-3xl");

/** The "New …" page of a resource: a back link, the form in a card, or why the role may not. */
export function NewRecordPage({ noun, list, can = "manage", wide, children }: RecordPageOptions & { children: React.ReactNode }) {
  const allowed = useCan(can);
  return (
    <>
      <PageHeader title={`New ${noun}`}>
        <BackLink href={list.href}>{list.label}</BackLink>
      </PageHeader>
      <Card className={cardWidth(wide)}>
        <CardContent>
          {allowed ? children : <p className="text-sm text-muted-foreground">{`Your role may not create ${list.label.toLowerCase()}.`}</p>}
        </CardContent>
      </Card>
    </>
  );
}

export interface EditRecordPageProps<Row extends { id: string }> extends RecordPageOptions {
  /** The record's `get` query. */
  query: { data: Row | undefined; error: unknown; refetch: () => unknown };
  /** The page's title; the delete confirmation names the record by it too. */
  title: (row: Row) => string;
  /** The line under the title (`row` is undefined while it loads); by default "Edit the …" or that the role may only view it. */
  description?: (row: Row | undefined, readOnly: boolean) => React.ReactNode;
  /** Next to the title once loaded, e.g. an Active badge. */
  badge?: (row: Row) => React.ReactNode;
  /** Deletes the record (asked for confirmation first); the page then goes back to the list. */
  remove: (row: Row) => Promise<unknown>;
  /** Buttons next to Delete, e.g. Enable/Disable. */
  actions?: (row: Row) => React.ReactNode;
  /** The form of the loaded record. */
  children: (row: Row, options: { readOnly: boolean; secondaryActions: React.ReactNode }) => React.ReactNode;
  /** More cards under the form's, shown while the record loads too (e.g. opening hours). */
  below?: (options: { readOnly: boolean }) => React.ReactNode;
}

const defaultDescription = (noun: string, readOnly: boolean) => (readOnly ? `You may view this ${noun} but not change it.` : `Edit the ${noun}.`);

/** A record's page: its form (read only for roles that may not write), Delete with confirmation, load failures. */
export function EditRecordPage<Row extends { id: string }>(props: EditRecordPageProps<Row>) {
  const { noun, list, can = "manage", wide, query, title, description, badge, remove, actions, children, below } = props;
  const router = useRouter();
  const readOnly = !useCan(can);
  const confirmDelete = useConfirmDelete<Row>({ noun, describe: title, remove, onDeleted: () => router.push(list.href) });
  const back = <BackLink href={list.href}>{list.label}</BackLink>;
  if (query.error) return <LoadFailure error={query.error} noun={noun} back={back} onRetry={() => query.refetch()} />;
  const row = query.data;
  const form = row ? (
    children(row, {
      readOnly,
      secondaryActions: !readOnly && (
        <>
          <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => confirmDelete.request(row)}>
            <Trash2Icon aria-hidden />
            Delete
          </Button>
          {actions?.(row)}
        </>
      ),
    })
  ) : (
    <FormSkeleton label={`Loading ${noun}`} />
  );
  return (
    <>
      <PageHeader
        title={row ? title(row) : <Skeleton className="h-8 w-56" />}
        description={description ? description(row, readOnly) : defaultDescription(noun, readOnly)}
        actions={row && badge?.(row)}
      >
        {back}
      </PageHeader>
      {below ? (
        <div className={`grid ${cardWidth(wide)} gap-6`}>
          <Card>
            <CardContent>{form}</CardContent>
          </Card>
          {below({ readOnly })}
        </div>
      ) : (
        <Card className={cardWidth(wide)}>
          <CardContent>{form}</CardContent>
        </Card>
      )}
      {confirmDelete.dialog}
    </>
  );
}

/** Disable or Enable, by the record's state: an extra action of a record page. */
export function ToggleActiveButton({ active, pending, onClick }: { active: boolean; pending: boolean; onClick: () => void }) {
  return (
    <Button variant="outline" disabled={pending} onClick={onClick}>
      {active ? <PowerOffIcon aria-hidden /> : <PowerIcon aria-hidden />}
      {active ? "Disable" : "Enable"}
    </Button>
  );
}
