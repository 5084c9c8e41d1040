"use client";

import { KeyRoundIcon, PlusIcon, Trash2Icon, Undo2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Controller, useController, useFieldArray, useWatch } from "react-hook-form";
import { listHref } from "@/components/data-table";
import {
  AttributesField,
  fieldMessage,
  MoneyField,
  PercentField,
  ResourceForm,
  SelectField,
  SwitchField,
  TextField,
  useResourceForm,
  type ResourceFormReturn,
} from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { DecimalInput, useParseErrorMessage } from "@/components/ui/decimal-input";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useEnumOptions } from "@/lib/i18n";
import type { ParseError } from "@/lib/numbers";
import {
  conditionTypes,
  paymentMethodForm,
  paymentMethodTypes,
  type PaymentMethod,
  type PaymentMethodWrite,
  type PaymentMethodWriteOutput,
} from "@/server/settings/payment-methods/schemas";

export const emptyPaymentMethod: PaymentMethodWrite = {
  name: "",
  type: "CREDIT_CARD",
  minimum_value: null,
  maximum_value: null,
  active: true,
  adjustment_rate: null,
  minimum_installment_value: null,
  always_visible: false,
  capture_delay: false,
  provider: null,
  condition: null,
  installments: [],
  attributes: {},
};

/** A payment method's answer as form values: the secret left out (kept unless replaced). */
export function paymentMethodValues(method: PaymentMethod): PaymentMethodWrite {
  return {
    name: method.name,
    type: (method.type as PaymentMethodWrite["type"]) ?? null,
    minimum_value: method.minimum_value,
    maximum_value: method.maximum_value,
    active: method.active,
    adjustment_rate: method.adjustment_rate,
    minimum_installment_value: method.minimum_installment_value,
    always_visible: method.always_visible,
    capture_delay: method.capture_delay,
    provider: method.provider
      ? {
          vendor: method.provider.vendor ?? "",
          image: method.provider.image,
          access_key: method.provider.access_key ?? "",
          attributes: method.provider.attributes,
        }
      : null,
    condition: method.condition
      ? {
          type: method.condition.type as "IN_FULL" | "INSTALLMENTS",
          due_date: method.condition.due_date ? { type: "DELAY", value: method.condition.due_date.value } : null,
          subsequent_due_date: method.condition.subsequent_due_date
            ? { type: "DELAY", value: method.condition.subsequent_due_date.value }
            : null,
        }
      : null,
    installments: method.installments.map(({ id, sequence, installment_id, tax, discount, due_date_delay, attributes }) => ({
      id,
      sequence,
      installment_id,
      tax,
      discount,
      due_date_delay,
      due_date_type: "DELAY",
      attributes,
    })),
    attributes: method.attributes,
  };
}

type Form = ResourceFormReturn<PaymentMethodWrite, PaymentMethodWriteOutput>;

/** Decimals of a rate (adjustment, installment tax and discount). */
const RATE_DECIMALS = 4;

export interface PaymentMethodFormProps {
  defaultValues: PaymentMethodWrite;
  /** The stored secret as the API shows it (masked), on edit. */
  storedSecret?: string | null;
  onSubmit: (values: PaymentMethodWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

export function PaymentMethodForm({
  defaultValues,
  storedSecret = null,
  onSubmit,
  readOnly,
  submitLabel,
  secondaryActions,
}: PaymentMethodFormProps) {
  const t = useTranslations("paymentMethods");
  const typeOptions = useEnumOptions("paymentMethodType", paymentMethodTypes);
  const form = useResourceForm(paymentMethodForm, { defaultValues, labels: "paymentMethods.fields" });
  const { control } = form;
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/payment-methods")}
      secondaryActions={secondaryActions}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={control} name="name" label={t("fields.name")} required maxLength={120} autoComplete="off" />
        <SelectField control={control} name="type" label={t("fields.type")} options={typeOptions} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <MoneyField control={control} name="minimum_value" label={t("fields.minimum_value")} />
        <MoneyField control={control} name="maximum_value" label={t("fields.maximum_value")} />
        <PercentField
          control={control}
          name="adjustment_rate"
          label={t("fields.adjustment_rate")}
          decimals={RATE_DECIMALS}
          description={t("adjustmentDescription")}
        />
        <MoneyField control={control} name="minimum_installment_value" label={t("fields.minimum_installment_value")} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <SwitchField control={control} name="active" label={t("fields.active")} />
        <SwitchField control={control} name="always_visible" label={t("fields.always_visible")} />
        <SwitchField control={control} name="capture_delay" label={t("fields.capture_delay")} />
      </div>
      <ProviderSection form={form} storedSecret={storedSecret} />
      <ConditionSection form={form} />
      <InstallmentsEditor form={form} />
      <AttributesField control={control} name="attributes" entity="payment_method" />
    </ResourceForm>
  );
}

function Section({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="grid gap-4 rounded-md border p-4" aria-label={title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-sm font-medium">{title}</h2>
          {description && <p className="text-xs text-muted-foreground">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

function ProviderSection({ form, storedSecret }: { form: Form; storedSecret: string | null }) {
  const t = useTranslations("paymentMethods.provider");
  const { control, setValue } = form;
  const provider = useWatch({ control, name: "provider" });
  const enabled = provider !== null && provider !== undefined;
  return (
    <Section
      title={t("title")}
      description={t("description")}
      actions={
        enabled ? (
          <Button variant="ghost" size="sm" onClick={() => setValue("provider", null, { shouldDirty: true })}>
            <Trash2Icon aria-hidden />
            {t("remove")}
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setValue("provider", { vendor: "", access_key: "", attributes: {} }, { shouldDirty: true })}
          >
            <PlusIcon aria-hidden />
            {t("add")}
          </Button>
        )
      }
    >
      {enabled && (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              control={control}
              name="provider.vendor"
              label={t("vendor")}
              maxLength={100}
              autoComplete="off"
              placeholder={t("vendorPlaceholder")}
            />
            <TextField control={control} name="provider.access_key" label={t("accessKey")} maxLength={500} autoComplete="off" />
          </div>
          <SecretField form={form} stored={storedSecret} />
          <AttributesField
            control={control}
            name="provider.attributes"
            label={t("settings")}
            description={t("settingsDescription")}
            types={["text"]}
          />
        </>
      )}
    </Section>
  );
}

/**
 * The secret: the stored one masked, and an input that replaces it. Left empty, the
 * write omits the secret and the server keeps the stored one.
 */
function SecretField({ form, stored }: { form: Form; stored: string | null }) {
  const t = useTranslations("paymentMethods.provider");
  const { field, fieldState } = useController({ control: form.control, name: "provider.secret_key" });
  const [replacing, setReplacing] = useState(!stored);
  const removing = field.value === "";
  const label = stored ? t("replaceSecret") : t("secretKey");
  const error = fieldMessage(label, fieldState.error?.message);
  return (
    <div className="grid gap-2">
      {stored && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <KeyRoundIcon className="size-4 text-muted-foreground" aria-hidden />
          <span className="text-muted-foreground">{t("storedSecret")}</span>
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-testid="masked-secret">
            {removing ? t("willBeRemoved") : stored}
          </code>
          {removing ? (
            <Button variant="ghost" size="sm" onClick={() => field.onChange(undefined)}>
              <Undo2Icon aria-hidden />
              {t("keepSecret")}
            </Button>
          ) : (
            <>
              {!replacing && (
                <Button variant="outline" size="sm" onClick={() => setReplacing(true)}>
                  {t("replaceSecret")}
                </Button>
              )}
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => {
                  setReplacing(false);
                  field.onChange("");
                }}
              >
                {t("removeSecret")}
              </Button>
            </>
          )}
        </div>
      )}
      {replacing && !removing && (
        <Field label={label} error={error} description={stored ? t("keepDescription") : t("newDescription")}>
          <Input
            type="password"
            autoComplete="new-password"
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={typeof field.value === "string" ? field.value : ""}
            onChange={(event) => field.onChange(event.target.value === "" ? undefined : event.target.value)}
          />
        </Field>
      )}
    </div>
  );
}

/** Days after the purchase (or the previous due date), or none. */
function DaysInput({ form, name, label }: { form: Form; name: "condition.due_date" | "condition.subsequent_due_date"; label: string }) {
  const t = useTranslations("paymentMethods");
  const { field, fieldState } = useController({ control: form.control, name });
  const [parseError, setParseError] = useState<ParseError | null>(null);
  const parseMessage = useParseErrorMessage();
  const error = (fieldState.error as { value?: { message?: string } } | undefined)?.value?.message ?? fieldState.error?.message;
  return (
    <Field
      label={label}
      error={fieldMessage(label, (error && parseMessage(parseError, 0)) ?? error)}
      description={t("condition.daysDescription")}
    >
      <DecimalInput
        decimals={0}
        suffix={t("days")}
        name={field.name}
        ref={field.ref}
        onBlur={field.onBlur}
        value={field.value?.value ?? null}
        onValueChange={(days) => field.onChange(days === null ? null : { type: "DELAY", value: days })}
        onParseErrorChange={setParseError}
      />
    </Field>
  );
}

function ConditionSection({ form }: { form: Form }) {
  const t = useTranslations("paymentMethods.condition");
  const conditionOptions = useEnumOptions("conditionType", conditionTypes);
  const { control, setValue } = form;
  const condition = useWatch({ control, name: "condition" });
  const enabled = condition !== null && condition !== undefined;
  return (
    <Section
      title={t("title")}
      description={t("description")}
      actions={
        enabled ? (
          <Button variant="ghost" size="sm" onClick={() => setValue("condition", null, { shouldDirty: true })}>
            <Trash2Icon aria-hidden />
            {t("remove")}
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              setValue(
                "condition",
                { type: "IN_FULL", due_date: { type: "DELAY", value: 0 }, subsequent_due_date: null },
                { shouldDirty: true },
              )
            }
          >
            <PlusIcon aria-hidden />
            {t("add")}
          </Button>
        )
      }
    >
      {enabled && (
        <div className="grid gap-5 sm:grid-cols-3">
          <SelectField control={control} name="condition.type" label={t("type")} required options={conditionOptions} />
          <DaysInput form={form} name="condition.due_date" label={t("firstDue")} />
          <DaysInput form={form} name="condition.subsequent_due_date" label={t("nextDue")} />
        </div>
      )}
    </Section>
  );
}

type InstallmentNumber = "sequence" | "tax" | "discount" | "due_date_delay";

/** The number columns of an installment: whole numbers, or rates with a percent sign. */
const installmentColumns: ReadonlyArray<{ key: InstallmentNumber; decimals: number; percent?: boolean }> = [
  { key: "sequence", decimals: 0 },
  { key: "tax", decimals: RATE_DECIMALS, percent: true },
  { key: "discount", decimals: RATE_DECIMALS, percent: true },
  { key: "due_date_delay", decimals: 0 },
];

function InstallmentsEditor({ form }: { form: Form }) {
  const t = useTranslations("paymentMethods.installments");
  const parseMessage = useParseErrorMessage();
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "installments" });
  const [parseErrors, setParseErrors] = useState<Record<string, ParseError | null>>({});
  const errors = formState.errors.installments;
  const columnLabel: Record<InstallmentNumber, string> = {
    sequence: t("sequence"),
    tax: t("tax"),
    discount: t("discount"),
    due_date_delay: t("dueIn"),
  };
  const next = () => {
    const sequences = (form.getValues("installments") ?? []).map((item) => item.sequence).filter(Number.isFinite);
    const sequence = sequences.length === 0 ? 1 : Math.max(...sequences) + 1;
    append({
      sequence,
      installment_id: `${sequence}x`,
      tax: 0,
      discount: 0,
      due_date_delay: sequence * 30,
      due_date_type: "DELAY",
      attributes: {},
    });
  };
  return (
    <Section
      title={t("title")}
      description={t("description")}
      actions={
        <Button variant="outline" size="sm" onClick={next} disabled={fields.length >= 120}>
          <PlusIcon aria-hidden />
          {t("add")}
        </Button>
      }
    >
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={t("title")}>
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                {installmentColumns.map((column) => (
                  <th key={column.key} className="px-1 pb-1 font-medium">
                    {columnLabel[column.key]}
                  </th>
                ))}
                <th className="px-1 pb-1 font-medium">{t("id")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {fields.map((item, index) => {
                const rowErrors = errors?.[index];
                const messages = [
                  ...installmentColumns.map(
                    (column) =>
                      [
                        columnLabel[column.key],
                        parseMessage(rowErrors?.[column.key] ? (parseErrors[`${item.id}.${column.key}`] ?? null) : null, column.decimals) ??
                          rowErrors?.[column.key]?.message,
                      ] as const,
                  ),
                  [t("id"), rowErrors?.installment_id?.message] as const,
                ]
                  .filter(([, message]) => message)
                  .map(([label, message]) => fieldMessage(label, message));
                return (
                  <tr key={item.id} className="align-top">
                    {installmentColumns.map((column) => (
                      <td key={column.key} className="p-1">
                        <Controller
                          control={control}
                          name={`installments.${index}.${column.key}`}
                          render={({ field }) => (
                            <DecimalInput
                              decimals={column.decimals}
                              excess={column.percent ? "round" : "reject"}
                              suffix={column.percent ? "%" : undefined}
                              className="min-w-24"
                              aria-label={t("cell", { index: index + 1, column: columnLabel[column.key] })}
                              aria-invalid={rowErrors?.[column.key] ? true : undefined}
                              name={field.name}
                              ref={field.ref}
                              onBlur={field.onBlur}
                              value={field.value as number | null | undefined}
                              onValueChange={field.onChange}
                              onParseErrorChange={(error) =>
                                setParseErrors((current) => ({ ...current, [`${item.id}.${column.key}`]: error }))
                              }
                            />
                          )}
                        />
                      </td>
                    ))}
                    <td className="p-1">
                      <Input
                        className="min-w-20"
                        aria-label={t("cell", { index: index + 1, column: t("id") })}
                        {...register(`installments.${index}.installment_id`, {
                          setValueAs: (value: unknown) => (value === "" ? null : value),
                        })}
                      />
                      {messages.length > 0 && (
                        <p role="alert" className="mt-1 text-xs text-destructive">
                          {messages.join(" · ")}
                        </p>
                      )}
                    </td>
                    <td className="p-1">
                      <Button variant="ghost" size="icon" aria-label={t("remove", { index: index + 1 })} onClick={() => remove(index)}>
                        <Trash2Icon aria-hidden />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
