"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptyPaymentMethod, PaymentMethodForm } from "../payment-method-form";

export function NewPaymentMethod() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.paymentMethods.create.useMutation({ onSuccess: () => utils.paymentMethods.invalidate() });
  return (
    <NewRecordPage resource="paymentMethods" list={listHref("/payment-methods")} wide>
      <PaymentMethodForm
        defaultValues={emptyPaymentMethod}
        submitLabel={t("paymentMethods.create")}
        onSubmit={async (values) => {
          const method = await create.mutateAsync(values);
          toast.success(t("paymentMethods.created", { name: method.name }));
          router.push(listHref("/payment-methods"));
        }}
      />
    </NewRecordPage>
  );
}
