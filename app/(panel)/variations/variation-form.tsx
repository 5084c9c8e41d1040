"use client";

import { TextListField } from "@/components/catalog/text-list-field";
import { listHref } from "@/components/data-table";
import { ImagePicker, resourceFileUrl } from "@/components/files";
import { useCurrentUser } from "@/components/panel/current-user";
import {
  AttributesField,
  fieldMessage,
  ResourceForm,
  SwitchField,
  TextField,
  useResourceForm,
  type ResourceFormReturn,
} from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useEnumLabel } from "@/lib/i18n";
import { displayTypes, variationWrite, type VariationWrite, type VariationWriteOutput } from "@/server/catalog/variations/schemas";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Controller, useFieldArray, useWatch } from "react-hook-form";

export const LIST = "/variations";
const NONE = "__none__";
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

type Form = ResourceFormReturn<VariationWrite, VariationWriteOutput>;

interface VariationFormProps {
  defaultValues: VariationWrite;
  onSubmit: (values: VariationWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a variation, checked by the API's own `variationWrite` schema. */
export function VariationForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: VariationFormProps) {
  const t = useTranslations("variations");
  const common = useTranslations("common");
  const displayTypeLabel = useEnumLabel("displayType");
  const form = useResourceForm(variationWrite, { defaultValues, labels: "variations.fields" });
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
      <TextField
        control={control}
        name="name"
        label={t("fields.name")}
        required
        maxLength={200}
        autoComplete="off"
        description={t("nameDescription")}
      />
      <TextListField
        control={control}
        name="values"
        label={t("fields.values")}
        required
        placeholder={t("addValue")}
        description={t("valuesDescription")}
      />
      <Controller
        control={control}
        name="display_type"
        render={({ field, fieldState }) => (
          <Select value={field.value ?? NONE} onValueChange={(value) => field.onChange(value === NONE ? null : value)}>
            <Field
              label={t("fields.display_type")}
              error={fieldMessage(t("fields.display_type"), fieldState.error?.message)}
              description={t("displayDescription")}
              className="max-w-xs"
            >
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
            </Field>
            <SelectContent>
              <SelectItem value={NONE}>{common("notSet")}</SelectItem>
              {displayTypes.map((type) => (
                <SelectItem key={type} value={type}>
                  {displayTypeLabel(type)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <VariantOptionsField form={form} />
      <div className="flex flex-wrap gap-8">
        <SwitchField control={control} name="active" label={t("fields.active")} />
        <SwitchField control={control} name="is_searchable" label={t("fields.is_searchable")} description={t("searchableDescription")} />
      </div>
      <AttributesField control={control} name="attributes" entity="variation" description={t("attributesDescription")} />
    </ResourceForm>
  );
}

/** Options with a name and what shows it (a colour, an image URL, a label); their order is their position. */
function VariantOptionsField({ form }: { form: Form }) {
  const t = useTranslations("variations");
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "variant_options" });
  const displayType = useWatch({ control, name: "display_type" });
  const options = useWatch({ control, name: "variant_options" });
  const errors = formState.errors.variant_options;
  return (
    <div role="group" aria-labelledby="variant-options-label">
      <div className="mb-2 flex items-center justify-between gap-2">
        <span id="variant-options-label" className="text-sm font-medium">
          {t("fields.variant_options")}
        </span>
        <Button variant="outline" size="sm" onClick={() => append({ name: "", display_value: "" })}>
          <PlusIcon aria-hidden />
          {t("addOption")}
        </Button>
      </div>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">{t("noOptions")}</p>
      ) : (
        <ol className="grid gap-2">
          {fields.map((option, index) => {
            const nameError = fieldMessage(t("optionName", { index: index + 1 }), errors?.[index]?.name?.message);
            const valueError = fieldMessage(t("optionValue", { index: index + 1 }), errors?.[index]?.display_value?.message);
            const value = options?.[index]?.display_value ?? "";
            return (
              <li key={option.id} className="grid grid-cols-[2rem_1fr_1fr_auto] items-start gap-3">
                <span className="flex h-9 items-center justify-center text-sm text-muted-foreground tabular-nums">{index + 1}.</span>
                <div>
                  <Input
                    {...register(`variant_options.${index}.name`)}
                    aria-label={t("optionName", { index: index + 1 })}
                    placeholder={t("fields.name")}
                    aria-invalid={nameError ? true : undefined}
                  />
                  {nameError && <p className="mt-1 text-sm text-destructive">{nameError}</p>}
                </div>
                <div className="flex items-start gap-2">
                  {displayType === "COLOR" && HEX_COLOR.test(value) && (
                    <span className="mt-1.5 size-6 shrink-0 rounded border" style={{ backgroundColor: value }} aria-hidden />
                  )}
                  {displayType === "IMAGE" ? (
                    <Controller
                      control={control}
                      name={`variant_options.${index}.display_value`}
                      render={({ field }) => (
                        <OptionImage
                          url={field.value ?? ""}
                          onChange={field.onChange}
                          label={t("optionImage", { index: index + 1 })}
                          alt={t("optionImageAlt", { name: options?.[index]?.name || index + 1 })}
                          error={valueError}
                        />
                      )}
                    />
                  ) : (
                    <div className="flex-1">
                      <Input
                        {...register(`variant_options.${index}.display_value`)}
                        aria-label={t("optionValue", { index: index + 1 })}
                        placeholder={displayType === "COLOR" ? "#rrggbb" : t("fields.display_value")}
                        aria-invalid={valueError ? true : undefined}
                      />
                      {valueError && <p className="mt-1 text-sm text-destructive">{valueError}</p>}
                    </div>
                  )}
                </div>
                <Button variant="ghost" size="icon" aria-label={t("removeOption", { index: index + 1 })} onClick={() => remove(index)}>
                  <Trash2Icon aria-hidden />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/** Where the API serves one of the org's files, as `resourceFileUrl` builds it: the file's id. */
const STORED_FILE = /\/api\/b2b\/resource-files\/([0-9a-f-]{36})(?:\?|$)/i;

/**
 * An IMAGE option's picture: uploaded (or dropped) through the image picker, kept as the
 * address the API serves it at, which is what `display_value` holds. An address of
 * elsewhere, sent through the API, is shown until a picture replaces it.
 */
function OptionImage({
  url,
  onChange,
  label,
  alt,
  error,
}: {
  url: string;
  onChange: (url: string) => void;
  label: string;
  alt: string;
  error?: string;
}) {
  const t = useTranslations("variations");
  const { organizationId } = useCurrentUser();
  const fileId = STORED_FILE.exec(url)?.[1];
  return (
    <div className="grid flex-1 gap-2">
      {url && !fileId && (
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          {/* eslint-disable-next-line @next/next/no-img-element -- an address of elsewhere, any size */}
          <img src={url} alt={alt} className="size-10 rounded border object-cover" />
          <span className="min-w-0 flex-1 truncate" title={url}>
            {t("imageElsewhere", { url })}
          </span>
        </div>
      )}
      <ImagePicker
        label={label}
        labelHidden
        max={1}
        value={fileId ? [{ resource_file_id: fileId, main: true }] : []}
        onChange={(images) => {
          const [image] = images;
          onChange(image ? new URL(resourceFileUrl(organizationId, image.resource_file_id), window.location.origin).href : "");
        }}
        error={error}
        altText={() => alt}
      />
    </div>
  );
}
