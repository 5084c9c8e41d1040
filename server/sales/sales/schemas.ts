import { z } from "zod";
import { financial } from "../../finance/financials/schemas";
import { dateTimeInput, periodEndInput } from "../../lib/calendar";
import { decimalPlaces, moneyInput } from "../../lib/money";
import { pagingInput, queryBoolean } from "../../lib/paging";
import { attributes, uuid } from "../../lib/schemas";

/** Maps of string to string (automation fields, complements of the checkout). */
const stringMap = z.record(z.string().max(100), z.string({ message: "must be a string" }).max(10_000)).default({});
const text = (max = 200) => z.string().trim().max(max).nullish();

/** A quantity: finite, greater than zero, at most four decimals (numeric(18,4)). */
export const quantityInput = z
  .number({ message: "must be a number" })
  .finite("must be a finite number")
  .gt(0, "must be greater than zero")
  .max(1_000_000_000, "is too large")
  .refine((value) => decimalPlaces(value) <= 4, { message: "must have at most 4 decimal places", params: { maximumDecimals: 4 } })
  .meta({ override: { multipleOf: 0.0001 } });

export const resumeField = z.object({
  name: text(),
  title: text(),
  value: text(2000),
  type: text(),
  mask: text(),
  order: z.number().finite().nullish(),
});

export const complementWrite = z.object({
  id: z.string().max(100).nullish(),
  product_complement_id: text(),
  product_complement_option_id: text(),
  product_complement_option_key: text(),
  key: text(),
  title: text(),
  type: text(),
  selected_value: text(2000),
  value_paid: moneyInput.nullish(),
});

export const saleItemWrite = z.object({
  product_id: uuid,
  product_variation_id: uuid.nullish(),
  unit: text(40),
  item_origin_value: text(),
  item_origin_type: text(40),
  quantity: quantityInput,
  unit_value: moneyInput,
  discount: moneyInput.default(0),
  /** When sent, must equal unit_value × quantity − discount (within 0.01). */
  total_value: moneyInput.nullish(),
  automation_fields: stringMap,
  complements: z.array(complementWrite).max(100).default([]),
  resume_fields: z.array(resumeField).max(100).default([]),
});

/** Card data of a card payment (beyond the interface): kept on its receivables, the number masked to its last four digits. */
export const cardWrite = z.object({
  brand: text(40),
  holder: text(),
  number: z
    .string()
    .trim()
    .regex(/^[\d *-]{4,23}$/, "must be a card number (digits)")
    .nullish(),
  expiration_month: text(2),
  expiration_year: text(4),
  nsu: text(60),
  tid: text(60),
});

export const salePaymentWrite = z.object({
  payment_method_id: uuid,
  installment_id: text(100),
  transaction_id: text(200),
  amount: moneyInput,
  /** Between 1 and the payment method's installment count (1 when it has none). */
  installments: z.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(120).default(1),
  card: cardWrite.nullish(),
});

const addressFields = {
  address_name: text(),
  address_type: text(40),
  street: text(),
  number: text(40),
  complement: text(),
  neighborhood: text(),
  city: text(),
  state: text(40),
  postal_code: text(20),
  country: text(40),
  contact_name: text(),
  contact_number: text(40),
};

/**
 * The sale's delivery (interface), plus the address fields of the create response: sent
 * ones are used, otherwise the partner's default address.
 */
export const deliveryWrite = z.object({
  id: text(100),
  delivery_method_id: uuid.nullish(),
  delivery_rule_id: text(100),
  delivery_date: text(40),
  delivery_scheduling_id: text(100),
  delivery_method_period_start: text(40),
  delivery_method_period_end: text(40),
  delivery_method_period_type: text(40),
  delivery_method_type: text(40),
  delivery_method_name: text(),
  delivery_method_price_type: text(40),
  delivery_method_custom_label: text(),
  delivery_method_notes: text(2000),
  /** Beyond the interface (contract §10): the warehouse the order's stock comes from (else the default). */
  warehouse_id: uuid.nullish(),
  ...addressFields,
});
export type DeliveryWrite = z.output<typeof deliveryWrite>;

/** Body of POST /sales (interface "Sale"; totals checked as contract §7 says). */
export const saleWrite = z.object({
  external_id: text(100),
  company_id: uuid.nullish(),
  partner_id: uuid,
  seller_id: uuid.nullish(),
  observation: text(5000),
  shopping_cart_id: text(100),
  created_at: dateTimeInput,
  updated_by: z.string().trim().min(1, "is required").max(200),
  total_value: moneyInput,
  full_value: moneyInput,
  invoices: z.array(z.string().trim().max(100)).max(50).default([]),
  quotation: z.boolean({ message: "must be true or false" }).default(false),
  origin: z.object({ solution_id: uuid.nullish(), attributes: stringMap }).nullish(),
  items: z.array(saleItemWrite).max(500, "at most 500 items").default([]),
  freight: z.object({ amount: moneyInput.default(0), edit_reason: text(500) }).nullish(),
  discount: z
    .array(z.object({ type: z.string().trim().min(1, "is required").max(40), amount: moneyInput }))
    .max(20)
    .default([]),
  payments: z.array(salePaymentWrite).max(20).default([]),
  pre_order_complement: stringMap,
  checkout_complement: stringMap,
  automation_fields: stringMap,
  email_config: attributes.default({}),
  resume_fields: z.array(resumeField).max(100).default([]),
  delivery: deliveryWrite.nullish(),
  coupons: z
    .array(z.object({ coupon_id: uuid, attributes: attributes.default({}) }))
    .max(10)
    .default([])
    .refine((coupons) => new Set(coupons.map((coupon) => coupon.coupon_id)).size === coupons.length, "lists a coupon twice"),
  attributes: attributes.default({}),
});
export type SaleWrite = z.input<typeof saleWrite>;
export type SaleWriteOutput = z.output<typeof saleWrite>;

const stringRecord = z.record(z.string(), z.string());
const json = z.record(z.string(), z.unknown());
const nullableText = z.string().nullable();

export const saleDelivery = z.object({
  address_type: nullableText,
  street: nullableText,
  number: nullableText,
  complement: nullableText,
  neighborhood: nullableText,
  city: nullableText,
  state: nullableText,
  postal_code: nullableText,
  country: nullableText,
  contact_name: nullableText,
  contact_number: nullableText,
});

const saleItem = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  quantity: z.number(),
  unit: nullableText,
  unit_value: z.number(),
  discount: z.number(),
  total_value: z.number(),
  item_origin_value: nullableText,
  item_origin_type: nullableText,
  product_variation_id: nullableText,
});

const salePayment = z.object({
  id: z.string(),
  payment_method_id: z.string(),
  payment_method_name: z.string(),
  payment_method_type: nullableText,
  amount: z.number(),
  installments: z.number(),
});

/** The create response of POST /sales (interface), plus `order_id` and the current `status`. */
export const saleCreated = z.object({
  id: z.string(),
  external_id: nullableText,
  organization_id: z.string(),
  company_id: nullableText,
  partner_id: z.string(),
  seller_id: nullableText,
  updated_by: z.string(),
  total_value: z.number(),
  full_value: z.number(),
  total_discount: z.number(),
  created_at: z.string(),
  invoices: z.array(z.string()),
  origin: z.object({ origin_id: nullableText, attributes: stringRecord }),
  items: z.array(saleItem),
  freight: z.object({ id: z.string(), amount: z.number() }),
  discount: z.array(z.object({ id: z.string(), type: z.string(), amount: z.number() })),
  payments: z.array(salePayment),
  pre_order_complement: stringRecord,
  checkout_complement: stringRecord,
  automation_fields: stringRecord,
  delivery: saleDelivery,
  quotation: z.boolean(),
  /** The order the sale made (null for a quotation). */
  order_id: nullableText,
  /** That order's number in the org ("Pedido nº 1.234"). */
  order_number: z.number().int().nullable(),
});
export type SaleCreated = z.output<typeof saleCreated>;

export const saleStatus = z.object({
  id: z.string(),
  status_id: z.string(),
  title: z.string(),
  background_color: z.string(),
  font_color: z.string(),
});

const origin = z.object({ id: nullableText, origin_id: nullableText, name: nullableText, metadata: json, attributes: stringRecord });

const financialCard = z.object({
  brand: nullableText,
  holder: nullableText,
  number: nullableText,
  expiration_month: nullableText,
  expiration_year: nullableText,
  nsu: nullableText,
  tid: nullableText,
});

/** A payment in the sale detail: card, PIX and billet data come from its first receivable (contract §7 "Capture"). */
export const salePaymentDetail = salePayment.extend({
  installment_id: nullableText,
  transaction_id: nullableText,
  has_payment_gateway: z.boolean(),
  /** The gateway adapter that captures it (`manual` built in), null when it has none. */
  gateway: nullableText,
  captured_at: nullableText,
  capture_reference: nullableText,
  card: financialCard.nullable(),
  pix: z.object({ qr_code: nullableText, resource_file_id: nullableText }).nullable(),
  payment_billet: z
    .object({ financial_id: z.string(), bar_code: nullableText, qr_code: nullableText, resource_file_id: nullableText })
    .nullable(),
});
export type SalePaymentDetail = z.output<typeof salePaymentDetail>;

/** GET /sales/{id} (interface "Sale detail"). */
export const saleDetail = saleCreated.extend({
  status: saleStatus,
  observation: nullableText,
  shopping_cart_id: nullableText,
  company: z.object({ id: z.string(), name: z.string(), fiscal_registration_number: z.string() }).nullable(),
  partner: z.object({
    id: z.string(),
    name: z.string(),
    phone: nullableText,
    mobile: nullableText,
    fiscal_registration_number: z.string(),
    email: nullableText,
  }),
  seller: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  origin,
  items: z.array(
    saleItem.extend({
      unit_id: nullableText,
      product_image: nullableText,
      complements: z.array(json),
      automation_fields: stringRecord,
      resume_fields: z.array(json),
    }),
  ),
  freight: z.object({ id: z.string(), amount: z.number(), edit_reason: nullableText }),
  payments: z.array(salePaymentDetail),
  resume_fields: z.array(json),
  statuses: z.array(z.object({ id: z.string(), status_id: z.string(), title: z.string(), created_at: z.string() })),
  webhook_error: nullableText,
  delivery_method_id: nullableText,
  delivery_rule_id: nullableText,
  delivery_date: nullableText,
  delivery_scheduling_id: nullableText,
  delivery_method_period_start: nullableText,
  delivery_method_period_end: nullableText,
  delivery_method_period_type: nullableText,
  delivery_method_type: nullableText,
  delivery_method_name: nullableText,
  delivery_method_price_type: nullableText,
  delivery_method_custom_label: nullableText,
  coupons: z.array(
    z.object({ coupon_id: z.string(), code: z.string(), name: z.string(), type: z.string(), value_type: z.string(), value: z.number() }),
  ),
  financials: z.array(financial),
  attributes: json,
});
export type SaleDetail = z.output<typeof saleDetail>;

/** The sale list record (interface). `items_quantity` counts the sale's item lines. */
export const saleListRecord = z.object({
  id: z.string(),
  company_id: nullableText,
  external_id: nullableText,
  partner_id: z.string(),
  partner_name: z.string(),
  total_value: z.number(),
  items_quantity: z.number(),
  origin_id: nullableText,
  origin_name: nullableText,
  origin: z.object({ id: nullableText, name: nullableText, metadata: json, attributes: stringRecord }),
  created_at: z.string(),
  payments: z.array(z.object({ id: z.string(), name: z.string() })),
  status: saleStatus,
  webhook_error: nullableText,
  quotation: z.boolean(),
});
export type SaleListRecord = z.output<typeof saleListRecord>;

export const SALE_SORT = ["id", "created_at", "total_value", "external_id", "partner_name", "quotation"] as const;

export const saleFilters = z.object({
  partner_id: z.string().trim().optional(),
  start_date: dateTimeInput.optional(),
  final_date: periodEndInput.optional(),
  quotation: queryBoolean.optional(),
});

/** GET /sales: the paging parameters (default sort `id`, interface "Limits") and the filters. */
export const saleListInput = pagingInput(SALE_SORT).extend(saleFilters.shape);
export type SaleListInput = z.output<typeof saleListInput>;

/** PUT /sales/capture (contract §5 "Sale capture"). */
export const captureInput = z.object({
  sale_id: z.string().trim().min(1, "is required"),
  /** The payment to capture; the sale's first card payment when absent. */
  payment_id: z.string().trim().nullish(),
});
export type CaptureInput = z.output<typeof captureInput>;

/** PUT /sales/{saleId}/call-create-order-webhook: the sale whose order is asked for. */
export const saleWebhookInput = z.object({ saleId: z.string() });
