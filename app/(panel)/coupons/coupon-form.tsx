"use client";

import { useTranslations } from "next-intl";
import { useWatch, type DefaultValues } from "react-hook-form";
import { listHref } from "@/components/data-table";
import {
  AttributesField,
  DateField,
  MoneyField,
  PercentField,
  QuantityField,
  ResourceForm,
  SelectField,
  SwitchField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { dayOf } from "@/lib/dates";
import { useEnumOptions } from "@/lib/i18n";
import {
  COUPON_TYPES,
  COUPON_VALUE_TYPES,
  couponForm,
  type Coupon,
  type CouponForm as CouponFormValues,
  type CouponWriteOutput,
} from "@/server/orders/coupons/schemas";

/** A new coupon: no value until one is typed. */
export const emptyCoupon: DefaultValues<CouponFormValues> = {
  code: "",
  name: "",
  type: "ORDER",
  value_type: "MONETARY",
  start_date: "",
  end_date: "",
  max_uses: null,
  active: true,
  attributes: {},
};

/** A stored coupon as form values: its dates as the days they start and end (UTC). */
export function couponValues(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    name: coupon.name,
    type: coupon.type,
    value_type: coupon.value_type,
    value: coupon.value,
    start_date: coupon.start_date ? dayOf(coupon.start_date) : "",
    end_date: coupon.end_date ? dayOf(coupon.end_date) : "",
    max_uses: coupon.max_uses,
    active: coupon.active,
    attributes: coupon.attributes,
  };
}

export interface CouponFormProps {
  defaultValues: DefaultValues<CouponFormValues>;
  onSubmit: (values: CouponWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a coupon, checked by the API's own rules (`couponForm`). */
export function CouponForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: CouponFormProps) {
  const t = useTranslations("coupons");
  const typeOptions = useEnumOptions("couponType", COUPON_TYPES);
  const valueTypeOptions = useEnumOptions("couponValueType", COUPON_VALUE_TYPES);
  const form = useResourceForm(couponForm, {
    defaultValues,
    labels: "coupons.fields",
  });
  const valueType = useWatch({ control: form.control, name: "value_type" });
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/coupons")}
      secondaryActions={secondaryActions}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          control={form.control}
          name="code"
          label={t("fields.code")}
          description={t("codeDescription")}
          required
          maxLength={60}
          autoComplete="off"
        />
        <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
        <SelectField control={form.control} name="type" label={t("fields.type")} options={typeOptions} required />
        <SelectField control={form.control} name="value_type" label={t("fields.value_type")} options={valueTypeOptions} required />
        {valueType === "PERCENTAGE" ? (
          <PercentField
            control={form.control}
            name="value"
            label={t("fields.value")}
            description={t("valueDescription")}
            decimals={2}
            required
          />
        ) : (
          <MoneyField control={form.control} name="value" label={t("fields.value")} description={t("valueDescription")} required />
        )}
        <QuantityField control={form.control} name="max_uses" label={t("fields.max_uses")} description={t("maxUsesDescription")} />
        <DateField control={form.control} name="start_date" label={t("fields.start_date")} description={t("datesDescription")} />
        <DateField control={form.control} name="end_date" label={t("fields.end_date")} />
      </div>
      <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <AttributesField control={form.control} name="attributes" description={t("attributesDescription")} />
    </ResourceForm>
  );
}
