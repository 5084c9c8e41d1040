"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { PencilIcon, PlusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import {
  ActiveBadge,
  DataTable,
  deleteAction,
  RowActions,
  toggleActiveAction,
  useBulkActions,
  useTableState,
} from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { webhook as webhookRecord, type Webhook } from "@/server/webhooks/schemas";
import { CreateWebhookDialog } from "./create-webhook-dialog";
import { useEventLabel } from "./events";

const column = createColumnHelper<Webhook>();

export function WebhooksList() {
  const t = useTranslations("webhooks");
  const format = useFormat();
  const eventLabel = useEventLabel();
  const isAdmin = useCan("admin");
  const [creating, setCreating] = useState(false);
  const table = useTableState({ defaultSort: "created_at", defaultDir: "desc" });
  const list = trpc.webhooks.list.useQuery(table.paging, { placeholderData: keepPreviousData, enabled: isAdmin });
  const utils = trpc.useUtils();
  const remove = trpc.webhooks.remove.useMutation({ onSuccess: () => utils.webhooks.list.invalidate() });
  const confirmDelete = useConfirmDelete<Webhook>({
    resource: "webhooks",
    describe: (hook) => hook.url,
    remove: (hook) => remove.mutateAsync({ id: hook.id }),
  });
  const bulkSetActive = trpc.webhooks.bulkSetActive.useMutation();
  const bulkRemove = trpc.webhooks.bulkRemove.useMutation();
  const bulk = useBulkActions<Webhook>({
    resource: "webhooks",
    describe: (hook) => hook.url,
    canWrite: isAdmin,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.webhooks.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("url", {
        header: t("fields.url"),
        enableSorting: true,
        cell: ({ getValue }) => <code className="font-mono text-xs break-all">{getValue()}</code>,
      }),
      column.accessor("events", {
        header: t("fields.events"),
        cell: ({ getValue }) => <span className="text-sm">{getValue().map(eventLabel).join(", ")}</span>,
      }),
      column.accessor("active", {
        header: t("fields.active"),
        enableSorting: true,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
      column.accessor("created_at", {
        header: t("fields.created_at"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{format.dateTime(getValue())}</span>,
      }),
    ],
    [t, format, eventLabel],
  );

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

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden />
            {t("new")}
          </Button>
        }
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        search={t("search")}
        rowHref={(hook) => `/webhooks/${hook.id}`}
        rowActions={(hook) => (
          <RowActions
            label={hook.url}
            actions={[
              { kind: "edit", icon: PencilIcon, href: `/webhooks/${hook.id}` },
              toggleActiveAction(hook.active, true, () => bulk.toggle(hook)),
              deleteAction(true, () => confirmDelete.request(hook)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="webhooks"
        exportAs={{ resource: "webhooks", fields: Object.keys(webhookRecord.shape) }}
      />
      {bulk.dialogs}
      <CreateWebhookDialog open={creating} onOpenChange={setCreating} />
      {confirmDelete.dialog}
    </>
  );
}
