"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Controller, useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { TextListField } from "@/components/catalog/text-list-field";
import { AttributesField, EditRecordPage, fieldMessage, NewRecordPage, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { trpc } from "@/lib/trpc";
import { displayTypes, variationWrite, type VariationWrite, type VariationWriteOutput } from "@/server/catalog/variations/schemas";

const list = { href: "/variations", label: "Variations" };
const NONE = "__none__";
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export const displayTypeLabels: Record<(typeof displayTypes)[number], string> = {
  COLOR: "Colour swatches",
  TEXT: "Text buttons",
  IMAGE: "Images",
  SELECT: "Drop-down",
};

type Form = UseFormReturn<VariationWrite, unknown, VariationWriteOutput>;

interface VariationFormProps {
  defaultValues: VariationWrite;
  onSubmit: (values: VariationWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a variation, checked by the API's own `variationWrite` schema. */
export function VariationForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: VariationFormProps) {
  const form = useResourceForm(variationWrite, { defaultValues });
  const { control } = form;
  return (
    <ResourceForm form={form} onSubmit={onSubmit} readOnly={readOnly} submitLabel={submitLabel} cancelHref={list.href} secondaryActions={secondaryActions}>
      <TextField control={control} name="name" label="Name" required maxLength={200} autoComplete="off" description="What varies, e.g. Cor or Voltagem." />
      <TextListField control={control} name="values" label="Values" required placeholder="Add a value, e.g. Azul…" description="At least one; each once." />
      <Controller
        control={control}
        name="display_type"
        render={({ field, fieldState }) => (
          <Select value={field.value ?? NONE} onValueChange={(value) => field.onChange(value === NONE ? null : value)}>
            <Field label="Display type" error={fieldMessage("Display type", fieldState.error?.message)} description="How a storefront shows the choices." className="max-w-xs">
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
            </Field>
            <SelectContent>
              <SelectItem value={NONE}>Not set</SelectItem>
              {displayTypes.map((type) => (
                <SelectItem key={type} value={type}>
                  {displayTypeLabels[type]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <VariantOptionsField form={form} />
      <div className="flex flex-wrap gap-8">
        <SwitchField control={control} name="active" label="Active" />
        <SwitchField control={control} name="is_searchable" label="Searchable" description="Shoppers can filter products by it." />
      </div>
      <AttributesField control={control} name="attributes" entity="variation" description="Free-form custom fields of this variation." />
    </ResourceForm>
  );
}

/** Options with a name and what shows it (a colour, an image URL, a label); their order is their position. */
function VariantOptionsField({ form }: { form: Form }) {
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "variant_options" });
  const displayType = useWatch({ control, name: "display_type" });
  const options = useWatch({ control, name: "variant_options" });
  const errors = formState.errors.variant_options;
  return (
    <div role="group" aria-labelledby="variant-options-label">
      <div className="mb-2 flex items-center justify-between gap-2">
        <span id="variant-options-label" className="text-sm font-medium">
          Variant options
        </span>
        <Button variant="outline" size="sm" onClick={() => append({ name: "", display_value: "" })}>
          <PlusIcon aria-hidden />
          Add option
        </Button>
      </div>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">No options.</p>
      ) : (
        <ol className="grid gap-2">
          {fields.map((option, index) => {
            const nameError = fieldMessage("Name", errors?.[index]?.name?.message);
            const valueError = fieldMessage("Display value", errors?.[index]?.display_value?.message);
            const value = options?.[index]?.display_value ?? "";
            return (
              <li key={option.id} className="grid grid-cols-[2rem_1fr_1fr_auto] items-start gap-3">
                <span className="flex h-9 items-center justify-center text-sm text-muted-foreground tabular-nums">{index + 1}.</span>
                <div>
                  <Input {...register(`variant_options.${index}.name`)} aria-label={`Option ${index + 1} name`} placeholder="Name" aria-invalid={nameError ? true : undefined} />
                  {nameError && <p className="mt-1 text-sm text-destructive">{nameError}</p>}
                </div>
                <div className="flex items-start gap-2">
                  {displayType === "COLOR" && HEX_COLOR.test(value) && (
                    <span className="mt-1.5 size-6 shrink-0 rounded border" style={{ backgroundColor: value }} aria-hidden />
                  )}
                  <div className="flex-1">
                    <Input
                      {...register(`variant_options.${index}.display_value`)}
                      aria-label={`Option ${index + 1} display value`}
                      placeholder={displayType === "COLOR" ? "#rrggbb" : displayType === "IMAGE" ? "Image URL" : "Display value"}
                      aria-invalid={valueError ? true : undefined}
                    />
                    {valueError && <p className="mt-1 text-sm text-destructive">{valueError}</p>}
                  </div>
                </div>
                <Button variant="ghost" size="icon" aria-label={`Remove option ${index + 1}`} onClick={() => remove(index)}>
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

export function NewVariation() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.variations.create.useMutation({ onSuccess: () => utils.variations.invalidate() });
  return (
    <NewRecordPage noun="variation" list={list}>
      <VariationForm
        defaultValues={{ name: "", active: true, values: [], is_searchable: false, display_type: null, variant_options: [], attributes: {} }}
        submitLabel="Create variation"
        onSubmit={async (values) => {
          const variation = await create.mutateAsync(values);
          toast.success(`Variation “${variation.name}” created`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}

export function EditVariation({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const variation = trpc.variations.get.useQuery({ id });
  const update = trpc.variations.update.useMutation({ onSuccess: () => utils.variations.invalidate() });
  const remove = trpc.variations.remove.useMutation({ onSuccess: () => utils.variations.list.invalidate() });
  return (
    <EditRecordPage noun="variation" list={list} query={variation} title={(row) => row.name} remove={(row) => remove.mutateAsync({ id: row.id })}>
      {(row, { readOnly, secondaryActions }) => (
        <VariationForm
          key={row.updated_at}
          defaultValues={{
            name: row.name,
            active: row.active,
            values: row.values,
            is_searchable: row.is_searchable,
            display_type: row.display_type,
            variant_options: row.variant_options.map(({ name, display_value }) => ({ name, display_value })),
            attributes: row.attributes,
          }}
          readOnly={readOnly}
          submitLabel="Save changes"
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(`Variation “${saved.name}” saved`);
            router.push(list.href);
          }}
        />
      )}
    </EditRecordPage>
  );
}
