import { z } from "zod";
import { ruleIssue, type FieldError } from "../../errors";
import { money as decimal, moneyInput, percentInput } from "../../lib/money";
import { queryBoolean } from "../../lib/paging";
import { attributes, clientId, requiredText, uuid } from "../../lib/schemas";

export const paymentMethodTypes = ["CREDIT_CARD", "DEBIT_CARD", "PIX", "BOLETO", "CASH", "BANK_TRANSFER"] as const;
export const paymentMethodType = z.enum(paymentMethodTypes, { message: `must be one of: ${paymentMethodTypes.join(", ")}` });

const number = (message = "must be a number") => z.number({ message });
const money = moneyInput;
/** A percentage; negative rates are discounts (e.g. PIX −5%). */
const rate = percentInput(-100, 1000);
const boolean = z.boolean({ message: "must be true or false" });

export const dueDate = z.object({
  type: z.enum(["DELAY"], { message: "must be DELAY" }).default("DELAY"),
  /** Days after the purchase (or after the previous due date). */
  value: number().int("must be a whole number").min(0, "must not be negative").max(3650),
});

export const conditionTypes = ["IN_FULL", "INSTALLMENTS"] as const;
export const conditionWrite = z.object({
  type: z.enum(conditionTypes, { message: "must be IN_FULL or INSTALLMENTS" }),
  due_date: dueDate.nullish(),
  subsequent_due_date: dueDate.nullish(),
});

export const providerWrite = z.object({
  vendor: z.string().trim().max(100).nullish(),
  /** A logo or resource file reference of the vendor (answered as `image`). */
  image: z.string().trim().max(500).nullish(),
  access_key: z.string().max(500).nullish(),
  /**
   * The vendor's secret: stored encrypted, answered masked. Omitted (or sent back masked)
   * keeps the stored one; an empty string removes it.
   */
  secret_key: z.string().max(2000).nullish(),
  attributes: z.record(z.string(), z.string({ message: "must be a string" })).default({}),
});
export type ProviderWrite = z.input<typeof providerWrite>;

export const installmentWrite = z.object({
  id: uuid.optional(),
  sequence: number().int("must be a whole number").min(1, "must be at least 1").max(120),
  installment_id: z.union([z.string().max(100), z.number()]).nullish(),
  tax: rate.default(0),
  discount: rate.default(0),
  due_date_delay: number().int("must be a whole number").min(0, "must not be negative").max(3650).default(0),
  due_date_type: z.enum(["DELAY"], { message: "must be DELAY" }).default("DELAY"),
  attributes: attributes.default({}),
});
export type InstallmentWrite = z.input<typeof installmentWrite>;

export const paymentMethodWrite = z.object({
  id: clientId,
  name: requiredText(120),
  type: paymentMethodType.nullish(),
  minimum_value: money.nullish(),
  maximum_value: money.nullish(),
  active: boolean.default(true),
  adjustment_rate: rate.nullish(),
  minimum_installment_value: money.nullish(),
  always_visible: boolean.default(false),
  capture_delay: boolean.default(false),
  /** Omitted keeps the stored provider (its secret included); null removes it. */
  provider: providerWrite.nullish(),
  condition: conditionWrite.nullish(),
  installments: z.array(installmentWrite).max(120).default([]),
  attributes: attributes.default({}),
});
export type PaymentMethodWrite = z.input<typeof paymentMethodWrite>;
export type PaymentMethodWriteOutput = z.output<typeof paymentMethodWrite>;

/** Rules across fields, shared by the API (422) and the panel form. */
export function paymentMethodRules(
  input: Pick<PaymentMethodWriteOutput, "minimum_value" | "maximum_value" | "installments">,
): FieldError[] {
  const errors: FieldError[] = [];
  if (
    input.minimum_value != null &&
    input.maximum_value != null &&
    decimal(input.minimum_value).greaterThan(decimal(input.maximum_value))
  ) {
    errors.push({
      path: "maximum_value",
      message: "must not be less than minimum_value",
      code: "not_less_than",
      params: { field: "minimum_value" },
    });
  }
  const seen = new Set<number>();
  input.installments.forEach((installment, index) => {
    if (seen.has(installment.sequence))
      errors.push({
        path: `installments.${index}.sequence`,
        message: "is repeated",
        code: "repeated",
        params: { value: installment.sequence },
      });
    seen.add(installment.sequence);
  });
  return errors;
}

export const paymentMethodForm = paymentMethodWrite.superRefine((input, ctx) => {
  for (const error of paymentMethodRules(input)) ctx.addIssue(ruleIssue(error));
});

const dueDateAnswer = z.object({ type: z.string(), value: z.number() });

export const provider = z.object({
  id: z.string(),
  vendor: z.string().nullable(),
  image: z.string().nullable(),
  access_key: z.string().nullable(),
  /** Masked: every character but the last four is `*`. */
  secret_key: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
});
export type Provider = z.output<typeof provider>;

export const condition = z.object({
  id: z.string(),
  type: z.string(),
  due_date: dueDateAnswer.nullable(),
  subsequent_due_date: dueDateAnswer.nullable(),
});

export const installment = z.object({
  id: z.string(),
  payment_method_id: z.string(),
  sequence: z.number(),
  installment_id: z.union([z.string(), z.number()]).nullable(),
  tax: z.number(),
  discount: z.number(),
  due_date_delay: z.number(),
  due_date_type: z.string(),
  attributes,
});
export type Installment = z.output<typeof installment>;

export const paymentMethodListRecord = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  minimum_value: z.number().nullable(),
  maximum_value: z.number().nullable(),
  active: z.boolean(),
  adjustment_rate: z.number().nullable(),
  minimum_installment_value: z.number().nullable(),
  vendor: z.string().nullable(),
  always_visible: z.boolean(),
  attributes,
});
export type PaymentMethodListRecord = z.output<typeof paymentMethodListRecord>;

export const paymentMethod = paymentMethodListRecord.extend({
  capture_delay: z.boolean(),
  provider: provider.nullable(),
  condition: condition.nullable(),
  installments: z.array(installment),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentMethod = z.output<typeof paymentMethod>;

export const paymentMethodFilters = z.object({
  only_active: queryBoolean.optional(),
  /** Beyond the interface: true, the active ones; false, the inactive ones only (with only_active, none). */
  active: queryBoolean.optional(),
  vendor: z.string().trim().max(100).optional(),
  always_visible: queryBoolean.optional(),
  with_vendor: queryBoolean.optional(),
});
