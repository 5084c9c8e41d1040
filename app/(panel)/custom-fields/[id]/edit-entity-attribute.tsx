"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { EntityAttributeForm, entityAttributeValues } from "../entity-attribute-form";

export function EditEntityAttribute({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const definition = trpc.entityAttributes.get.useQuery({ id });
  const update = trpc.entityAttributes.update.useMutation({ onSuccess: () => utils.entityAttributes.invalidate() });
  const remove = trpc.entityAttributes.remove.useMutation({ onSuccess: () => utils.entityAttributes.list.invalidate() });
  return (
    <EditRecordPage
      resource="customFields"
      list={listHref("/custom-fields")}
      query={definition}
      title={(row) => row.label}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <EntityAttributeForm
          key={row.updated_at}
          defaultValues={entityAttributeValues(row)}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("customFields.saved", { name: saved.label }));
            router.push(listHref("/custom-fields"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
