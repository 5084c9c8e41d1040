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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { trpc } from "@/lib/trpc";
import type { DeliveryMethod } from "@/server/settings/delivery-methods/schemas";
import { DeliveryMethodForm, deliveryMethodValues } from "../delivery-method-form";
import { OpeningHoursEditor } from "./opening-hours-editor";

export function EditDeliveryMethod({ id }: { id: string }) {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const method = trpc.deliveryMethods.get.useQuery({ id });
  const hours = trpc.deliveryMethods.openingHours.useQuery({ id }, { enabled: method.isSuccess, refetchOnWindowFocus: false });
  const update = trpc.deliveryMethods.update.useMutation({ onSuccess: () => utils.deliveryMethods.invalidate() });
  const remove = trpc.deliveryMethods.remove.useMutation({ onSuccess: () => utils.deliveryMethods.list.invalidate() });
  const confirmDelete = useConfirmDelete<DeliveryMethod>({
    noun: "delivery method",
    describe: (record) => record.name,
    remove: (record) => remove.mutateAsync({ id: record.id }),
    onDeleted: () => router.push("/delivery-methods"),
  });

  const back = <BackLink href="/delivery-methods">Delivery methods</BackLink>;
  if (method.error) return <LoadFailure error={method.error} noun="delivery method" back={back} onRetry={() => method.refetch()} />;
  const data = method.data;
  return (
    <>
      <PageHeader title={data ? data.name : <Skeleton className="h-8 w-56" />} description={canManage ? "Edit the delivery method and its opening hours." : "You may view this delivery method but not change it."}>
        {back}
      </PageHeader>
      <div className="grid max-w-3xl gap-6">
        <Card>
          <CardContent>
            {data ? (
              <DeliveryMethodForm
                key={data.updated_at}
                defaultValues={deliveryMethodValues(data)}
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
                  toast.success(`Delivery method “${saved.name}” saved`);
                  router.push("/delivery-methods");
                }}
              />
            ) : (
              <div className="grid gap-5" aria-busy="true" aria-label="Loading delivery method">
                <Skeleton className="h-9 w-full" />
                <Skeleton className="h-9 w-full" />
                <Skeleton className="h-20 w-full" />
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Opening hours</CardTitle>
            <CardDescription>When orders can be picked up or dispatched. Ranges of one weekday must not overlap.</CardDescription>
          </CardHeader>
          <CardContent>
            {hours.error ? (
              <p role="alert" className="text-sm text-destructive">
                Could not load the opening hours.
              </p>
            ) : hours.data ? (
              <OpeningHoursEditor id={id} initial={hours.data} readOnly={!canManage} />
            ) : (
              <Skeleton className="h-40 w-full" aria-label="Loading opening hours" />
            )}
          </CardContent>
        </Card>
      </div>
      {confirmDelete.dialog}
    </>
  );
}
