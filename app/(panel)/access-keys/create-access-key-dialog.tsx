"use client";

import { TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ResourceForm, SelectField, TextField, useResourceForm } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { trpc, type RouterOutputs } from "@/lib/trpc";
import { accessKeyCreate } from "@/server/access-keys/schemas";
import { roleLabel, roleOptions } from "./roles";

type Created = RouterOutputs["accessKeys"]["create"];

/** Creates an access key, then shows its code: the only time anyone sees it. */
export function CreateAccessKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [created, setCreated] = useState<Created | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        // Closing by a stray click outside would lose the code for good.
        onInteractOutside={(event) => created && event.preventDefault()}
      >
        {created ? <CreatedKey created={created} onDone={() => close(false)} /> : open && <CreateForm onCreated={setCreated} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const utils = trpc.useUtils();
  const create = trpc.accessKeys.create.useMutation({ onSuccess: () => utils.accessKeys.list.invalidate() });
  const form = useResourceForm(accessKeyCreate, { defaultValues: { name: "", role: "VIEWER" } });
  return (
    <>
      <DialogHeader>
        <DialogTitle>New access key</DialogTitle>
        <DialogDescription>A key acts with the role you give it, for this organization.</DialogDescription>
      </DialogHeader>
      <ResourceForm
        form={form}
        submitLabel="Create key"
        onSubmit={async (values) => {
          const created = await create.mutateAsync(values);
          toast.success(`Access key “${created.name}” created`);
          onCreated(created);
        }}
      >
        <TextField control={form.control} name="name" label="Name" required maxLength={120} autoComplete="off" placeholder="e.g. ERP integration" />
        <SelectField
          control={form.control}
          name="role"
          label="Role"
          required
          options={roleOptions.map((role) => ({ value: role.value, label: `${role.label}: ${role.description}` }))}
        />
      </ResourceForm>
    </>
  );
}

function CreatedKey({ created, onDone }: { created: Created; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Access key created</DialogTitle>
        <DialogDescription>
          {created.name} · {roleLabel[created.role]}
        </DialogDescription>
      </DialogHeader>
      <div role="alert" className="flex gap-2 rounded-md border border-amber-500/40 bg-amber-50 p-3 text-sm text-amber-900">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>Copy the code now. It is shown only this once and cannot be seen again; if it is lost, revoke the key and create another.</p>
      </div>
      <Secret label="Token" value={created.token} testId="access-key-token" />
      <Secret label="Code" value={created.code} testId="access-key-code" />
      <DialogFooter>
        <Button onClick={onDone}>I have copied the code</Button>
      </DialogFooter>
    </>
  );
}

function Secret({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex items-center gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all select-all">
          {value}
        </code>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}
