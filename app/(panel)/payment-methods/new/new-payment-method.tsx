"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptyPaymentMethod, PaymentMethodForm } from "../payment-method-form";

const list = { href: "/payment-methods", label: "Payment methods" };

export function NewPaymentMethod() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.paymentMethods.create.useMutation({ onSuccess: () => utils.paymentMethods.invalidate() });
  return (
    <NewRecordPage noun="payment method" list={list} wide>
      <PaymentMethodForm
        defaultValues={emptyPaymentMethod}
        submitLabel="Create payment method"
        onSubmit={async (values) => {
          const method = await create.mutateAsync(values);
          toast.success(`Payment method “${method.name}” created`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}
