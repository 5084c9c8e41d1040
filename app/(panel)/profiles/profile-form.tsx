"use client";

import { listHref } from "@/components/data-table";
import { AttributesField, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { profileWrite, type ProfileWrite, type ProfileWriteOutput } from "@/server/catalog/profiles/schemas";
import { useTranslations } from "next-intl";

export const LIST = "/profiles";

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
