"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { CompanySellers } from "@/components/records/related";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { CompanyForm, companyValues } from "../company-form";
import { CertificateCard } from "./certificate-card";

export function EditCompany({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const company = trpc.companies.get.useQuery({ id });
  const update = trpc.companies.update.useMutation({ onSuccess: () => utils.companies.invalidate() });
  const remove = trpc.companies.remove.useMutation({ onSuccess: () => utils.companies.list.invalidate() });
  return (
    <EditRecordPage
      resource="companies"
      list={listHref("/companies")}
      query={company}
      related={(row) => (
        <>
          <CertificateCard companyId={row.id} />
          <CompanySellers companyId={row.id} />
        </>
      )}
      title={(row) => row.name}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <CompanyForm
          key={row.updated_at}
          defaultValues={companyValues(row)}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("companies.saved", { name: saved.name }));
            router.push(listHref("/companies"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
