"use client";

import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { LIST, ProfileForm } from "../profile-form";

export function EditProfile({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const profile = trpc.profiles.get.useQuery({ id });
  const update = trpc.profiles.update.useMutation({ onSuccess: () => utils.profiles.invalidate() });
  const remove = trpc.profiles.remove.useMutation({ onSuccess: () => utils.profiles.list.invalidate() });
  return (
    <EditRecordPage
      resource="profiles"
      list={listHref(LIST)}
      query={profile}
      title={(row) => row.name}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <ProfileForm
          key={row.updated_at}
          defaultValues={{ name: row.name, active: row.active, attributes: row.attributes }}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("profiles.saved", { name: saved.name }));
            router.push(listHref(LIST));
          }}
        />
      )}
    </EditRecordPage>
  );
}
