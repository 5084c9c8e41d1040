"use client";

import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { useRouter, useSearchParams } from "next/navigation";
import { toast } from "sonner";
import { LookupField } from "@/components/catalog/lookup-field";
import { productLabel, useMeasureUnitOptions, useProductOptions } from "@/components/catalog/lookups";
import { listHref } from "@/components/data-table";
import { AttributesField, EditRecordPage, NewRecordPage, QuantityField, ResourceForm, useResourceForm } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import {
  alternativeUnitWrite,
  type AlternativeUnitWrite,
  type AlternativeUnitWriteOutput,
} from "@/server/catalog/alternative-units/schemas";
import { MAX_DECIMALS } from "@/server/catalog/measure-units/schemas";

const LIST = "/alternative-units";

interface AlternativeUnitFormProps {
  defaultValues: AlternativeUnitWrite;
  onSubmit: (values: AlternativeUnitWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of an alternative unit, checked by the API's own `alternativeUnitWrite` schema. */
export function AlternativeUnitForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: AlternativeUnitFormProps) {
  const t = useTranslations("alternativeUnits");
  const form = useResourceForm(alternativeUnitWrite, { defaultValues, labels: "alternativeUnits.fields" });
  // The quantity counts the product's own unit, with as many decimals as that unit takes.
  const productId = useWatch({ control: form.control, name: "product_id" });
  const product = trpc.products.get.useQuery({ id: productId }, { enabled: Boolean(productId), staleTime: 60_000 });
  const baseUnit = productId ? product.data?.measure_unit : null;
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
        control={form.control}
        name="product_id"
        label={t("fields.product_id")}
        required
        useOptions={useProductOptions}
        placeholder={t("chooseProduct")}
      />
      <LookupField
        control={form.control}
        name="unit_id"
        label={t("fields.unit_id")}
        required
        useOptions={useMeasureUnitOptions}
        placeholder={t("chooseUnit")}
        description={t("unitDescription")}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <QuantityField
          control={form.control}
          name="quantity"
          label={t("fields.quantity")}
          required
          decimals={baseUnit?.decimals_for_quantity ?? MAX_DECIMALS}
          unit={baseUnit?.abbreviation}
          description={t("quantityDescription")}
        />
        <QuantityField
          control={form.control}
          name="value_multiplier"
          label={t("fields.value_multiplier")}
          required
          decimals={MAX_DECIMALS}
          description={t("multiplierDescription")}
        />
        <QuantityField
          control={form.control}
          name="decimals_for_quantity"
          label={t("fields.decimals_for_quantity")}
          required
          description={t("decimalsDescription", { max: MAX_DECIMALS })}
        />
      </div>
      <AttributesField control={form.control} name="attributes" entity="alternative_unit" description={t("attributesDescription")} />
    </ResourceForm>
  );
}

export function NewAlternativeUnit() {
  const t = useTranslations("alternativeUnits");
  const router = useRouter();
  const productId = useSearchParams().get("product_id") ?? "";
  const utils = trpc.useUtils();
  const create = trpc.alternativeUnits.create.useMutation({ onSuccess: () => utils.alternativeUnits.invalidate() });
  const back = productId ? `${LIST}?product_id=${productId}` : listHref(LIST);
  return (
    <NewRecordPage resource="alternativeUnits" list={back}>
      <AlternativeUnitForm
        defaultValues={{
          product_id: productId,
          unit_id: "",
          quantity: 1,
          value_multiplier: 1,
          decimals_for_quantity: 0,
          attributes: {},
        }}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const unit = await create.mutateAsync(values);
          toast.success(t("created", { name: unit.unit_abbreviation }));
          router.push(back);
        }}
      />
    </NewRecordPage>
  );
}

export function EditAlternativeUnit({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const unit = trpc.alternativeUnits.get.useQuery({ id });
  const product = trpc.products.get.useQuery({ id: unit.data?.product_id ?? "" }, { enabled: Boolean(unit.data) });
  const update = trpc.alternativeUnits.update.useMutation({ onSuccess: () => utils.alternativeUnits.invalidate() });
  const remove = trpc.alternativeUnits.remove.useMutation({ onSuccess: () => utils.alternativeUnits.list.invalidate() });
  return (
    <EditRecordPage
      resource="alternativeUnits"
      list={listHref(LIST)}
      query={unit}
      title={(row) =>
        product.data
          ? t("alternativeUnits.titleOf", { unit: row.unit_abbreviation, name: row.unit_name, product: productLabel(product.data) })
          : `${row.unit_abbreviation} — ${row.unit_name}`
      }
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
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            await update.mutateAsync({ ...values, id });
            toast.success(t("alternativeUnits.saved"));
            router.push(listHref(LIST));
          }}
        />
      )}
    </EditRecordPage>
  );
}
