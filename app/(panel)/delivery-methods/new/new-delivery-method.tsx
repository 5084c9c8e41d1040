"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import { DeliveryMethodForm, emptyDeliveryMethod } from "../delivery-method-form";

export function NewDeliveryMethod() {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const create = trpc.deliveryMethods.create.useMutation({ onSuccess: () => utils.deliveryMethods.invalidate() });
  return (
    <>
      <PageHeader title="New delivery method">
        <BackLink href="/delivery-methods">Delivery methods</BackLink>
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {canManage ? (
            <DeliveryMethodForm
              defaultValues={emptyDeliveryMethod}
              submitLabel="Create delivery method"
              onSubmit={async (values) => {
                const method = await create.mutateAsync(values);
                toast.success(`Delivery method “${method.name}” created`, { description: "Now set its opening hours." });
                router.push(`/delivery-methods/${method.id}`);
              }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Your role may not create delivery methods.</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
