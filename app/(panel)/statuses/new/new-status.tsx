"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import { emptyStatus, StatusForm } from "../status-form";

export function NewStatus() {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const create = trpc.statuses.create.useMutation({ onSuccess: () => utils.statuses.invalidate() });
  return (
    <>
      <PageHeader title="New status">
        <BackLink href="/statuses">Statuses</BackLink>
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {canManage ? (
            <StatusForm
              defaultValues={emptyStatus}
              submitLabel="Create status"
              onSubmit={async (values) => {
                const status = await create.mutateAsync(values);
                toast.success(`Status “${status.title}” created`);
                router.push("/statuses");
              }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Your role may not create statuses.</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
