"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import {
  AttributesField,
  EditRecordPage,
  NewRecordPage,
  ResourceForm,
  SwitchField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { profileWrite, type ProfileWrite, type ProfileWriteOutput } from "@/server/catalog/profiles/schemas";

const LIST = "/profiles";

interface ProfileFormProps {
  defaultValues: ProfileWrite;
  onSubmit: (values: ProfileWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a profile, checked by the API's own `profileWrite` schema. */
export function ProfileForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: ProfileFormProps) {
  const t = useTranslations("profiles");
  const form = useResourceForm(profileWrite, { defaultValues, labels: "profiles.fields" });
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref(LIST)}
      secondaryActions={secondaryActions}
    >
      <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
      <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <AttributesField control={form.control} name="attributes" entity="profile" description={t("attributesDescription")} />
    </ResourceForm>
  );
}

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
