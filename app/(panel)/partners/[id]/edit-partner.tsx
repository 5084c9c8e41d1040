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
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import type { Partner } from "@/server/parties/partners/schemas";
import { PartnerForm, partnerValues } from "../partner-form";

export function EditPartner({ id }: { id: string }) {
  const router = useRouter();
  const canSell = useCan("sell");
  const utils = trpc.useUtils();
  const partner = trpc.partners.get.useQuery({ id });
  const update = trpc.partners.update.useMutation({ onSuccess: () => utils.partners.invalidate() });
  const remove = trpc.partners.remove.useMutation({ onSuccess: () => utils.partners.list.invalidate() });
  const confirmDelete = useConfirmDelete<Partner>({
    noun: "partner",
    describe: (record) => record.name,
    remove: (record) => remove.mutateAsync({ id: record.id }),
    onDeleted: () => router.push("/partners"),
  });

  const back = <BackLink href="/partners">Partners</BackLink>;
  if (partner.error) return <LoadFailure error={partner.error} noun="partner" back={back} onRetry={() => partner.refetch()} />;
  const data = partner.data;
  return (
    <>
      <PageHeader
        title={data ? data.name : <Skeleton className="h-8 w-56" />}
        description={data ? `${formatFiscalNumber(data.fiscal_registration_number)}${canSell ? "" : " · You may view this partner but not change it."}` : undefined}
      >
        {back}
      </PageHeader>
      <Card className="max-w-4xl">
        <CardContent>
          {data ? (
            <PartnerForm
              key={data.updated_at}
              defaultValues={partnerValues(data)}
              readOnly={!canSell}
              submitLabel="Save changes"
              secondaryActions={
                canSell && (
                  <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => confirmDelete.request(data)}>
                    <Trash2Icon aria-hidden />
                    Delete
                  </Button>
                )
              }
              onSubmit={async (values) => {
                const saved = await update.mutateAsync({ ...values, id });
                toast.success(`Partner “${saved.name}” saved`);
                router.push("/partners");
              }}
            />
          ) : (
            <FormSkeleton label="Loading partner" />
          )}
        </CardContent>
      </Card>
      {confirmDelete.dialog}
    </>
  );
}
