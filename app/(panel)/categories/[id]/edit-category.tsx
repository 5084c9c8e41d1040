"use client";

import { listHref } from "@/components/data-table";
import { ProductsOf } from "@/components/records/related";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { type Category, type CategoryWrite } from "@/server/catalog/categories/schemas";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { CategoryForm, LIST } from "../category-form";

/** A stored category as form values (the write fields only). */
function toWrite(category: Category): CategoryWrite {
  const { id: _id, order: _order, created_at: _created, updated_at: _updated, specifications, ...rest } = category;
  return {
    ...rest,
    specifications: specifications.map((group) => ({
      name: group.name,
      items: group.items.map(({ category_id: _category, ...item }) => item),
    })),
  };
}

export function EditCategory({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const category = trpc.categories.get.useQuery({ id });
  const update = trpc.categories.update.useMutation({ onSuccess: () => utils.categories.invalidate() });
  const remove = trpc.categories.remove.useMutation({ onSuccess: () => utils.categories.invalidate() });
  return (
    <EditRecordPage
      resource="categories"
      list={listHref(LIST)}
      query={category}
      related={(row) => <ProductsOf categoryId={row.id} />}
      title={(row) => row.name}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <CategoryForm
          key={row.updated_at}
          categoryId={row.id}
          defaultValues={toWrite(row)}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("categories.saved", { name: saved.name }));
            router.push(listHref(LIST));
          }}
        />
      )}
    </EditRecordPage>
  );
}
