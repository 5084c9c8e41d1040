"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import { emptyPartner, PartnerForm } from "../partner-form";

export function NewPartner() {
  const router = useRouter();
  const canSell = useCan("sell");
  const utils = trpc.useUtils();
  const create = trpc.partners.create.useMutation({ onSuccess: () => utils.partners.invalidate() });
  return (
    <>
      <PageHeader title="New partner">
        <BackLink href="/partners">Partners</BackLink>
      </PageHeader>
      <Card className="max-w-4xl">
        <CardContent>
          {canSell ? (
            <PartnerForm
              defaultValues={emptyPartner}
              submitLabel="Create partner"
              onSubmit={async (values) => {
                const partner = await create.mutateAsync(values);
                toast.success(`Partner “${partner.name}” created`);
                router.push("/partners");
              }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Your role may not create partners.</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
