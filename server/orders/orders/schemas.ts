import { z } from "zod";
import { itemTaxes, taxTotals } from "../../taxes/schemas";
import { dateInput, dateTimeText } from "../../lib/calendar";
import { decimalPlaces, moneyInput } from "../../lib/money";
import { normalizeNfeKey, isValidNfeKey } from "../../lib/nfe-key";
import { pagingInput, queryBoolean } from "../../lib/paging";
import { attributes, clientId, uuid } from "../../lib/schemas";
import { PHASES } from "../../settings/statuses/phases";

/** Fields an order list may be sorted by. */
export const ORDER_SORT = [
  "id",
  "number",
  "negotiation_date",
  "total_value",
  "order_value",
  "partner_name",
  "seller_name",
  "status",
  "created_at",
  "updated_at",
] as const;

const text = (max = 200) => z.string().trim().max(max);
const stringMap = z
  .record(z.string().min(1).max(100), z.string().max(2000))
  .refine((map) => Object.keys(map).length <= 200, "at most 200 keys");

/** A quantity: finite, greater than 0, at most 4 decimals. */
export const quantityInput = z
  .number({ message: "must be a number" })
  .finite("must be a finite number")
  .gt(0, "must be greater than 0")
  .max(1_000_000_000, "is too large")
  .refine((value) => decimalPlaces(value) <= 4, {
    message: "must have at most 4 decimal places",
    params: { maximumDecimals: 4 },
  })
  .meta({ override: { multipleOf: 0.0001 } });

const complement = z.object({
  product_complement_id: text(100).optional(),
  product_complement_option_id: text(100).optional(),
  product_complement_option_key: text(100).optional(),
  key: text(100).optional(),
  title: text(200).optional(),
  type: text(50).optional(),
  selected_value: text(500).optional(),
  value_paid: moneyInput.optional(),
});

const resumeField = z.object({
  name: z.string().optional(),
  title: z.string().optional(),
  value: z.string().optional(),
  type: z.string().optional(),
  mask: z.string().optional(),
  order: z.number().optional(),
});

/** Order item input (interface "Order write payloads"). */
export const orderItemInput = z.object({
  id: clientId,
  product_id: uuid,
  product_variation_id: uuid.nullish(),
  /** Beyond the interface (contract §10): the warehouse this item's stock comes from (else the order's, else the default). */
  warehouse_id: uuid.nullish(),
  /** The unit the quantity is in; the product's measure unit when absent. */
  unit: text(20).nullish(),
  unit_value: moneyInput,
  quantity: quantityInput,
  discount: moneyInput.default(0),
  /** When sent, must equal unit_value × quantity − discount (within 0.01). */
  total_value: moneyInput.optional(),
  item_origin_value: text(200).nullish(),
  item_origin_type: text(50).nullish(),
  automation_fields: stringMap.default({}),
  attributes: attributes.default({}),
  complements: z.array(complement).max(50).default([]),
  /** Beyond the interface: the resume fields a sale's item carries to its order. */
  resume_fields: z.array(resumeField).max(50).optional(),
});
export type OrderItemInput = z.output<typeof orderItemInput>;

/** Invoice input: an NF-e access key (44 digits, modulo-11 check digit), its files of the org. */
export const invoiceInput = z.object({
  invoice_key: z
    .string({ message: "is required" })
    .max(60)
    // 44 digits, grouped or not (spaces, dots, hyphens, slashes); the last one a modulo-11 check digit, which no pattern can say.
    .meta({ override: { type: "string", maxLength: 60, pattern: "^[\\s.\\-/]*(\\d[\\s.\\-/]*){44}$" } })
    .transform(normalizeNfeKey)
    .refine(isValidNfeKey, {
      message: "must be a 44-digit NF-e access key with a valid check digit",
      params: { code: "invalid_nfe_key" },
    }),
  invoice_number: text(20).nullish(),
  invoice_date: text(40).nullish(),
  invoice_series: text(10).nullish(),
  invoice_cfop: text(10).nullish(),
  invoice_value: moneyInput.nullish(),
  xml_resource_id: uuid.nullish(),
  danfe_resource_id: uuid.nullish(),
});
export type InvoiceInput = z.output<typeof invoiceInput>;

/** The panel's status change: the new status, and the invoices (NF-e keys) an invoicing move adds. */
export const orderStatusChange = z.object({
  id: z.string(),
  status: z.string(),
  invoices: z.array(invoiceInput).max(50).optional(),
});

/** Order payment input (inside an order write). */
export const orderPaymentInput = z.object({
  id: clientId,
  payment_method_id: uuid,
  installment_id: text(100).nullish(),
  transaction_id: text(200).nullish(),
  amount: moneyInput.refine((value) => value > 0, "must be greater than 0"),
  installments: z
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1000)
    .default(1),
  attributes: attributes.default({}),
});
export type OrderPaymentInput = z.output<typeof orderPaymentInput>;

const couponInput = z.object({
  coupon_id: uuid,
  attributes: attributes.default({}),
});
const discountInput = z.object({
  type: text(50).min(1, "is required"),
  amount: moneyInput,
});

const distinct =
  <T>(key: (item: T) => string | null | undefined) =>
  (items: T[]) => {
    const keys = items.map(key).filter((value): value is string => Boolean(value));
    return new Set(keys).size === keys.length;
  };

/** The shipment fields (all required on create, optional on update). */
export const SHIPMENT_FIELDS = [
  "shipment_address_name",
  "shipment_address_type",
  "shipment_street",
  "shipment_number",
  "shipment_complement",
  "shipment_neighborhood",
  "shipment_city",
  "shipment_state",
  "shipment_postal_code",
  "shipment_country",
  "shipment_contact_name",
  "shipment_contact_number",
] as const;

/** One schema per field name, typed by the names. */
function shapeOf<const Field extends string, Schema extends z.ZodType>(
  fields: readonly Field[],
  schema: () => Schema,
): { [Key in Field]: Schema } {
  return Object.fromEntries(fields.map((field) => [field, schema()])) as {
    [Key in Field]: Schema;
  };
}

const shipmentRequired = shapeOf(SHIPMENT_FIELDS, () => z.string({ message: "is required" }).trim().max(200));
const shipmentOptional = shapeOf(SHIPMENT_FIELDS, () => text(200).nullish());

const commonFields = {
  origin: text(50).min(1).optional(),
  company_id: uuid.nullish(),
  partner_id: uuid,
  negotiation_date: dateTimeText(),
  seller_id: uuid.nullish(),
  /** Beyond the interface (contract §10): where the items' stock comes from unless an item names its own (else the default warehouse). */
  warehouse_id: uuid.nullish(),
  total_value: moneyInput,
  order_value: moneyInput,
  discount_value: moneyInput,
  freight_value: moneyInput.optional(),
  /** An ORDER status id: setting it appends to the status history. */
  status: uuid.optional(),
  observation: text(5000).nullish(),
  /** Beyond the interface: the buyer's own number for this purchase (its purchase order; the NF-e's xPed). Kept when absent. */
  purchase_order: text(60).nullish(),
  quotation: z.boolean().optional(),
  /**
   * Beyond the interface (contract §11): until when a quotation stands (a São Paulo day);
   * absent or null on a quotation, its negotiation day + the org's `quote_validity_days`.
   */
  valid_until: dateInput.nullish(),
  delivery_method_id: uuid.nullish(),
  delivery_rule_id: text(100).nullish(),
  delivery_date: text(40).nullish(),
  delivery_scheduling_id: text(100).nullish(),
  /** Resource file ids of the org. */
  attachments: z
    .array(uuid)
    .max(50)
    .refine(
      distinct((id: string) => id),
      "lists a file twice",
    )
    .meta({ override: { uniqueItems: true } })
    .optional(),
  invoices: z
    .array(invoiceInput)
    .max(50)
    .refine(
      distinct((invoice: InvoiceInput) => invoice.invoice_key),
      "lists an invoice key twice",
    )
    .optional(),
  items: z
    .array(orderItemInput)
    .max(500, "at most 500 items")
    .refine(
      distinct((item: OrderItemInput) => item.id),
      "lists an item id twice",
    )
    .optional(),
  /** Beyond the interface on create: the panel creates an order with its payments at once. */
  payments: z.array(orderPaymentInput).max(50).optional(),
  coupons: z
    .array(couponInput)
    .max(20)
    .refine(
      distinct((coupon: { coupon_id: string }) => coupon.coupon_id),
      "lists a coupon twice",
    )
    .optional(),
  discounts: z.array(discountInput).max(50).optional(),
  attributes: attributes.optional(),
  pre_order_complement: stringMap.optional(),
  checkout_complement: stringMap.optional(),
  automation_fields: stringMap.optional(),
};

/** POST /orders. */
export const orderCreate = z.object({
  id: clientId,
  ...commonFields,
  ...shipmentRequired,
  /** Beyond the interface on create (taken on update): why the freight was set by hand. */
  freight_edit_reason: text(500).nullish(),
});
/** PUT /orders/{id}: what is absent is kept; lists sent replace the stored ones. */
export const orderUpdate = z.object({
  ...commonFields,
  ...shipmentOptional,
  freight_edit_reason: text(500).nullish(),
  shipment_contact_id: text(100).nullish(),
});
export type OrderCreateInput = z.output<typeof orderCreate>;
type ShipmentField = (typeof SHIPMENT_FIELDS)[number];
/** An order to create as the writer takes it: POST /orders's body, or a sale's order (whose shipment fields may be empty). */
export type OrderCreateWrite = Omit<OrderCreateInput, ShipmentField> & { [Key in ShipmentField]: string | null };
export type OrderUpdateInput = z.output<typeof orderUpdate>;
export type OrderWriteInput = OrderCreateInput | OrderUpdateInput;

const stringRecord = z.record(z.string(), z.string());
const anyRecord = z.record(z.string(), z.unknown());

export const orderItemDetail = z.object({
  id: z.string(),
  orderId: z.string(),
  productId: z.string(),
  productName: z.string(),
  sku: z.string(),
  image: z.string().nullable(),
  unit: z.string().nullable(),
  productVariationId: z.string().nullable(),
  itemOriginValue: z.string().nullable(),
  itemOriginType: z.string().nullable(),
  unitValue: z.number(),
  /**
   * Beyond the interface (contract §11): the customer's price — the price engine's unit price for the
   * partner, the item's quantity and the order's first payment method when the item was written
   * (null: the product has no price) — so the negotiated discount shows beside `unitValue`.
   */
  listUnitValue: z.number().nullable(),
  quantity: z.number(),
  discount: z.number(),
  /** Beyond the interface: unitValue × quantity − discount. */
  totalValue: z.number(),
  /** Beyond the interface (contract §10): the warehouse the item's stock comes from, and what it holds reserved there. */
  warehouseId: z.string().nullable(),
  warehouseName: z.string().nullable(),
  reservedQuantity: z.number(),
  /** Beyond the interface (contract §12): what the NF-e will say of the item — CFOP, each tax with the rule that gave it, its share of the order's charges; null when the order figures no taxes. */
  taxes: itemTaxes.nullable(),
  attributes: anyRecord,
  automation_fields: anyRecord,
  complements: z.array(anyRecord),
  resumeFields: z.array(resumeField),
});

export const orderPaymentDetail = z.object({
  id: z.string(),
  orderId: z.string(),
  paymentMethodId: z.string(),
  /** Beyond the interface: the method's name. */
  paymentMethodName: z.string(),
  amount: z.number(),
  installments: z.number(),
  installmentId: z.string().nullable(),
  transactionId: z.string().nullable(),
  attributes: anyRecord,
});

export const orderInvoiceDetail = z.object({
  id: z.string(),
  invoice_key: z.string(),
  invoice_number: z.string().nullable(),
  invoice_date: z.string().nullable(),
  invoice_series: z.string().nullable(),
  invoice_cfop: z.string().nullable(),
  invoice_value: z.number().nullable(),
  xml_resource_id: z.string().nullable(),
  xml_file_name: z.string().nullable(),
  xml_file_type: z.string().nullable(),
  xml_url: z.string().nullable(),
  danfe_resource_id: z.string().nullable(),
  danfe_file_name: z.string().nullable(),
  danfe_file_type: z.string().nullable(),
  danfe_url: z.string().nullable(),
});

export const orderStatusEntry = z.object({
  id: z.string(),
  status_id: z.string(),
  created_at: z.string(),
  /** Beyond the interface: the status's title and colours, and who set it. */
  title: z.string(),
  background_color: z.string().nullable(),
  font_color: z.string().nullable(),
  actor: z.string().nullable(),
  actor_name: z.string().nullable(),
});

export const HOLD_REASONS = ["CREDIT_BLOCKED", "CREDIT_LIMIT", "OVERDUE", "DISCOUNT"] as const;

/**
 * Contract §11: why an order waits for a decision. `details`: CREDIT_LIMIT `{limit, exposure,
 * order_value, excess}` (exposure with this order); OVERDUE `{days, value, tolerance}`; DISCOUNT
 * `{max_discount_percent, items: [{index, product_id, list_unit_value, net_unit_value,
 * discount_percent}]}`; CREDIT_BLOCKED `{}`.
 */
export const orderHold = z.object({
  reason: z.enum(HOLD_REASONS),
  details: anyRecord,
  created_at: z.string(),
});
export type OrderHold = z.output<typeof orderHold>;

/** Contract §11: a decision on an order's holds, with the holds it decided on and who decided. */
export const orderDecision = z.object({
  id: z.string(),
  decision: z.enum(["APPROVE", "REJECT"]),
  note: z.string().nullable(),
  holds: z.array(orderHold),
  actor: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});

/** The order form's hold preview (tRPC only): the terms a decision rests on. */
export const holdPreviewInput = z.object({
  /** The order being edited (its own total is left out of the exposure), or none for a new one. */
  id: uuid.nullish(),
  partner_id: uuid,
  seller_id: uuid.nullish(),
  company_id: uuid.nullish(),
  payment_method_id: uuid.nullish(),
  installments: z.number().int().min(1).max(1000).nullish(),
  total_value: z.number().finite().min(0).max(1e12),
  /** The order's own discount, spread over the items before their prices are compared (contract §11). */
  discount_value: z.number().finite().min(0).max(1e12).nullish(),
  items: z
    .array(
      z.object({
        product_id: uuid,
        product_variation_id: uuid.nullish(),
        quantity: z.number().finite().positive().max(1e9),
        unit_value: z.number().finite().min(0).max(1e12),
        discount: z.number().finite().min(0).max(1e12),
      }),
    )
    .max(500),
});
export type HoldPreviewInput = z.output<typeof holdPreviewInput>;
export const holdPreview = z.object({ holds: z.array(orderHold.omit({ created_at: true })) });
export type HoldPreview = z.output<typeof holdPreview>;

/** Body of POST /orders/{id}/approval (contract §11). */
export const orderApproval = z.object({
  id: z.string(),
  decision: z.enum(["APPROVE", "REJECT"], { message: "must be APPROVE or REJECT" }),
  /** The order's `updated_at` as the approver read it: a decision on an order that changed since is 409 (`order_changed`). */
  updated_at: dateTimeText("must be the order's updated_at (an ISO 8601 date-time)"),
  note: z
    .string()
    .trim()
    .max(1000, "must be at most 1000 characters")
    .nullish()
    .transform((value) => value || null),
});

export type OrderApprovalInput = z.output<typeof orderApproval>;

/** GET /orders/{id}: the order detail (interface "Order (detail)"), plus names for people. */
export const orderDetail = z.object({
  id: z.string(),
  /** Beyond the interface: the order's number in its org ("Pedido nº 1.234"), never reused. */
  number: z.number().int(),
  sale_id: z.string().nullable(),
  origin: z.string(),
  partner_id: z.string(),
  seller_id: z.string().nullable(),
  company_id: z.string().nullable(),
  /** Beyond the interface (contract §10): the warehouse the order named for its items' stock (null: the default). */
  warehouse_id: z.string().nullable(),
  negotiation_date: z.string(),
  total_value: z.number(),
  /** Beyond the interface (contract §12): vNF, what the customer pays — total_value plus IPI, ICMS-ST and FCP-ST (total_value when the order figures no taxes). */
  invoice_value: z.number(),
  /** Beyond the interface (contract §12): the NF-e's ICMSTot, sums of the items' taxes; null when the order figures no taxes (its company has no `crt`). */
  tax_totals: taxTotals.nullable(),
  order_value: z.number(),
  discount_value: z.number(),
  freight_value: z.number(),
  freight_edit_reason: z.string().nullable(),
  ...shapeOf(SHIPMENT_FIELDS, () => z.string().nullable()),
  shipment_contact_id: z.string().nullable(),
  quotation: z.boolean(),
  /** Beyond the interface (contract §11): until when a quotation stands (YYYY-MM-DD); an expired one cannot become an order. */
  valid_until: z.string().nullable(),
  observation: z.string().nullable(),
  /** Beyond the interface: the buyer's purchase order number. */
  purchase_order: z.string().nullable(),
  delivery_method_id: z.string().nullable(),
  delivery_rule_id: z.string().nullable(),
  delivery_date: z.string().nullable(),
  delivery_scheduling_id: z.string().nullable(),
  delivery_method_period_start: z.string().nullable(),
  delivery_method_period_end: z.string().nullable(),
  delivery_method_period_type: z.string().nullable(),
  delivery_method_type: z.string().nullable(),
  delivery_method_name: z.string().nullable(),
  delivery_method_price_type: z.string().nullable(),
  delivery_method_custom_label: z.string().nullable(),
  company: z
    .object({
      id: z.string(),
      name: z.string(),
      fiscal_registration_number: z.string(),
    })
    .nullable(),
  partner: z.object({
    id: z.string(),
    name: z.string(),
    fiscal_registration_number: z.string(),
  }),
  seller: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The current status id, and the status itself. */
  status: z.string(),
  status_detail: z.object({
    id: z.string(),
    title: z.string(),
    background_color: z.string().nullable(),
    font_color: z.string().nullable(),
    is_final: z.boolean(),
    /** Contract §10: where the order stands (what its stock and receivables are). */
    phase: z.enum(PHASES),
  }),
  attachments: z.array(
    z.object({
      id: z.string(),
      file_id: z.string(),
      name: z.string(),
      type: z.string(),
      url: z.string(),
    }),
  ),
  invoices: z.array(orderInvoiceDetail),
  attributes: anyRecord,
  items: z.array(orderItemDetail),
  payments: z.array(orderPaymentDetail),
  statuses: z.array(orderStatusEntry),
  /** Beyond the interface (contract §11): why the order waits for a MANAGER's or ADMIN's decision (empty: it does not). */
  holds: z.array(orderHold),
  /** Beyond the interface (contract §11): the decisions on its holds, oldest first. */
  decisions: z.array(orderDecision),
  pre_order_complement: stringRecord,
  checkout_complement: stringRecord,
  automation_fields: stringRecord,
  resume_fields: z.array(resumeField),
  coupons: z.array(
    z.object({
      coupon_id: z.string(),
      code: z.string(),
      name: z.string(),
      type: z.string(),
      value_type: z.string(),
      value: z.number(),
      attributes: anyRecord,
    }),
  ),
  discounts: z.array(z.object({ type: z.string(), amount: z.number() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderDetail = z.output<typeof orderDetail>;

const shipmentOut = <const Field extends string>(fields: readonly Field[]) => shapeOf(fields, () => z.string().nullable());

/** The update response (interface): the order's own fields, no items. */
export const orderUpdateResponse = z.object({
  id: z.string(),
  origin: z.string(),
  company_id: z.string().nullable(),
  partner_id: z.string(),
  negotiation_date: z.string(),
  seller_id: z.string().nullable(),
  total_value: z.number(),
  order_value: z.number(),
  discount_value: z.number(),
  ...shipmentOut(
    SHIPMENT_FIELDS.filter((field): field is Exclude<(typeof SHIPMENT_FIELDS)[number], "shipment_city"> => field !== "shipment_city"),
  ),
  quotation: z.boolean(),
  /** The attached file ids. */
  attachments: z.array(z.string()),
  invoices: z.array(
    z.object({
      invoice_key: z.string(),
      xml_resource_id: z.string().nullable(),
      danfe_resource_id: z.string().nullable(),
    }),
  ),
});
export type OrderUpdateResponse = z.output<typeof orderUpdateResponse>;

/** The create response: the update response with the items. */
export const orderCreateResponse = orderUpdateResponse.extend({
  items: z.array(
    z.object({
      id: z.string(),
      order_id: z.string(),
      product_id: z.string(),
      unit_value: z.number(),
      quantity: z.number(),
      unit: z.string().nullable(),
      discount: z.number(),
      product_variation_id: z.string().nullable(),
      attributes: anyRecord,
    }),
  ),
});
export type OrderCreateResponse = z.output<typeof orderCreateResponse>;

/** The order list record (interface), plus the names and status colours the panel shows. */
export const orderListRecord = z.object({
  id: z.string(),
  /** Beyond the interface: the order's number in its org. */
  number: z.number().int(),
  origin: z.string(),
  company_id: z.string().nullable(),
  partner_id: z.string(),
  negotiation_date: z.string(),
  seller_id: z.string().nullable(),
  status: z.string(),
  total_value: z.number(),
  /** Beyond the interface (contract §12): what the customer pays. */
  invoice_value: z.number(),
  order_value: z.number(),
  discount_value: z.number(),
  freight_value: z.number(),
  ...shipmentOut(SHIPMENT_FIELDS),
  quotation: z.boolean(),
  /** Beyond the interface (contract §11): until when a quotation stands. */
  valid_until: z.string().nullable(),
  /** Beyond the interface: the buyer's purchase order number (searched too). */
  purchase_order: z.string().nullable(),
  delivery_method_id: z.string().nullable(),
  delivery_rule_id: z.string().nullable(),
  delivery_date: z.string().nullable(),
  delivery_scheduling_id: z.string().nullable(),
  attributes: anyRecord,
  partner_name: z.string(),
  seller_name: z.string().nullable(),
  status_title: z.string(),
  status_background_color: z.string().nullable(),
  status_font_color: z.string().nullable(),
  /** Beyond the interface (contract §11): the order's holds (empty: not on hold). */
  holds: z.array(orderHold),
  created_at: z.string(),
  /** Beyond the interface: when the order last changed (what an approval names, contract §11). */
  updated_at: z.string(),
});
export type OrderListRecord = z.output<typeof orderListRecord>;

export const orderFilters = z.object({
  partner_id: uuid.optional(),
  /** negotiation_date on or after this day (in Brazil, America/Sao_Paulo). */
  start_date: dateInput.optional(),
  /** negotiation_date on or before this day (in Brazil, America/Sao_Paulo). */
  end_date: dateInput.optional(),
  quotation: queryBoolean.optional(),
  /** An ORDER status id. */
  status: uuid.optional(),
  seller_id: uuid.optional(),
  /** Beyond the interface (contract §11): only orders on hold (true) or not on hold (false). */
  on_hold: queryBoolean.optional(),
});
export const orderListInput = pagingInput(ORDER_SORT).extend(orderFilters.shape);
export type OrderListInput = z.output<typeof orderListInput>;
