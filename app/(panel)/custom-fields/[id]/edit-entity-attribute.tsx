"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { EntityAttributeForm, entityAttributeValues } from "../entity-attribute-form";

const list = { href: "/custom-fields", label: "Custom fields" };

export function EditEntityAttribute({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const definition = trpc.entityAttributes.get.useQuery({ id });
  const update = trpc.entityAttributes.update.useMutation({ onSuccess: () => utils.entityAttributes.invalidate() });
  const remove = trpc.entityAttributes.remove.useMutation({ onSuccess: () => utils.entityAttributes.list.invalidate() });
  return (
    <EditRecordPage
      noun="custom field"
      list={list}
      query={definition}
      title={(row) => row.label}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <EntityAttributeForm
          key={row.updated_at}
          defaultValues={entityAttributeValues(row)}
          readOnly={readOnly}
          submitLabel="Save changes"
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(`Custom field “${saved.label}” saved`);
            router.push(list.href);
          }}
        />
      )}
    </EditRecordPage>
  );
}
