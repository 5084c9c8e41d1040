"use client";

import { useTranslations } from "next-intl";
import { listHref } from "@/components/data-table";
import {
  AttributesField,
  ChoiceField,
  PhoneField,
  PostalCodeField,
  ResourceForm,
  SelectField,
  StateField,
  SwitchField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { CRTS, PIS_COFINS_REGIMES } from "@/server/taxes/fields";
import { ufOf } from "@/server/taxes/states";
import { FiscalNumberField } from "@/components/parties/fiscal-number-field";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { companyWrite, type Company, type CompanyWrite, type CompanyWriteOutput } from "@/server/parties/companies/schemas";

const emptyAddress = {
  street: "",
  number: "",
  complement: "",
  neighborhood: "",
  city: "",
  city_code: "",
  state: "",
  postal_code: "",
  phone: "",
} as const;

export const emptyCompany: CompanyWrite = {
  name: "",
  fiscal_registration_number: "",
  active: true,
  is_default: false,
  crt: null,
  pis_cofins_regime: "NONE",
  ipi_contributor: false,
  trade_name: "",
  state_registration: "",
  address: emptyAddress,
  attributes: {},
};

export function companyValues(company: Company): CompanyWrite {
  return {
    name: company.name,
    fiscal_registration_number: formatFiscalNumber(company.fiscal_registration_number),
    active: company.active,
    is_default: company.is_default,
    crt: company.crt === 1 || company.crt === 2 || company.crt === 3 || company.crt === 4 ? company.crt : null,
    pis_cofins_regime: company.pis_cofins_regime,
    ipi_contributor: company.ipi_contributor,
    trade_name: company.trade_name ?? "",
    state_registration: company.state_registration ?? "",
    address: company.address
      ? {
          street: company.address.street ?? "",
          number: company.address.number ?? "",
          complement: company.address.complement ?? "",
          neighborhood: company.address.neighborhood ?? "",
          city: company.address.city ?? "",
          city_code: company.address.city_code ?? "",
          state: ufOf(company.address.state) ?? "",
          postal_code: company.address.postal_code ?? "",
          phone: company.address.phone ?? "",
        }
      : emptyAddress,
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
      <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">{t("fiscal")}</legend>
        <ChoiceField
          control={form.control}
          name="crt"
          label={t("fields.crt")}
          description={t("fiscalDescription")}
          options={[{ value: null, label: t("crtOptions.none") }, ...CRTS.map((crt) => ({ value: crt, label: t(`crtOptions.${crt}`) }))]}
        />
        <SelectField
          control={form.control}
          name="pis_cofins_regime"
          label={t("fields.pis_cofins_regime")}
          options={PIS_COFINS_REGIMES.map((regime) => ({ value: regime, label: t(`regimeOptions.${regime}`) }))}
        />
        <TextField control={form.control} name="trade_name" label={t("fields.trade_name")} maxLength={200} />
        <TextField control={form.control} name="state_registration" label={t("fields.state_registration")} maxLength={20} />
        <SwitchField control={form.control} name="ipi_contributor" label={t("fields.ipi_contributor")} />
      </fieldset>
      <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">{t("fields.address")}</legend>
        <p className="text-sm text-muted-foreground md:col-span-2">{t("addressDescription")}</p>
        <TextField control={form.control} name="address.street" label={t("fields.street")} maxLength={200} />
        <TextField control={form.control} name="address.number" label={t("fields.number")} maxLength={20} />
        <TextField control={form.control} name="address.complement" label={t("fields.complement")} maxLength={120} />
        <TextField control={form.control} name="address.neighborhood" label={t("fields.neighborhood")} maxLength={120} />
        <TextField control={form.control} name="address.city" label={t("fields.city")} maxLength={120} />
        <TextField control={form.control} name="address.city_code" label={t("fields.city_code")} maxLength={7} />
        <StateField control={form.control} name="address.state" label={t("fields.state")} />
        <PostalCodeField control={form.control} name="address.postal_code" label={t("fields.postal_code")} />
        <PhoneField control={form.control} name="address.phone" label={t("fields.phone")} />
      </fieldset>
      <AttributesField control={form.control} name="attributes" entity="company" description={t("attributesDescription")} />
    </ResourceForm>
  );
}
