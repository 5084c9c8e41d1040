"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { LoadFailure } from "@/components/panel/load-failure";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { FormSkeleton, QuantityField, ResourceForm, useResourceForm } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { commercialSettings, type CommercialSettings } from "@/server/settings/commercial/schemas";

/** The org's commercial policy (contract §11): the overdue tolerance that holds orders and a quotation's validity. ADMIN edits. */
export function CommercialPolicy() {
  const t = useTranslations("commercialSettings");
  const query = trpc.commercialSettings.get.useQuery();
  if (query.error) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {query.data ? <PolicyForm key={JSON.stringify(query.data)} values={query.data} /> : <FormSkeleton label={t("title")} />}
    </>
  );
}

function PolicyForm({ values }: { values: CommercialSettings }) {
  const t = useTranslations("commercialSettings");
  const isAdmin = useCan("admin");
  const utils = trpc.useUtils();
  const update = trpc.commercialSettings.update.useMutation({ onSuccess: () => utils.commercialSettings.invalidate() });
  const form = useResourceForm(commercialSettings, { defaultValues: values, labels: "commercialSettings" });
  return (
    <ResourceForm
      form={form}
      readOnly={!isAdmin}
      onSubmit={async (input) => {
        await update.mutateAsync(input);
        toast.success(t("saved"));
      }}
    >
      {!isAdmin && <p className="text-sm text-muted-foreground">{t("adminsOnly")}</p>}
      <div className="grid gap-5 sm:grid-cols-2">
        <QuantityField
          control={form.control}
          name="overdue_tolerance_days"
          label={t("overdue_tolerance_days")}
          description={t("overdueDescription")}
          required
        />
        <QuantityField
          control={form.control}
          name="quote_validity_days"
          label={t("quote_validity_days")}
          description={t("quoteDescription")}
          required
        />
      </div>
    </ResourceForm>
  );
}
