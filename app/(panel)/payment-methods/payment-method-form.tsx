"use client";

import { KeyRoundIcon, PlusIcon, Trash2Icon, Undo2Icon } from "lucide-react";
import { useState } from "react";
import { useController, useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { AttributesField, fieldMessage, NumberField, ResourceForm, SelectField, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import {
  conditionTypes,
  paymentMethodForm,
  paymentMethodTypes,
  type PaymentMethod,
  type PaymentMethodWrite,
  type PaymentMethodWriteOutput,
} from "@/server/settings/payment-methods/schemas";

export const paymentMethodTypeLabels: Record<(typeof paymentMethodTypes)[number], string> = {
  CREDIT_CARD: "Credit card",
  DEBIT_CARD: "Debit card",
  PIX: "PIX",
  BOLETO: "Boleto",
  CASH: "Cash",
  BANK_TRANSFER: "Bank transfer",
};
const typeOptions = paymentMethodTypes.map((value) => ({ value, label: paymentMethodTypeLabels[value] }));
const conditionOptions = conditionTypes.map((value) => ({ value, label: value === "IN_FULL" ? "In full" : "Installments" }));

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
      ? { vendor: method.provider.vendor ?? "", image: method.provider.image, access_key: method.provider.access_key ?? "", attributes: method.provider.attributes }
      : null,
    condition: method.condition
      ? {
          type: method.condition.type as "IN_FULL" | "INSTALLMENTS",
          due_date: method.condition.due_date ? { type: "DELAY", value: method.condition.due_date.value } : null,
          subsequent_due_date: method.condition.subsequent_due_date ? { type: "DELAY", value: method.condition.subsequent_due_date.value } : null,
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

type Form = UseFormReturn<PaymentMethodWrite, unknown, PaymentMethodWriteOutput>;

export interface PaymentMethodFormProps {
  defaultValues: PaymentMethodWrite;
  /** The stored secret as the API shows it (masked), on edit. */
  storedSecret?: string | null;
  onSubmit: (values: PaymentMethodWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

export function PaymentMethodForm({ defaultValues, storedSecret = null, onSubmit, readOnly, submitLabel, secondaryActions }: PaymentMethodFormProps) {
  const form = useResourceForm(paymentMethodForm, { defaultValues });
  const { control } = form;
  return (
    <ResourceForm form={form} onSubmit={onSubmit} readOnly={readOnly} submitLabel={submitLabel} cancelHref="/payment-methods" secondaryActions={secondaryActions}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={control} name="name" label="Name" required maxLength={120} autoComplete="off" />
        <SelectField control={control} name="type" label="Type" options={typeOptions} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField control={control} name="minimum_value" label="Minimum order value" step="any" min={0} />
        <NumberField control={control} name="maximum_value" label="Maximum order value" step="any" min={0} />
        <NumberField control={control} name="adjustment_rate" label="Adjustment rate (%)" step="any" description="Applied to the price; negative for a discount." />
        <NumberField control={control} name="minimum_installment_value" label="Minimum installment value" step="any" min={0} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <SwitchField control={control} name="active" label="Active" />
        <SwitchField control={control} name="always_visible" label="Always visible" />
        <SwitchField control={control} name="capture_delay" label="Delayed capture" />
      </div>
      <ProviderSection form={form} storedSecret={storedSecret} />
      <ConditionSection form={form} />
      <InstallmentsEditor form={form} />
      <AttributesField control={control} name="attributes" entity="payment_method" />
    </ResourceForm>
  );
}

function Section({ title, description, actions, children }: { title: string; description?: string; actions?: React.ReactNode; children?: React.ReactNode }) {
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
  const { control, setValue } = form;
  const provider = useWatch({ control, name: "provider" });
  const enabled = provider !== null && provider !== undefined;
  return (
    <Section
      title="Provider"
      description="The payment gateway that processes this method. Its secret key is stored encrypted and never shown whole."
      actions={
        enabled ? (
          <Button variant="ghost" size="sm" onClick={() => setValue("provider", null, { shouldDirty: true })}>
            <Trash2Icon aria-hidden />
            Remove provider
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setValue("provider", { vendor: "", access_key: "", attributes: {} }, { shouldDirty: true })}>
            <PlusIcon aria-hidden />
            Add provider
          </Button>
        )
      }
    >
      {enabled && (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField control={control} name="provider.vendor" label="Vendor" maxLength={100} autoComplete="off" placeholder="Cielo, Stone, PagSeguro…" />
            <TextField control={control} name="provider.access_key" label="Access key" maxLength={500} autoComplete="off" />
          </div>
          <SecretField form={form} stored={storedSecret} />
          <AttributesField control={control} name="provider.attributes" label="Provider settings" description="Extra settings the gateway needs (text values)." />
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
  const { field, fieldState } = useController({ control: form.control, name: "provider.secret_key" });
  const [replacing, setReplacing] = useState(!stored);
  const removing = field.value === "";
  const label = stored ? "Replace secret" : "Secret key";
  const error = fieldMessage(label, fieldState.error?.message);
  return (
    <div className="grid gap-2">
      {stored && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <KeyRoundIcon className="size-4 text-muted-foreground" aria-hidden />
          <span className="text-muted-foreground">Stored secret</span>
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-testid="masked-secret">
            {removing ? "will be removed" : stored}
          </code>
          {removing ? (
            <Button variant="ghost" size="sm" onClick={() => field.onChange(undefined)}>
              <Undo2Icon aria-hidden />
              Keep it
            </Button>
          ) : (
            <>
              {!replacing && (
                <Button variant="outline" size="sm" onClick={() => setReplacing(true)}>
                  Replace secret
                </Button>
              )}
              <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={() => { setReplacing(false); field.onChange(""); }}>
                Remove secret
              </Button>
            </>
          )}
        </div>
      )}
      {replacing && !removing && (
        <Field label={label} error={error} description={stored ? "Leave empty to keep the stored secret." : "Stored encrypted; only its last four characters are ever shown."}>
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

function DaysInput({ form, name, label }: { form: Form; name: "condition.due_date" | "condition.subsequent_due_date"; label: string }) {
  const { field, fieldState } = useController({ control: form.control, name });
  const error = (fieldState.error as { value?: { message?: string } } | undefined)?.value?.message ?? fieldState.error?.message;
  return (
    <Field label={label} error={fieldMessage(label, error)} description="Days; empty for none.">
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        name={field.name}
        ref={field.ref}
        onBlur={field.onBlur}
        value={field.value?.value ?? ""}
        onChange={(event) => field.onChange(event.target.value === "" ? null : { type: "DELAY", value: event.target.valueAsNumber })}
      />
    </Field>
  );
}

function ConditionSection({ form }: { form: Form }) {
  const { control, setValue } = form;
  const condition = useWatch({ control, name: "condition" });
  const enabled = condition !== null && condition !== undefined;
  return (
    <Section
      title="Payment condition"
      description="When the buyer pays: in full or in installments, and the due dates."
      actions={
        enabled ? (
          <Button variant="ghost" size="sm" onClick={() => setValue("condition", null, { shouldDirty: true })}>
            <Trash2Icon aria-hidden />
            Remove condition
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setValue("condition", { type: "IN_FULL", due_date: { type: "DELAY", value: 0 }, subsequent_due_date: null }, { shouldDirty: true })}>
            <PlusIcon aria-hidden />
            Add condition
          </Button>
        )
      }
    >
      {enabled && (
        <div className="grid gap-5 sm:grid-cols-3">
          <SelectField control={control} name="condition.type" label="Condition" required options={conditionOptions} />
          <DaysInput form={form} name="condition.due_date" label="First due date" />
          <DaysInput form={form} name="condition.subsequent_due_date" label="Next due dates" />
        </div>
      )}
    </Section>
  );
}

function InstallmentsEditor({ form }: { form: Form }) {
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "installments" });
  const errors = formState.errors.installments;
  const next = () => {
    const sequences = (form.getValues("installments") ?? []).map((item) => item.sequence).filter(Number.isFinite);
    const sequence = sequences.length === 0 ? 1 : Math.max(...sequences) + 1;
    append({ sequence, installment_id: `${sequence}x`, tax: 0, discount: 0, due_date_delay: sequence * 30, due_date_type: "DELAY", attributes: {} });
  };
  const numberOptions = { setValueAs: (value: string) => (value === "" ? undefined : Number(value)) };
  const columns = [
    { key: "sequence", label: "Sequence", step: 1 },
    { key: "tax", label: "Tax %", step: "any" },
    { key: "discount", label: "Discount %", step: "any" },
    { key: "due_date_delay", label: "Due in (days)", step: 1 },
  ] as const;
  return (
    <Section
      title="Installments"
      description="The installment plans offered; sequences must be unique."
      actions={
        <Button variant="outline" size="sm" onClick={next} disabled={fields.length >= 120}>
          <PlusIcon aria-hidden />
          Add installment
        </Button>
      }
    >
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">No installments.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="Installments">
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                {columns.map((column) => (
                  <th key={column.key} className="px-1 pb-1 font-medium">
                    {column.label}
                  </th>
                ))}
                <th className="px-1 pb-1 font-medium">Installment id</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {fields.map((item, index) => {
                const rowErrors = errors?.[index];
                const messages = [...columns.map((column) => [column.label, rowErrors?.[column.key]?.message] as const), ["Installment id", rowErrors?.installment_id?.message] as const]
                  .filter(([, message]) => message)
                  .map(([label, message]) => fieldMessage(label, message));
                return (
                  <tr key={item.id} className="align-top">
                    {columns.map((column) => (
                      <td key={column.key} className="p-1">
                        <Input
                          type="number"
                          step={column.step}
                          className="min-w-20"
                          aria-label={`Installment ${index + 1} ${column.label.toLowerCase()}`}
                          aria-invalid={rowErrors?.[column.key] ? true : undefined}
                          {...register(`installments.${index}.${column.key}`, numberOptions)}
                        />
                      </td>
                    ))}
                    <td className="p-1">
                      <Input className="min-w-20" aria-label={`Installment ${index + 1} id`} {...register(`installments.${index}.installment_id`, { setValueAs: (value: unknown) => (value === "" ? null : value) })} />
                      {messages.length > 0 && (
                        <p role="alert" className="mt-1 text-xs text-destructive">
                          {messages.join(" · ")}
                        </p>
                      )}
                    </td>
                    <td className="p-1">
                      <Button variant="ghost" size="icon" aria-label={`Remove installment ${index + 1}`} onClick={() => remove(index)}>
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
