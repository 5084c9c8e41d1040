"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { KeyRoundIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { DataTable, RowActions, useBulkActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useFormat } from "@/lib/format";
import { useEnumLabel } from "@/lib/i18n";
import { trpc } from "@/lib/trpc";
import { accessKey as accessKeyRecord, type AccessKey } from "@/server/access-keys/schemas";
import { CreateAccessKeyDialog } from "./create-access-key-dialog";

const column = createColumnHelper<AccessKey>();

export function AccessKeysList() {
  const t = useTranslations("accessKeys");
  const common = useTranslations("common");
  const format = useFormat();
  const roleLabel = useEnumLabel("role");
  const isAdmin = useCan("admin");
  const [creating, setCreating] = useState(false);
  const table = useTableState({ defaultSort: "created_at", defaultDir: "desc" });
  const list = trpc.accessKeys.list.useQuery(table.paging, { placeholderData: keepPreviousData, enabled: isAdmin });
  const utils = trpc.useUtils();
  const remove = trpc.accessKeys.remove.useMutation({ onSuccess: () => utils.accessKeys.list.invalidate() });
  const confirmRevoke = useConfirmDelete<AccessKey>({
    resource: "accessKeys",
    verb: "revoke",
    describe: (key) => `${key.name} (${key.token})`,
    remove: (key) => remove.mutateAsync({ id: key.id }),
  });
  const bulkRemove = trpc.accessKeys.bulkRemove.useMutation();
  const bulk = useBulkActions<AccessKey>({
    resource: "accessKeys",
    describe: (key) => `${key.name} (${key.token})`,
    canWrite: isAdmin,
    remove: bulkRemove.mutateAsync,
    removeVerb: "revoke",
    onDone: () => utils.accessKeys.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="font-medium">{getValue()}</span>,
      }),
      column.accessor("role", {
        header: t("fields.role"),
        enableSorting: true,
        cell: ({ getValue }) => <Badge variant="secondary">{roleLabel(getValue())}</Badge>,
      }),
      column.accessor("token", {
        header: t("fields.token"),
        cell: ({ getValue }) => <code className="font-mono text-xs">{getValue()}</code>,
      }),
      column.accessor("created_at", {
        header: t("fields.created_at"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{format.dateTime(getValue())}</span>,
      }),
      column.accessor("last_used_at", {
        header: t("fields.last_used_at"),
        enableSorting: true,
        cell: ({ getValue }) => {
          const used = getValue();
          return used ? (
            <span className="tabular-nums">{format.dateTime(used)}</span>
          ) : (
            <span className="text-muted-foreground">{common("never")}</span>
          );
        },
      }),
    ],
    [t, common, format, roleLabel],
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
            <KeyRoundIcon aria-hidden />
            {t("new")}
          </Button>
        }
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        search={false}
        rowActions={(key) => (
          <RowActions
            label={key.name}
            actions={[{ kind: "revoke", icon: Trash2Icon, destructive: true, onSelect: () => confirmRevoke.request(key) }]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="access-keys"
        exportAs={{ resource: "access-keys", fields: Object.keys(accessKeyRecord.shape) }}
      />
      {bulk.dialogs}
      <CreateAccessKeyDialog open={creating} onOpenChange={setCreating} />
      {confirmRevoke.dialog}
    </>
  );
}
