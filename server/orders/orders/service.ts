import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { resourceFileUrl } from "../../files/resource-files/service";
import { Prisma } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { toJsonNumber } from "../../lib/money";
import { paginate, type Page } from "../../lib/paging";
import { dayOfDate, endOfDay, startOfDay } from "../../lib/calendar";
import { searchWhere } from "../../lib/search";
import {
  SHIPMENT_FIELDS,
  orderHold,
  type OrderCreateResponse,
  type OrderHold,
  type OrderDetail,
  type OrderListInput,
  type OrderListRecord,
  type OrderUpdateResponse,
} from "./schemas";
import { scopeWhere, type OrderScope } from "../../auth/scope";
import { orderNumberOf } from "./number";

/**
 * Orders (interface "Order"): how they are read — the detail, the list, the answers of the
 * writes. Every write goes through the one writer, server/orders/orders/write-order.ts.
 */

export const detailInclude = {
  partner: {
    select: { id: true, name: true, fiscal_registration_number: true },
  },
  company: {
    select: { id: true, name: true, fiscal_registration_number: true },
  },
  seller: { select: { id: true, name: true } },
  status: {
    select: {
      id: true,
      title: true,
      background_color: true,
      font_color: true,
      is_final: true,
      phase: true,
    },
  },
  items: {
    orderBy: { position: "asc" },
    include: {
      product: {
        select: {
          name: true,
          sku: true,
          images: true,
          measure_unit: { select: { abbreviation: true } },
        },
      },
      warehouse: { select: { id: true, name: true } },
    },
  },
  payments: {
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    include: { payment_method: { select: { name: true } } },
  },
  invoices: {
    orderBy: { invoice_key: "asc" },
    include: {
      xml: { select: { file_name: true, content_type: true } },
      danfe: { select: { file_name: true, content_type: true } },
    },
  },
  attachments: {
    orderBy: { position: "asc" },
    include: { file: { select: { file_name: true, content_type: true } } },
  },
  coupons: { include: { coupon: true } },
  statuses: {
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    include: {
      status: {
        select: { title: true, background_color: true, font_color: true },
      },
    },
  },
  holds: { orderBy: [{ created_at: "asc" }, { reason: "asc" }] },
  decisions: { orderBy: [{ created_at: "asc" }, { id: "asc" }] },
} satisfies Prisma.OrderInclude;
export type OrderRow = Prisma.OrderGetPayload<{ include: typeof detailInclude }>;

type DeliverySnapshot = Partial<
  Record<"period_start" | "period_end" | "period_type" | "type" | "name" | "price_type" | "custom_label", string | null>
>;
type StoredImage = { resource_file_id: string; main: boolean; order: number };

const asRecord = (value: unknown) => (value ?? {}) as Record<string, unknown>;
const asStrings = (value: unknown) => (value ?? {}) as Record<string, string>;
const asList = (value: unknown) => (Array.isArray(value) ? value : []) as Array<Record<string, unknown>>;

function imageOf(organizationId: string, images: unknown): string | null {
  const list = (Array.isArray(images) ? images : []) as StoredImage[];
  const main = list.find((image) => image.main) ?? list[0];
  return main ? resourceFileUrl(organizationId, main.resource_file_id) : null;
}

type ShipmentField = (typeof SHIPMENT_FIELDS)[number];

/** The twelve shipment fields of a row or detail. */
function shipmentOf(row: { [Key in ShipmentField]: string | null }): {
  [Key in ShipmentField]: string | null;
} {
  return {
    shipment_address_name: row.shipment_address_name,
    shipment_address_type: row.shipment_address_type,
    shipment_street: row.shipment_street,
    shipment_number: row.shipment_number,
    shipment_complement: row.shipment_complement,
    shipment_neighborhood: row.shipment_neighborhood,
    shipment_city: row.shipment_city,
    shipment_state: row.shipment_state,
    shipment_postal_code: row.shipment_postal_code,
    shipment_country: row.shipment_country,
    shipment_contact_name: row.shipment_contact_name,
    shipment_contact_number: row.shipment_contact_number,
  };
}

const numberOf = (value: { toString(): string }) => Number(value.toString());

/** "user:<id>" / "access-key:<id>" → the name of who it was. */
async function actorNames(db: Db, actors: Array<string | null>): Promise<Map<string, string>> {
  const userIds = new Set<string>();
  const keyIds = new Set<string>();
  for (const actor of actors) {
    const [kind, id] = (actor ?? "").split(":");
    if (!id || !isUuid(id)) continue;
    if (kind === "user") userIds.add(id);
    if (kind === "access-key") keyIds.add(id);
  }
  const [users, keys] = await Promise.all([
    userIds.size
      ? db.user.findMany({
          where: { id: { in: [...userIds] } },
          select: { id: true, name: true },
        })
      : [],
    keyIds.size
      ? db.accessKey.findMany({
          where: { id: { in: [...keyIds] } },
          select: { id: true, name: true },
        })
      : [],
  ]);
  return new Map([
    ...users.map((user) => [`user:${user.id}`, user.name] as const),
    ...keys.map((key) => [`access-key:${key.id}`, key.name] as const),
  ]);
}

export async function toDetail(db: Db, row: OrderRow): Promise<OrderDetail> {
  const stockIds = [...new Set(row.items.flatMap((item) => (item.stock_id && !item.warehouse_id ? [item.stock_id] : [])))];
  const [names, records] = await Promise.all([
    actorNames(db, [...row.statuses.map((entry) => entry.actor), ...row.decisions.map((decision) => decision.actor)]),
    stockIds.length
      ? db.stockInventory.findMany({
          where: { id: { in: stockIds } },
          select: { id: true, warehouse: { select: { id: true, name: true } } },
        })
      : [],
  ]);
  // The warehouse an item's stock comes from: the one it named, else its record's.
  const stockWarehouses = new Map(records.map((record) => [record.id, record.warehouse]));
  const warehouseOf = (item: OrderRow["items"][number]) =>
    item.warehouse ?? (item.stock_id ? stockWarehouses.get(item.stock_id) : undefined);
  const delivery = (row.delivery_method ?? {}) as DeliverySnapshot;
  const shipment = shipmentOf(row);
  return {
    id: row.id,
    number: row.number,
    sale_id: row.sale_id,
    origin: row.origin,
    partner_id: row.partner_id,
    seller_id: row.seller_id,
    company_id: row.company_id,
    warehouse_id: row.warehouse_id,
    negotiation_date: row.negotiation_date.toISOString(),
    total_value: numberOf(row.total_value),
    order_value: numberOf(row.order_value),
    discount_value: numberOf(row.discount_value),
    freight_value: numberOf(row.freight_value),
    freight_edit_reason: row.freight_edit_reason,
    ...shipment,
    shipment_contact_id: row.shipment_contact_id,
    quotation: row.quotation,
    valid_until: row.valid_until ? dayOfDate(row.valid_until) : null,
    observation: row.observation,
    delivery_method_id: row.delivery_method_id,
    delivery_rule_id: row.delivery_rule_id,
    delivery_date: row.delivery_date,
    delivery_scheduling_id: row.delivery_scheduling_id,
    delivery_method_period_start: delivery.period_start ?? null,
    delivery_method_period_end: delivery.period_end ?? null,
    delivery_method_period_type: delivery.period_type ?? null,
    delivery_method_type: delivery.type ?? null,
    delivery_method_name: delivery.name ?? null,
    delivery_method_price_type: delivery.price_type ?? null,
    delivery_method_custom_label: delivery.custom_label ?? null,
    company: row.company,
    partner: row.partner,
    seller: row.seller,
    status: row.status_id,
    status_detail: { ...row.status, phase: row.status.phase ?? "OPEN" },
    attachments: row.attachments.map((attachment) => ({
      id: attachment.id,
      file_id: attachment.file_id,
      name: attachment.file.file_name,
      type: attachment.file.content_type,
      url: resourceFileUrl(row.organization_id, attachment.file_id),
    })),
    invoices: row.invoices.map((invoice) => ({
      id: invoice.id,
      invoice_key: invoice.invoice_key,
      invoice_number: invoice.invoice_number,
      invoice_date: invoice.invoice_date,
      invoice_series: invoice.invoice_series,
      invoice_cfop: invoice.invoice_cfop,
      invoice_value: toJsonNumber(invoice.invoice_value),
      xml_resource_id: invoice.xml_resource_id,
      xml_file_name: invoice.xml?.file_name ?? null,
      xml_file_type: invoice.xml?.content_type ?? null,
      xml_url: invoice.xml_resource_id ? resourceFileUrl(row.organization_id, invoice.xml_resource_id) : null,
      danfe_resource_id: invoice.danfe_resource_id,
      danfe_file_name: invoice.danfe?.file_name ?? null,
      danfe_file_type: invoice.danfe?.content_type ?? null,
      danfe_url: invoice.danfe_resource_id ? resourceFileUrl(row.organization_id, invoice.danfe_resource_id) : null,
    })),
    attributes: asRecord(row.attributes),
    items: row.items.map((item) => ({
      id: item.id,
      orderId: item.order_id,
      productId: item.product_id,
      productName: item.product.name,
      sku: item.product.sku,
      image: imageOf(row.organization_id, item.product.images),
      unit: item.unit,
      productVariationId: item.product_variation_id,
      itemOriginValue: item.item_origin_value,
      itemOriginType: item.item_origin_type,
      unitValue: numberOf(item.unit_value),
      listUnitValue: toJsonNumber(item.list_unit_value),
      quantity: numberOf(item.quantity),
      discount: numberOf(item.discount),
      totalValue: numberOf(item.total_value),
      warehouseId: warehouseOf(item)?.id ?? null,
      warehouseName: warehouseOf(item)?.name ?? null,
      reservedQuantity: numberOf(item.reserved_quantity),
      attributes: asRecord(item.attributes),
      automation_fields: asRecord(item.automation_fields),
      complements: asList(item.complements),
      resumeFields: asList(item.resume_fields),
    })),
    payments: row.payments.map((payment) => ({
      id: payment.id,
      orderId: payment.order_id,
      paymentMethodId: payment.payment_method_id,
      paymentMethodName: payment.payment_method.name,
      amount: numberOf(payment.amount),
      installments: payment.installments,
      installmentId: payment.installment_id,
      transactionId: payment.transaction_id,
      attributes: asRecord(payment.attributes),
    })),
    statuses: row.statuses.map((entry) => ({
      id: entry.id,
      status_id: entry.status_id,
      created_at: entry.created_at.toISOString(),
      title: entry.status.title,
      background_color: entry.status.background_color,
      font_color: entry.status.font_color,
      actor: entry.actor,
      actor_name: (entry.actor && names.get(entry.actor)) ?? null,
    })),
    holds: row.holds.map(holdOf),
    decisions: row.decisions.map((decision) => ({
      id: decision.id,
      decision: decision.decision,
      note: decision.note,
      holds: orderHold.array().catch([]).parse(decision.holds),
      actor: decision.actor,
      actor_name: (decision.actor && names.get(decision.actor)) ?? null,
      created_at: decision.created_at.toISOString(),
    })),
    pre_order_complement: asStrings(row.pre_order_complement),
    checkout_complement: asStrings(row.checkout_complement),
    automation_fields: asStrings(row.automation_fields),
    resume_fields: asList(row.resume_fields),
    coupons: row.coupons.map(({ coupon, attributes }) => ({
      coupon_id: coupon.id,
      code: coupon.code,
      name: coupon.name,
      type: coupon.type,
      value_type: coupon.value_type,
      value: numberOf(coupon.value),
      attributes: asRecord(attributes),
    })),
    discounts: asList(row.discounts).map((discount) => ({
      type: String(discount.type),
      amount: Number(discount.amount),
    })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The order's own fields as the update response has them. */
export function toUpdateResponse(detail: OrderDetail): OrderUpdateResponse {
  const { shipment_city: _city, ...shipment } = shipmentOf(detail);
  return {
    id: detail.id,
    origin: detail.origin,
    company_id: detail.company_id,
    partner_id: detail.partner_id,
    negotiation_date: detail.negotiation_date,
    seller_id: detail.seller_id,
    total_value: detail.total_value,
    order_value: detail.order_value,
    discount_value: detail.discount_value,
    ...shipment,
    quotation: detail.quotation,
    attachments: detail.attachments.map((attachment) => attachment.file_id),
    invoices: detail.invoices.map(({ invoice_key, xml_resource_id, danfe_resource_id }) => ({
      invoice_key,
      xml_resource_id,
      danfe_resource_id,
    })),
  };
}

export function toCreateResponse(detail: OrderDetail): OrderCreateResponse {
  return {
    ...toUpdateResponse(detail),
    items: detail.items.map((item) => ({
      id: item.id,
      order_id: item.orderId,
      product_id: item.productId,
      unit_value: item.unitValue,
      quantity: item.quantity,
      unit: item.unit,
      discount: item.discount,
      product_variation_id: item.productVariationId,
      attributes: item.attributes,
    })),
  };
}

async function findRow(db: Db, scope: OrderScope, id: string): Promise<OrderRow> {
  const row = isUuid(id)
    ? await db.order.findFirst({
        where: { id, ...scopeWhere(scope) },
        include: detailInclude,
      })
    : null;
  if (!row) throw AppError.notFound("Order");
  return row;
}

export async function getOrder(db: Db, scope: OrderScope, id: string): Promise<OrderDetail> {
  return toDetail(db, await findRow(db, scope, id));
}

/** 404 unless the order exists in the org and the scope sees it; answers whether it is locked (final status). */
export async function findVisibleOrder(db: Db, scope: OrderScope, id: string): Promise<{ id: string; locked: boolean }> {
  const row = isUuid(id)
    ? await db.order.findFirst({
        where: { id, ...scopeWhere(scope) },
        select: { id: true, status: { select: { is_final: true } } },
      })
    : null;
  if (!row) throw AppError.notFound("Order");
  return { id: row.id, locked: row.status.is_final };
}

/** A stored hold as answered. */
function holdOf(hold: { reason: OrderHold["reason"]; details: Prisma.JsonValue; created_at: Date }): OrderHold {
  return { reason: hold.reason, details: asRecord(hold.details), created_at: hold.created_at.toISOString() };
}

const listInclude = {
  holds: { orderBy: [{ created_at: "asc" }, { reason: "asc" }], select: { reason: true, details: true, created_at: true } },
  partner: { select: { name: true } },
  seller: { select: { name: true } },
  status: { select: { title: true, background_color: true, font_color: true } },
} satisfies Prisma.OrderInclude;
type ListRow = Prisma.OrderGetPayload<{ include: typeof listInclude }>;

function toListRecord(row: ListRow): OrderListRecord {
  const shipment = shipmentOf(row);
  return {
    id: row.id,
    number: row.number,
    origin: row.origin,
    company_id: row.company_id,
    partner_id: row.partner_id,
    negotiation_date: row.negotiation_date.toISOString(),
    seller_id: row.seller_id,
    status: row.status_id,
    total_value: numberOf(row.total_value),
    order_value: numberOf(row.order_value),
    discount_value: numberOf(row.discount_value),
    freight_value: numberOf(row.freight_value),
    ...shipment,
    quotation: row.quotation,
    valid_until: row.valid_until ? dayOfDate(row.valid_until) : null,
    delivery_method_id: row.delivery_method_id,
    delivery_rule_id: row.delivery_rule_id,
    delivery_date: row.delivery_date,
    delivery_scheduling_id: row.delivery_scheduling_id,
    attributes: asRecord(row.attributes),
    partner_name: row.partner.name,
    seller_name: row.seller?.name ?? null,
    status_title: row.status.title,
    status_background_color: row.status.background_color,
    status_font_color: row.status.font_color,
    holds: row.holds.map(holdOf),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const column = (field: string) => (dir: "asc" | "desc") => ({ [field]: dir });

/** An NF-e access key as typed or pasted (44 digits, maybe in groups). */
const NFE_KEY = /^[\d\s.-]+$/;

/**
 * The ways staff find an order by what they type, for the list's `search` and the
 * palette alike: its search text (partner, CPF/CNPJ with or without its mask, city,
 * observation), its number as people type it ("nº 1.234") or an invoice's NF-e key (in
 * groups or not). Empty for an empty text.
 */
export function orderSearchMatches(search: string): Prisma.OrderWhereInput[] {
  const text = search.trim();
  const words = searchWhere(text);
  const number = orderNumberOf(text);
  const digits = text.replace(/\D/g, "");
  return [
    ...(words.search_text ? [words] : []),
    ...(number === null ? [] : [{ number }]),
    ...(NFE_KEY.test(text) && digits.length === 44 ? [{ invoices: { some: { invoice_key: digits } } }] : []),
  ];
}

/** A list's `search` (`orderSearchMatches`): no filter when empty. */
function searchOrNumber(search: string): Prisma.OrderWhereInput {
  const matches = orderSearchMatches(search);
  return matches.length === 0 ? {} : { OR: matches };
}

/** GET /orders: paged, filtered by partner, period (negotiation date), quotation, status and seller. */
export async function listOrders(db: Db, scope: OrderScope, input: OrderListInput): Promise<Page<OrderListRecord>> {
  const negotiation_date = {
    ...(input.start_date ? { gte: startOfDay(input.start_date) } : {}),
    ...(input.end_date ? { lte: endOfDay(input.end_date) } : {}),
  };
  const where = {
    ...(input.partner_id ? { partner_id: input.partner_id } : {}),
    ...(input.start_date || input.end_date ? { negotiation_date } : {}),
    ...(input.quotation === undefined ? {} : { quotation: input.quotation }),
    ...(input.status ? { status_id: input.status } : {}),
    ...(input.seller_id ? { seller_id: input.seller_id } : {}),
    ...(input.on_hold === undefined ? {} : { holds: input.on_hold ? { some: {} } : { none: {} } }),
    ...scopeWhere(scope),
    ...searchOrNumber(input.search),
  };
  // The rows with their names: the include is the delegate's, so the rows are typed with it.
  const delegate = {
    findMany: (args: object) => db.order.findMany({ ...args, include: listInclude }),
    count: (args: object) => db.order.count(args),
  };
  return paginate(delegate, input, {
    where,
    sortable: {
      id: column("id"),
      number: column("number"),
      negotiation_date: column("negotiation_date"),
      total_value: column("total_value"),
      order_value: column("order_value"),
      created_at: column("created_at"),
      updated_at: column("updated_at"),
      status: (dir) => ({ status: { order: dir } }),
      partner_name: (dir) => ({ partner: { name: dir } }),
      seller_name: (dir) => ({ seller: { name: dir } }),
    },
    defaultSort: "negotiation_date",
    toItem: toListRecord,
  });
}
