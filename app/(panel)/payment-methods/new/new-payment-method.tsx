"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import { emptyPaymentMethod, PaymentMethodForm } from "../payment-method-form";

export function NewPaymentMethod() {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const create = trpc.paymentMethods.create.useMutation({ onSuccess: () => utils.paymentMethods.invalidate() });
  return (
    <>
      <PageHeader title="New payment method">
        <BackLink href="/payment-methods">Payment methods</BackLink>
      </PageHeader>
      <Card className="max-w-4xl">
        <CardContent>
          {canManage ? (
            <PaymentMethodForm
              defaultValues={emptyPaymentMethod}
              submitLabel="Create payment method"
              onSubmit={async (values) => {
                const method = await create.mutateAsync(values);
                toast.success(`Payment method “${method.name}” created`);
                router.push("/payment-methods");
              }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Your role may not create payment methods.</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
