"use client";

import { Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { FormSkeleton } from "@/components/parties/form-skeleton";
import { useConfirmDelete } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { trpc } from "@/lib/trpc";
import type { Company } from "@/server/parties/companies/schemas";
import { CompanyForm, companyValues } from "../company-form";

export function EditCompany({ id }: { id: string }) {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const company = trpc.companies.get.useQuery({ id });
  const update = trpc.companies.update.useMutation({ onSuccess: () => utils.companies.invalidate() });
  const remove = trpc.companies.remove.useMutation({ onSuccess: () => utils.companies.list.invalidate() });
  const confirmDelete = useConfirmDelete<Company>({
    noun: "company",
    describe: (record) => record.name,
    remove: (record) => remove.mutateAsync({ id: record.id }),
    onDeleted: () => router.push("/companies"),
  });

  const back = <BackLink href="/companies">Companies</BackLink>;
  if (company.error) return <LoadFailure error={company.error} noun="company" back={back} onRetry={() => company.refetch()} />;
  const data = company.data;
  return (
    <>
      <PageHeader title={data ? data.name : <Skeleton className="h-8 w-56" />} description={canManage ? "Edit the company." : "You may view this company but not change it."}>
        {back}
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {data ? (
            <CompanyForm
              key={data.updated_at}
              defaultValues={companyValues(data)}
              readOnly={!canManage}
              submitLabel="Save changes"
              secondaryActions={
                canManage && (
                  <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => confirmDelete.request(data)}>
                    <Trash2Icon aria-hidden />
                    Delete
                  </Button>
                )
              }
              onSubmit={async (values) => {
                const saved = await update.mutateAsync({ ...values, id });
                toast.success(`Company “${saved.name}” saved`);
                router.push("/companies");
              }}
            />
          ) : (
            <FormSkeleton label="Loading company" />
          )}
        </CardContent>
      </Card>
      {confirmDelete.dialog}
    </>
  );
}
