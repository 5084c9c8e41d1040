"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptyStatus, StatusForm } from "../status-form";

export function NewStatus() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.statuses.create.useMutation({ onSuccess: () => utils.statuses.invalidate() });
  return (
    <NewRecordPage resource="statuses" list={listHref("/statuses")}>
      <StatusForm
        defaultValues={emptyStatus}
        submitLabel={t("statuses.create")}
        onSubmit={async (values) => {
          const status = await create.mutateAsync(values);
          toast.success(t("statuses.created", { name: status.title }));
          router.push(listHref("/statuses"));
        }}
      />
    </NewRecordPage>
  );
}
