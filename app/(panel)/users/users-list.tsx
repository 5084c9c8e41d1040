"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { KeyRoundIcon, UserPlusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan, useCurrentUser } from "@/components/panel/current-user";
import { ConfirmDeleteDialog } from "@/components/resource-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { useFormat } from "@/lib/format";
import { useEnumLabel } from "@/lib/i18n";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { user as userRecord, type User } from "@/server/users/schemas";
import { useRoleOptions } from "../access-keys/roles";
import { InviteUserDialog } from "./invite-user-dialog";
import { TemporaryPassword } from "./temporary-password";

const column = createColumnHelper<User>();

type Pending = { kind: "deactivate" | "reset"; user: User };

export function UsersList() {
  const t = useTranslations("users");
  const common = useTranslations("common");
  const format = useFormat();
  const roleLabel = useEnumLabel("role");
  const roleFilterOptions = useRoleOptions(false);
  const activeFilter = useActiveFilter();
  const problems = useProblemMessages();
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
  const bulkSetActive = trpc.users.bulkSetActive.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/users/${row.original.id}`}>{getValue()}</RecordLink>,
      }),
      column.accessor("email", { header: t("fields.email"), enableSorting: true }),
      column.accessor("role", {
        header: t("fields.role"),
        enableSorting: true,
        cell: ({ getValue }) => <Badge variant="secondary">{roleLabel(getValue())}</Badge>,
      }),
      column.accessor("active", {
        header: common("status"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <div className="flex flex-wrap gap-1">
            <ActiveBadge active={getValue()} />
            {row.original.is_change_password_next_access && <Badge variant="outline">{t("temporaryPassword")}</Badge>}
          </div>
        ),
      }),
      column.accessor("created_at", {
        header: t("fields.created_at"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{format.date(getValue())}</span>,
      }),
    ],
    [t, common, format, roleLabel],
  );

  const reactivate = async (user: User) => {
    try {
      await update.mutateAsync({ id: user.id, active: true });
      toast.success(t("reactivated", { name: user.name }));
    } catch (error) {
      problems.toastError(error);
    }
  };

  return (
    <>
      <ResourceListPage
        resource="users"
        path="/users"
        denied={!isAdmin && t("adminsOnly")}
        create={false}
        headerActions={
          <Button onClick={() => setInviting(true)}>
            <UserPlusIcon aria-hidden />
            {t("invite")}
          </Button>
        }
        table={table}
        query={list}
        columns={columns}
        fields={Object.keys(userRecord.shape)}
        filters={[{ name: "role", label: t("fields.role"), options: roleFilterOptions }, activeFilter]}
        describe={(user) => user.name}
        canWrite={isAdmin}
        bulkSetActive={bulkSetActive.mutateAsync}
        onChange={() => utils.users.invalidate()}
        activeOf={(user) => (user.id === me.id ? undefined : user.active)}
        toggle={(user) => (user.active ? setPending({ kind: "deactivate", user }) : void reactivate(user))}
        actions={(user) => [{ label: t("resetPassword"), icon: KeyRoundIcon, onSelect: () => setPending({ kind: "reset", user }) }]}
      />
      <InviteUserDialog open={inviting} onOpenChange={setInviting} />
      <ConfirmDeleteDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === "reset" ? t("resetTitle") : t("deactivateTitle")}
        description={
          pending &&
          t.rich(pending.kind === "reset" ? "resetDescription" : "deactivateDescription", {
            name: pending.user.name,
            strong: (chunks) => <strong className="font-medium text-foreground">{chunks}</strong>,
          })
        }
        confirmLabel={pending?.kind === "reset" ? t("resetPassword") : t("deactivate")}
        onConfirm={async () => {
          if (!pending) return;
          if (pending.kind === "reset") {
            const answer = await resetPassword.mutateAsync({ id: pending.user.id });
            setReset({ user: pending.user, password: answer.temporary_password });
          } else {
            await update.mutateAsync({ id: pending.user.id, active: false });
            toast.success(t("deactivated", { name: pending.user.name }));
          }
        }}
      />
      <Dialog open={reset !== null} onOpenChange={(open) => !open && setReset(null)}>
        <DialogContent onInteractOutside={(event) => event.preventDefault()}>
          {reset && (
            <TemporaryPassword
              title={t("passwordReset")}
              who={`${reset.user.name} · ${reset.user.email}`}
              password={reset.password}
              onDone={() => setReset(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
