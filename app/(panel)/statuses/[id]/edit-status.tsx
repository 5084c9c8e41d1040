"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { StatusForm } from "../status-form";

export function EditStatus({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const status = trpc.statuses.get.useQuery({ id }, { retry: false });
  const update = trpc.statuses.update.useMutation({ onSuccess: () => utils.statuses.invalidate() });
  const remove = trpc.statuses.remove.useMutation({ onSuccess: () => utils.statuses.list.invalidate() });
  return (
    <EditRecordPage
      resource="statuses"
      list={listHref("/statuses")}
      query={status}
      title={(row) => row.title}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <StatusForm
          key={row.updated_at}
          defaultValues={{
            title: row.title,
            type: row.type,
            background_color: row.background_color,
            font_color: row.font_color,
            order: row.order,
            is_initial: row.is_initial,
            is_final: row.is_final,
            attributes: row.attributes,
          }}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("statuses.saved", { name: saved.title }));
            router.push(listHref("/statuses"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
