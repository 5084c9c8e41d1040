"use client";

import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { emptyProduct, LIST, ProductForm } from "../product-form";

export function NewProduct() {
  const t = useTranslations("products");
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.products.create.useMutation({ onSuccess: () => utils.products.invalidate() });
  return (
    <NewRecordPage resource="products" list={listHref(LIST)} wide>
      <ProductForm
        defaultValues={emptyProduct}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const product = await create.mutateAsync(values);
          toast.success(t("created", { name: product.name, sku: product.sku }));
          // Its page: where variations, specifications and alternative units are added.
          router.push(`${LIST}/${product.id}`);
        }}
      />
    </NewRecordPage>
  );
}
