"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { BrandForm, emptyBrand } from "../brand-form";

export function NewBrand() {
  const t = useTranslations("brands");
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.brands.create.useMutation({ onSuccess: () => utils.brands.invalidate() });
  return (
    <NewRecordPage resource="brands" list={listHref("/brands")}>
      <BrandForm
        defaultValues={emptyBrand}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const brand = await create.mutateAsync(values);
          toast.success(t("created", { name: brand.name }));
          router.push(listHref("/brands"));
        }}
      />
    </NewRecordPage>
  );
}
