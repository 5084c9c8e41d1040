"use client";

import { PowerIcon, PowerOffIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { FormSkeleton } from "@/components/parties/form-skeleton";
import { ActiveBadge } from "@/components/parties/status";
import { useConfirmDelete } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toastError } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import type { Seller } from "@/server/parties/sellers/schemas";
import { SellerForm, sellerValues } from "../seller-form";

export function EditSeller({ id }: { id: string }) {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const seller = trpc.sellers.get.useQuery({ id });
  const onSuccess = () => utils.sellers.invalidate();
  const update = trpc.sellers.update.useMutation({ onSuccess });
  const enable = trpc.sellers.enable.useMutation({ onSuccess });
  const disable = trpc.sellers.disable.useMutation({ onSuccess });
  const remove = trpc.sellers.remove.useMutation({ onSuccess: () => utils.sellers.list.invalidate() });
  const confirmDelete = useConfirmDelete<Seller>({
    noun: "seller",
    describe: (record) => record.name,
    remove: (record) => remove.mutateAsync({ id: record.id }),
    onDeleted: () => router.push("/sellers"),
  });

  const back = <BackLink href="/sellers">Sellers</BackLink>;
  if (seller.error) return <LoadFailure error={seller.error} noun="seller" back={back} onRetry={() => seller.refetch()} />;
  const data = seller.data;
  const toggle = async (record: Seller) => {
    try {
      await (record.active ? disable : enable).mutateAsync({ id: record.id });
      toast.success(`Seller “${record.name}” ${record.active ? "disabled" : "enabled"}`);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <>
      <PageHeader
        title={data ? data.name : <Skeleton className="h-8 w-56" />}
        description={canManage ? "Edit the seller." : "You may view this seller but not change it."}
        actions={data && <ActiveBadge active={data.active} />}
      >
        {back}
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {data ? (
            <SellerForm
              key={data.updated_at}
              defaultValues={sellerValues(data)}
              readOnly={!canManage}
              submitLabel="Save changes"
              secondaryActions={
                canManage && (
                  <>
                    <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => confirmDelete.request(data)}>
                      <Trash2Icon aria-hidden />
                      Delete
                    </Button>
                    <Button variant="outline" disabled={enable.isPending || disable.isPending} onClick={() => void toggle(data)}>
                      {data.active ? <PowerOffIcon aria-hidden /> : <PowerIcon aria-hidden />}
                      {data.active ? "Disable" : "Enable"}
                    </Button>
                  </>
                )
              }
              onSubmit={async (values) => {
                const saved = await update.mutateAsync({ ...values, id });
                toast.success(`Seller “${saved.name}” saved`);
                router.push("/sellers");
              }}
            />
          ) : (
            <FormSkeleton label="Loading seller" />
          )}
        </CardContent>
      </Card>
      {confirmDelete.dialog}
    </>
  );
}
