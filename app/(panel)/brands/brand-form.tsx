"use client";

import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { listHref } from "@/components/data-table";
import { ImagesField } from "@/components/files";
import { AttributesField, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { brandWrite, type BrandWrite, type BrandWriteOutput } from "@/server/catalog/brands/schemas";

const MAX_IMAGES = 20;

export const emptyBrand: BrandWrite = { name: "", active: true, images: [], attributes: {} };

export interface BrandFormProps {
  defaultValues: BrandWrite;
  onSubmit: (values: BrandWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a brand, checked by the API's own `brandWrite` schema. */
export function BrandForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: BrandFormProps) {
  const t = useTranslations("brands");
  const form = useResourceForm(brandWrite, { defaultValues, labels: "brands.fields" });
  const name = useWatch({ control: form.control, name: "name" });
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/brands")}
      secondaryActions={secondaryActions}
    >
      <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
      <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <ImagesField
        control={form.control}
        name="images"
        label={t("fields.images")}
        description={t("imagesDescription", { max: MAX_IMAGES })}
        max={MAX_IMAGES}
        disabled={readOnly}
        altText={(index, count) => t("imageAlt", { name: name || t("one"), index: index + 1, count })}
      />
      <AttributesField control={form.control} name="attributes" entity="brand" description={t("attributesDescription")} />
    </ResourceForm>
  );
}
