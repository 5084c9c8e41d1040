"use client";

import { useTranslations } from "next-intl";
import { useRouter, useSearchParams } from "next/navigation";
import { toast } from "sonner";
import { Controller } from "react-hook-form";
import { LookupField } from "@/components/catalog/lookup-field";
import { ImagePicker } from "@/components/files";
import { useParentOptions } from "@/components/catalog/lookups";
import { TextListField } from "@/components/catalog/text-list-field";
import {
  AttributesField,
  EditRecordPage,
  fieldMessage,
  NewRecordPage,
  ResourceForm,
  SwitchField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { listHref } from "@/components/data-table";
import { ProductsOf } from "@/components/records/related";
import { trpc } from "@/lib/trpc";
import { categoryWrite, type Category, type CategoryWrite, type CategoryWriteOutput } from "@/server/catalog/categories/schemas";
import { SpecificationsField } from "./specifications-field";

const LIST = "/categories";

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
  const t = useTranslations("categories");
  const router = useRouter();
  const parent = useSearchParams().get("root_id");
  const utils = trpc.useUtils();
  const create = trpc.categories.create.useMutation({ onSuccess: () => utils.categories.invalidate() });
  return (
    <NewRecordPage resource="categories" list={listHref(LIST)}>
      <CategoryForm
        defaultValues={{ ...emptyCategory, root_id: parent || null }}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const category = await create.mutateAsync(values);
          toast.success(t("created", { name: category.name }));
          router.push(listHref(LIST));
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
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const category = trpc.categories.get.useQuery({ id });
  const update = trpc.categories.update.useMutation({ onSuccess: () => utils.categories.invalidate() });
  const remove = trpc.categories.remove.useMutation({ onSuccess: () => utils.categories.invalidate() });
  return (
    <EditRecordPage
      resource="categories"
      list={listHref(LIST)}
      query={category}
      related={(row) => <ProductsOf categoryId={row.id} />}
      title={(row) => row.name}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <CategoryForm
          key={row.updated_at}
          categoryId={row.id}
          defaultValues={toWrite(row)}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("categories.saved", { name: saved.name }));
            router.push(listHref(LIST));
          }}
        />
      )}
    </EditRecordPage>
  );
}
