"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Controller, useFieldArray } from "react-hook-form";
import { TextListField } from "@/components/catalog/text-list-field";
import { fieldMessage, type ResourceFormReturn } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import type { CategoryWrite, CategoryWriteOutput } from "@/server/catalog/categories/schemas";

type Form = ResourceFormReturn<CategoryWrite, CategoryWriteOutput>;

/** Groups of specifications ("Técnicas": Potência, Voltagem...) that products of the category fill in. */
export function SpecificationsField({ form }: { form: Form }) {
  const t = useTranslations("categories.specifications");
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "specifications" });
  return (
    <div role="group" aria-labelledby="specifications-label">
      <div className="mb-2 flex items-center justify-between gap-2">
        <span id="specifications-label" className="text-sm font-medium">
          {t("label")}
        </span>
        <Button variant="outline" size="sm" onClick={() => append({ name: "", items: [] })}>
          <PlusIcon aria-hidden />
          {t("addGroup")}
        </Button>
      </div>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">{t("empty")}</p>
      ) : (
        <ul className="grid gap-3">
          {fields.map((group, index) => (
            <SpecificationGroup key={group.id} form={form} index={index} onRemove={() => remove(index)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SpecificationGroup({ form, index, onRemove }: { form: Form; index: number; onRemove: () => void }) {
  const t = useTranslations("categories.specifications");
  const { control, register, formState } = form;
  // keyName: the items carry their own `id`, which must reach the server untouched.
  const { fields, append, remove } = useFieldArray({ control, name: `specifications.${index}.items`, keyName: "key" });
  const errors = formState.errors.specifications?.[index];
  const groupError = fieldMessage(t("groupNameOf", { index: index + 1 }), errors?.name?.message);
  return (
    <li className="rounded-md border p-3">
      <div className="mb-3 flex items-start gap-2">
        <div className="flex-1">
          <Input
            {...register(`specifications.${index}.name`)}
            aria-label={t("groupNameOf", { index: index + 1 })}
            placeholder={t("groupPlaceholder")}
            aria-invalid={groupError ? true : undefined}
          />
          {groupError && <p className="mt-1 text-sm text-destructive">{groupError}</p>}
        </div>
        <Button variant="ghost" size="icon" aria-label={t("removeGroup", { index: index + 1 })} onClick={onRemove}>
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      <ul className="grid gap-3 pl-3">
        {fields.map((item, itemIndex) => {
          const path = `specifications.${index}.items.${itemIndex}` as const;
          const itemErrors = errors?.items?.[itemIndex];
          const nameError = fieldMessage(t("nameOf", { index: itemIndex + 1 }), itemErrors?.name?.message);
          return (
            <li key={item.key} className="grid gap-2 border-l-2 pl-3">
              <div className="grid grid-cols-[1fr_10rem_auto_auto] items-start gap-2">
                <div>
                  <Input
                    {...register(`${path}.name`)}
                    aria-label={t("nameOf", { index: itemIndex + 1 })}
                    placeholder={t("namePlaceholder")}
                    aria-invalid={nameError ? true : undefined}
                  />
                  {nameError && <p className="mt-1 text-sm text-destructive">{nameError}</p>}
                </div>
                <Controller
                  control={control}
                  name={`${path}.type`}
                  render={({ field }) => (
                    <Input
                      ref={field.ref}
                      name={field.name}
                      value={field.value ?? ""}
                      onBlur={field.onBlur}
                      onChange={(event) => field.onChange(event.target.value || null)}
                      aria-label={t("typeOf", { index: itemIndex + 1 })}
                      placeholder={t("typePlaceholder")}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`${path}.is_searchable`}
                  render={({ field }) => (
                    <label className="flex h-9 items-center gap-2 text-sm">
                      <Checkbox
                        ref={field.ref}
                        checked={Boolean(field.value)}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                        onBlur={field.onBlur}
                      />
                      {t("searchable")}
                    </label>
                  )}
                />
                <Button variant="ghost" size="icon" aria-label={t("remove", { index: itemIndex + 1 })} onClick={() => remove(itemIndex)}>
                  <Trash2Icon aria-hidden />
                </Button>
              </div>
              <TextListField control={control} name={`${path}.values`} label={t("values")} placeholder={t("addValue")} />
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" size="sm" className="mt-2" onClick={() => append({ name: "", type: null, values: [], is_searchable: false })}>
        <PlusIcon aria-hidden />
        {t("add")}
      </Button>
    </li>
  );
}
