"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { PaymentMethodForm, paymentMethodValues } from "../payment-method-form";

export function EditPaymentMethod({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const method = trpc.paymentMethods.get.useQuery({ id });
  const update = trpc.paymentMethods.update.useMutation({ onSuccess: () => utils.paymentMethods.invalidate() });
  const remove = trpc.paymentMethods.remove.useMutation({ onSuccess: () => utils.paymentMethods.list.invalidate() });
  return (
    <EditRecordPage
      resource="paymentMethods"
      list={listHref("/payment-methods")}
      wide
      query={method}
      title={(row) => row.name}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <PaymentMethodForm
          key={row.updated_at}
          defaultValues={paymentMethodValues(row)}
          storedSecret={row.provider?.secret_key ?? null}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("paymentMethods.saved", { name: saved.name }));
            router.push(listHref("/payment-methods"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
