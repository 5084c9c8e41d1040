import type { Prisma } from "../../generated/prisma/client";

/**
 * The order a non-quotation sale makes (contract §7 "Sale → order"), as rows of the shared
 * order models and as the `data` of its `order.created` event (the order detail of
 * interface.md "Order": snake_case fields, camelCase items and payments).
 */
export interface OrderRows {
  order: Prisma.OrderUncheckedCreateInput & { id: string };
  items: Array<Prisma.OrderItemCreateManyInput & { id: string }>;
  payments: Array<Prisma.OrderPaymentCreateManyInput & { id: string }>;
  coupons: Array<{ coupon_id: string; code: string; name: string; type: string; value_type: string; value: number }>;
  statusChange: { id: string; status_id: string; created_at: Date };
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const number = (value: unknown) => (value === null || value === undefined ? 0 : Number(String(value)));

export function orderEventData(
  rows: OrderRows,
  products: Map<string, { name: string; sku: string; image: string | null }>,
): Prisma.InputJsonObject {
  const { order } = rows;
  const method = (order.delivery_method ?? {}) as Record<string, unknown>;
  return {
    id: order.id,
    sale_id: text(order.sale_id),
    origin: order.origin ?? "SALE",
    partner_id: order.partner_id,
    seller_id: text(order.seller_id),
    negotiation_date: new Date(order.negotiation_date).toISOString(),
    total_value: number(order.total_value),
    order_value: number(order.order_value),
    discount_value: number(order.discount_value),
    freight_value: number(order.freight_value),
    shipment_address_name: text(order.shipment_address_name),
    shipment_address_type: text(order.shipment_address_type),
    shipment_street: text(order.shipment_street),
    shipment_number: text(order.shipment_number),
    shipment_complement: text(order.shipment_complement),
    shipment_neighborhood: text(order.shipment_neighborhood),
    shipment_city: text(order.shipment_city),
    shipment_state: text(order.shipment_state),
    shipment_postal_code: text(order.shipment_postal_code),
    shipment_country: text(order.shipment_country),
    shipment_contact_name: text(order.shipment_contact_name),
    shipment_contact_number: text(order.shipment_contact_number),
    shipment_contact_id: null,
    quotation: false,
    observation: text(order.observation),
    status: order.status_id,
    delivery_method_id: text(order.delivery_method_id),
    delivery_rule_id: text(order.delivery_rule_id),
    delivery_date: text(order.delivery_date),
    delivery_scheduling_id: text(order.delivery_scheduling_id),
    delivery_method_period_start: text(method.period_start),
    delivery_method_period_end: text(method.period_end),
    delivery_method_period_type: text(method.period_type),
    delivery_method_type: text(method.type),
    delivery_method_name: text(method.name),
    delivery_method_price_type: text(method.price_type),
    delivery_method_custom_label: text(method.custom_label),
    company_id: text(order.company_id),
    attachments: [],
    invoices: [],
    attributes: (order.attributes ?? {}) as Prisma.InputJsonObject,
    items: rows.items.map((item) => {
      const product = products.get(item.product_id);
      return {
        id: item.id,
        orderId: order.id,
        productId: item.product_id,
        productName: product?.name ?? null,
        sku: product?.sku ?? null,
        image: product?.image ?? null,
        unit: text(item.unit),
        productVariationId: text(item.product_variation_id),
        itemOriginValue: text(item.item_origin_value),
        itemOriginType: text(item.item_origin_type),
        unitValue: number(item.unit_value),
        quantity: number(item.quantity),
        discount: number(item.discount),
        attributes: {},
        automation_fields: (item.automation_fields ?? {}) as Prisma.InputJsonObject,
        resumeFields: (item.resume_fields ?? []) as Prisma.InputJsonArray,
      };
    }),
    payments: rows.payments.map((payment) => ({
      id: payment.id,
      orderId: order.id,
      paymentMethodId: payment.payment_method_id,
      amount: number(payment.amount),
      installments: payment.installments ?? 1,
      attributes: {},
    })),
    statuses: [{ status_id: rows.statusChange.status_id, created_at: rows.statusChange.created_at.toISOString() }],
    pre_order_complement: (order.pre_order_complement ?? {}) as Prisma.InputJsonObject,
    checkout_complement: (order.checkout_complement ?? {}) as Prisma.InputJsonObject,
    automation_fields: (order.automation_fields ?? {}) as Prisma.InputJsonObject,
    resume_fields: (order.resume_fields ?? []) as Prisma.InputJsonArray,
    coupons: rows.coupons,
  };
}
