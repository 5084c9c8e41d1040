"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptyEntityAttribute, EntityAttributeForm } from "../entity-attribute-form";

const list = { href: "/custom-fields", label: "Custom fields" };

export function NewEntityAttribute() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.entityAttributes.create.useMutation({ onSuccess: () => utils.entityAttributes.invalidate() });
  return (
    <NewRecordPage noun="custom field" list={list}>
      <EntityAttributeForm
        defaultValues={emptyEntityAttribute}
        submitLabel="Create custom field"
        onSubmit={async (values) => {
          const definition = await create.mutateAsync(values);
          toast.success(`Custom field “${definition.label}” created`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}
