import { scopeWhereSql, type OrderScope } from "../../auth/scope";
import type { Db } from "../../db/scoped";
import { preparedQuery } from "../../db/sql";
import { resourceFileUrl } from "../../files/resource-files/service";
import { Prisma } from "../../generated/prisma/client";
import { money, toJsonNumber } from "../../lib/money";
import type { ItemTaxesJson, TaxTotalsJson } from "../../taxes/schemas";
import type { Phase } from "../../settings/statuses/phases";
import { orderHold, SHIPMENT_FIELDS, type OrderDetail, type OrderHold, type OrderListRecord } from "./schemas";

/**
 * The order's shape, declared once (issue 41): its own columns — how each is read, kept by the
 * writer, stored and answered — and the one statement that reads orders with everything that
 * hangs off them. The writer's state (write-order.ts), the detail (GET /orders/{id}, every
 * event's `data`, the audit log), the list record and the sale's view of its order all come
 * from here: a new order column is a line in `COLUMNS` (plus the schema and its zod fields).
 */

/**
 * How a column is kept: the writer's state holds each as plain text, JSON or a flag, exactly as
 * stored — `id` a required reference, `ref` an optional one, `label` required text, `text`
 * optional text, `money` fixed-point text, `moment` ISO text, `day` YYYY-MM-DD.
 */
export type Kind = "id" | "ref" | "label" | "text" | "money" | "moment" | "day" | "flag" | "json";
type StateOf<K extends Kind> = K extends "money" | "moment" | "id" | "label"
  ? string
  : K extends "flag"
    ? boolean
    : K extends "json"
      ? Prisma.JsonValue
      : string | null;

/**
 * The order's own columns: their kind, and whether a write that leaves one out keeps it
 * (`kept`) or the writer computes it (`computed`: the figures), what "duplicate as a new
 * quotation" copies (`copied`).
 */
export const COLUMNS = {
  origin: { kind: "label", kept: true },
  partner_id: { kind: "id", kept: false, copied: true },
  company_id: { kind: "ref", kept: true, copied: true },
  seller_id: { kind: "ref", kept: true, copied: true },
  warehouse_id: { kind: "ref", kept: true, copied: true },
  negotiation_date: { kind: "moment", kept: false },
  order_value: { kind: "money", computed: true, copied: true },
  discount_value: { kind: "money", kept: false, copied: true },
  freight_value: { kind: "money", kept: true, copied: true },
  total_value: { kind: "money", computed: true, copied: true },
  invoice_value: { kind: "money", computed: true },
  tax_totals: { kind: "json", computed: true },
  freight_edit_reason: { kind: "text", kept: true },
  shipment_contact_id: { kind: "text", kept: true },
  quotation: { kind: "flag", kept: true },
  valid_until: { kind: "day", kept: true },
  observation: { kind: "text", kept: true, copied: true },
  purchase_order: { kind: "text", kept: true, copied: true },
  delivery_method_id: { kind: "ref", kept: true, copied: true },
  delivery_rule_id: { kind: "text", kept: true },
  delivery_date: { kind: "text", kept: true },
  delivery_scheduling_id: { kind: "text", kept: true },
  delivery_method: { kind: "json", computed: true },
  discounts: { kind: "json", kept: true },
  pre_order_complement: { kind: "json", kept: true },
  checkout_complement: { kind: "json", kept: true },
  automation_fields: { kind: "json", kept: true },
  ...shipmentColumns(),
} as const satisfies Record<string, { kind: Kind; kept?: boolean; computed?: boolean; copied?: boolean }>;

function shipmentColumns(): { [Field in (typeof SHIPMENT_FIELDS)[number]]: { kind: "text"; kept: true; copied: true } } {
  return Object.fromEntries(SHIPMENT_FIELDS.map((field) => [field, { kind: "text", kept: true, copied: true }])) as {
    [Field in (typeof SHIPMENT_FIELDS)[number]]: { kind: "text"; kept: true; copied: true };
  };
}

export type ColumnName = keyof typeof COLUMNS;
/** The order's own columns as the writer keeps them: money as fixed-point text, moments as ISO text, days as YYYY-MM-DD. */
export type Columns = { [Name in ColumnName]: StateOf<(typeof COLUMNS)[Name]["kind"]> };
export const COLUMN_NAMES = Object.keys(COLUMNS) as ColumnName[];

const kindOf = (name: ColumnName): Kind => COLUMNS[name].kind;

/** A column as the read answers it (the driver gives text, Date or JSON) as the writer keeps it. */
function keep(kind: Kind, raw: unknown): unknown {
  if (raw === null || raw === undefined) return kind === "json" ? null : kind === "flag" ? false : null;
  switch (kind) {
    case "money":
      return money(raw as string).toFixed(2);
    case "moment":
      return new Date(raw as string | Date).toISOString();
    case "day":
      return typeof raw === "string" ? raw.slice(0, 10) : (raw as Date).toISOString().slice(0, 10);
    case "flag":
      return Boolean(raw);
    case "json":
      return raw as Prisma.JsonValue;
    default:
      return String(raw);
  }
}

/** The columns of a stored order (from the one read below, or a row Prisma read). */
export function columnsOf(row: Record<ColumnName, unknown>): Columns {
  return Object.fromEntries(COLUMN_NAMES.map((name) => [name, keep(kindOf(name), row[name])])) as Columns;
}

/** The PostgreSQL type of each kind of column. */
const SQL_TYPE: Record<Kind, string> = {
  id: "uuid",
  ref: "uuid",
  label: "text",
  text: "text",
  money: "numeric",
  moment: "timestamptz",
  day: "date",
  flag: "boolean",
  json: "jsonb",
};

/** The columns as SQL values cast to their columns' types (JSON as its text): what the writer inserts and updates. */
export function columnValues(columns: Columns): Array<[ColumnName, Prisma.Sql]> {
  return COLUMN_NAMES.map((name) => {
    const kind = kindOf(name);
    const value = columns[name];
    const parameter = value === null ? null : kind === "json" ? JSON.stringify(value) : value;
    return [name, Prisma.sql`${parameter}::${Prisma.raw(SQL_TYPE[kind])}`];
  });
}

/** How the read selects a column (numbers and days as text: no decimal ever passes through a float). */
function selectOf(name: ColumnName): string {
  const kind = kindOf(name);
  return kind === "money" || kind === "day" ? `o.${name}::text AS ${name}` : `o.${name}`;
}

type Json = Prisma.JsonValue;

/** An order as the one read answers it: its columns, and every row that hangs off it with the names staff read. */
export interface OrderRow extends Record<ColumnName, unknown> {
  id: string;
  organization_id: string;
  number: number;
  sale_id: string | null;
  status_id: string;
  attributes: Json;
  resume_fields: Json;
  approved_holds: string[];
  invoiced_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** How many receivables the order has (a sale's come with it; an order's are made on invoicing). */
  receivables: number;
  status: { id: string; title: string; background_color: string | null; font_color: string | null; is_final: boolean; phase: Phase | null };
  partner: { id: string; name: string; fiscal_registration_number: string };
  company: { id: string; name: string; fiscal_registration_number: string } | null;
  seller: { id: string; name: string } | null;
  items: Array<{
    id: string;
    product_id: string;
    product_variation_id: string | null;
    warehouse_id: string | null;
    stock_id: string | null;
    reserved_quantity: string;
    list_unit_value: string | null;
    unit: string | null;
    unit_value: string;
    quantity: string;
    discount: string;
    total_value: string;
    taxes: Json;
    item_origin_value: string | null;
    item_origin_type: string | null;
    automation_fields: Json;
    attributes: Json;
    complements: Json;
    resume_fields: Json;
    product_name: string;
    sku: string;
    images: Json;
    warehouse: { id: string; name: string } | null;
  }>;
  payments: Array<{
    id: string;
    created_at: string;
    payment_method_id: string;
    payment_method_name: string;
    installment_id: string | null;
    transaction_id: string | null;
    amount: string;
    installments: number;
    attributes: Json;
  }>;
  invoices: Array<{
    id: string;
    invoice_key: string;
    invoice_number: string | null;
    invoice_date: string | null;
    invoice_series: string | null;
    invoice_cfop: string | null;
    invoice_value: string | null;
    xml_resource_id: string | null;
    xml_file_name: string | null;
    xml_file_type: string | null;
    danfe_resource_id: string | null;
    danfe_file_name: string | null;
    danfe_file_type: string | null;
  }>;
  attachments: Array<{ id: string; file_id: string; file_name: string; content_type: string }>;
  coupons: Array<{ coupon_id: string; code: string; name: string; type: string; value_type: string; value: string; attributes: Json }>;
  statuses: Array<{
    id: string;
    status_id: string;
    created_at: string;
    title: string;
    background_color: string | null;
    font_color: string | null;
    actor: string | null;
    actor_name: string | null;
  }>;
  holds: Array<{ reason: OrderHold["reason"]; details: Json; created_at: string }>;
  decisions: Array<{
    id: string;
    decision: "APPROVE" | "REJECT";
    note: string | null;
    holds: Json;
    actor: string | null;
    actor_name: string | null;
    created_at: string;
  }>;
}

/** Who an actor string ("user:<id>", "access-key:<id>") names now, as SQL over the row `alias`. */
const actorName = (alias: string) => `COALESCE(
  (SELECT u.name FROM users u WHERE ${alias}.actor = 'user:' || u.id::text AND u.organization_id = o.organization_id),
  (SELECT k.name FROM access_keys k WHERE ${alias}.actor = 'access-key:' || k.id::text AND k.organization_id = o.organization_id))`;

/**
 * An order's coupons as JSON (`alias` the orders row): the order holds their uses, and a sale's
 * coupons are its order's — the sale's read answers them from here too (server/sales/sales/service.ts).
 */
export const orderCouponsJson = (alias: string) => `COALESCE((SELECT json_agg(json_build_object(
      'coupon_id', cp.id, 'code', cp.code, 'name', cp.name, 'type', cp.type, 'value_type', cp.value_type, 'value', cp.value::text,
      'attributes', oc.attributes) ORDER BY oc.id)
    FROM order_coupons oc JOIN coupons cp ON cp.organization_id = oc.organization_id AND cp.id = oc.coupon_id
    WHERE oc.organization_id = ${alias}.organization_id AND oc.order_id = ${alias}.id), '[]')`;

/** The one read: orders with their status, people, items (names, images, warehouses), payments, files, coupons, history, holds, decisions. */
const ORDER_ROWS = `
  o.id, o.organization_id, o.number, o.sale_id, o.status_id, ${COLUMN_NAMES.map(selectOf).join(", ")},
  o.attributes, o.resume_fields, o.approved_holds::text[] AS approved_holds, o.invoiced_at, o.created_at, o.updated_at,
  (SELECT count(*)::int FROM financials f WHERE f.organization_id = o.organization_id AND f.order_id = o.id) AS receivables,
  json_build_object('id', st.id, 'title', st.title, 'background_color', st.background_color, 'font_color', st.font_color,
                    'is_final', st.is_final, 'phase', st.phase) AS status,
  json_build_object('id', pa.id, 'name', pa.name, 'fiscal_registration_number', pa.fiscal_registration_number) AS partner,
  (SELECT json_build_object('id', c.id, 'name', c.name, 'fiscal_registration_number', c.fiscal_registration_number)
     FROM companies c WHERE c.organization_id = o.organization_id AND c.id = o.company_id) AS company,
  (SELECT json_build_object('id', s.id, 'name', s.name) FROM sellers s WHERE s.organization_id = o.organization_id AND s.id = o.seller_id) AS seller,
  COALESCE((SELECT json_agg(json_build_object(
      'id', i.id, 'product_id', i.product_id, 'product_variation_id', i.product_variation_id, 'warehouse_id', i.warehouse_id,
      'stock_id', i.stock_id, 'reserved_quantity', i.reserved_quantity::text, 'list_unit_value', i.list_unit_value::text, 'unit', i.unit,
      'unit_value', i.unit_value::text, 'quantity', i.quantity::text, 'discount', i.discount::text, 'total_value', i.total_value::text,
      'taxes', i.taxes,
      'item_origin_value', i.item_origin_value, 'item_origin_type', i.item_origin_type, 'automation_fields', i.automation_fields,
      'attributes', i.attributes, 'complements', i.complements, 'resume_fields', i.resume_fields,
      'product_name', p.name, 'sku', p.sku, 'images', p.images,
      'warehouse', CASE WHEN w.id IS NOT NULL THEN json_build_object('id', w.id, 'name', w.name) END) ORDER BY i.position)
    FROM order_items i
    JOIN products p ON p.organization_id = i.organization_id AND p.id = i.product_id
    LEFT JOIN stock_inventories si ON i.warehouse_id IS NULL AND si.organization_id = i.organization_id AND si.id = i.stock_id
    LEFT JOIN warehouses w ON w.organization_id = i.organization_id AND w.id = COALESCE(i.warehouse_id, si.warehouse_id)
    WHERE i.organization_id = o.organization_id AND i.order_id = o.id), '[]') AS items,
  COALESCE((SELECT json_agg(json_build_object(
      'id', op.id, 'created_at', op.created_at, 'payment_method_id', op.payment_method_id, 'payment_method_name', pm.name,
      'installment_id', op.installment_id, 'transaction_id', op.transaction_id, 'amount', op.amount::text,
      'installments', op.installments, 'attributes', op.attributes) ORDER BY op.created_at, op.id)
    FROM order_payments op JOIN payment_methods pm ON pm.organization_id = op.organization_id AND pm.id = op.payment_method_id
    WHERE op.organization_id = o.organization_id AND op.order_id = o.id), '[]') AS payments,
  COALESCE((SELECT json_agg(json_build_object(
      'id', oi.id, 'invoice_key', oi.invoice_key, 'invoice_number', oi.invoice_number, 'invoice_date', oi.invoice_date,
      'invoice_series', oi.invoice_series, 'invoice_cfop', oi.invoice_cfop, 'invoice_value', oi.invoice_value::text,
      'xml_resource_id', oi.xml_resource_id, 'xml_file_name', x.file_name, 'xml_file_type', x.content_type,
      'danfe_resource_id', oi.danfe_resource_id, 'danfe_file_name', d.file_name, 'danfe_file_type', d.content_type) ORDER BY oi.invoice_key)
    FROM order_invoices oi
    LEFT JOIN resource_files x ON x.organization_id = oi.organization_id AND x.id = oi.xml_resource_id
    LEFT JOIN resource_files d ON d.organization_id = oi.organization_id AND d.id = oi.danfe_resource_id
    WHERE oi.organization_id = o.organization_id AND oi.order_id = o.id), '[]') AS invoices,
  COALESCE((SELECT json_agg(json_build_object('id', a.id, 'file_id', a.file_id, 'file_name', f.file_name, 'content_type', f.content_type)
                            ORDER BY a.position)
    FROM order_attachments a JOIN resource_files f ON f.organization_id = a.organization_id AND f.id = a.file_id
    WHERE a.organization_id = o.organization_id AND a.order_id = o.id), '[]') AS attachments,
  ${orderCouponsJson("o")} AS coupons,
  COALESCE((SELECT json_agg(json_build_object('id', sc.id, 'status_id', sc.status_id, 'created_at', sc.created_at, 'title', ss.title,
                                              'background_color', ss.background_color, 'font_color', ss.font_color, 'actor', sc.actor,
                                              'actor_name', ${actorName("sc")}) ORDER BY sc.created_at, sc.id)
    FROM order_status_changes sc JOIN statuses ss ON ss.organization_id = sc.organization_id AND ss.id = sc.status_id
    WHERE sc.organization_id = o.organization_id AND sc.order_id = o.id), '[]') AS statuses,
  COALESCE((SELECT json_agg(json_build_object('reason', h.reason, 'details', h.details, 'created_at', h.created_at) ORDER BY h.created_at, h.reason)
    FROM order_holds h WHERE h.organization_id = o.organization_id AND h.order_id = o.id), '[]') AS holds,
  COALESCE((SELECT json_agg(json_build_object('id', dc.id, 'decision', dc.decision, 'note', dc.note, 'holds', dc.holds, 'actor', dc.actor,
                                              'actor_name', ${actorName("dc")}, 'created_at', dc.created_at) ORDER BY dc.created_at, dc.id)
    FROM order_decisions dc WHERE dc.organization_id = o.organization_id AND dc.order_id = o.id), '[]') AS decisions
  FROM orders o
  JOIN statuses st ON st.organization_id = o.organization_id AND st.id = o.status_id
  JOIN partners pa ON pa.organization_id = o.organization_id AND pa.id = o.partner_id`;

/**
 * Orders by id, each with everything that hangs off it, in one statement (prepared once per
 * connection): what the writer decides on, what GET /orders/{id} and the events answer. A
 * scope leaves out the orders it does not see. In the order of `ids`.
 */
export async function readOrderRows(db: Db, ids: readonly string[], scope?: OrderScope): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  const seller = scope ? scopeWhereSql(scope) : { sellerId: null, none: false };
  if (seller.none) return [];
  const rows = await preparedQuery<OrderRow>(
    db,
    "order-rows",
    (organization) => Prisma.sql`SELECT ${Prisma.raw(ORDER_ROWS)}
      WHERE o.organization_id = ${organization} AND o.id = ANY(${[...ids]}::uuid[])
        AND (${seller.sellerId}::uuid IS NULL OR o.seller_id = ${seller.sellerId}::uuid)`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const numberOf = (value: string | number) => Number(value);
const asRecord = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
const asStrings = (value: unknown) => asRecord(value) as Record<string, string>;
const asList = (value: unknown) => (Array.isArray(value) ? value : []) as Array<Record<string, unknown>>;
const isoOf = (value: string | Date) => new Date(value).toISOString();

type StoredImage = { resource_file_id: string; main: boolean; order: number };

function imageOf(organizationId: string, images: unknown): string | null {
  const list = (Array.isArray(images) ? images : []) as StoredImage[];
  const main = list.find((image) => image.main) ?? list[0];
  return main ? resourceFileUrl(organizationId, main.resource_file_id) : null;
}

type DeliverySnapshot = Partial<
  Record<"period_start" | "period_end" | "period_type" | "type" | "name" | "price_type" | "custom_label", string | null>
>;

/** A stored hold as answered. */
export function holdOf(hold: { reason: OrderHold["reason"]; details: unknown; created_at: string | Date }): OrderHold {
  return { reason: hold.reason, details: asRecord(hold.details), created_at: isoOf(hold.created_at) };
}

/** The order's own columns as the detail and the list record answer them. */
function answeredColumns(columns: Columns) {
  const { delivery_method: delivery, discounts, pre_order_complement, checkout_complement, automation_fields, ...rest } = columns;
  const snapshot = (delivery ?? {}) as DeliverySnapshot;
  return {
    ...rest,
    order_value: numberOf(columns.order_value),
    discount_value: numberOf(columns.discount_value),
    freight_value: numberOf(columns.freight_value),
    total_value: numberOf(columns.total_value),
    invoice_value: numberOf(columns.invoice_value),
    tax_totals: columns.tax_totals ? (columns.tax_totals as TaxTotalsJson) : null,
    delivery_method_period_start: snapshot.period_start ?? null,
    delivery_method_period_end: snapshot.period_end ?? null,
    delivery_method_period_type: snapshot.period_type ?? null,
    delivery_method_type: snapshot.type ?? null,
    delivery_method_name: snapshot.name ?? null,
    delivery_method_price_type: snapshot.price_type ?? null,
    delivery_method_custom_label: snapshot.custom_label ?? null,
    discounts: asList(discounts).map((discount) => ({ type: String(discount.type), amount: Number(discount.amount) })),
    pre_order_complement: asStrings(pre_order_complement),
    checkout_complement: asStrings(checkout_complement),
    automation_fields: asStrings(automation_fields),
  };
}

/** GET /orders/{id}: the order as the one read has it; also every event's `data` and the audit log's record. */
export function detailOf(row: OrderRow): OrderDetail {
  const org = row.organization_id;
  return {
    id: row.id,
    number: row.number,
    sale_id: row.sale_id,
    ...answeredColumns(columnsOf(row)),
    company: row.company,
    partner: row.partner,
    seller: row.seller,
    status: row.status_id,
    status_detail: { ...row.status, phase: row.status.phase ?? "OPEN" },
    attachments: row.attachments.map((attachment) => ({
      id: attachment.id,
      file_id: attachment.file_id,
      name: attachment.file_name,
      type: attachment.content_type,
      url: resourceFileUrl(org, attachment.file_id),
    })),
    invoices: row.invoices.map((invoice) => ({
      ...invoice,
      invoice_value: toJsonNumber(invoice.invoice_value),
      xml_url: invoice.xml_resource_id ? resourceFileUrl(org, invoice.xml_resource_id) : null,
      danfe_url: invoice.danfe_resource_id ? resourceFileUrl(org, invoice.danfe_resource_id) : null,
    })),
    attributes: asRecord(row.attributes),
    items: row.items.map((item) => ({
      id: item.id,
      orderId: row.id,
      productId: item.product_id,
      productName: item.product_name,
      sku: item.sku,
      image: imageOf(org, item.images),
      unit: item.unit,
      productVariationId: item.product_variation_id,
      itemOriginValue: item.item_origin_value,
      itemOriginType: item.item_origin_type,
      unitValue: numberOf(item.unit_value),
      listUnitValue: toJsonNumber(item.list_unit_value),
      quantity: numberOf(item.quantity),
      discount: numberOf(item.discount),
      totalValue: numberOf(item.total_value),
      warehouseId: item.warehouse?.id ?? null,
      warehouseName: item.warehouse?.name ?? null,
      reservedQuantity: numberOf(item.reserved_quantity),
      taxes: item.taxes ? (item.taxes as ItemTaxesJson) : null,
      attributes: asRecord(item.attributes),
      automation_fields: asRecord(item.automation_fields),
      complements: asList(item.complements),
      resumeFields: asList(item.resume_fields),
    })),
    payments: row.payments.map((payment) => ({
      id: payment.id,
      orderId: row.id,
      paymentMethodId: payment.payment_method_id,
      paymentMethodName: payment.payment_method_name,
      amount: numberOf(payment.amount),
      installments: payment.installments,
      installmentId: payment.installment_id,
      transactionId: payment.transaction_id,
      attributes: asRecord(payment.attributes),
    })),
    statuses: row.statuses.map((entry) => ({ ...entry, created_at: isoOf(entry.created_at) })),
    holds: row.holds.map(holdOf),
    decisions: row.decisions.map((decision) => ({
      ...decision,
      holds: orderHold.array().catch([]).parse(decision.holds),
      created_at: isoOf(decision.created_at),
    })),
    resume_fields: asList(row.resume_fields),
    coupons: row.coupons.map((coupon) => ({ ...coupon, value: numberOf(coupon.value), attributes: asRecord(coupon.attributes) })),
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
  };
}

/** What a list row carries beside the order's columns: names and colours, and its holds. */
export interface OrderListRow extends Record<ColumnName, unknown> {
  id: string;
  number: number;
  status_id: string;
  attributes: Json;
  created_at: Date;
  updated_at: Date;
  partner: { name: string };
  seller: { name: string } | null;
  status: { title: string; background_color: string | null; font_color: string | null };
  holds: Array<{ reason: OrderHold["reason"]; details: Json; created_at: Date }>;
}

/** The twelve shipment fields of the columns. */
function shipmentOf(columns: Columns): { [Field in (typeof SHIPMENT_FIELDS)[number]]: string | null } {
  const { shipment_address_name, shipment_address_type, shipment_street, shipment_number, shipment_complement } = columns;
  const { shipment_neighborhood, shipment_city, shipment_state, shipment_postal_code, shipment_country } = columns;
  const { shipment_contact_name, shipment_contact_number } = columns;
  return {
    shipment_address_name,
    shipment_address_type,
    shipment_street,
    shipment_number,
    shipment_complement,
    shipment_neighborhood,
    shipment_city,
    shipment_state,
    shipment_postal_code,
    shipment_country,
    shipment_contact_name,
    shipment_contact_number,
  };
}

/** GET /orders: the list record, from the same columns as the detail. */
export function listRecordOf(row: OrderListRow): OrderListRecord {
  const stored = columnsOf(row);
  const columns = answeredColumns(stored);
  return {
    id: row.id,
    number: row.number,
    origin: columns.origin,
    company_id: columns.company_id,
    partner_id: columns.partner_id,
    negotiation_date: columns.negotiation_date,
    seller_id: columns.seller_id,
    status: row.status_id,
    total_value: columns.total_value,
    invoice_value: columns.invoice_value,
    order_value: columns.order_value,
    discount_value: columns.discount_value,
    freight_value: columns.freight_value,
    ...shipmentOf(stored),
    quotation: columns.quotation,
    valid_until: columns.valid_until,
    purchase_order: columns.purchase_order,
    delivery_method_id: columns.delivery_method_id,
    delivery_rule_id: columns.delivery_rule_id,
    delivery_date: columns.delivery_date,
    delivery_scheduling_id: columns.delivery_scheduling_id,
    attributes: asRecord(row.attributes),
    partner_name: row.partner.name,
    seller_name: row.seller?.name ?? null,
    status_title: row.status.title,
    status_background_color: row.status.background_color,
    status_font_color: row.status.font_color,
    holds: row.holds.map(holdOf),
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
  };
}
