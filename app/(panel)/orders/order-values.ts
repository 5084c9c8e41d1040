import { z } from "zod";
import { dayOf } from "@/lib/dates";
import { dateInput } from "@/server/lib/calendar";
import { money, moneyInput, roundMoney, sumMoney, ZERO, type Money } from "@/server/lib/money";
import { exactLine, orderFigures } from "@/server/orders/orders/totals";
import { quantityInput, type orderCreate, type OrderDetail, type orderUpdate } from "@/server/orders/orders/schemas";

/**
 * The order form's values and rules, kept apart from its components: the form schema, the
 * values of a new or stored order, the live totals (contract §7) and the write that the
 * create and update procedures take.
 */

const text = (max = 200) => z.string().trim().max(max);

/** One item row: what the order stores, plus what the row shows (name, SKU, unit). */
const itemValues = z.object({
  /** The row's identity: the stored item's id, or a new one for a row added here. */
  key: z.string(),
  product_id: z.string(),
  name: z.string(),
  sku: z.string(),
  unit: z.string().nullable(),
  /** Where the item's stock comes from (contract §10); empty: the order's warehouse, else the default one. */
  warehouse_id: z.string(),
  quantity: quantityInput,
  unit_value: moneyInput,
  discount: moneyInput,
});

/** One payment row; a row without a method is left out, an empty amount takes the rest of the total. */
const paymentValues = z.object({
  key: z.string(),
  payment_method_id: z.string(),
  installments: z.number({ message: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").max(1000),
  amount: moneyInput.nullable(),
});

export const orderFormSchema = z
  .object({
    partner_id: z.string().min(1, "is required"),
    company_id: z.string(),
    seller_id: z.string(),
    /** Where the items' stock comes from unless an item names its own; empty: the default warehouse. */
    warehouse_id: z.string(),
    negotiation_date: dateInput,
    quotation: z.boolean(),
    /** A quotation's last day (YYYY-MM-DD); blank: the negotiation day + the org's validity (contract §11). */
    valid_until: z.union([z.literal(""), dateInput]),
    observation: text(5000),
    /** The customer's purchase order (the NF-e's xPed). */
    purchase_order: text(60),
    shipment_street: text(),
    shipment_number: text(),
    shipment_complement: text(),
    shipment_neighborhood: text(),
    shipment_city: text(),
    shipment_state: text(),
    shipment_postal_code: text(),
    shipment_contact_name: text(),
    shipment_contact_number: text(),
    discount_value: moneyInput,
    freight_value: moneyInput,
    items: z.array(itemValues).min(1, "add at least one item").max(500),
    payments: z.array(paymentValues).max(50),
    /** The coupons the order uses (their ids); each counts one use while the order holds it. */
    coupons: z.array(z.string()).max(20),
  })
  .superRefine((values, context) => {
    const totals = orderTotals(values);
    values.payments.forEach((payment, index) => {
      if (!payment.payment_method_id) {
        if (payment.amount !== null)
          context.addIssue({
            code: "custom",
            path: ["payments", index, "payment_method_id"],
            message: "is required",
          });
        return;
      }
      const amount = totals.payments[index];
      if (amount === undefined || amount <= 0)
        context.addIssue({
          code: "custom",
          path: ["payments", index, "amount"],
          message: "must be greater than 0",
          params: { code: "payment_without_amount" },
        });
    });
  });

export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderFormValues = z.output<typeof orderFormSchema>;
export type ItemValues = OrderFormValues["items"][number];
export type PaymentValues = OrderFormValues["payments"][number];

/** A new row's key. */
export const newKey = () => crypto.randomUUID();

export function emptyPayment(): PaymentValues {
  return {
    key: newKey(),
    payment_method_id: "",
    installments: 1,
    amount: null,
  };
}

export function newOrderValues(today: string): OrderFormInput {
  return {
    partner_id: "",
    company_id: "",
    seller_id: "",
    warehouse_id: "",
    negotiation_date: today,
    quotation: false,
    valid_until: "",
    observation: "",
    purchase_order: "",
    shipment_street: "",
    shipment_number: "",
    shipment_complement: "",
    shipment_neighborhood: "",
    shipment_city: "",
    shipment_state: "",
    shipment_postal_code: "",
    shipment_contact_name: "",
    shipment_contact_number: "",
    discount_value: 0,
    freight_value: 0,
    items: [],
    payments: [emptyPayment()],
    coupons: [],
  };
}

/**
 * A stored order as form values. A single payment of the whole total is kept as "the rest
 * of the total" (an empty amount), so it follows the totals as the items change.
 */
export function storedOrderValues(order: OrderDetail): OrderFormInput {
  // What the customer pays: the total with the taxes that add to it (contract §12).
  const single = order.payments.length === 1 && order.payments[0]?.amount === order.invoice_value;
  return {
    partner_id: order.partner_id,
    company_id: order.company_id ?? "",
    seller_id: order.seller_id ?? "",
    warehouse_id: order.warehouse_id ?? "",
    negotiation_date: dayOf(order.negotiation_date),
    quotation: order.quotation,
    valid_until: order.valid_until ?? "",
    observation: order.observation ?? "",
    purchase_order: order.purchase_order ?? "",
    shipment_street: order.shipment_street ?? "",
    shipment_number: order.shipment_number ?? "",
    shipment_complement: order.shipment_complement ?? "",
    shipment_neighborhood: order.shipment_neighborhood ?? "",
    shipment_city: order.shipment_city ?? "",
    shipment_state: order.shipment_state ?? "",
    shipment_postal_code: order.shipment_postal_code ?? "",
    shipment_contact_name: order.shipment_contact_name ?? "",
    shipment_contact_number: order.shipment_contact_number ?? "",
    discount_value: order.discount_value,
    freight_value: order.freight_value,
    items: order.items.map((item) => ({
      key: item.id,
      product_id: item.productId,
      name: item.productName,
      sku: item.sku,
      unit: item.unit,
      warehouse_id: item.warehouseId ?? "",
      quantity: item.quantity,
      unit_value: item.unitValue,
      discount: item.discount,
    })),
    payments: order.payments.map((payment) => ({
      key: payment.id,
      payment_method_id: payment.paymentMethodId,
      installments: payment.installments,
      amount: single ? null : payment.amount,
    })),
    coupons: order.coupons.map((coupon) => coupon.coupon_id),
  };
}

/** The loose shape totals are figured from while the user types (numbers may be null or NaN). */
export interface TotalsInput {
  items?: Array<
    | {
        quantity?: number | null;
        unit_value?: number | null;
        discount?: number | null;
      }
    | undefined
  >;
  payments?: Array<{ payment_method_id?: string; amount?: number | null } | undefined>;
  discount_value?: number | null;
  freight_value?: number | null;
}

const amount = (value: number | null | undefined): Money =>
  value === null || value === undefined || !Number.isFinite(value) ? ZERO : money(value);

export interface OrderTotals {
  /** Each item's unit_value × quantity − discount, rounded. */
  lines: number[];
  /** The items' sum (order_value). */
  order: number;
  /** order_value − discount_value + freight_value (total_value). */
  total: number;
  /** Each payment row's amount: its own, or for the first row without one, the rest of what the customer pays. */
  payments: Array<number | undefined>;
  /** The payments with a method, added up. */
  paid: number;
}

/**
 * The live totals, figured as the server stores them (contract §7, `orders/totals`). The
 * payments split `payable` — the invoice value with the taxes that add to it (contract §12,
 * as the tax preview figured it) — or else the total.
 */
export function orderTotals(values: TotalsInput, payable?: number | null): OrderTotals {
  const { lines, order, total } = orderFigures({
    items: values.items ?? [],
    discount_value: values.discount_value,
    freight_value: values.freight_value,
  });
  const rows = values.payments ?? [];
  const given = sumMoney(rows.filter((row) => row?.payment_method_id && isAmount(row.amount)).map((row) => amount(row?.amount)));
  const restIndex = rows.findIndex((row) => row?.payment_method_id && !isAmount(row.amount));
  const payments = rows.map((row, index) =>
    !row?.payment_method_id
      ? undefined
      : index === restIndex
        ? roundMoney((payable === null || payable === undefined ? total : money(payable)).minus(given)).toNumber()
        : isAmount(row.amount)
          ? row.amount
          : 0,
  );
  const paid = sumMoney(payments.filter((value): value is number => value !== undefined).map(amount));
  return {
    lines: lines.map((line) => line.toNumber()),
    order: order.toNumber(),
    total: total.toNumber(),
    payments,
    paid: roundMoney(paid).toNumber(),
  };
}

function isAmount(value: number | null | undefined): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

/** What a stored item or payment carries that the form does not edit: kept as it was. */
export interface StoredExtras {
  items: Map<string, OrderDetail["items"][number]>;
  payments: Map<string, OrderDetail["payments"][number]>;
  /** The attributes of each coupon link, by coupon id (kept as they are). */
  coupons: Map<string, OrderDetail["coupons"][number]["attributes"]>;
}

export function storedExtras(order: OrderDetail | undefined): StoredExtras {
  return {
    items: new Map((order?.items ?? []).map((item) => [item.id, item])),
    payments: new Map((order?.payments ?? []).map((payment) => [payment.id, payment])),
    coupons: new Map((order?.coupons ?? []).map((coupon) => [coupon.coupon_id, coupon.attributes])),
  };
}

const strings = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

const optionalText = (value: unknown) => (typeof value === "string" ? value : undefined);

/** A stored complement as the write takes it (its known fields). */
function complementInput(complement: Record<string, unknown>) {
  return {
    product_complement_id: optionalText(complement.product_complement_id),
    product_complement_option_id: optionalText(complement.product_complement_option_id),
    product_complement_option_key: optionalText(complement.product_complement_option_key),
    key: optionalText(complement.key),
    title: optionalText(complement.title),
    type: optionalText(complement.type),
    selected_value: optionalText(complement.selected_value),
    value_paid: typeof complement.value_paid === "number" ? complement.value_paid : undefined,
  };
}

/** The fields create and update share, from the form's values (stored extras kept by row key). */
function writeOf(values: OrderFormValues, extras: StoredExtras, payable?: number | null) {
  const totals = orderTotals(values, payable);
  return {
    partner_id: values.partner_id,
    company_id: values.company_id || null,
    seller_id: values.seller_id || null,
    warehouse_id: values.warehouse_id || null,
    quotation: values.quotation,
    // Only a quotation stands until a day; blank asks for the org's default.
    ...(values.quotation ? { valid_until: values.valid_until || null } : {}),
    observation: values.observation || null,
    purchase_order: values.purchase_order || null,
    shipment_street: values.shipment_street,
    shipment_number: values.shipment_number,
    shipment_complement: values.shipment_complement,
    shipment_neighborhood: values.shipment_neighborhood,
    shipment_city: values.shipment_city,
    shipment_state: values.shipment_state,
    shipment_postal_code: values.shipment_postal_code,
    shipment_contact_name: values.shipment_contact_name,
    shipment_contact_number: values.shipment_contact_number,
    items: values.items.map((item) => {
      const stored = extras.items.get(item.key);
      return {
        ...(stored
          ? {
              id: stored.id,
              product_variation_id: stored.productVariationId,
              item_origin_value: stored.itemOriginValue,
              item_origin_type: stored.itemOriginType,
              automation_fields: strings(stored.automation_fields),
              attributes: stored.attributes,
              complements: stored.complements.map(complementInput),
            }
          : { automation_fields: {}, attributes: {}, complements: [] }),
        product_id: item.product_id,
        warehouse_id: item.warehouse_id || null,
        unit: item.unit,
        quantity: item.quantity,
        unit_value: item.unit_value,
        discount: item.discount,
      };
    }),
    order_value: totals.order,
    discount_value: values.discount_value,
    freight_value: values.freight_value,
    total_value: totals.total,
    payments: values.payments.flatMap((payment, index) => {
      const paid = totals.payments[index];
      if (!payment.payment_method_id || paid === undefined) return [];
      const stored = extras.payments.get(payment.key);
      return [
        {
          ...(stored
            ? {
                id: stored.id,
                installment_id: stored.installmentId,
                transaction_id: stored.transactionId,
                attributes: stored.attributes,
              }
            : { attributes: {} }),
          payment_method_id: payment.payment_method_id,
          amount: paid,
          installments: payment.installments,
        },
      ];
    }),
    coupons: values.coupons.map((id) => ({ coupon_id: id, attributes: extras.coupons.get(id) ?? {} })),
  };
}

/** POST /orders from the form: a delivery address named by `addressName`. */
export function createInput(values: OrderFormValues, addressName: string, payable?: number | null): z.input<typeof orderCreate> {
  return {
    ...writeOf(values, storedExtras(undefined), payable),
    negotiation_date: `${values.negotiation_date}T12:00:00.000Z`,
    shipment_address_name: addressName,
    shipment_address_type: "DELIVERY",
    shipment_country: "BR",
  };
}

/**
 * PUT /orders/{id} from the form: items, payments and coupons replace the stored ones
 * (stored rows keep their ids and what the form does not show); invoices, attachments and
 * delivery are left out, so they are kept. The negotiation date keeps its time unless the
 * day changed.
 */
export function updateInput(
  values: OrderFormValues,
  order: OrderDetail,
  payable?: number | null,
): z.input<typeof orderUpdate> & { id: string } {
  return {
    ...writeOf(values, storedExtras(order), payable),
    id: order.id,
    negotiation_date:
      dayOf(order.negotiation_date) === values.negotiation_date ? order.negotiation_date : `${values.negotiation_date}T12:00:00.000Z`,
  };
}

/** A row's net unit price while typing: (unit value × quantity − discount) ÷ quantity; null without a quantity. */
export function netUnitValue(
  row: { quantity?: number | null; unit_value?: number | null; discount?: number | null } | undefined,
): number | null {
  const quantity = row?.quantity;
  if (typeof quantity !== "number" || !Number.isFinite(quantity) || quantity <= 0) return null;
  return exactLine({ unit_value: row?.unit_value, quantity, discount: row?.discount }).div(quantity).toNumber();
}

/** The form's values as they are while typing, for the hold preview (contract §11). */
export interface PreviewValues {
  partner_id?: string;
  seller_id?: string;
  company_id?: string;
  quotation?: boolean;
  items?: Array<
    { product_id?: string; name?: string; quantity?: number | null; unit_value?: number | null; discount?: number | null } | undefined
  >;
  payments?: Array<{ payment_method_id?: string; installments?: number | null } | undefined>;
}

/** The rows the hold preview prices: those with a product and a quantity. */
export const previewRows = (values: PreviewValues) =>
  (values.items ?? []).flatMap((item) => (item?.product_id && typeof item.quantity === "number" && item.quantity > 0 ? [item] : []));

/** What the hold preview asks for these values (null while they are not an order yet: no partner, items or a quotation). */
export function holdPreviewOf(values: PreviewValues, total: number, orderId: string | null) {
  if (!values.partner_id || values.quotation) return null;
  const items = previewRows(values).map((item) => ({
    product_id: item.product_id ?? "",
    quantity: item.quantity ?? 0,
    unit_value: item.unit_value ?? 0,
    discount: item.discount ?? 0,
  }));
  if (items.length === 0) return null;
  const payment = values.payments?.find((row) => row?.payment_method_id);
  return {
    id: orderId,
    partner_id: values.partner_id,
    seller_id: values.seller_id || null,
    company_id: values.company_id || null,
    payment_method_id: payment?.payment_method_id || null,
    installments: payment?.installments && Number.isInteger(payment.installments) ? payment.installments : null,
    total_value: total,
    items,
  };
}
