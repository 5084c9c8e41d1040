"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useSellerOptions } from "@/components/parties/options";
import { ReferenceSelectField } from "@/components/parties/reference-select-field";
import { ResourceForm, SelectField, TextField, useResourceForm } from "@/components/resource-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { trpc, type RouterOutputs } from "@/lib/trpc";
import { userCreate } from "@/server/users/schemas";
import { useRoleOptions } from "../access-keys/roles";
import { TemporaryPassword } from "./temporary-password";

type Created = RouterOutputs["users"]["create"];

/** Invites a user: the server generates a temporary password, shown here once. */
export function InviteUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("users");
  const [created, setCreated] = useState<Created | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        // A stray click outside would lose the password for good.
        onInteractOutside={(event) => created && event.preventDefault()}
      >
        {created?.temporary_password ? (
          <TemporaryPassword
            title={t("invitedTitle")}
            who={`${created.name} · ${created.email}`}
            password={created.temporary_password}
            onDone={() => close(false)}
          />
        ) : (
          open && <InviteForm onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const t = useTranslations("users");
  const roleOptions = useRoleOptions();
  const utils = trpc.useUtils();
  const sellers = useSellerOptions();
  const create = trpc.users.create.useMutation({ onSuccess: () => utils.users.list.invalidate() });
  const form = useResourceForm(userCreate, {
    defaultValues: { name: "", email: "", role: "VIEWER", seller_id: null },
    labels: "users.fields",
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("invite")}</DialogTitle>
        <DialogDescription>{t("inviteDescription")}</DialogDescription>
      </DialogHeader>
      <ResourceForm
        form={form}
        submitLabel={t("inviteSubmit")}
        onSubmit={async (values) => {
          const user = await create.mutateAsync(values);
          toast.success(t("invited", { name: user.name }));
          onCreated(user);
        }}
      >
        <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={120} autoComplete="off" />
        <TextField control={form.control} name="email" label={t("fields.email")} type="email" required autoComplete="off" />
        <SelectField control={form.control} name="role" label={t("fields.role")} required options={roleOptions} />
        <ReferenceSelectField
          control={form.control}
          name="seller_id"
          label={t("fields.seller_id")}
          options={sellers.options}
          loading={sellers.loading}
          description={t("sellerDescription")}
        />
      </ResourceForm>
    </>
  );
}
