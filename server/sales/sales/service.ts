import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { resourceFileUrl } from "../../files/resource-files/service";
import { financialJson, financialOfJson, type FinancialJson } from "../../finance/financials/service";
import type { Financial } from "../../finance/financials/schemas";
import { Prisma } from "../../generated/prisma/client";
import { preparedQuery } from "../../db/sql";
import { orderCouponsJson } from "../../orders/orders/shape";
import { isUuid } from "../../lib/ids";
import { toJsonNumber, type Money } from "../../lib/money";
import { paginate, type Page, type PageableDelegate } from "../../lib/paging";
import { ALL_ORDERS, scopeWhere, scopeWhereSql, type OrderScope } from "../../auth/scope";
import { enqueueEvent, eventData } from "../../webhooks/outbox";
import type { SaleDetail, SaleListInput, SaleListRecord, SalePaymentDetail } from "./schemas";

/**
 * Sales (interface "Sale", contract §7): how they are read. `POST /sales` is
 * server/sales/sales/write-sale.ts. A SELLER sees only its own seller's sales (the order
 * scope of server/auth/scope.ts); another's are 404.
 */

/** A sale as its one read answers it (`readSales`): its columns, and every row that hangs off it with the names staff read. */
interface SaleRow {
  id: string;
  organization_id: string;
  external_id: string | null;
  company_id: string | null;
  partner_id: string;
  seller_id: string | null;
  solution_id: string | null;
  updated_by: string;
  observation: string | null;
  shopping_cart_id: string | null;
  quotation: boolean;
  full_value: string;
  total_value: string;
  total_discount: string;
  freight_amount: string;
  freight_edit_reason: string | null;
  discounts: Prisma.JsonValue;
  invoices: Prisma.JsonValue;
  origin_attributes: Prisma.JsonValue;
  pre_order_complement: Prisma.JsonValue;
  checkout_complement: Prisma.JsonValue;
  automation_fields: Prisma.JsonValue;
  resume_fields: Prisma.JsonValue;
  delivery: Prisma.JsonValue;
  attributes: Prisma.JsonValue;
  webhook_error: string | null;
  created_at: Date;
  partner: SaleDetail["partner"];
  company: SaleDetail["company"];
  seller: SaleDetail["seller"];
  solution: { id: string; name: string; metadata: Prisma.JsonValue } | null;
  status: { id: string; title: string; background_color: string; font_color: string };
  order: { id: string; number: number } | null;
  items: Array<{
    id: string;
    product_id: string;
    product_name: string;
    images: Prisma.JsonValue;
    measure_unit_id: string | null;
    product_variation_id: string | null;
    unit: string | null;
    unit_value: string;
    quantity: string;
    discount: string;
    total_value: string;
    item_origin_value: string | null;
    item_origin_type: string | null;
    automation_fields: Prisma.JsonValue;
    complements: Prisma.JsonValue;
    resume_fields: Prisma.JsonValue;
  }>;
  payments: Array<{
    id: string;
    payment_method_id: string;
    payment_method_name: string;
    payment_method_type: string | null;
    amount: string;
    installments: number;
    installment_id: string | null;
    transaction_id: string | null;
    gateway: string | null;
    captured_at: string | null;
    capture_reference: string | null;
  }>;
  coupons: Array<{ coupon_id: string; code: string; name: string; type: string; value_type: string; value: string }>;
  statuses: Array<{ id: string; status_id: string; title: string; created_at: string }>;
  financials: FinancialJson[];
}

/**
 * The one read of sales (issue 41): each with its partner, company, seller, sales channel,
 * status, order, items, payments, coupons — its order's, which holds their uses, or a
 * quotation's own — status history and receivables, in one statement prepared once per
 * connection; decimals as text. A scope leaves out the sales it does not see. In the order of `ids`.
 */
export async function readSales(db: Db, ids: readonly string[], scope: OrderScope = ALL_ORDERS): Promise<SaleDetail[]> {
  const seller = scopeWhereSql(scope);
  if (ids.length === 0 || seller.none) return [];
  const rows = await preparedQuery<SaleRow>(
    db,
    "sale-rows",
    (organization) => Prisma.sql`
    SELECT s.id, s.organization_id, s.external_id, s.company_id, s.partner_id, s.seller_id, s.solution_id, s.updated_by, s.observation,
      s.shopping_cart_id, s.quotation, s.full_value::text AS full_value, s.total_value::text AS total_value,
      s.total_discount::text AS total_discount, s.freight_amount::text AS freight_amount, s.freight_edit_reason, s.discounts, s.invoices,
      s.origin_attributes, s.pre_order_complement, s.checkout_complement, s.automation_fields, s.resume_fields, s.delivery, s.attributes,
      s.webhook_error, s.created_at,
      json_build_object('id', pa.id, 'name', pa.name, 'phone', pa.phone, 'mobile', pa.mobile,
                        'fiscal_registration_number', pa.fiscal_registration_number, 'email', pa.email) AS partner,
      (SELECT json_build_object('id', c.id, 'name', c.name, 'fiscal_registration_number', c.fiscal_registration_number)
         FROM companies c WHERE c.organization_id = s.organization_id AND c.id = s.company_id) AS company,
      (SELECT json_build_object('id', se.id, 'name', se.name, 'email', se.email)
         FROM sellers se WHERE se.organization_id = s.organization_id AND se.id = s.seller_id) AS seller,
      (SELECT json_build_object('id', so.id, 'name', so.name, 'metadata', so.metadata)
         FROM solutions so WHERE so.organization_id = s.organization_id AND so.id = s.solution_id) AS solution,
      json_build_object('id', st.id, 'title', st.title, 'background_color', st.background_color, 'font_color', st.font_color) AS status,
      CASE WHEN o.id IS NOT NULL THEN json_build_object('id', o.id, 'number', o.number) END AS "order",
      COALESCE((SELECT json_agg(json_build_object(
          'id', i.id, 'product_id', i.product_id, 'product_name', p.name, 'images', p.images, 'measure_unit_id', p.measure_unit_id,
          'product_variation_id', i.product_variation_id, 'unit', i.unit, 'unit_value', i.unit_value::text, 'quantity', i.quantity::text,
          'discount', i.discount::text, 'total_value', i.total_value::text, 'item_origin_value', i.item_origin_value,
          'item_origin_type', i.item_origin_type, 'automation_fields', i.automation_fields, 'complements', i.complements,
          'resume_fields', i.resume_fields) ORDER BY i.position)
        FROM sale_items i JOIN products p ON p.organization_id = i.organization_id AND p.id = i.product_id
        WHERE i.organization_id = s.organization_id AND i.sale_id = s.id), '[]') AS items,
      COALESCE((SELECT json_agg(json_build_object(
          'id', sp.id, 'payment_method_id', sp.payment_method_id, 'payment_method_name', pm.name, 'payment_method_type', pm.type,
          'amount', sp.amount::text, 'installments', sp.installments, 'installment_id', sp.installment_id,
          'transaction_id', sp.transaction_id, 'gateway', sp.gateway, 'captured_at', sp.captured_at,
          'capture_reference', sp.capture_reference) ORDER BY sp.position)
        FROM sale_payments sp JOIN payment_methods pm ON pm.organization_id = sp.organization_id AND pm.id = sp.payment_method_id
        WHERE sp.organization_id = s.organization_id AND sp.sale_id = s.id), '[]') AS payments,
      CASE WHEN o.id IS NOT NULL THEN ${Prisma.raw(orderCouponsJson("o"))}
        ELSE COALESCE((SELECT json_agg(json_build_object('coupon_id', cp.id, 'code', cp.code, 'name', cp.name, 'type', cp.type,
                                                         'value_type', cp.value_type, 'value', cp.value::text) ORDER BY sc.id)
          FROM sale_coupons sc JOIN coupons cp ON cp.organization_id = sc.organization_id AND cp.id = sc.coupon_id
          WHERE sc.organization_id = s.organization_id AND sc.sale_id = s.id), '[]') END AS coupons,
      COALESCE((SELECT json_agg(json_build_object('id', ch.id, 'status_id', ch.status_id, 'title', cs.title, 'created_at', ch.created_at)
                                ORDER BY ch.created_at, ch.id)
        FROM sale_status_changes ch JOIN statuses cs ON cs.organization_id = ch.organization_id AND cs.id = ch.status_id
        WHERE ch.organization_id = s.organization_id AND ch.sale_id = s.id), '[]') AS statuses,
      COALESCE((SELECT json_agg(${Prisma.raw(financialJson("f"))} ORDER BY f.due_date, f.installment, f.id)
        FROM financials f WHERE f.organization_id = s.organization_id AND f.sale_id = s.id), '[]') AS financials
    FROM sales s
    JOIN partners pa ON pa.organization_id = s.organization_id AND pa.id = s.partner_id
    JOIN statuses st ON st.organization_id = s.organization_id AND st.id = s.status_id
    LEFT JOIN orders o ON o.organization_id = s.organization_id AND o.sale_id = s.id
    WHERE s.organization_id = ${organization} AND s.id = ANY(${[...ids]}::uuid[])
      AND (${seller.sellerId}::uuid IS NULL OR s.seller_id = ${seller.sellerId}::uuid)`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [saleDetailOf(row)] : [];
  });
}

type StoredImage = { resource_file_id: string; main?: boolean; order?: number };
/** The delivery a sale stores: what was sent, the delivery method's own fields, the partner's default address. */
export type StoredDelivery = Record<string, string | null | undefined>;

function mainImage(organizationId: string, images: unknown): string | null {
  const list = Array.isArray(images) ? (images as StoredImage[]) : [];
  const image = list.find((candidate) => candidate.main) ?? list[0];
  return image ? resourceFileUrl(organizationId, image.resource_file_id) : null;
}

const number = (value: string | Prisma.Decimal | Money) => toJsonNumber(value) ?? 0;
const stringMap = (value: Prisma.JsonValue) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {};
const jsonMap = (value: Prisma.JsonValue) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const jsonList = (value: Prisma.JsonValue) => (Array.isArray(value) ? (value as Array<Record<string, unknown>>) : []);

function paymentDetail(
  payment: SaleRow["payments"][number],
  financials: ReadonlyArray<{ salePaymentId: string | null; detail: Financial }>,
): SalePaymentDetail {
  const receivable = financials.find((financial) => financial.salePaymentId === payment.id)?.detail;
  const card = receivable?.card ?? null;
  const billet = receivable?.payment_billet ?? null;
  return {
    id: payment.id,
    payment_method_id: payment.payment_method_id,
    payment_method_name: payment.payment_method_name,
    payment_method_type: payment.payment_method_type,
    amount: number(payment.amount),
    installments: payment.installments,
    installment_id: payment.installment_id,
    transaction_id: payment.transaction_id,
    has_payment_gateway: payment.gateway !== null,
    gateway: payment.gateway,
    captured_at: payment.captured_at === null ? null : new Date(payment.captured_at).toISOString(),
    capture_reference: payment.capture_reference,
    card: card
      ? {
          brand: card.brand,
          holder: card.holder,
          number: card.number,
          expiration_month: card.expiration_month,
          expiration_year: card.expiration_year,
          nsu: card.nsu,
          tid: card.tid,
        }
      : null,
    pix: receivable?.pix ?? null,
    payment_billet: billet
      ? { financial_id: billet.financial_id, bar_code: billet.bar_code, qr_code: billet.qr_code, resource_file_id: billet.resource_file_id }
      : null,
  };
}

/** GET /sales/{id}: the sale as its one read has it; also `sale.created`'s data and the audit log's record. */
function saleDetailOf(row: SaleRow): SaleDetail {
  const delivery: StoredDelivery = (row.delivery ?? {}) as StoredDelivery;
  const value = (key: string) => delivery[key] ?? null;
  const financials = row.financials.map((json) => ({ salePaymentId: json.sale_payment_id, detail: financialOfJson(json) }));
  const origin = {
    id: row.solution?.id ?? null,
    origin_id: row.solution_id,
    name: row.solution?.name ?? null,
    metadata: row.solution ? jsonMap(row.solution.metadata) : {},
    attributes: stringMap(row.origin_attributes),
  };
  return {
    id: row.id,
    external_id: row.external_id,
    organization_id: row.organization_id,
    company_id: row.company_id,
    partner_id: row.partner_id,
    seller_id: row.seller_id,
    updated_by: row.updated_by,
    total_value: number(row.total_value),
    full_value: number(row.full_value),
    total_discount: number(row.total_discount),
    created_at: new Date(row.created_at).toISOString(),
    invoices: Array.isArray(row.invoices) ? row.invoices.map(String) : [],
    origin,
    items: row.items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      product_name: item.product_name,
      quantity: number(item.quantity),
      unit: item.unit,
      unit_value: number(item.unit_value),
      discount: number(item.discount),
      total_value: number(item.total_value),
      item_origin_value: item.item_origin_value,
      item_origin_type: item.item_origin_type,
      product_variation_id: item.product_variation_id,
      unit_id: item.measure_unit_id,
      product_image: mainImage(row.organization_id, item.images),
      complements: jsonList(item.complements),
      automation_fields: stringMap(item.automation_fields),
      resume_fields: jsonList(item.resume_fields),
    })),
    freight: { id: row.id, amount: number(row.freight_amount), edit_reason: row.freight_edit_reason },
    discount: jsonList(row.discounts).map((entry) => ({ id: String(entry.id), type: String(entry.type), amount: Number(entry.amount) })),
    payments: row.payments.map((payment) => paymentDetail(payment, financials)),
    pre_order_complement: stringMap(row.pre_order_complement),
    checkout_complement: stringMap(row.checkout_complement),
    automation_fields: stringMap(row.automation_fields),
    delivery: {
      address_type: value("address_type"),
      street: value("street"),
      number: value("number"),
      complement: value("complement"),
      neighborhood: value("neighborhood"),
      city: value("city"),
      state: value("state"),
      postal_code: value("postal_code"),
      country: value("country"),
      contact_name: value("contact_name"),
      contact_number: value("contact_number"),
    },
    quotation: row.quotation,
    order_id: row.order?.id ?? null,
    order_number: row.order?.number ?? null,
    status: {
      id: row.status.id,
      status_id: row.status.id,
      title: row.status.title,
      background_color: row.status.background_color,
      font_color: row.status.font_color,
    },
    observation: row.observation,
    shopping_cart_id: row.shopping_cart_id,
    company: row.company,
    partner: row.partner,
    seller: row.seller,
    resume_fields: jsonList(row.resume_fields),
    statuses: row.statuses.map((change) => ({
      id: change.id,
      status_id: change.status_id,
      title: change.title,
      created_at: new Date(change.created_at).toISOString(),
    })),
    webhook_error: row.webhook_error,
    delivery_method_id: value("delivery_method_id"),
    delivery_rule_id: value("delivery_rule_id"),
    delivery_date: value("delivery_date"),
    delivery_scheduling_id: value("delivery_scheduling_id"),
    delivery_method_period_start: value("delivery_method_period_start"),
    delivery_method_period_end: value("delivery_method_period_end"),
    delivery_method_period_type: value("delivery_method_period_type"),
    delivery_method_type: value("delivery_method_type"),
    delivery_method_name: value("delivery_method_name"),
    delivery_method_price_type: value("delivery_method_price_type"),
    delivery_method_custom_label: value("delivery_method_custom_label"),
    coupons: row.coupons.map((link) => ({
      coupon_id: link.coupon_id,
      code: link.code,
      name: link.name,
      type: link.type,
      value_type: link.value_type,
      value: number(link.value),
    })),
    financials: financials.map((financial) => financial.detail),
    attributes: jsonMap(row.attributes),
  };
}

/** GET /sales/{id}: 404 for a sale not in the org (or, for a SELLER, not its seller's). */
export async function getSale(db: Db, scope: OrderScope, id: string): Promise<SaleDetail> {
  const [detail] = isUuid(id) ? await readSales(db, [id], scope) : [];
  if (!detail) throw AppError.notFound("Sale");
  return detail;
}

const listInclude = {
  partner: { select: { name: true } },
  solution: { select: { id: true, name: true, metadata: true } },
  status: { select: { id: true, title: true, background_color: true, font_color: true } },
  payments: { orderBy: { position: "asc" }, select: { id: true, payment_method: { select: { name: true } } } },
  _count: { select: { items: true } },
} satisfies Prisma.SaleInclude;
type SaleListRow = Prisma.SaleGetPayload<{ include: typeof listInclude }>;

function toListRecord(row: SaleListRow): SaleListRecord {
  return {
    id: row.id,
    company_id: row.company_id,
    external_id: row.external_id,
    partner_id: row.partner_id,
    partner_name: row.partner.name,
    total_value: number(row.total_value),
    items_quantity: row._count.items,
    origin_id: row.solution_id,
    origin_name: row.solution?.name ?? null,
    origin: {
      id: row.solution?.id ?? null,
      name: row.solution?.name ?? null,
      metadata: row.solution ? jsonMap(row.solution.metadata) : {},
      attributes: stringMap(row.origin_attributes),
    },
    created_at: row.created_at.toISOString(),
    payments: row.payments.map((payment) => ({ id: payment.id, name: payment.payment_method.name })),
    status: {
      id: row.status.id,
      status_id: row.status.id,
      title: row.status.title,
      background_color: row.status.background_color,
      font_color: row.status.font_color,
    },
    webhook_error: row.webhook_error,
    quotation: row.quotation,
  };
}

const NO_RECORD = "00000000-0000-0000-0000-000000000000";

export async function listSales(db: Db, scope: OrderScope, input: SaleListInput): Promise<Page<SaleListRecord>> {
  const where: Prisma.SaleWhereInput = {
    ...scopeWhere(scope),
    ...(input.partner_id !== undefined ? { partner_id: isUuid(input.partner_id) ? input.partner_id : NO_RECORD } : {}),
    ...(input.quotation !== undefined ? { quotation: input.quotation } : {}),
    ...(input.start_date || input.final_date
      ? { created_at: { ...(input.start_date ? { gte: input.start_date } : {}), ...(input.final_date ? { lte: input.final_date } : {}) } }
      : {}),
  };
  const delegate: PageableDelegate<SaleListRow> = {
    findMany: (args) => db.sale.findMany({ ...args, include: listInclude }),
    count: (args) => db.sale.count({ ...args }),
  };
  return paginate(delegate, input, {
    where,
    sortable: {
      id: (dir) => ({ id: dir }),
      created_at: (dir) => ({ created_at: dir }),
      total_value: (dir) => ({ total_value: dir }),
      external_id: (dir) => ({ external_id: { sort: dir, nulls: "last" } }),
      partner_name: (dir) => ({ partner: { name: dir } }),
      quotation: (dir) => ({ quotation: dir }),
    },
    defaultSort: "id",
    searchable: true,
    toItem: toListRecord,
  });
}

/**
 * PUT /sales/{saleId}/call-create-order-webhook: queues `order.create-requested` with the
 * sale as data (202); 404 for a sale not in the org (or, for a SELLER, not its seller's),
 * 400 when no active endpoint listens.
 */
export async function callCreateOrderWebhook(db: Db, scope: OrderScope, saleId: string) {
  // The sale as GET /sales/{id} answers it (404 when not the caller's), as every sale event carries it.
  const data = eventData(await getSale(db, scope, saleId));
  const listening = await db.webhook.count({ where: { active: true, events: { has: "order.create-requested" } } });
  if (listening === 0) {
    throw new AppError("no_endpoint", "No active webhook endpoint listens to order.create-requested");
  }
  const { eventId, deliveries } = await enqueueEvent(db, { type: "order.create-requested", data, subject: { type: "sale", id: saleId } });
  return { event_id: eventId, deliveries };
}
