"use client";

import { LookupField } from "@/components/catalog/lookup-field";
import { useMeasureUnitOptions, useProductOptions } from "@/components/catalog/lookups";
import { listHref } from "@/components/data-table";
import { AttributesField, QuantityField, ResourceForm, useResourceForm } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import {
  alternativeUnitWrite,
  type AlternativeUnitWrite,
  type AlternativeUnitWriteOutput,
} from "@/server/catalog/alternative-units/schemas";
import { MAX_DECIMALS } from "@/server/catalog/measure-units/schemas";
import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";

export const LIST = "/alternative-units";

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
