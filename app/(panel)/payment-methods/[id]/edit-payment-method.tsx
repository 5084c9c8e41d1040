"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { PaymentMethodForm, paymentMethodValues } from "../payment-method-form";

const list = { href: "/payment-methods", label: "Payment methods" };

export function EditPaymentMethod({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const method = trpc.paymentMethods.get.useQuery({ id });
  const update = trpc.paymentMethods.update.useMutation({ onSuccess: () => utils.paymentMethods.invalidate() });
  const remove = trpc.paymentMethods.remove.useMutation({ onSuccess: () => utils.paymentMethods.list.invalidate() });
  return (
    <EditRecordPage
      noun="payment method"
      list={list}
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
          submitLabel="Save changes"
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(`Payment method “${saved.name}” saved`);
            router.push(list.href);
          }}
        />
      )}
    </EditRecordPage>
  );
}
