"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { CompanyForm, emptyCompany } from "../company-form";

export function NewCompany() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.companies.create.useMutation({ onSuccess: () => utils.companies.invalidate() });
  return (
    <NewRecordPage resource="companies" list={listHref("/companies")}>
      <CompanyForm
        defaultValues={emptyCompany}
        submitLabel={t("companies.create")}
        onSubmit={async (values) => {
          const company = await create.mutateAsync(values);
          toast.success(t("companies.created", { name: company.name }));
          router.push(listHref("/companies"));
        }}
      />
    </NewRecordPage>
  );
}
