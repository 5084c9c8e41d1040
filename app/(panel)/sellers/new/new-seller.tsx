"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import { emptySeller, SellerForm } from "../seller-form";

export function NewSeller() {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const create = trpc.sellers.create.useMutation({ onSuccess: () => utils.sellers.invalidate() });
  return (
    <>
      <PageHeader title="New seller">
        <BackLink href="/sellers">Sellers</BackLink>
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {canManage ? (
            <SellerForm
              defaultValues={emptySeller}
              submitLabel="Create seller"
              onSubmit={async (values) => {
                const seller = await create.mutateAsync(values);
                toast.success(`Seller “${seller.name}” created`);
                router.push("/sellers");
              }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Your role may not create sellers.</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
