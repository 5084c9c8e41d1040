"use client";

import { TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ResourceForm, SelectField, TextField, useResourceForm } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { trpc, type RouterOutputs } from "@/lib/trpc";
import { accessKeyCreate } from "@/server/access-keys/schemas";
import { useEnumLabel } from "@/lib/i18n";
import { useRoleOptions } from "./roles";

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
  const t = useTranslations("accessKeys");
  const roleOptions = useRoleOptions();
  const utils = trpc.useUtils();
  const create = trpc.accessKeys.create.useMutation({ onSuccess: () => utils.accessKeys.list.invalidate() });
  const form = useResourceForm(accessKeyCreate, { defaultValues: { name: "", role: "VIEWER" }, labels: "accessKeys.fields" });
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("new")}</DialogTitle>
        <DialogDescription>{t("newDescription")}</DialogDescription>
      </DialogHeader>
      <ResourceForm
        form={form}
        submitLabel={t("createSubmit")}
        onSubmit={async (values) => {
          const created = await create.mutateAsync(values);
          toast.success(t("created", { name: created.name }));
          onCreated(created);
        }}
      >
        <TextField
          control={form.control}
          name="name"
          label={t("fields.name")}
          required
          maxLength={120}
          autoComplete="off"
          placeholder={t("namePlaceholder")}
        />
        <SelectField control={form.control} name="role" label={t("fields.role")} required options={roleOptions} />
      </ResourceForm>
    </>
  );
}

function CreatedKey({ created, onDone }: { created: Created; onDone: () => void }) {
  const t = useTranslations("accessKeys");
  const roleLabel = useEnumLabel("role");
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("createdTitle")}</DialogTitle>
        <DialogDescription>
          {created.name} · {roleLabel(created.role)}
        </DialogDescription>
      </DialogHeader>
      <div role="alert" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-warning">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{t("codeWarning")}</p>
      </div>
      <Secret label={t("token")} copyLabel={t("copyToken")} value={created.token} testId="access-key-token" />
      <Secret label={t("code")} copyLabel={t("copyCode")} value={created.code} testId="access-key-code" />
      <DialogFooter>
        <Button onClick={onDone}>{t("codeCopied")}</Button>
      </DialogFooter>
    </>
  );
}

function Secret({ label, copyLabel, value, testId }: { label: string; copyLabel: string; value: string; testId: string }) {
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex items-center gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all select-all">
          {value}
        </code>
        <CopyButton value={value} label={copyLabel} />
      </div>
    </div>
  );
}
