"use client";

import { useId } from "react";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useFieldArray, useWatch } from "react-hook-form";
import { listHref } from "@/components/data-table";
import {
  AttributesField,
  fieldMessage,
  ResourceForm,
  SwitchField,
  PhoneField,
  PostalCodeField,
  StateField,
  TextField,
  useResourceForm,
  type ResourceFormReturn,
  ChoiceField,
} from "@/components/resource-form";
import { IE_INDICATORS } from "@/server/taxes/fields";
import { FiscalNumberField } from "@/components/parties/fiscal-number-field";
import { StateRegistrationField } from "@/components/parties/state-registration-field";
import { useProfileOptions, useSellerOptions } from "@/components/parties/options";
import { ReferenceSelectField } from "@/components/parties/reference-select-field";
import { Button } from "@/components/ui/button";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import {
  MAX_ADDRESSES,
  partnerWrite,
  type Partner,
  type PartnerAddressWrite,
  type PartnerWrite,
  type PartnerWriteOutput,
} from "@/server/parties/partners/schemas";

export const emptyPartner: PartnerWrite = {
  name: "",
  trade_name: "",
  fiscal_registration_number: "",
  email: "",
  state_registration: "",
  phone: "",
  mobile: "",
  profile_id: null,
  seller_id: null,
  active: true,
  addresses: [],
  attributes: {},
};

const emptyAddress: PartnerAddressWrite = {
  name: "",
  type: "",
  street: "",
  number: "",
  complement: "",
  neighborhood: "",
  city: "",
  city_code: "",
  state: "",
  postal_code: "",
  country: "BR",
  is_default: false,
};

export function partnerValues(partner: Partner): PartnerWrite {
  return {
    name: partner.name,
    trade_name: partner.trade_name ?? "",
    fiscal_registration_number: formatFiscalNumber(partner.fiscal_registration_number),
    email: partner.email ?? "",
    state_registration: partner.state_registration ?? "",
    phone: partner.phone ?? "",
    mobile: partner.mobile ?? "",
    profile_id: partner.profile_id,
    seller_id: partner.seller_id,
    active: partner.active,
    // Empty inputs for absent parts; the schema turns them back into null.
    addresses: partner.addresses.map((address) => ({
      ...(Object.fromEntries(Object.entries(address).map(([key, value]) => [key, value ?? ""])) as PartnerAddressWrite),
      is_default: address.is_default,
    })),
    attributes: partner.attributes,
  };
}

export interface PartnerFormProps {
  defaultValues: PartnerWrite;
  onSubmit: (values: PartnerWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
  /** The stored partner's IE indicator and final consumer as the taxes read them (shown beside the choice, which "automatic" leaves to them). */
  current?: Pick<Partner, "ie_indicator" | "final_consumer">;
}

/** The create and edit form of a partner (B2B customer), checked by the API's own `partnerWrite` schema. */
export function PartnerForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions, current }: PartnerFormProps) {
  const t = useTranslations("partners");
  const form = useResourceForm(partnerWrite, { defaultValues, labels: "partners.fields" });
  const profiles = useProfileOptions();
  const sellers = useSellerOptions();
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/partners")}
      secondaryActions={secondaryActions}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
        <TextField control={form.control} name="trade_name" label={t("fields.trade_name")} maxLength={200} autoComplete="off" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FiscalNumberField
          control={form.control}
          name="fiscal_registration_number"
          label={t("fields.fiscal_registration_number")}
          required
          description={t("fiscalDescription")}
        />
        <StateRegistrationField control={form.control} name="state_registration" label={t("fields.state_registration")} />
        <ChoiceField
          control={form.control}
          name="ie_indicator"
          label={t("fields.ie_indicator")}
          description={current ? t(`ieOptions.${current.ie_indicator}`) : undefined}
          options={[
            { value: null, label: t("ieOptions.auto") },
            ...IE_INDICATORS.map((value) => ({ value, label: t(`ieOptions.${value}`) })),
          ]}
        />
        <ChoiceField
          control={form.control}
          name="final_consumer"
          label={t("fields.final_consumer")}
          description={current ? t(current.final_consumer ? "finalOptions.yes" : "finalOptions.no") : undefined}
          options={[
            { value: null, label: t("finalOptions.auto") },
            { value: true, label: t("finalOptions.yes") },
            { value: false, label: t("finalOptions.no") },
          ]}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField control={form.control} name="email" label={t("fields.email")} type="email" autoComplete="off" />
        <PhoneField control={form.control} name="phone" label={t("fields.phone")} />
        <PhoneField control={form.control} name="mobile" label={t("fields.mobile")} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <ReferenceSelectField
          control={form.control}
          name="profile_id"
          label={t("fields.profile_id")}
          options={profiles.options}
          loading={profiles.loading}
        />
        <ReferenceSelectField
          control={form.control}
          name="seller_id"
          label={t("fields.seller_id")}
          options={sellers.options}
          loading={sellers.loading}
        />
      </div>
      <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <AddressesField form={form} />
      <AttributesField control={form.control} name="attributes" entity="partner" description={t("attributesDescription")} />
    </ResourceForm>
  );
}

const addressFields: Array<{ name: Exclude<keyof PartnerAddressWrite, "is_default" | "id">; className?: string; maxLength: number }> = [
  { name: "name", maxLength: 120 },
  { name: "type", maxLength: 40 },
  { name: "postal_code", maxLength: 20 },
  { name: "street", className: "sm:col-span-2", maxLength: 200 },
  { name: "number", maxLength: 20 },
  { name: "complement", maxLength: 120 },
  { name: "neighborhood", maxLength: 120 },
  { name: "city", maxLength: 120 },
  { name: "city_code", maxLength: 7 },
  { name: "state", maxLength: 60 },
  { name: "country", maxLength: 60 },
];

function AddressesField({ form }: { form: ResourceFormReturn<PartnerWrite, PartnerWriteOutput> }) {
  const t = useTranslations("partners");
  const common = useTranslations("common");
  const id = useId();
  const { control, setValue, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "addresses", keyName: "key" });
  const addresses = useWatch({ control, name: "addresses" }) ?? [];
  const defaultIndex = addresses.findIndex((address) => address?.is_default);
  const errors = formState.errors.addresses;
  const listError = fieldMessage(t("fields.addresses"), errors?.message ?? errors?.root?.message);

  const makeDefault = (index: number) =>
    addresses.forEach((_, at) =>
      setValue(`addresses.${at}.is_default`, at === index, { shouldDirty: true, shouldValidate: formState.isSubmitted }),
    );

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {t("fields.addresses")}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={fields.length >= MAX_ADDRESSES}
          onClick={() => append({ ...emptyAddress, is_default: fields.length === 0 })}
        >
          <PlusIcon aria-hidden />
          {t("addresses.add")}
        </Button>
      </div>
      <p className="mb-2 text-xs text-muted-foreground">{t("addresses.description")}</p>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">{t("addresses.empty")}</p>
      ) : (
        <ul className="grid gap-3">
          {fields.map((address, index) => (
            <li key={address.key} className="rounded-md border p-3" aria-label={t("addresses.item", { index: index + 1 })}>
              <div className="mb-3 flex items-center justify-between gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-default`}
                    className="size-4 accent-primary"
                    checked={defaultIndex === index || (defaultIndex === -1 && index === 0)}
                    onChange={() => makeDefault(index)}
                  />
                  {t("addresses.default")}
                </label>
                <Button variant="ghost" size="sm" aria-label={t("addresses.remove", { index: index + 1 })} onClick={() => remove(index)}>
                  <Trash2Icon aria-hidden />
                  {common("remove")}
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-3">
                {addressFields.map((field) =>
                  field.name === "postal_code" ? (
                    <PostalCodeField
                      key={field.name}
                      control={control}
                      name={`addresses.${index}.postal_code`}
                      label={t("addresses.fields.postal_code")}
                    />
                  ) : field.name === "state" ? (
                    <StateField key={field.name} control={control} name={`addresses.${index}.state`} label={t("addresses.fields.state")} />
                  ) : (
                    <TextField
                      key={field.name}
                      control={control}
                      name={`addresses.${index}.${field.name}`}
                      label={t(`addresses.fields.${field.name}`)}
                      maxLength={field.maxLength}
                      autoComplete="off"
                      className={field.className}
                    />
                  ),
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {listError && <p className="mt-2 text-sm text-destructive">{listError}</p>}
    </div>
  );
}
