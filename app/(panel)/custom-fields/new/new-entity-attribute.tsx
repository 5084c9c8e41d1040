"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import { emptyEntityAttribute, EntityAttributeForm } from "../entity-attribute-form";

export function NewEntityAttribute() {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const create = trpc.entityAttributes.create.useMutation({ onSuccess: () => utils.entityAttributes.invalidate() });
  return (
    <>
      <PageHeader title="New custom field">
        <BackLink href="/custom-fields">Custom fields</BackLink>
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {canManage ? (
            <EntityAttributeForm
              defaultValues={emptyEntityAttribute}
              submitLabel="Create custom field"
              onSubmit={async (values) => {
                const definition = await create.mutateAsync(values);
                toast.success(`Custom field “${definition.label}” created`);
                router.push("/custom-fields");
              }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Your role may not create custom fields.</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
