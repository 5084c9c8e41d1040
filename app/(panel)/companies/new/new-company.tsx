"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { CompanyForm, emptyCompany } from "../company-form";

const list = { href: "/companies", label: "Companies" };

export function NewCompany() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.companies.create.useMutation({ onSuccess: () => utils.companies.invalidate() });
  return (
    <NewRecordPage noun="company" list={list}>
      <CompanyForm
        defaultValues={emptyCompany}
        submitLabel="Create company"
        onSubmit={async (values) => {
          const company = await create.mutateAsync(values);
          toast.success(`Company “${company.name}” created`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}
