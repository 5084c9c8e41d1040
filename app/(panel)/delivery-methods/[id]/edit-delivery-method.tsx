"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { EditRecordPage } from "@/components/resource-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { trpc } from "@/lib/trpc";
import { DeliveryMethodForm, deliveryMethodValues } from "../delivery-method-form";
import { OpeningHoursEditor } from "./opening-hours-editor";

const list = { href: "/delivery-methods", label: "Delivery methods" };

export function EditDeliveryMethod({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const method = trpc.deliveryMethods.get.useQuery({ id });
  const hours = trpc.deliveryMethods.openingHours.useQuery({ id }, { enabled: method.isSuccess, refetchOnWindowFocus: false });
  const update = trpc.deliveryMethods.update.useMutation({ onSuccess: () => utils.deliveryMethods.invalidate() });
  const remove = trpc.deliveryMethods.remove.useMutation({ onSuccess: () => utils.deliveryMethods.list.invalidate() });
  return (
    <EditRecordPage
      noun="delivery method"
      list={list}
      query={method}
      title={(row) => row.name}
      description={(_, readOnly) => (readOnly ? "You may view this delivery method but not change it." : "Edit the delivery method and its opening hours.")}
      remove={(row) => remove.mutateAsync({ id: row.id })}
      below={({ readOnly }) => (
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
              <OpeningHoursEditor id={id} initial={hours.data} readOnly={readOnly} />
            ) : (
              <Skeleton className="h-40 w-full" aria-label="Loading opening hours" />
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
          submitLabel="Save changes"
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(`Delivery method “${saved.name}” saved`);
            router.push(list.href);
          }}
        />
      )}
    </EditRecordPage>
  );
}
