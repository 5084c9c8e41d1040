"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptyDiscount, DiscountForm } from "../discount-form";

export function NewDiscount() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.discounts.create.useMutation({
    onSuccess: () => utils.discounts.invalidate(),
  });
  return (
    <NewRecordPage resource="discounts" list={listHref("/discounts")} wide>
      <DiscountForm
        defaultValues={emptyDiscount}
        submitLabel={t("discounts.create")}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          toast.success(t("discounts.created", { name: values.name }));
          router.push(listHref("/discounts"));
        }}
      />
    </NewRecordPage>
  );
}
