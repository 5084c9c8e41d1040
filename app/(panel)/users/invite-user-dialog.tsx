"use client";

import { useState } from "react";
import { toast } from "sonner";
import { useSellerOptions } from "@/components/parties/options";
import { ReferenceSelectField } from "@/components/parties/reference-select-field";
import { ResourceForm, SelectField, TextField, useResourceForm } from "@/components/resource-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { trpc, type RouterOutputs } from "@/lib/trpc";
import { userCreate } from "@/server/users/schemas";
import { roleOptions } from "../access-keys/roles";
import { TemporaryPassword } from "./temporary-password";

type Created = RouterOutputs["users"]["create"];

/** Invites a user: the server generates a temporary password, shown here once. */
export function InviteUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
            title="User invited"
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
  const utils = trpc.useUtils();
  const sellers = useSellerOptions();
  const create = trpc.users.create.useMutation({ onSuccess: () => utils.users.list.invalidate() });
  const form = useResourceForm(userCreate, { defaultValues: { name: "", email: "", role: "VIEWER", seller_id: null } });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Invite user</DialogTitle>
        <DialogDescription>The user signs in with this email and a temporary password you hand over.</DialogDescription>
      </DialogHeader>
      <ResourceForm
        form={form}
        submitLabel="Invite"
        onSubmit={async (values) => {
          const user = await create.mutateAsync(values);
          toast.success(`User “${user.name}” invited`);
          onCreated(user);
        }}
      >
        <TextField control={form.control} name="name" label="Name" required maxLength={120} autoComplete="off" />
        <TextField control={form.control} name="email" label="Email" type="email" required autoComplete="off" />
        <SelectField
          control={form.control}
          name="role"
          label="Role"
          required
          options={roleOptions.map((role) => ({ value: role.value, label: `${role.label}: ${role.description}` }))}
        />
        <ReferenceSelectField
          control={form.control}
          name="seller_id"
          label="Seller"
          options={sellers.options}
          loading={sellers.loading}
          description="For users of the Seller role: the seller they act as."
        />
      </ResourceForm>
    </>
  );
}
