"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { KeyRoundIcon, PencilIcon, UserCheckIcon, UserPlusIcon, UserXIcon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { ActiveBadge, activeOptions, booleanFilter, DataTable, FilterSelect, RowActions, useTableState } from "@/components/data-table";
import { useCan, useCurrentUser } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { ConfirmDeleteDialog } from "@/components/resource-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { toastError } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { formatDateTime } from "@/lib/utils";
import type { User } from "@/server/users/schemas";
import { roleLabel, roleOptions } from "../access-keys/roles";
import { InviteUserDialog } from "./invite-user-dialog";
import { TemporaryPassword } from "./temporary-password";

const column = createColumnHelper<User>();

const columns = [
  column.accessor("name", {
    header: "Name",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <Link href={`/users/${row.original.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {getValue()}
      </Link>
    ),
  }),
  column.accessor("email", { header: "Email", enableSorting: true }),
  column.accessor("role", { header: "Role", enableSorting: true, cell: ({ getValue }) => <Badge variant="secondary">{roleLabel[getValue()]}</Badge> }),
  column.accessor("active", {
    header: "Status",
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <div className="flex flex-wrap gap-1">
        <ActiveBadge active={getValue()} />
        {row.original.is_change_password_next_access && <Badge variant="outline">Temporary password</Badge>}
      </div>
    ),
  }),
  column.accessor("created_at", { header: "Created", enableSorting: true, cell: ({ getValue }) => formatDateTime(getValue()) }),
];

const roleFilterOptions = roleOptions.map((role) => ({ value: role.value, label: role.label }));

type Pending = { kind: "deactivate" | "reset"; user: User };

export function UsersList() {
  const isAdmin = useCan("admin");
  const me = useCurrentUser();
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [reset, setReset] = useState<{ user: User; password: string } | null>(null);
  const table = useTableState({ defaultSort: "name", filters: ["role", "active"] });
  const list = trpc.users.list.useQuery(
    { ...table.paging, role: table.filters.role as User["role"] | undefined, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData, enabled: isAdmin },
  );
  const utils = trpc.useUtils();
  const update = trpc.users.update.useMutation({ onSuccess: () => utils.users.invalidate() });
  const resetPassword = trpc.users.resetPassword.useMutation({ onSuccess: () => utils.users.invalidate() });

  if (!isAdmin) {
    return (
      <>
        <PageHeader title="Users" />
        <p role="alert" className="text-sm text-muted-foreground">
          Only admins manage users.
        </p>
      </>
    );
  }

  const reactivate = async (user: User) => {
    try {
      await update.mutateAsync({ id: user.id, active: true });
      toast.success(`User “${user.name}” reactivated`);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <PageHeader
        title="Users"
        description="Who signs in to the panel and the API, and with which role."
        actions={
          <Button onClick={() => setInviting(true)}>
            <UserPlusIcon aria-hidden />
            Invite user
          </Button>
        }
      />
      <DataTable
        label="Users"
        columns={columns}
        state={table}
        query={list}
        search="Search by name or email…"
        filters={
          <>
            <FilterSelect label="Role" value={table.filters.role} onChange={(value) => table.setFilter("role", value)} options={roleFilterOptions} />
            <FilterSelect label="Status" value={table.filters.active} onChange={(value) => table.setFilter("active", value)} options={activeOptions} />
          </>
        }
        rowActions={(user) => (
          <RowActions
            label={user.name}
            actions={[
              { label: "Edit", icon: PencilIcon, href: `/users/${user.id}` },
              { label: "Reset password", icon: KeyRoundIcon, onSelect: () => setPending({ kind: "reset", user }) },
              { label: "Reactivate", icon: UserCheckIcon, hidden: user.active, onSelect: () => void reactivate(user) },
              {
                label: "Deactivate",
                icon: UserXIcon,
                destructive: true,
                hidden: !user.active || user.id === me.id,
                onSelect: () => setPending({ kind: "deactivate", user }),
              },
            ]}
          />
        )}
        emptyMessage="No users yet."
      />
      <InviteUserDialog open={inviting} onOpenChange={setInviting} />
      <ConfirmDeleteDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === "reset" ? "Reset password?" : "Deactivate user?"}
        description={
          pending &&
          (pending.kind === "reset" ? (
            <>
              <strong className="font-medium text-foreground">{pending.user.name}</strong> gets a new temporary password; the current one stops working.
            </>
          ) : (
            <>
              <strong className="font-medium text-foreground">{pending.user.name}</strong> can no longer sign in, and their sessions stop working at once. You can reactivate them later.
            </>
          ))
        }
        confirmLabel={pending?.kind === "reset" ? "Reset password" : "Deactivate"}
        onConfirm={async () => {
          if (!pending) return;
          if (pending.kind === "reset") {
            const answer = await resetPassword.mutateAsync({ id: pending.user.id });
            setReset({ user: pending.user, password: answer.temporary_password });
          } else {
            await update.mutateAsync({ id: pending.user.id, active: false });
            toast.success(`User “${pending.user.name}” deactivated`);
          }
        }}
      />
      <Dialog open={reset !== null} onOpenChange={(open) => !open && setReset(null)}>
        <DialogContent onInteractOutside={(event) => event.preventDefault()}>
          {reset && (
            <TemporaryPassword title="Password reset" who={`${reset.user.name} · ${reset.user.email}`} password={reset.password} onDone={() => setReset(null)} />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
