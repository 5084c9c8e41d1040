"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { KeyRoundIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { DataTable, RowActions, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/utils";
import { trpc } from "@/lib/trpc";
import type { AccessKey } from "@/server/access-keys/schemas";
import { CreateAccessKeyDialog } from "./create-access-key-dialog";
import { roleLabel } from "./roles";

const column = createColumnHelper<AccessKey>();

const columns = [
  column.accessor("name", { header: "Name", enableSorting: true, cell: ({ getValue }) => <span className="font-medium">{getValue()}</span> }),
  column.accessor("role", { header: "Role", enableSorting: true, cell: ({ getValue }) => <Badge variant="secondary">{roleLabel[getValue()]}</Badge> }),
  column.accessor("token", { header: "Token", cell: ({ getValue }) => <code className="font-mono text-xs">{getValue()}</code> }),
  column.accessor("created_at", { header: "Created", enableSorting: true, cell: ({ getValue }) => formatDateTime(getValue()) }),
  column.accessor("last_used_at", {
    header: "Last used",
    enableSorting: true,
    cell: ({ getValue }) => (getValue() ? formatDateTime(getValue()) : <span className="text-muted-foreground">Never</span>),
  }),
];

export function AccessKeysList() {
  const isAdmin = useCan("admin");
  const [creating, setCreating] = useState(false);
  const table = useTableState({ defaultSort: "created_at", defaultDir: "desc" });
  const list = trpc.accessKeys.list.useQuery(table.paging, { placeholderData: keepPreviousData, enabled: isAdmin });
  const utils = trpc.useUtils();
  const remove = trpc.accessKeys.remove.useMutation({ onSuccess: () => utils.accessKeys.list.invalidate() });
  const confirmRevoke = useConfirmDelete<AccessKey>({
    noun: "access key",
    verb: "Revoke",
    describe: (key) => `${key.name} (${key.token})`,
    remove: (key) => remove.mutateAsync({ id: key.id }),
  });

  if (!isAdmin) {
    return (
      <>
        <PageHeader title="Access keys" />
        <p role="alert" className="text-sm text-muted-foreground">
          Only admins manage access keys.
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Access keys"
        description="Credentials for systems that call the API: send the token and the code in the X-Service-Access-Key-Token and X-Service-Access-Key-Code headers."
        actions={
          <Button onClick={() => setCreating(true)}>
            <KeyRoundIcon aria-hidden />
            New access key
          </Button>
        }
      />
      <DataTable
        label="Access keys"
        columns={columns}
        state={table}
        query={list}
        search={false}
        rowActions={(key) => (
          <RowActions
            label={key.name}
            actions={[{ label: "Revoke", icon: Trash2Icon, destructive: true, onSelect: () => confirmRevoke.request(key) }]}
          />
        )}
        emptyMessage="No access keys yet."
      />
      <CreateAccessKeyDialog open={creating} onOpenChange={setCreating} />
      {confirmRevoke.dialog}
    </>
  );
}
