"use client";

import { TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { trpc, type RouterOutputs } from "@/lib/trpc";
import { webhookCreate } from "@/server/webhooks/schemas";
import { EventsField } from "./events";

type Created = RouterOutputs["webhooks"]["create"];

/** Creates a webhook, then shows its signing secret: the only time anyone sees it. */
export function CreateWebhookDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [created, setCreated] = useState<Created | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="sm:max-w-2xl"
        // Closing by a stray click outside would lose the secret for good.
        onInteractOutside={(event) => created && event.preventDefault()}
      >
        {created ? <CreatedWebhook created={created} onDone={() => close(false)} /> : open && <CreateForm onCreated={setCreated} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const t = useTranslations("webhooks");
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation({ onSuccess: () => utils.webhooks.list.invalidate() });
  const form = useResourceForm(webhookCreate, { defaultValues: { url: "", events: [], active: true }, labels: "webhooks.fields" });
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
          toast.success(t("created", { name: created.url }));
          onCreated(created);
        }}
      >
        <TextField
          control={form.control}
          name="url"
          label={t("fields.url")}
          required
          type="url"
          maxLength={2000}
          autoComplete="off"
          placeholder={t("urlPlaceholder")}
          description={t("urlDescription")}
        />
        <EventsField control={form.control} name="events" label={t("fields.events")} description={t("eventsDescription")} />
        <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      </ResourceForm>
    </>
  );
}

function CreatedWebhook({ created, onDone }: { created: Created; onDone: () => void }) {
  const t = useTranslations("webhooks");
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("createdTitle")}</DialogTitle>
        <DialogDescription className="break-all">{created.url}</DialogDescription>
      </DialogHeader>
      <div role="alert" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-warning">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{t("secretWarning")}</p>
      </div>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">{t("secret")}</span>
        <div className="flex items-center gap-2">
          <code
            data-testid="webhook-secret"
            className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all select-all"
          >
            {created.secret}
          </code>
          <CopyButton value={created.secret} label={t("copySecret")} />
        </div>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>{t("secretCopied")}</Button>
      </DialogFooter>
    </>
  );
}
