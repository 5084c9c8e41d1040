"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Controller, useFieldArray } from "react-hook-form";
import { listHref } from "@/components/data-table";
import { AttributesField, fieldMessage, ResourceForm, SwitchField, TextField, useResourceForm, type ResourceFormReturn } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
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
      <ImagesField form={form} />
      <AttributesField control={form.control} name="attributes" entity="brand" description={t("attributesDescription")} />
    </ResourceForm>
  );
}

function ImagesField({ form }: { form: ResourceFormReturn<BrandWrite, BrandWriteOutput> }) {
  const t = useTranslations("brands");
  const { control, register, setValue, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "images" });
  const errors = formState.errors.images;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <div role="group" aria-labelledby="brand-images-label">
      <div className="mb-2 flex items-center justify-between gap-2">
        <span id="brand-images-label" className="text-sm font-medium">
          {t("fields.images")}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={fields.length >= MAX_IMAGES}
          onClick={() => append({ resource_file_id: "", main: fields.length === 0 })}
        >
          <PlusIcon aria-hidden />
          {t("addImage")}
        </Button>
      </div>
      <p className="mb-2 text-xs text-muted-foreground">{t("imagesDescription")}</p>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">{t("noImages")}</p>
      ) : (
        <ul className="grid gap-2">
          {fields.map((image, index) => {
            const error = fieldMessage(t("imageFileId", { index: index + 1 }), errors?.[index]?.resource_file_id?.message);
            const errorId = `brand-image-${index}-error`;
            return (
              <li key={image.id} className="grid grid-cols-[1fr_auto_auto] items-start gap-3">
                <div>
                  <Input
                    {...register(`images.${index}.resource_file_id`)}
                    aria-label={t("imageFileId", { index: index + 1 })}
                    placeholder="00000000-0000-0000-0000-000000000000"
                    className="font-mono text-xs"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                  />
                  {error && (
                    <p id={errorId} className="mt-1 text-sm text-destructive">
                      {error}
                    </p>
                  )}
                </div>
                <Controller
                  control={control}
                  name={`images.${index}.main`}
                  render={({ field }) => (
                    <label className="flex h-9 items-center gap-2 text-sm">
                      <Checkbox
                        ref={field.ref}
                        checked={Boolean(field.value)}
                        onBlur={field.onBlur}
                        onCheckedChange={(checked) => {
                          // One main image: choosing one clears the others.
                          if (checked === true) {
                            fields.forEach((_, at) => at !== index && setValue(`images.${at}.main`, false, { shouldDirty: true }));
                          }
                          field.onChange(checked === true);
                        }}
                      />
                      {t("fields.main")}
                    </label>
                  )}
                />
                <Button variant="ghost" size="icon" aria-label={t("removeImage", { index: index + 1 })} onClick={() => remove(index)}>
                  <Trash2Icon aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {listError && <p className="mt-2 text-sm text-destructive">{fieldMessage(t("fields.images"), listError)}</p>}
    </div>
  );
}
