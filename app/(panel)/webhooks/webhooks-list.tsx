"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { PlusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { ActiveBadge, ResourceListPage, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
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
  const remove = trpc.webhooks.remove.useMutation();
  const bulkSetActive = trpc.webhooks.bulkSetActive.useMutation();
  const bulkRemove = trpc.webhooks.bulkRemove.useMutation();
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

  return (
    <ResourceListPage
      resource="webhooks"
      path="/webhooks"
      denied={!isAdmin && t("adminsOnly")}
      create={false}
      headerActions={
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden />
          {t("new")}
        </Button>
      }
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(webhookRecord.shape)}
      describe={(hook) => hook.url}
      canWrite={isAdmin}
      remove={(hook) => remove.mutateAsync({ id: hook.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.webhooks.invalidate()}
    >
      <CreateWebhookDialog open={creating} onOpenChange={setCreating} />
    </ResourceListPage>
  );
}
