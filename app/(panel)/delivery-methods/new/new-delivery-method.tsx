"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { DeliveryMethodForm, emptyDeliveryMethod } from "../delivery-method-form";

export function NewDeliveryMethod() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.deliveryMethods.create.useMutation({ onSuccess: () => utils.deliveryMethods.invalidate() });
  return (
    <NewRecordPage resource="deliveryMethods" list={listHref("/delivery-methods")}>
      <DeliveryMethodForm
        defaultValues={emptyDeliveryMethod}
        submitLabel={t("deliveryMethods.create")}
        onSubmit={async (values) => {
          const method = await create.mutateAsync(values);
          toast.success(t("deliveryMethods.created", { name: method.name }), { description: t("deliveryMethods.createdDescription") });
          router.push(`/delivery-methods/${method.id}`);
        }}
      />
    </NewRecordPage>
  );
}
