"use client";

import { SendIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { ActiveBadge, listHref } from "@/components/data-table";
import { Breadcrumbs } from "@/components/panel/breadcrumbs";
import { useCan } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { RecordActivity, RecordLayout } from "@/components/records/record-activity";
import { FormSkeleton, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { isWebhookEventType } from "@/server/webhooks/events";
import { webhookChanges, type Webhook, type WebhookChanges } from "@/server/webhooks/schemas";
import { EventsField } from "../events";
import { Deliveries } from "./deliveries";

export function EditWebhook({ id }: { id: string }) {
  const t = useTranslations("webhooks");
  const isAdmin = useCan("admin");
  const problems = useProblemMessages();
  const utils = trpc.useUtils();
  const webhook = trpc.webhooks.get.useQuery({ id }, { enabled: isAdmin });
  const update = trpc.webhooks.update.useMutation({ onSuccess: () => utils.webhooks.invalidate() });
  const sendTest = trpc.webhooks.test.useMutation({
    onSuccess: () => {
      toast.success(t("testSent"));
      void utils.webhooks.deliveries.invalidate();
    },
    onError: (error) => problems.toastError(error),
  });

  const back = <Breadcrumbs items={[{ label: t("title"), href: listHref("/webhooks") }, { label: webhook.data?.url ?? t("one") }]} />;
  if (!isAdmin) {
    return (
      <>
        <PageHeader title={t("title")}>{back}</PageHeader>
        <p role="alert" className="text-sm text-muted-foreground">
          {t("adminsOnly")}
        </p>
      </>
    );
  }
  if (webhook.error) return <LoadFailure error={webhook.error} breadcrumbs={back} onRetry={() => webhook.refetch()} />;
  const data = webhook.data;
  return (
    <>
      <PageHeader
        title={data ? <span className="break-all">{data.url}</span> : <Skeleton className="h-8 w-72" />}
        actions={
          data && (
            <>
              <ActiveBadge active={data.active} />
              <Button variant="outline" disabled={!data.active || sendTest.isPending} onClick={() => sendTest.mutate({ id })}>
                <SendIcon aria-hidden />
                {t("sendTest")}
              </Button>
            </>
          )
        }
      >
        {back}
      </PageHeader>
      <RecordLayout aside={data && <RecordActivity entity="webhook" id={data.id} version={data.updated_at} />}>
        <Card className="max-w-3xl">
          <CardContent>
            {data ? (
              <WebhookForm
                key={data.updated_at}
                webhook={data}
                onSubmit={async (values) => {
                  const saved = await update.mutateAsync({ ...values, id });
                  toast.success(t("saved", { name: saved.url }));
                }}
              />
            ) : (
              <FormSkeleton label={t("one")} />
            )}
          </CardContent>
        </Card>
        <Deliveries webhookId={id} />
      </RecordLayout>
    </>
  );
}

function WebhookForm({ webhook, onSubmit }: { webhook: Webhook; onSubmit: (values: WebhookChanges) => Promise<unknown> }) {
  const t = useTranslations("webhooks");
  const common = useTranslations("common");
  const form = useResourceForm(webhookChanges, {
    defaultValues: { url: webhook.url, events: webhook.events.filter(isWebhookEventType), active: webhook.active },
    labels: "webhooks.fields",
  });
  return (
    <ResourceForm form={form} onSubmit={onSubmit} submitLabel={common("saveChanges")} cancelHref={listHref("/webhooks")}>
      <TextField
        control={form.control}
        name="url"
        label={t("fields.url")}
        required
        type="url"
        maxLength={2000}
        autoComplete="off"
        description={t("urlDescription")}
      />
      <EventsField control={form.control} name="events" label={t("fields.events")} description={t("eventsDescription")} />
      <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
    </ResourceForm>
  );
}
