"use client";

import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { LIST, ProfileForm } from "../profile-form";

export function NewProfile() {
  const t = useTranslations("profiles");
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.profiles.create.useMutation({ onSuccess: () => utils.profiles.invalidate() });
  return (
    <NewRecordPage resource="profiles" list={listHref(LIST)}>
      <ProfileForm
        defaultValues={{ name: "", active: true, attributes: {} }}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const profile = await create.mutateAsync(values);
          toast.success(t("created", { name: profile.name }));
          router.push(listHref(LIST));
        }}
      />
    </NewRecordPage>
  );
}
