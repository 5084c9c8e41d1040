"use client";

import { Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { trpc } from "@/lib/trpc";
import type { Status } from "@/server/settings/statuses/schemas";
import { StatusForm } from "../status-form";

export function EditStatus({ id }: { id: string }) {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const status = trpc.statuses.get.useQuery({ id }, { retry: false });
  const update = trpc.statuses.update.useMutation({ onSuccess: () => utils.statuses.invalidate() });
  const remove = trpc.statuses.remove.useMutation({ onSuccess: () => utils.statuses.list.invalidate() });
  const confirmDelete = useConfirmDelete<Status>({
    noun: "status",
    describe: (record) => record.title,
    remove: (record) => remove.mutateAsync({ id: record.id }),
    onDeleted: () => router.push("/statuses"),
  });

  const back = <BackLink href="/statuses">Statuses</BackLink>;
  if (status.error) return <LoadFailure error={status.error} noun="status" back={back} onRetry={() => status.refetch()} />;
  const data = status.data;
  return (
    <>
      <PageHeader title={data ? data.title : <Skeleton className="h-8 w-56" />} description={canManage ? "Edit the status." : "You may view this status but not change it."}>
        {back}
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {data ? (
            <StatusForm
              key={data.updated_at}
              defaultValues={{
                title: data.title,
                type: data.type,
                background_color: data.background_color,
                font_color: data.font_color,
                order: data.order,
                is_initial: data.is_initial,
                is_final: data.is_final,
                attributes: data.attributes,
              }}
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
                toast.success(`Status “${saved.title}” saved`);
                router.push("/statuses");
              }}
            />
          ) : (
            <div className="grid gap-5" aria-busy="true" aria-label="Loading status">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          )}
        </CardContent>
      </Card>
      {confirmDelete.dialog}
    </>
  );
}
