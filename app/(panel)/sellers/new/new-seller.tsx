"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptySeller, SellerForm } from "../seller-form";

export function NewSeller() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.sellers.create.useMutation({ onSuccess: () => utils.sellers.invalidate() });
  return (
    <NewRecordPage resource="sellers" list={listHref("/sellers")}>
      <SellerForm
        defaultValues={emptySeller}
        submitLabel={t("sellers.create")}
        onSubmit={async (values) => {
          const seller = await create.mutateAsync(values);
          toast.success(t("sellers.created", { name: seller.name }));
          router.push(listHref("/sellers"));
        }}
      />
    </NewRecordPage>
  );
}
