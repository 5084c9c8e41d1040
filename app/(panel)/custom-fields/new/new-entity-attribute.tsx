"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptyEntityAttribute, EntityAttributeForm } from "../entity-attribute-form";

export function NewEntityAttribute() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.entityAttributes.create.useMutation({ onSuccess: () => utils.entityAttributes.invalidate() });
  return (
    <NewRecordPage resource="customFields" list={listHref("/custom-fields")}>
      <EntityAttributeForm
        defaultValues={emptyEntityAttribute}
        submitLabel={t("customFields.create")}
        onSubmit={async (values) => {
          const definition = await create.mutateAsync(values);
          toast.success(t("customFields.created", { name: definition.label }));
          router.push(listHref("/custom-fields"));
        }}
      />
    </NewRecordPage>
  );
}
