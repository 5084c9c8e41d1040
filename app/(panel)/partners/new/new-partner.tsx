"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptyPartner, PartnerForm } from "../partner-form";

export function NewPartner() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.partners.create.useMutation({ onSuccess: () => utils.partners.invalidate() });
  return (
    <NewRecordPage resource="partners" list={listHref("/partners")} can="sell" wide>
      <PartnerForm
        defaultValues={emptyPartner}
        submitLabel={t("partners.create")}
        onSubmit={async (values) => {
          const partner = await create.mutateAsync(values);
          toast.success(t("partners.created", { name: partner.name }));
          router.push(listHref("/partners"));
        }}
      />
    </NewRecordPage>
  );
}
