"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { DiscountForm, discountValues } from "../discount-form";

export function EditDiscount({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const discount = trpc.discounts.get.useQuery({ id });
  const update = trpc.discounts.update.useMutation({
    onSuccess: () => utils.discounts.invalidate(),
  });
  const remove = trpc.discounts.remove.useMutation({
    onSuccess: () => utils.discounts.list.invalidate(),
  });
  return (
    <EditRecordPage
      resource="discounts"
      list={listHref("/discounts")}
      wide
      query={discount}
      title={(row) => row.name}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <DiscountForm
          key={row.updated_at}
          defaultValues={discountValues(row)}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            await update.mutateAsync({ ...values, id });
            toast.success(t("discounts.saved", { name: values.name }));
            router.push(listHref("/discounts"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
