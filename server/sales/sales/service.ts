import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { resourceFileUrl } from "../../files/resource-files/service";
import { billetOf, cardOf, financialInclude, pixOf, toFinancial } from "../../finance/financials/service";
import type { Prisma } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { toJsonNumber, type Money } from "../../lib/money";
import { paginate, type Page, type PageableDelegate } from "../../lib/paging";
import { scopeWhere, type OrderScope } from "../../auth/scope";
import { enqueueEvent, eventData } from "../../webhooks/outbox";
import type { SaleDetail, SaleListInput, SaleListRecord, SalePaymentDetail } from "./schemas";

/**
 * Sales (interface "Sale", contract §7): how they are read. `POST /sales` is
 * server/sales/sales/write-sale.ts. A SELLER sees only its own seller's sales (the order
 * scope of server/auth/scope.ts); another's are 404.
 */

export const saleInclude = {
  partner: { select: { id: true, name: true, phone: true, mobile: true, fiscal_registration_number: true, email: true } },
  company: { select: { id: true, name: true, fiscal_registration_number: true } },
  seller: { select: { id: true, name: true, email: true } },
  solution: { select: { id: true, name: true, metadata: true } },
  status: { select: { id: true, title: true, background_color: true, font_color: true } },
  order: { select: { id: true, number: true } },
  items: { orderBy: { position: "asc" }, include: { product: { select: { name: true, images: true, measure_unit_id: true } } } },
  payments: { orderBy: { position: "asc" }, include: { payment_method: { select: { name: true, type: true } } } },
  coupons: { include: { coupon: { select: { code: true, name: true, type: true, value_type: true, value: true } } } },
  statuses: { orderBy: [{ created_at: "asc" }, { id: "asc" }], include: { status: { select: { title: true } } } },
  financials: { orderBy: [{ due_date: "asc" }, { installment: "asc" }, { id: "asc" }], include: financialInclude },
} satisfies Prisma.SaleInclude;
type SaleRow = Prisma.SaleGetPayload<{ include: typeof saleInclude }>;

type StoredImage = { resource_file_id: string; main?: boolean; order?: number };
/** The delivery a sale stores: what was sent, the delivery method's own fields, the partner's default address. */
export type StoredDelivery = Record<string, string | null | undefined>;

function mainImage(organizationId: string, images: unknown): string | null {
  const list = Array.isArray(images) ? (images as StoredImage[]) : [];
  const image = list.find((candidate) => candidate.main) ?? list[0];
  return image ? resourceFileUrl(organizationId, image.resource_file_id) : null;
}

const number = (value: Prisma.Decimal | Money) => toJsonNumber(value) ?? 0;
const stringMap = (value: Prisma.JsonValue) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {};
const jsonMap = (value: Prisma.JsonValue) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const jsonList = (value: Prisma.JsonValue) => (Array.isArray(value) ? (value as Array<Record<string, unknown>>) : []);

function paymentDetail(row: SaleRow, payment: SaleRow["payments"][number]): SalePaymentDetail {
  const receivable = row.financials.find((financial) => financial.sale_payment_id === payment.id);
  const card = receivable ? cardOf(receivable) : null;
  const billet = receivable ? billetOf(receivable) : null;
  return {
    id: payment.id,
    payment_method_id: payment.payment_method_id,
    payment_method_name: payment.payment_method.name,
    payment_method_type: payment.payment_method.type,
    amount: number(payment.amount),
    installments: payment.installments,
    installment_id: payment.installment_id,
    transaction_id: payment.transaction_id,
    has_payment_gateway: payment.gateway !== null,
    gateway: payment.gateway,
    captured_at: payment.captured_at?.toISOString() ?? null,
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
    pix: receivable ? pixOf(receivable) : null,
    payment_billet: billet
      ? { financial_id: billet.financial_id, bar_code: billet.bar_code, qr_code: billet.qr_code, resource_file_id: billet.resource_file_id }
      : null,
  };
}

export function toSaleDetail(row: SaleRow): SaleDetail {
  const delivery: StoredDelivery = (row.delivery ?? {}) as StoredDelivery;
  const value = (key: string) => delivery[key] ?? null;
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
    created_at: row.created_at.toISOString(),
    invoices: Array.isArray(row.invoices) ? row.invoices.map(String) : [],
    origin,
    items: row.items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      product_name: item.product.name,
      quantity: number(item.quantity),
      unit: item.unit,
      unit_value: number(item.unit_value),
      discount: number(item.discount),
      total_value: number(item.total_value),
      item_origin_value: item.item_origin_value,
      item_origin_type: item.item_origin_type,
      product_variation_id: item.product_variation_id,
      unit_id: item.product.measure_unit_id,
      product_image: mainImage(row.organization_id, item.product.images),
      complements: jsonList(item.complements),
      automation_fields: stringMap(item.automation_fields),
      resume_fields: jsonList(item.resume_fields),
    })),
    freight: { id: row.id, amount: number(row.freight_amount), edit_reason: row.freight_edit_reason },
    discount: jsonList(row.discounts).map((entry) => ({ id: String(entry.id), type: String(entry.type), amount: Number(entry.amount) })),
    payments: row.payments.map((payment) => paymentDetail(row, payment)),
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
      title: change.status.title,
      created_at: change.created_at.toISOString(),
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
      code: link.coupon.code,
      name: link.coupon.name,
      type: link.coupon.type,
      value_type: link.coupon.value_type,
      value: number(link.coupon.value),
    })),
    financials: row.financials.map(toFinancial),
    attributes: jsonMap(row.attributes),
  };
}

export async function getSale(db: Db, scope: OrderScope, id: string): Promise<SaleDetail> {
  const row = isUuid(id) ? await db.sale.findFirst({ where: { id, ...scopeWhere(scope) }, include: saleInclude }) : null;
  if (!row) throw AppError.notFound("Sale");
  return toSaleDetail(row);
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
