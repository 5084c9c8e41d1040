"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import { CompanyForm, emptyCompany } from "../company-form";

export function NewCompany() {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const create = trpc.companies.create.useMutation({ onSuccess: () => utils.companies.invalidate() });
  return (
    <>
      <PageHeader title="New company">
        <BackLink href="/companies">Companies</BackLink>
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {canManage ? (
            <CompanyForm
              defaultValues={emptyCompany}
              submitLabel="Create company"
              onSubmit={async (values) => {
                const company = await create.mutateAsync(values);
                toast.success(`Company “${company.name}” created`);
                router.push("/companies");
              }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Your role may not create companies.</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
