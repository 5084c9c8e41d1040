"use client";

import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { LIST, VariationForm } from "../variation-form";

export function EditVariation({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const variation = trpc.variations.get.useQuery({ id });
  const update = trpc.variations.update.useMutation({ onSuccess: () => utils.variations.invalidate() });
  const remove = trpc.variations.remove.useMutation({ onSuccess: () => utils.variations.list.invalidate() });
  return (
    <EditRecordPage
      resource="variations"
      list={listHref(LIST)}
      query={variation}
      title={(row) => row.name}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <VariationForm
          key={row.updated_at}
          defaultValues={{
            name: row.name,
            active: row.active,
            values: row.values,
            is_searchable: row.is_searchable,
            display_type: row.display_type,
            variant_options: row.variant_options.map(({ name, display_value }) => ({ name, display_value })),
            attributes: row.attributes,
          }}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("variations.saved", { name: saved.name }));
            router.push(listHref(LIST));
          }}
        />
      )}
    </EditRecordPage>
  );
}
