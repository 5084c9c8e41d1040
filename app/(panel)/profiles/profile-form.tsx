"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { AttributesField, EditRecordPage, NewRecordPage, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { profileWrite, type ProfileWrite, type ProfileWriteOutput } from "@/server/catalog/profiles/schemas";

const list = { href: "/profiles", label: "Profiles" };

interface ProfileFormProps {
  defaultValues: ProfileWrite;
  onSubmit: (values: ProfileWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a profile, checked by the API's own `profileWrite` schema. */
export function ProfileForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: ProfileFormProps) {
  const form = useResourceForm(profileWrite, { defaultValues });
  return (
    <ResourceForm form={form} onSubmit={onSubmit} readOnly={readOnly} submitLabel={submitLabel} cancelHref={list.href} secondaryActions={secondaryActions}>
      <TextField control={form.control} name="name" label="Name" required maxLength={200} autoComplete="off" />
      <SwitchField control={form.control} name="active" label="Active" description="Inactive profiles are kept but not offered for new partners." />
      <AttributesField control={form.control} name="attributes" entity="profile" description="Free-form custom fields of this profile." />
    </ResourceForm>
  );
}

export function NewProfile() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.profiles.create.useMutation({ onSuccess: () => utils.profiles.invalidate() });
  return (
    <NewRecordPage noun="profile" list={list}>
      <ProfileForm
        defaultValues={{ name: "", active: true, attributes: {} }}
        submitLabel="Create profile"
        onSubmit={async (values) => {
          const profile = await create.mutateAsync(values);
          toast.success(`Profile “${profile.name}” created`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}

export function EditProfile({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const profile = trpc.profiles.get.useQuery({ id });
  const update = trpc.profiles.update.useMutation({ onSuccess: () => utils.profiles.invalidate() });
  const remove = trpc.profiles.remove.useMutation({ onSuccess: () => utils.profiles.list.invalidate() });
  return (
    <EditRecordPage noun="profile" list={list} query={profile} title={(row) => row.name} remove={(row) => remove.mutateAsync({ id: row.id })}>
      {(row, { readOnly, secondaryActions }) => (
        <ProfileForm
          key={row.updated_at}
          defaultValues={{ name: row.name, active: row.active, attributes: row.attributes }}
          readOnly={readOnly}
          submitLabel="Save changes"
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(`Profile “${saved.name}” saved`);
            router.push(list.href);
          }}
        />
      )}
    </EditRecordPage>
  );
}
