"use client";

import { useTranslations } from "next-intl";
import { listHref } from "@/components/data-table";
import { AttributesField, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { FiscalNumberField } from "@/components/parties/fiscal-number-field";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { companyWrite, type Company, type CompanyWrite, type CompanyWriteOutput } from "@/server/parties/companies/schemas";

export const emptyCompany: CompanyWrite = { name: "", fiscal_registration_number: "", active: true, is_default: false, attributes: {} };

export function companyValues(company: Company): CompanyWrite {
  return {
    name: company.name,
    fiscal_registration_number: formatFiscalNumber(company.fiscal_registration_number),
    active: company.active,
    is_default: company.is_default,
    attributes: company.attributes,
  };
}

export interface CompanyFormProps {
  defaultValues: CompanyWrite;
  onSubmit: (values: CompanyWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a company, checked by the API's own `companyWrite` schema. */
export function CompanyForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: CompanyFormProps) {
  const t = useTranslations("companies");
  const form = useResourceForm(companyWrite, { defaultValues, labels: "companies.fields" });
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/companies")}
      secondaryActions={secondaryActions}
    >
      <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
      <FiscalNumberField
        control={form.control}
        name="fiscal_registration_number"
        label={t("fields.fiscal_registration_number")}
        required
        kinds={["CNPJ"]}
      />
      <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <SwitchField control={form.control} name="is_default" label={t("fields.is_default")} description={t("defaultDescription")} />
      <AttributesField control={form.control} name="attributes" entity="company" description={t("attributesDescription")} />
    </ResourceForm>
  );
}
