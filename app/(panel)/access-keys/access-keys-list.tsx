"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { KeyRoundIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { ResourceListPage, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
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
  const remove = trpc.accessKeys.remove.useMutation();
  const bulkRemove = trpc.accessKeys.bulkRemove.useMutation();
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

  return (
    <ResourceListPage
      resource="accessKeys"
      path="/access-keys"
      denied={!isAdmin && t("adminsOnly")}
      create={false}
      headerActions={
        <Button onClick={() => setCreating(true)}>
          <KeyRoundIcon aria-hidden />
          {t("new")}
        </Button>
      }
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(accessKeyRecord.shape)}
      search={false}
      opens={false}
      describe={(key) => `${key.name} (${key.token})`}
      rowLabel={(key) => key.name}
      canWrite={isAdmin}
      remove={(key) => remove.mutateAsync({ id: key.id })}
      bulkRemove={bulkRemove.mutateAsync}
      removeVerb="revoke"
      onChange={() => utils.accessKeys.invalidate()}
    >
      <CreateAccessKeyDialog open={creating} onOpenChange={setCreating} />
    </ResourceListPage>
  );
}
