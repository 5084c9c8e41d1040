"use client";

import { CategoriesField } from "@/components/catalog/categories-field";
import { LookupField } from "@/components/catalog/lookup-field";
import { useBrandOptions, useMeasureUnitOptions } from "@/components/catalog/lookups";
import { listHref } from "@/components/data-table";
import { ImagesField } from "@/components/files";
import {
  AttributesField,
  MoneyField,
  QuantityField,
  ResourceForm,
  SwitchField,
  TextField,
  useResourceForm,
  type ResourceFormReturn,
  ChoiceField,
  PercentField,
} from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { productWrite, type Product, type ProductWriteOutput } from "@/server/catalog/products/schemas";
import { cestField } from "@/server/taxes/fields";
import { WandSparklesIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";

export const LIST = "/products";
/** The NF-e's origins of goods, 0–8. */
const ORIGINS = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
/** Kilograms, to the gram (the API's rule). */
const WEIGHT_DECIMALS = 3;
const MAX_IMAGES = 20;

/** A text the form holds as typed, sent as null when left empty (an empty EAN is no EAN, not an invalid one). */
const optionalText = <Schema extends z.ZodType<unknown, string | null | undefined>>(schema: Schema) =>
  z
    .string()
    .transform((value): string | null | undefined => value.trim() || null)
    .pipe(schema);

/** The API's own `productWrite`, with the optional texts as the inputs hold them. */
const productForm = productWrite.extend({
  description: optionalText(productWrite.shape.description),
  ean: optionalText(productWrite.shape.ean),
  ncm: optionalText(productWrite.shape.ncm),
  cest: optionalText(cestField.nullable()),
});
export type ProductFormValues = z.input<typeof productForm>;

export const emptyProduct: ProductFormValues = {
  name: "",
  sku: "",
  description: "",
  brand_id: null,
  category_ids: [],
  measure_unit_id: null,
  price: null,
  ean: "",
  ncm: "",
  cest: "",
  origin: 0,
  ipi_rate: null,
  weight: null,
  active: true,
  track_stock: true,
  images: [],
  attributes: {},
};

/** The form's values of a stored product (images in their order, the main one marked). */
export function productValues(row: Product): ProductFormValues {
  return {
    name: row.name,
    sku: row.sku,
    description: row.description ?? "",
    brand_id: row.brand_id,
    category_ids: row.category_ids,
    measure_unit_id: row.measure_unit_id,
    price: row.price,
    ean: row.ean ?? "",
    ncm: row.ncm ?? "",
    cest: row.cest ?? "",
    origin: row.origin,
    ipi_rate: row.ipi_rate,
    weight: row.weight,
    active: row.active,
    track_stock: row.track_stock,
    images: [...row.images]
      .sort((a, b) => a.order - b.order)
      .map((image) => ({ resource_file_id: image.resource_file_id, main: image.main })),
    attributes: row.attributes,
  };
}

interface ProductFormProps {
  defaultValues: ProductFormValues;
  onSubmit: (values: ProductWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a product: its details and images, checked by the API's own `productWrite` schema. */
export function ProductForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: ProductFormProps) {
  const t = useTranslations("products");
  const form = useResourceForm(productForm, { defaultValues, labels: "products.fields" });
  const name = useWatch({ control: form.control, name: "name" });
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref(LIST)}
      secondaryActions={secondaryActions}
    >
      <section aria-labelledby="product-details" className="grid gap-5">
        <h2 id="product-details" className="text-base font-semibold">
          {t("sections.details")}
        </h2>
        <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
        <SkuField form={form} readOnly={readOnly} />
        <TextField control={form.control} name="description" label={t("fields.description")} multiline />
        <div className="grid gap-5 sm:grid-cols-2">
          <LookupField
            control={form.control}
            name="brand_id"
            label={t("fields.brand_id")}
            useOptions={useBrandOptions}
            emptyValue={t("noBrand")}
          />
          <LookupField
            control={form.control}
            name="measure_unit_id"
            label={t("fields.measure_unit_id")}
            useOptions={useMeasureUnitOptions}
            emptyValue={t("noMeasureUnit")}
          />
        </div>
        <CategoriesField
          control={form.control}
          name="category_ids"
          label={t("fields.category_ids")}
          description={t("categoriesDescription")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <MoneyField control={form.control} name="price" label={t("fields.price")} description={t("priceDescription")} />
          <QuantityField control={form.control} name="weight" label={t("fields.weight")} decimals={WEIGHT_DECIMALS} unit="kg" />
          <TextField
            control={form.control}
            name="ean"
            label={t("fields.ean")}
            description={t("eanDescription")}
            inputMode="numeric"
            maxLength={14}
            autoComplete="off"
          />
          <TextField
            control={form.control}
            name="ncm"
            label={t("fields.ncm")}
            description={t("ncmDescription")}
            maxLength={10}
            autoComplete="off"
          />
          <TextField control={form.control} name="cest" label={t("fields.cest")} maxLength={10} autoComplete="off" />
          <ChoiceField
            control={form.control}
            name="origin"
            label={t("fields.origin")}
            options={ORIGINS.map((origin) => ({ value: origin, label: t(`originOptions.${origin}`) }))}
          />
          <PercentField control={form.control} name="ipi_rate" label={t("fields.ipi_rate")} />
        </div>
        <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
        <SwitchField control={form.control} name="track_stock" label={t("fields.track_stock")} description={t("trackStockDescription")} />
      </section>
      <section aria-labelledby="product-images" className="grid gap-3 border-t pt-5">
        <h2 id="product-images" className="text-base font-semibold">
          {t("sections.images")}
        </h2>
        <ImagesField
          control={form.control}
          name="images"
          label={t("fields.images")}
          labelHidden
          description={t("imagesDescription", { max: MAX_IMAGES })}
          max={MAX_IMAGES}
          disabled={readOnly}
          altText={(index, count) => t("imageAlt", { name: name || t("one"), index: index + 1, count })}
        />
      </section>
      <AttributesField control={form.control} name="attributes" entity="product" description={t("attributesDescription")} />
    </ResourceForm>
  );
}

/** The SKU with a button that proposes one from the brand, the first category and the name. */
function SkuField({ form, readOnly }: { form: ResourceFormReturn<ProductFormValues, ProductWriteOutput>; readOnly?: boolean }) {
  const t = useTranslations("products");
  const utils = trpc.useUtils();
  const problems = useProblemMessages();
  const generate = async () => {
    const { name, brand_id, category_ids } = form.getValues();
    try {
      const { sku } = await utils.products.generateSku.fetch({
        name: name.trim() || undefined,
        brand_id: brand_id || null,
        category_id: category_ids?.[0] ?? null,
      });
      form.setValue("sku", sku, { shouldDirty: true, shouldValidate: true });
      toast.success(t("skuGenerated", { sku }));
    } catch (error) {
      problems.toastError(error);
    }
  };
  return (
    <div className="grid items-start gap-2 sm:grid-cols-[1fr_auto]">
      <TextField
        control={form.control}
        name="sku"
        label={t("fields.sku")}
        maxLength={60}
        autoComplete="off"
        description={t("skuDescription")}
      />
      {!readOnly && (
        <Button type="button" variant="outline" className="sm:mt-[1.375rem]" onClick={generate}>
          <WandSparklesIcon aria-hidden />
          {t("generateSku")}
        </Button>
      )}
    </div>
  );
}
