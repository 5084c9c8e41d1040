"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useController, useWatch } from "react-hook-form";
import { listHref } from "@/components/data-table";
import {
  fieldMessage,
  ResourceForm,
  SelectField,
  SwitchField,
  TextField,
  useResourceForm,
  type ResourceFormReturn,
} from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useEnumOptions } from "@/lib/i18n";
import {
  attributeEntities,
  attributeTypes,
  entityAttributeForm,
  type EntityAttribute,
  type EntityAttributeWrite,
  type EntityAttributeWriteOutput,
} from "@/server/settings/entity-attributes/schemas";

type FormValues = EntityAttributeWrite;

export const emptyEntityAttribute: FormValues = {
  entity: "partner",
  key: "",
  label: "",
  type: "STRING",
  options: [],
  required: false,
  active: true,
  attributes: {},
};

export function entityAttributeValues(definition: EntityAttribute): FormValues {
  const { id: _id, created_at: _created, updated_at: _updated, ...values } = definition;
  return { ...values, entity: values.entity as FormValues["entity"] };
}

export interface EntityAttributeFormProps {
  defaultValues: FormValues;
  onSubmit: (values: EntityAttributeWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

export function EntityAttributeForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: EntityAttributeFormProps) {
  const t = useTranslations("customFields");
  const entityOptions = useEnumOptions("attributeEntity", attributeEntities);
  const typeOptions = useEnumOptions("attributeType", attributeTypes);
  const form = useResourceForm(entityAttributeForm, { defaultValues, labels: "customFields.fields" });
  const { control } = form;
  const type = useWatch({ control, name: "type" });
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/custom-fields")}
      secondaryActions={secondaryActions}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          control={control}
          name="entity"
          label={t("fields.entity")}
          required
          options={entityOptions}
          description={t("entityDescription")}
        />
        <SelectField control={control} name="type" label={t("fields.type")} required options={typeOptions} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={control} name="label" label={t("fields.label")} required maxLength={120} autoComplete="off" />
        <TextField
          control={control}
          name="key"
          label={t("fields.key")}
          required
          maxLength={64}
          autoComplete="off"
          description={t.rich("keyDescription", { code: (chunks) => <code>{chunks}</code> })}
        />
      </div>
      {type === "SELECT" && <OptionsEditor form={form} />}
      <SwitchField control={control} name="required" label={t("fields.required")} description={t("requiredDescription")} />
      <SwitchField control={control} name="active" label={t("fields.active")} description={t("activeDescription")} />
    </ResourceForm>
  );
}

function OptionsEditor({ form }: { form: ResourceFormReturn<EntityAttributeWrite, EntityAttributeWriteOutput> }) {
  const t = useTranslations("customFields");
  const { field, fieldState } = useController({ control: form.control, name: "options" });
  const options = field.value ?? [];
  const change = (next: string[]) => field.onChange(next);
  const errors = fieldState.error as unknown as
    (Array<{ message?: string } | undefined> & { message?: string; root?: { message?: string } }) | undefined;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <div role="group" aria-labelledby="options-label" className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <span id="options-label" className="text-sm font-medium">
          {t("fields.options")}
          <span className="text-destructive" aria-hidden>
            *
          </span>
        </span>
        <Button variant="outline" size="sm" onClick={() => change([...options, ""])} disabled={options.length >= 200}>
          <PlusIcon aria-hidden />
          {t("addOption")}
        </Button>
      </div>
      {options.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">{t("noOptions")}</p>
      ) : (
        <ul className="grid gap-2">
          {options.map((option, index) => {
            const error = fieldMessage(t("option", { index: index + 1 }), errors?.[index]?.message);
            return (
              <li key={index}>
                <div className="flex items-center gap-2">
                  <Input
                    aria-label={t("option", { index: index + 1 })}
                    aria-invalid={error ? true : undefined}
                    value={option}
                    ref={index === 0 ? field.ref : undefined}
                    onBlur={field.onBlur}
                    onChange={(event) => change(options.map((item, at) => (at === index ? event.target.value : item)))}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("removeOption", { index: index + 1 })}
                    onClick={() => change(options.filter((_, at) => at !== index))}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </div>
                {error && <p className="mt-1 text-sm text-destructive">{error}</p>}
              </li>
            );
          })}
        </ul>
      )}
      {listError && <p className="text-sm text-destructive">{fieldMessage(t("fields.options"), listError)}</p>}
    </div>
  );
}
