"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { toast } from "sonner";
import { Controller } from "react-hook-form";
import { LookupField } from "@/components/catalog/lookup-field";
import { useParentOptions } from "@/components/catalog/lookups";
import { TextListField } from "@/components/catalog/text-list-field";
import { AttributesField, EditRecordPage, fieldMessage, NewRecordPage, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { trpc } from "@/lib/trpc";
import { categoryWrite, type Category, type CategoryWrite, type CategoryWriteOutput } from "@/server/catalog/categories/schemas";
import { SpecificationsField } from "./specifications-field";

const list = { href: "/categories", label: "Categories" };

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
  const form = useResourceForm(categoryWrite, { defaultValues });
  const { control } = form;
  return (
    <ResourceForm form={form} onSubmit={onSubmit} readOnly={readOnly} submitLabel={submitLabel} cancelHref={list.href} secondaryActions={secondaryActions}>
      <LookupField
        control={control}
        name="root_id"
        label="Parent"
        useOptions={useParentOptions(categoryId)}
        emptyValue="None (top level)"
        description="The category this one sits under."
      />
      <TextField control={control} name="name" label="Name" required maxLength={200} autoComplete="off" />
      <SwitchField control={control} name="active" label="Active" description="Inactive categories are kept but not shown to shoppers." />
      <TextField control={control} name="characteristics" label="Characteristics" multiline />
      <fieldset className="grid gap-5 rounded-md border p-4">
        <legend className="px-1 text-sm font-medium">SEO</legend>
        <TextField control={control} name="seo_title" label="Title" maxLength={200} />
        <TextField control={control} name="seo_description" label="Description" multiline />
        <TextListField control={control} name="seo_meta_keywords" label="Meta keywords" placeholder="Add a keyword…" />
      </fieldset>
      <SwitchField control={control} name="is_solution_specific" label="Solution specific" description="Offered only within the solutions below." />
      <TextListField control={control} name="solutions" label="Solutions" placeholder="Add a solution…" />
      <Controller
        control={control}
        name="image_resource_id"
        render={({ field, fieldState }) => (
          <Field label="Image file id" description="The resource file id (UUID) of the category's image." error={fieldMessage("Image file id", fieldState.error?.message)}>
            <Input
              ref={field.ref}
              name={field.name}
              value={field.value ?? ""}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.value.trim() || null)}
              placeholder="00000000-0000-0000-0000-000000000000"
              className="font-mono text-xs"
            />
          </Field>
        )}
      />
      <SpecificationsField form={form} />
      <AttributesField control={control} name="attributes" entity="category" description="Free-form custom fields of this category." />
    </ResourceForm>
  );
}

const emptyCategory: CategoryWrite = {
  root_id: null,
  name: "",
  active: true,
  characteristics: null,
  seo_title: null,
  seo_description: null,
  seo_meta_keywords: [],
  is_solution_specific: false,
  solutions: [],
  image_resource_id: null,
  specifications: [],
  attributes: {},
};

export function NewCategory() {
  const router = useRouter();
  const parent = useSearchParams().get("root_id");
  const utils = trpc.useUtils();
  const create = trpc.categories.create.useMutation({ onSuccess: () => utils.categories.invalidate() });
  return (
    <NewRecordPage noun="category" list={list}>
      <CategoryForm
        defaultValues={{ ...emptyCategory, root_id: parent || null }}
        submitLabel="Create category"
        onSubmit={async (values) => {
          const category = await create.mutateAsync(values);
          toast.success(`Category “${category.name}” created`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}

/** A stored category as form values (the write fields only). */
function toWrite(category: Category): CategoryWrite {
  const { id: _id, order: _order, created_at: _created, updated_at: _updated, specifications, ...rest } = category;
  return {
    ...rest,
    specifications: specifications.map((group) => ({
      name: group.name,
      items: group.items.map(({ category_id: _category, ...item }) => item),
    })),
  };
}

export function EditCategory({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const category = trpc.categories.get.useQuery({ id });
  const update = trpc.categories.update.useMutation({ onSuccess: () => utils.categories.invalidate() });
  const remove = trpc.categories.remove.useMutation({ onSuccess: () => utils.categories.invalidate() });
  return (
    <EditRecordPage noun="category" list={list} query={category} title={(row) => row.name} remove={(row) => remove.mutateAsync({ id: row.id })}>
      {(row, { readOnly, secondaryActions }) => (
        <CategoryForm
          key={row.updated_at}
          categoryId={row.id}
          defaultValues={toWrite(row)}
          readOnly={readOnly}
          submitLabel="Save changes"
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(`Category “${saved.name}” saved`);
            router.push(list.href);
          }}
        />
      )}
    </EditRecordPage>
  );
}
