"use client";

import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { LIST, VariationForm } from "../variation-form";

export function NewVariation() {
  const t = useTranslations("variations");
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.variations.create.useMutation({ onSuccess: () => utils.variations.invalidate() });
  return (
    <NewRecordPage resource="variations" list={listHref(LIST)}>
      <VariationForm
        defaultValues={{
          name: "",
          active: true,
          values: [],
          is_searchable: false,
          display_type: null,
          variant_options: [],
          attributes: {},
        }}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const variation = await create.mutateAsync(values);
          toast.success(t("created", { name: variation.name }));
          router.push(listHref(LIST));
        }}
      />
    </NewRecordPage>
  );
}
