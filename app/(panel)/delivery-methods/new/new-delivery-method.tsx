"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { DeliveryMethodForm, emptyDeliveryMethod } from "../delivery-method-form";

const list = { href: "/delivery-methods", label: "Delivery methods" };

export function NewDeliveryMethod() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.deliveryMethods.create.useMutation({ onSuccess: () => utils.deliveryMethods.invalidate() });
  return (
    <NewRecordPage noun="delivery method" list={list}>
      <DeliveryMethodForm
        defaultValues={emptyDeliveryMethod}
        submitLabel="Create delivery method"
        onSubmit={async (values) => {
          const method = await create.mutateAsync(values);
          toast.success(`Delivery method “${method.name}” created`, { description: "Now set its opening hours." });
          router.push(`${list.href}/${method.id}`);
        }}
      />
    </NewRecordPage>
  );
}
