"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { toast } from "sonner";
import { LookupField } from "@/components/catalog/lookup-field";
import { productLabel, useMeasureUnitOptions, useProductOptions } from "@/components/catalog/lookups";
import { AttributesField, EditRecordPage, NewRecordPage, NumberField, ResourceForm, useResourceForm } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { alternativeUnitWrite, type AlternativeUnitWrite, type AlternativeUnitWriteOutput } from "@/server/catalog/alternative-units/schemas";
import { MAX_DECIMALS } from "@/server/catalog/measure-units/schemas";

const list = { href: "/alternative-units", label: "Alternative units" };

interface AlternativeUnitFormProps {
  defaultValues: AlternativeUnitWrite;
  onSubmit: (values: AlternativeUnitWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of an alternative unit, checked by the API's own `alternativeUnitWrite` schema. */
export function AlternativeUnitForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: AlternativeUnitFormProps) {
  const form = useResourceForm(alternativeUnitWrite, { defaultValues });
  return (
    <ResourceForm form={form} onSubmit={onSubmit} readOnly={readOnly} submitLabel={submitLabel} cancelHref={list.href} secondaryActions={secondaryActions}>
      <LookupField control={form.control} name="product_id" label="Product" required useOptions={useProductOptions} placeholder="Choose a product…" />
      <LookupField
        control={form.control}
        name="unit_id"
        label="Unit"
        required
        useOptions={useMeasureUnitOptions}
        placeholder="Choose a measure unit…"
        description="The unit the product is also sold in, e.g. a box (CX)."
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <NumberField
          control={form.control}
          name="quantity"
          label="Quantity"
          required
          step="any"
          min={0}
          description="Base units in one of this unit (a box of 12: 12)."
        />
        <NumberField
          control={form.control}
          name="value_multiplier"
          label="Value multiplier"
          required
          step="any"
          min={0}
          description="The base price times this is the price of one of this unit."
        />
        <NumberField
          control={form.control}
          name="decimals_for_quantity"
          label="Decimals for quantity"
          required
          step={1}
          min={0}
          description={`0 to ${MAX_DECIMALS}.`}
        />
      </div>
      <AttributesField control={form.control} name="attributes" entity="alternative_unit" description="Free-form custom fields (e.g. the box's barcode)." />
    </ResourceForm>
  );
}

export function NewAlternativeUnit() {
  const router = useRouter();
  const productId = useSearchParams().get("product_id") ?? "";
  const utils = trpc.useUtils();
  const create = trpc.alternativeUnits.create.useMutation({ onSuccess: () => utils.alternativeUnits.invalidate() });
  const back = productId ? `${list.href}?product_id=${productId}` : list.href;
  return (
    <NewRecordPage noun="alternative unit" list={{ ...list, href: back }}>
      <AlternativeUnitForm
        defaultValues={{
          product_id: productId,
          unit_id: "",
          quantity: 1,
          value_multiplier: 1,
          decimals_for_quantity: 0,
          attributes: {},
        }}
        submitLabel="Create alternative unit"
        onSubmit={async (values) => {
          const unit = await create.mutateAsync(values);
          toast.success(`Alternative unit “${unit.unit_abbreviation}” created`);
          router.push(back);
        }}
      />
    </NewRecordPage>
  );
}

export function EditAlternativeUnit({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const unit = trpc.alternativeUnits.get.useQuery({ id });
  const product = trpc.products.get.useQuery({ id: unit.data?.product_id ?? "" }, { enabled: Boolean(unit.data) });
  const update = trpc.alternativeUnits.update.useMutation({ onSuccess: () => utils.alternativeUnits.invalidate() });
  const remove = trpc.alternativeUnits.remove.useMutation({ onSuccess: () => utils.alternativeUnits.list.invalidate() });
  return (
    <EditRecordPage
      noun="alternative unit"
      list={list}
      query={unit}
      title={(row) => `${row.unit_abbreviation} — ${row.unit_name}${product.data ? ` of ${productLabel(product.data)}` : ""}`}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <AlternativeUnitForm
          key={row.updated_at}
          defaultValues={{
            product_id: row.product_id,
            unit_id: row.unit_id,
            quantity: row.quantity,
            value_multiplier: row.value_multiplier,
            decimals_for_quantity: row.decimals_for_quantity,
            attributes: row.attributes,
          }}
          readOnly={readOnly}
          submitLabel="Save changes"
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            await update.mutateAsync({ ...values, id });
            toast.success("Alternative unit saved");
            router.push(list.href);
          }}
        />
      )}
    </EditRecordPage>
  );
}
