"use client";

import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { ActiveBadge } from "@/components/data-table";
import {
  MoneyField,
  ResourceForm,
  SelectField,
  SwitchField,
  TextField,
  useConfirmDelete,
  useResourceForm,
  type ResourceFormReturn,
} from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import {
  productSpecificationWrite,
  type ProductSpecification,
  type ProductSpecificationWrite,
  type ProductSpecificationWriteOutput,
} from "@/server/catalog/product-specifications/schemas";
import {
  productVariationWrite,
  type ProductVariation,
  type ProductVariationWrite,
  type ProductVariationWriteOutput,
} from "@/server/catalog/product-variations/schemas";
import type { Product } from "@/server/catalog/products/schemas";

/** Enough rows for a product's variations, specifications and units on one card. */
const ROWS = 100;

/** The cards under a product's form: its variations, specifications and alternative units. */
export function ProductSections({ productId, product, readOnly }: { productId: string; product: Product | undefined; readOnly: boolean }) {
  return (
    <>
      <VariationsSection productId={productId} product={product} readOnly={readOnly} />
      <SpecificationsSection productId={productId} readOnly={readOnly} />
      <AlternativeUnitsSection productId={productId} readOnly={readOnly} />
    </>
  );
}

function Section({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle id={id}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A section's table, its loading state, its load failure and its empty state. */
function Rows<Row>({
  query,
  label,
  empty,
  head,
  row,
}: {
  query: { data: { items: Row[] } | undefined; error: unknown };
  label: string;
  empty: string;
  head: React.ReactNode;
  row: (item: Row) => React.ReactNode;
}) {
  const t = useTranslations("products.sectionsText");
  if (query.error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t("loadFailed")}
      </p>
    );
  if (!query.data) return <Skeleton className="h-24 w-full" aria-label={t("loading")} />;
  if (query.data.items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>{head}</TableRow>
      </TableHeader>
      <TableBody>{query.data.items.map(row)}</TableBody>
    </Table>
  );
}

function RowButtons({ name, readOnly, onEdit, onDelete }: { name: string; readOnly: boolean; onEdit: () => void; onDelete: () => void }) {
  const t = useTranslations("common");
  return (
    <div className="flex justify-end gap-1">
      <Button type="button" variant="ghost" size="icon" aria-label={`${readOnly ? t("view") : t("edit")}: ${name}`} onClick={onEdit}>
        <PencilIcon aria-hidden />
      </Button>
      {!readOnly && (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="text-destructive hover:text-destructive"
          aria-label={`${t("delete")}: ${name}`}
          onClick={onDelete}
        >
          <Trash2Icon aria-hidden />
        </Button>
      )}
    </div>
  );
}

/** A section's create or edit dialog: `editing` is the row, `"new"`, or null (closed). */
function FormDialog({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && children}
      </DialogContent>
    </Dialog>
  );
}

function CancelButton() {
  const t = useTranslations("common");
  return (
    <DialogClose asChild>
      <Button type="button" variant="outline">
        {t("cancel")}
      </Button>
    </DialogClose>
  );
}

// ---- variations ----

function VariationsSection({ productId, product, readOnly }: { productId: string; product: Product | undefined; readOnly: boolean }) {
  const t = useTranslations("productVariations");
  const format = useFormat();
  const utils = trpc.useUtils();
  const list = trpc.productVariations.list.useQuery({ product_id: productId, perPage: ROWS, sort: "name" });
  const [editing, setEditing] = useState<ProductVariation | "new" | null>(null);
  const remove = trpc.productVariations.remove.useMutation({
    onSuccess: () => utils.productVariations.list.invalidate({ product_id: productId }),
  });
  const confirmDelete = useConfirmDelete<ProductVariation>({
    resource: "productVariations",
    describe: (variation) => variation.name,
    remove: (variation) => remove.mutateAsync({ product_id: productId, id: variation.id }),
  });
  return (
    <Section
      id="product-variations"
      title={t("title")}
      description={t("description")}
      action={
        !readOnly && (
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing("new")}>
            <PlusIcon aria-hidden />
            {t("new")}
          </Button>
        )
      }
    >
      <Rows
        query={list}
        label={t("title")}
        empty={t("empty")}
        head={
          <>
            <TableHead>{t("fields.name")}</TableHead>
            <TableHead>{t("fields.sku")}</TableHead>
            <TableHead>{t("fields.values")}</TableHead>
            <TableHead className="text-right">{t("fields.price")}</TableHead>
            <TableHead>{t("fields.active")}</TableHead>
            <TableHead>
              <span className="sr-only">{t("actions")}</span>
            </TableHead>
          </>
        }
        row={(variation) => (
          <TableRow key={variation.id}>
            <TableCell className="font-medium">{variation.name}</TableCell>
            <TableCell>
              <code className="font-mono text-xs">{variation.sku}</code>
            </TableCell>
            <TableCell>{variation.values.map((value) => `${value.variation_name ?? "?"}: ${value.value}`).join(", ")}</TableCell>
            <TableCell className="text-right tabular-nums">
              {variation.effective_price === null ? t("withoutPrice") : format.money(variation.effective_price)}
              {variation.price === null && variation.effective_price !== null && (
                <span className="block text-xs text-muted-foreground">{t("productPrice")}</span>
              )}
            </TableCell>
            <TableCell>
              <ActiveBadge active={variation.active} />
            </TableCell>
            <TableCell>
              <RowButtons
                name={variation.name}
                readOnly={readOnly}
                onEdit={() => setEditing(variation)}
                onDelete={() => confirmDelete.request(variation)}
              />
            </TableCell>
          </TableRow>
        )}
      />
      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? t("new") : editing ? editing.name : ""}
        description={t("formDescription", { product: product?.name ?? "" })}
      >
        <VariationForm
          productId={productId}
          variation={editing === "new" ? null : editing}
          readOnly={readOnly}
          onDone={() => setEditing(null)}
        />
      </FormDialog>
      {confirmDelete.dialog}
    </Section>
  );
}

function variationValues(variation: ProductVariation | null): ProductVariationWrite {
  return variation
    ? {
        name: variation.name,
        sku: variation.sku,
        price: variation.price,
        active: variation.active,
        values: variation.values.map((value) => ({ variation_id: value.variation_id, value: value.value })),
        attributes: variation.attributes,
      }
    : { name: "", sku: "", price: null, active: true, values: [{ variation_id: "", value: "" }], attributes: {} };
}

function VariationForm({
  productId,
  variation,
  readOnly,
  onDone,
}: {
  productId: string;
  variation: ProductVariation | null;
  readOnly: boolean;
  onDone: () => void;
}) {
  const t = useTranslations("productVariations");
  const common = useTranslations("common");
  const utils = trpc.useUtils();
  const form = useResourceForm(productVariationWrite, { defaultValues: variationValues(variation), labels: "productVariations.fields" });
  const done = () => utils.productVariations.list.invalidate({ product_id: productId });
  const create = trpc.productVariations.create.useMutation({ onSuccess: done });
  const update = trpc.productVariations.update.useMutation({ onSuccess: done });
  const submit = async (values: ProductVariationWriteOutput) => {
    const saved = variation
      ? await update.mutateAsync({ ...values, product_id: productId, id: variation.id })
      : await create.mutateAsync({ ...values, product_id: productId });
    toast.success(variation ? t("saved", { name: saved.name }) : t("created", { name: saved.name, sku: saved.sku }));
    onDone();
  };
  return (
    <ResourceForm
      form={form}
      onSubmit={submit}
      readOnly={readOnly}
      submitLabel={variation ? common("saveChanges") : t("create")}
      secondaryActions={<CancelButton />}
    >
      <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="sku"
          label={t("fields.sku")}
          maxLength={60}
          autoComplete="off"
          description={t("skuDescription")}
        />
        <MoneyField control={form.control} name="price" label={t("fields.price")} description={t("priceDescription")} />
      </div>
      <VariationValuesField form={form} readOnly={readOnly} />
      <SwitchField control={form.control} name="active" label={t("fields.active")} />
    </ResourceForm>
  );
}

/** The values of the named variations that tell this variation apart ("Cor: Azul", "Voltagem: 220V"). */
function VariationValuesField({
  form,
  readOnly,
}: {
  form: ResourceFormReturn<ProductVariationWrite, ProductVariationWriteOutput>;
  readOnly: boolean;
}) {
  const t = useTranslations("productVariations");
  const variations = trpc.variations.list.useQuery({ perPage: ROWS, sort: "name" });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "values" });
  const chosen = useWatch({ control: form.control, name: "values" }) ?? [];
  const all = variations.data?.items ?? [];
  const listError = form.formState.errors.values?.message ?? form.formState.errors.values?.root?.message;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t("fields.values")}</legend>
      <p className="text-xs text-muted-foreground">{t("valuesDescription")}</p>
      {fields.map((item, index) => {
        const variationId = chosen[index]?.variation_id;
        const named = all.find((candidate) => candidate.id === variationId);
        return (
          <div key={item.id} className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <SelectField
              control={form.control}
              name={`values.${index}.variation_id`}
              label={t("variationOf", { index: index + 1 })}
              options={all.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            />
            <SelectField
              control={form.control}
              name={`values.${index}.value`}
              label={t("valueOf", { index: index + 1 })}
              placeholder={named ? undefined : t("chooseVariationFirst")}
              options={(named?.values ?? []).map((value) => ({ value, label: value }))}
            />
            {!readOnly && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="sm:mt-[1.375rem]"
                aria-label={t("removeValue", { index: index + 1 })}
                onClick={() => remove(index)}
              >
                <Trash2Icon aria-hidden />
              </Button>
            )}
          </div>
        );
      })}
      {!readOnly && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => append({ variation_id: "", value: "" })}
        >
          <PlusIcon aria-hidden />
          {t("addValue")}
        </Button>
      )}
      {listError && <p className="text-sm text-destructive">{`${t("fields.values")}: ${listError}`}</p>}
    </fieldset>
  );
}

// ---- specifications ----

function SpecificationsSection({ productId, readOnly }: { productId: string; readOnly: boolean }) {
  const t = useTranslations("productSpecifications");
  const common = useTranslations("common");
  const utils = trpc.useUtils();
  const list = trpc.productSpecifications.list.useQuery({ product_id: productId, perPage: ROWS, sort: "name" });
  const [editing, setEditing] = useState<ProductSpecification | "new" | null>(null);
  const remove = trpc.productSpecifications.remove.useMutation({
    onSuccess: () => utils.productSpecifications.list.invalidate({ product_id: productId }),
  });
  const confirmDelete = useConfirmDelete<ProductSpecification>({
    resource: "productSpecifications",
    describe: (specification) => `${specification.name}: ${specification.value}`,
    remove: (specification) => remove.mutateAsync({ product_id: productId, id: specification.id }),
  });
  return (
    <Section
      id="product-specifications"
      title={t("title")}
      description={t("description")}
      action={
        !readOnly && (
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing("new")}>
            <PlusIcon aria-hidden />
            {t("new")}
          </Button>
        )
      }
    >
      <Rows
        query={list}
        label={t("title")}
        empty={t("empty")}
        head={
          <>
            <TableHead>{t("fields.name")}</TableHead>
            <TableHead>{t("fields.value")}</TableHead>
            <TableHead>{t("fields.is_searchable")}</TableHead>
            <TableHead>
              <span className="sr-only">{t("actions")}</span>
            </TableHead>
          </>
        }
        row={(specification) => (
          <TableRow key={specification.id}>
            <TableCell className="font-medium">{specification.name}</TableCell>
            <TableCell>{specification.value}</TableCell>
            <TableCell>{specification.is_searchable ? common("yes") : common("no")}</TableCell>
            <TableCell>
              <RowButtons
                name={`${specification.name}: ${specification.value}`}
                readOnly={readOnly}
                onEdit={() => setEditing(specification)}
                onDelete={() => confirmDelete.request(specification)}
              />
            </TableCell>
          </TableRow>
        )}
      />
      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? t("new") : editing ? editing.name : ""}
        description={t("formDescription")}
      >
        <SpecificationForm
          productId={productId}
          specification={editing === "new" ? null : editing}
          readOnly={readOnly}
          onDone={() => setEditing(null)}
        />
      </FormDialog>
      {confirmDelete.dialog}
    </Section>
  );
}

function SpecificationForm({
  productId,
  specification,
  readOnly,
  onDone,
}: {
  productId: string;
  specification: ProductSpecification | null;
  readOnly: boolean;
  onDone: () => void;
}) {
  const t = useTranslations("productSpecifications");
  const common = useTranslations("common");
  const utils = trpc.useUtils();
  const defaultValues: ProductSpecificationWrite = specification
    ? {
        name: specification.name,
        value: specification.value,
        is_searchable: specification.is_searchable,
        attributes: specification.attributes,
      }
    : { name: "", value: "", is_searchable: true, attributes: {} };
  const form = useResourceForm(productSpecificationWrite, { defaultValues, labels: "productSpecifications.fields" });
  const done = () => utils.productSpecifications.list.invalidate({ product_id: productId });
  const create = trpc.productSpecifications.create.useMutation({ onSuccess: done });
  const update = trpc.productSpecifications.update.useMutation({ onSuccess: done });
  const submit = async (values: ProductSpecificationWriteOutput) => {
    const saved = specification
      ? await update.mutateAsync({ ...values, product_id: productId, id: specification.id })
      : await create.mutateAsync({ ...values, product_id: productId });
    toast.success(specification ? t("saved", { name: saved.name }) : t("created", { name: saved.name }));
    onDone();
  };
  return (
    <ResourceForm
      form={form}
      onSubmit={submit}
      readOnly={readOnly}
      submitLabel={specification ? common("saveChanges") : t("create")}
      secondaryActions={<CancelButton />}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={100} autoComplete="off" />
        <TextField control={form.control} name="value" label={t("fields.value")} required maxLength={500} autoComplete="off" />
      </div>
      <SwitchField control={form.control} name="is_searchable" label={t("fields.is_searchable")} description={t("searchableDescription")} />
    </ResourceForm>
  );
}

// ---- alternative units ----

function AlternativeUnitsSection({ productId, readOnly }: { productId: string; readOnly: boolean }) {
  const t = useTranslations("products.alternativeUnitsSection");
  const fields = useTranslations("alternativeUnits.fields");
  const common = useTranslations("common");
  const format = useFormat();
  const list = trpc.alternativeUnits.list.useQuery({ product_id: productId, perPage: ROWS });
  return (
    <Section
      id="product-alternative-units"
      title={t("title")}
      description={t("description")}
      action={
        !readOnly && (
          <Button variant="outline" size="sm" asChild>
            <Link href={`/alternative-units/new?product_id=${productId}`}>
              <PlusIcon aria-hidden />
              {t("new")}
            </Link>
          </Button>
        )
      }
    >
      <Rows
        query={list}
        label={t("title")}
        empty={t("empty")}
        head={
          <>
            <TableHead>{fields("unit_id")}</TableHead>
            <TableHead className="text-right">{fields("quantity")}</TableHead>
            <TableHead className="text-right">{fields("value_multiplier")}</TableHead>
            <TableHead>
              <span className="sr-only">{t("actions")}</span>
            </TableHead>
          </>
        }
        row={(unit) => (
          <TableRow key={unit.id}>
            <TableCell className="font-medium">{`${unit.unit_abbreviation} — ${unit.unit_name}`}</TableCell>
            <TableCell className="text-right tabular-nums">
              {format.number(unit.quantity, { maxDecimals: unit.decimals_for_quantity })}
            </TableCell>
            <TableCell className="text-right tabular-nums">{format.number(unit.value_multiplier, { maxDecimals: 6 })}</TableCell>
            <TableCell className="text-right">
              <Button variant="ghost" size="icon" asChild>
                <Link
                  href={`/alternative-units/${unit.id}`}
                  aria-label={`${readOnly ? common("view") : common("edit")}: ${unit.unit_abbreviation}`}
                >
                  <PencilIcon aria-hidden />
                </Link>
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
    </Section>
  );
}
