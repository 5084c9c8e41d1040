"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { trpc } from "@/lib/trpc";
import { DeliveryMethodForm, deliveryMethodValues } from "../delivery-method-form";
import { OpeningHoursEditor } from "./opening-hours-editor";

export function EditDeliveryMethod({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const method = trpc.deliveryMethods.get.useQuery({ id });
  const hours = trpc.deliveryMethods.openingHours.useQuery({ id }, { enabled: method.isSuccess, refetchOnWindowFocus: false });
  const update = trpc.deliveryMethods.update.useMutation({ onSuccess: () => utils.deliveryMethods.invalidate() });
  const remove = trpc.deliveryMethods.remove.useMutation({ onSuccess: () => utils.deliveryMethods.list.invalidate() });
  return (
    <EditRecordPage
      resource="deliveryMethods"
      list={listHref("/delivery-methods")}
      query={method}
      title={(row) => row.name}
      description={(_, readOnly) => (readOnly ? t("record.viewOnly") : t("deliveryMethods.editDescription"))}
      remove={(row) => remove.mutateAsync({ id: row.id })}
      below={({ readOnly }) => (
        <Card>
          <CardHeader>
            <CardTitle>{t("deliveryMethods.hours.title")}</CardTitle>
            <CardDescription>{t("deliveryMethods.hours.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            {hours.error ? (
              <p role="alert" className="text-sm text-destructive">
                {t("deliveryMethods.hours.loadFailed")}
              </p>
            ) : hours.data ? (
              <OpeningHoursEditor id={id} initial={hours.data} readOnly={readOnly} />
            ) : (
              <Skeleton className="h-40 w-full" aria-label={t("deliveryMethods.hours.loading")} />
            )}
          </CardContent>
        </Card>
      )}
    >
      {(row, { readOnly, secondaryActions }) => (
        <DeliveryMethodForm
          key={row.updated_at}
          defaultValues={deliveryMethodValues(row)}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("deliveryMethods.saved", { name: saved.name }));
            router.push(listHref("/delivery-methods"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
