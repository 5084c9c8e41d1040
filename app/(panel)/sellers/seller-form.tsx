"use client";

import { AttributesField, NumberField, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
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
  const form = useResourceForm(sellerWrite, { defaultValues });
  const isAdmin = useCan("admin");
  const companies = useCompanyOptions();
  const users = useUserOptions(isAdmin);
  return (
    <ResourceForm form={form} onSubmit={onSubmit} readOnly={readOnly} submitLabel={submitLabel} cancelHref="/sellers" secondaryActions={secondaryActions}>
      <TextField control={form.control} name="name" label="Name" required maxLength={200} autoComplete="off" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={form.control} name="email" label="Email" type="email" required autoComplete="off" />
        <TextField control={form.control} name="phone" label="Phone" type="tel" maxLength={40} autoComplete="off" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FiscalNumberField control={form.control} name="fiscal_registration_number" label="CPF or CNPJ" />
        <NumberField control={form.control} name="commission_rate" label="Commission (%)" step="any" min={0} description="Percent of the sale value, 0 to 100." />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <ReferenceSelectField control={form.control} name="company_id" label="Company" options={companies.options} loading={companies.loading} />
        <ReferenceSelectField
          control={form.control}
          name="user_id"
          label="User"
          options={users.options}
          loading={users.loading}
          description={isAdmin ? "The user who signs in as this seller." : "Only admins can see and link users."}
        />
      </div>
      <SwitchField control={form.control} name="active" label="Active" description="Inactive sellers are kept but not offered for new orders." />
      <AttributesField control={form.control} name="attributes" entity="seller" description="Free-form custom fields of this seller." />
    </ResourceForm>
  );
}
