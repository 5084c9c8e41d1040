"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { AttributesField, EditRecordPage, NewRecordPage, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { productWrite, type ProductWrite, type ProductWriteOutput } from "@/server/catalog/products/schemas";

const list = { href: "/products", label: "Products" };

interface ProductFormProps {
  defaultValues: ProductWrite;
  onSubmit: (values: ProductWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a product (the minimal one), checked by the API's own `productWrite` schema. */
export function ProductForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: ProductFormProps) {
  const form = useResourceForm(productWrite, { defaultValues });
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={list.href}
      secondaryActions={secondaryActions}
    >
      <TextField control={form.control} name="name" label="Name" required maxLength={200} autoComplete="off" />
      <TextField
        control={form.control}
        name="sku"
        label="SKU"
        maxLength={60}
        autoComplete="off"
        description="Unique in the catalog. Left empty, one is made from the name."
      />
      <SwitchField control={form.control} name="active" label="Active" description="Inactive products are kept but not sold." />
      <AttributesField control={form.control} name="attributes" entity="product" description="Free-form custom fields of this product." />
    </ResourceForm>
  );
}

export function NewProduct() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.products.create.useMutation({ onSuccess: () => utils.products.invalidate() });
  return (
    <NewRecordPage noun="product" list={list}>
      <ProductForm
        defaultValues={{ name: "", sku: "", active: true, attributes: {} }}
        submitLabel="Create product"
        onSubmit={async (values) => {
          const product = await create.mutateAsync(values);
          toast.success(`Product “${product.name}” created with SKU ${product.sku}`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}

export function EditProduct({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const product = trpc.products.get.useQuery({ id });
  const update = trpc.products.update.useMutation({ onSuccess: () => utils.products.invalidate() });
  const remove = trpc.products.remove.useMutation({ onSuccess: () => utils.products.list.invalidate() });
  return (
    <EditRecordPage noun="product" list={list} query={product} title={(row) => row.name} remove={(row) => remove.mutateAsync({ id: row.id })}>
      {(row, { readOnly, secondaryActions }) => (
        <ProductForm
          key={row.updated_at}
          defaultValues={{ name: row.name, sku: row.sku, active: row.active, attributes: row.attributes }}
          readOnly={readOnly}
          submitLabel="Save changes"
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(`Product “${saved.name}” saved`);
            router.push(list.href);
          }}
        />
      )}
    </EditRecordPage>
  );
}
