"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { CompanyForm, companyValues } from "../company-form";

const list = { href: "/companies", label: "Companies" };

export function EditCompany({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const company = trpc.companies.get.useQuery({ id });
  const update = trpc.companies.update.useMutation({ onSuccess: () => utils.companies.invalidate() });
  const remove = trpc.companies.remove.useMutation({ onSuccess: () => utils.companies.list.invalidate() });
  return (
    <EditRecordPage noun="company" list={list} query={company} title={(row) => row.name} remove={(row) => remove.mutateAsync({ id: row.id })}>
      {(row, { readOnly, secondaryActions }) => (
        <CompanyForm
          key={row.updated_at}
          defaultValues={companyValues(row)}
          readOnly={readOnly}
          submitLabel="Save changes"
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(`Company “${saved.name}” saved`);
            router.push(list.href);
          }}
        />
      )}
    </EditRecordPage>
  );
}
