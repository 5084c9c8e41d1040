"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { AttributesField, EditRecordPage, NewRecordPage, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { productWrite, type ProductWrite, type ProductWriteOutput } from "@/server/catalog/products/schemas";

const LIST = "/products";

interface ProductFormProps {
  defaultValues: ProductWrite;
  onSubmit: (values: ProductWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a product (the minimal one), checked by the API's own `productWrite` schema. */
export function ProductForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: ProductFormProps) {
  const t = useTranslations("products");
  const form = useResourceForm(productWrite, { defaultValues, labels: "products.fields" });
  return (
    <ResourceForm form={form} onSubmit={onSubmit} readOnly={readOnly} submitLabel={submitLabel} cancelHref={listHref(LIST)} secondaryActions={secondaryActions}>
      <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
      <TextField control={form.control} name="sku" label={t("fields.sku")} maxLength={60} autoComplete="off" description={t("skuDescription")} />
      <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <AttributesField control={form.control} name="attributes" entity="product" description={t("attributesDescription")} />
    </ResourceForm>
  );
}

export function NewProduct() {
  const t = useTranslations("products");
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.products.create.useMutation({ onSuccess: () => utils.products.invalidate() });
  return (
    <NewRecordPage resource="products" list={listHref(LIST)}>
      <ProductForm
        defaultValues={{ name: "", sku: "", active: true, attributes: {} }}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const product = await create.mutateAsync(values);
          toast.success(t("created", { name: product.name, sku: product.sku }));
          router.push(listHref(LIST));
        }}
      />
    </NewRecordPage>
  );
}

export function EditProduct({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const product = trpc.products.get.useQuery({ id });
  const update = trpc.products.update.useMutation({ onSuccess: () => utils.products.invalidate() });
  const remove = trpc.products.remove.useMutation({ onSuccess: () => utils.products.list.invalidate() });
  return (
    <EditRecordPage resource="products" list={listHref(LIST)} query={product} title={(row) => row.name} remove={(row) => remove.mutateAsync({ id: row.id })}>
      {(row, { readOnly, secondaryActions }) => (
        <ProductForm
          key={row.updated_at}
          defaultValues={{ name: row.name, sku: row.sku, active: row.active, attributes: row.attributes }}
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
