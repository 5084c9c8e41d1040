"use client";

import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { type CategoryWrite } from "@/server/catalog/categories/schemas";
import { useTranslations } from "next-intl";
import { useRouter, useSearchParams } from "next/navigation";
import { toast } from "sonner";
import { CategoryForm, LIST } from "../category-form";

const emptyCategory: CategoryWrite = {
  root_id: null,
  name: "",
  active: true,
  characteristics: null,
  seo_title: null,
  seo_description: null,
  seo_meta_keywords: [],
  is_solution_specific: false,
  solutions: [],
  image_resource_id: null,
  specifications: [],
  attributes: {},
};

export function NewCategory() {
  const t = useTranslations("categories");
  const router = useRouter();
  const parent = useSearchParams().get("root_id");
  const utils = trpc.useUtils();
  const create = trpc.categories.create.useMutation({ onSuccess: () => utils.categories.invalidate() });
  return (
    <NewRecordPage resource="categories" list={listHref(LIST)}>
      <CategoryForm
        defaultValues={{ ...emptyCategory, root_id: parent || null }}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const category = await create.mutateAsync(values);
          toast.success(t("created", { name: category.name }));
          router.push(listHref(LIST));
        }}
      />
    </NewRecordPage>
  );
}
