"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { BrandForm } from "../brand-form";
import { ProductsOf } from "@/components/records/related";

export function EditBrand({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const brand = trpc.brands.get.useQuery({ id });
  const update = trpc.brands.update.useMutation({ onSuccess: () => utils.brands.invalidate() });
  const remove = trpc.brands.remove.useMutation({ onSuccess: () => utils.brands.list.invalidate() });
  return (
    <EditRecordPage
      resource="brands"
      list={listHref("/brands")}
      query={brand}
      related={(row) => <ProductsOf brandId={row.id} />}
      title={(row) => row.name}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <BrandForm
          key={row.updated_at}
          defaultValues={{ name: row.name, active: row.active, images: row.images, attributes: row.attributes }}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("brands.saved", { name: saved.name }));
            router.push(listHref("/brands"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
