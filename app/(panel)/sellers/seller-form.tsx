"use client";

import { useTranslations } from "next-intl";
import { listHref } from "@/components/data-table";
import {
  AttributesField,
  PercentField,
  PhoneField,
  ResourceForm,
  SwitchField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { useCan } from "@/components/panel/current-user";
import { FiscalNumberField } from "@/components/parties/fiscal-number-field";
import { useCompanyOptions, useUserOptions } from "@/components/parties/options";
import { ReferenceSelectField } from "@/components/parties/reference-select-field";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { sellerWrite, type Seller, type SellerWrite, type SellerWriteOutput } from "@/server/parties/sellers/schemas";

export const emptySeller: SellerWrite = {
  name: "",
  email: "",
  phone: "",
  fiscal_registration_number: "",
  company_id: null,
  user_id: null,
  commission_rate: null,
  max_discount_percent: 0,
  active: true,
  attributes: {},
};

export function sellerValues(seller: Seller): SellerWrite {
  return {
    name: seller.name,
    email: seller.email,
    phone: seller.phone ?? "",
    fiscal_registration_number: formatFiscalNumber(seller.fiscal_registration_number),
    company_id: seller.company_id,
    user_id: seller.user_id,
    commission_rate: seller.commission_rate,
    max_discount_percent: seller.max_discount_percent,
    active: seller.active,
    attributes: seller.attributes,
  };
}

export interface SellerFormProps {
  defaultValues: SellerWrite;
  onSubmit: (values: SellerWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a seller, checked by the API's own `sellerWrite` schema. */
export function SellerForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: SellerFormProps) {
  const t = useTranslations("sellers");
  const form = useResourceForm(sellerWrite, { defaultValues, labels: "sellers.fields" });
  const isAdmin = useCan("admin");
  const companies = useCompanyOptions();
  const users = useUserOptions(isAdmin);
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/sellers")}
      secondaryActions={secondaryActions}
    >
      <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={form.control} name="email" label={t("fields.email")} type="email" required autoComplete="off" />
        <PhoneField control={form.control} name="phone" label={t("fields.phone")} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FiscalNumberField control={form.control} name="fiscal_registration_number" label={t("fields.fiscal_registration_number")} />
        <PercentField
          control={form.control}
          name="commission_rate"
          label={t("fields.commission_rate")}
          description={t("commissionDescription")}
        />
      </div>
      <PercentField
        control={form.control}
        name="max_discount_percent"
        label={t("fields.max_discount_percent")}
        description={t("maxDiscountDescription")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <ReferenceSelectField
          control={form.control}
          name="company_id"
          label={t("fields.company_id")}
          options={companies.options}
          loading={companies.loading}
        />
        <ReferenceSelectField
          control={form.control}
          name="user_id"
          label={t("fields.user_id")}
          options={users.options}
          loading={users.loading}
          description={isAdmin ? t("userDescription") : t("userAdminsOnly")}
        />
      </div>
      <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <AttributesField control={form.control} name="attributes" entity="seller" description={t("attributesDescription")} />
    </ResourceForm>
  );
}
