"use client";

import { Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** Where a record page goes back to: the list's path and its name ("Measure units"). */
export interface ListLink {
  href: string;
  label: string;
}

/** The "New …" page of a catalog lookup: a back link, the form in a card, or why the role may not. */
export function NewRecordPage({ noun, list, children }: { noun: string; list: ListLink; children: React.ReactNode }) {
  const canManage = useCan("manage");
  return (
    <>
      <PageHeader title={`New ${noun}`}>
        <BackLink href={list.href}>{list.label}</BackLink>
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {canManage ? children : <p className="text-sm text-muted-foreground">Your role may not create {list.label.toLowerCase()}.</p>}
        </CardContent>
      </Card>
    </>
  );
}

export interface EditRecordPageProps<Row extends { id: string }> {
  noun: string;
  list: ListLink;
  /** The record's `get` query. */
  query: { data: Row | undefined; error: unknown; refetch: () => unknown };
  title: (row: Row) => React.ReactNode;
  /** Deletes the record (asked for confirmation first); the page then goes back to the list. */
  remove: (row: Row) => Promise<unknown>;
  /** Buttons next to Delete, e.g. Enable/Disable. */
  actions?: (row: Row) => React.ReactNode;
  /** The form of the loaded record. */
  children: (row: Row, options: { readOnly: boolean; secondaryActions: React.ReactNode }) => React.ReactNode;
}

/** A record's page: its form (read only for roles that may not write), Delete with confirmation, load failures. */
export function EditRecordPage<Row extends { id: string }>({ noun, list, query, title, remove, actions, children }: EditRecordPageProps<Row>) {
  const router = useRouter();
  const canManage = useCan("manage");
  const confirmDelete = useConfirmDelete<Row>({
    noun,
    describe: (row) => String(title(row)),
    remove,
    onDeleted: () => router.push(list.href),
  });
  const back = <BackLink href={list.href}>{list.label}</BackLink>;
  if (query.error) return <LoadFailure error={query.error} noun={noun} back={back} onRetry={() => query.refetch()} />;
  const row = query.data;
  return (
    <>
      <PageHeader
        title={row ? title(row) : <Skeleton className="h-8 w-56" />}
        description={canManage ? `Edit the ${noun}.` : `You may view this ${noun} but not change it.`}
      >
        {back}
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {row ? (
            children(row, {
              readOnly: !canManage,
              secondaryActions: canManage && (
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
            <div className="grid gap-5" aria-busy="true" aria-label={`Loading ${noun}`}>
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-20 w-full" />
            </div>
          )}
        </CardContent>
      </Card>
      {confirmDelete.dialog}
    </>
  );
}
