"use client";

import { Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { trpc } from "@/lib/trpc";
import type { PaymentMethod } from "@/server/settings/payment-methods/schemas";
import { PaymentMethodForm, paymentMethodValues } from "../payment-method-form";

export function EditPaymentMethod({ id }: { id: string }) {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const method = trpc.paymentMethods.get.useQuery({ id });
  const update = trpc.paymentMethods.update.useMutation({ onSuccess: () => utils.paymentMethods.invalidate() });
  const remove = trpc.paymentMethods.remove.useMutation({ onSuccess: () => utils.paymentMethods.list.invalidate() });
  const confirmDelete = useConfirmDelete<PaymentMethod>({
    noun: "payment method",
    describe: (record) => record.name,
    remove: (record) => remove.mutateAsync({ id: record.id }),
    onDeleted: () => router.push("/payment-methods"),
  });

  const back = <BackLink href="/payment-methods">Payment methods</BackLink>;
  if (method.error) return <LoadFailure error={method.error} noun="payment method" back={back} onRetry={() => method.refetch()} />;
  const data = method.data;
  return (
    <>
      <PageHeader title={data ? data.name : <Skeleton className="h-8 w-56" />} description={canManage ? "Edit the payment method." : "You may view this payment method but not change it."}>
        {back}
      </PageHeader>
      <Card className="max-w-4xl">
        <CardContent>
          {data ? (
            <PaymentMethodForm
              key={data.updated_at}
              defaultValues={paymentMethodValues(data)}
              storedSecret={data.provider?.secret_key ?? null}
              readOnly={!canManage}
              submitLabel="Save changes"
              secondaryActions={
                canManage && (
                  <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => confirmDelete.request(data)}>
                    <Trash2Icon aria-hidden />
                    Delete
                  </Button>
                )
              }
              onSubmit={async (values) => {
                const saved = await update.mutateAsync({ ...values, id });
                toast.success(`Payment method “${saved.name}” saved`);
                router.push("/payment-methods");
              }}
            />
          ) : (
            <div className="grid gap-5" aria-busy="true" aria-label="Loading payment method">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          )}
        </CardContent>
      </Card>
      {confirmDelete.dialog}
    </>
  );
}
