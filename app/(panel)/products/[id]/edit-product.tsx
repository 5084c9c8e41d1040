"use client";

import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { LIST, ProductForm, productValues } from "../product-form";
import { ProductSections } from "./product-sections";

export function EditProduct({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const product = trpc.products.get.useQuery({ id });
  const update = trpc.products.update.useMutation({ onSuccess: () => utils.products.invalidate() });
  const remove = trpc.products.remove.useMutation({ onSuccess: () => utils.products.list.invalidate() });
  return (
    <EditRecordPage
      resource="products"
      list={listHref(LIST)}
      query={product}
      wide
      title={(row) => row.name}
      remove={(row) => remove.mutateAsync({ id: row.id })}
      below={({ readOnly }) => <ProductSections productId={id} product={product.data} readOnly={readOnly} />}
    >
      {(row, { readOnly, secondaryActions }) => (
        <ProductForm
          key={row.updated_at}
          defaultValues={productValues(row)}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("products.saved", { name: saved.name }));
            router.push(listHref(LIST));
          }}
        />
      )}
    </EditRecordPage>
  );
}
