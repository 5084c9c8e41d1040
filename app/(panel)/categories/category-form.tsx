"use client";

import { LookupField } from "@/components/catalog/lookup-field";
import { useParentOptions } from "@/components/catalog/lookups";
import { TextListField } from "@/components/catalog/text-list-field";
import { listHref } from "@/components/data-table";
import { ImagePicker } from "@/components/files";
import { AttributesField, fieldMessage, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { categoryWrite, type CategoryWrite, type CategoryWriteOutput } from "@/server/catalog/categories/schemas";
import { useTranslations } from "next-intl";
import { Controller } from "react-hook-form";
import { SpecificationsField } from "./specifications-field";

export const LIST = "/categories";

interface CategoryFormProps {
  defaultValues: CategoryWrite;
  onSubmit: (values: CategoryWriteOutput) => Promise<unknown>;
  /** The category being edited: it and its descendants can't be its parent. */
  categoryId?: string;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a category, checked by the API's own `categoryWrite` schema. */
export function CategoryForm({ defaultValues, onSubmit, categoryId, readOnly, submitLabel, secondaryActions }: CategoryFormProps) {
  const t = useTranslations("categories");
  const form = useResourceForm(categoryWrite, { defaultValues, labels: "categories.fields" });
  const { control } = form;
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref(LIST)}
      secondaryActions={secondaryActions}
    >
      <LookupField
        control={control}
        name="root_id"
        label={t("fields.root_id")}
        useOptions={useParentOptions(categoryId)}
        emptyValue={t("noParent")}
        description={t("parentDescription")}
      />
      <TextField control={control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
      <SwitchField control={control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <TextField control={control} name="characteristics" label={t("fields.characteristics")} multiline />
      <fieldset className="grid gap-5 rounded-md border p-4">
        <legend className="px-1 text-sm font-medium">{t("seo")}</legend>
        <TextField control={control} name="seo_title" label={t("seoTitle")} maxLength={200} />
        <TextField control={control} name="seo_description" label={t("seoDescription")} multiline />
        <TextListField control={control} name="seo_meta_keywords" label={t("fields.seo_meta_keywords")} placeholder={t("addKeyword")} />
      </fieldset>
      <SwitchField
        control={control}
        name="is_solution_specific"
        label={t("fields.is_solution_specific")}
        description={t("solutionSpecificDescription")}
      />
      <TextListField control={control} name="solutions" label={t("fields.solutions")} placeholder={t("addSolution")} />
      <Controller
        control={control}
        name="image_resource_id"
        render={({ field, fieldState }) => (
          <ImagePicker
            label={t("fields.image_resource_id")}
            description={t("imageDescription")}
            max={1}
            disabled={readOnly}
            value={field.value ? [{ resource_file_id: field.value, main: true }] : []}
            onChange={(images) => field.onChange(images[0]?.resource_file_id ?? null)}
            error={fieldMessage(t("fields.image_resource_id"), fieldState.error?.message)}
            altText={() => t("imageAlt")}
          />
        )}
      />
      <SpecificationsField form={form} />
      <AttributesField control={control} name="attributes" entity="category" description={t("attributesDescription")} />
    </ResourceForm>
  );
}
