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
import type { EntityAttribute } from "@/server/settings/entity-attributes/schemas";
import { EntityAttributeForm, entityAttributeValues } from "../entity-attribute-form";

export function EditEntityAttribute({ id }: { id: string }) {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const definition = trpc.entityAttributes.get.useQuery({ id });
  const update = trpc.entityAttributes.update.useMutation({ onSuccess: () => utils.entityAttributes.invalidate() });
  const remove = trpc.entityAttributes.remove.useMutation({ onSuccess: () => utils.entityAttributes.list.invalidate() });
  const confirmDelete = useConfirmDelete<EntityAttribute>({
    noun: "custom field",
    describe: (record) => record.label,
    remove: (record) => remove.mutateAsync({ id: record.id }),
    onDeleted: () => router.push("/custom-fields"),
  });

  const back = <BackLink href="/custom-fields">Custom fields</BackLink>;
  if (definition.error) return <LoadFailure error={definition.error} noun="custom field" back={back} onRetry={() => definition.refetch()} />;
  const data = definition.data;
  return (
    <>
      <PageHeader title={data ? data.label : <Skeleton className="h-8 w-56" />} description={canManage ? "Edit the custom field." : "You may view this custom field but not change it."}>
        {back}
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {data ? (
            <EntityAttributeForm
              key={data.updated_at}
              defaultValues={entityAttributeValues(data)}
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
                toast.success(`Custom field “${saved.label}” saved`);
                router.push("/custom-fields");
              }}
            />
          ) : (
            <div className="grid gap-5" aria-busy="true" aria-label="Loading custom field">
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
