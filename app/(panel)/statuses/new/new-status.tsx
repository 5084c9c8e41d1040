"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptyStatus, StatusForm } from "../status-form";

const list = { href: "/statuses", label: "Statuses" };

export function NewStatus() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.statuses.create.useMutation({ onSuccess: () => utils.statuses.invalidate() });
  return (
    <NewRecordPage noun="status" list={list}>
      <StatusForm
        defaultValues={emptyStatus}
        submitLabel="Create status"
        onSubmit={async (values) => {
          const status = await create.mutateAsync(values);
          toast.success(`Status “${status.title}” created`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}
