import { randomUUID } from "node:crypto";
import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { writeContext } from "../../db/transaction";
import { AppError, type FieldError } from "../../errors";
import { resourceFileUrl } from "../../files/resource-files/service";
import { Prisma } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { money, roundMoney, sameAmount, sumMoney, toJsonNumber, ZERO, type Money } from "../../lib/money";
import { paginate, type Page } from "../../lib/paging";
import { searchText } from "../../lib/search";
import { validateAttributes } from "../../settings/entity-attributes/validate";
import { emitEvent } from "../../webhooks/outbox";
import { claimCoupons, releaseCoupons } from "../coupons/service";
import {
  SHIPMENT_FIELDS,
  type OrderCreateInput,
  type OrderCreateResponse,
  type OrderDetail,
  type OrderListInput,
  type OrderListRecord,
  type OrderUpdateInput,
  type OrderUpdateResponse,
  type OrderWriteInput,
} from "./schemas";
import { scopeWhere, sellerForWrite, type OrderScope } from "./scope";

/**
 * Orders (interface "Order", contract §7): every write checks what the order points to
 * (422 naming the field), its totals, its invoices' NF-e keys and files, and its coupons;
 * writes the order and its lists, appends the status history, keeps the coupons' uses,
 * records the audit entry and queues the webhook events, all in the request's transaction.
 * An order in a final status takes only status and attribute changes (409).
 */

const detailInclude = {
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
} satisfies Prisma.OrderInclude;
type OrderRow = Prisma.OrderGetPayload<{ include: typeof detailInclude }>;

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
  const names = await actorNames(
    db,
    row.statuses.map((entry) => entry.actor),
  );
  const delivery = (row.delivery_method ?? {}) as DeliverySnapshot;
  const shipment = shipmentOf(row);
  return {
    id: row.id,
    sale_id: row.sale_id,
    origin: row.origin,
    partner_id: row.partner_id,
    seller_id: row.seller_id,
    company_id: row.company_id,
    negotiation_date: row.negotiation_date.toISOString(),
    total_value: numberOf(row.total_value),
    order_value: numberOf(row.order_value),
    discount_value: numberOf(row.discount_value),
    freight_value: numberOf(row.freight_value),
    freight_edit_reason: row.freight_edit_reason,
    ...shipment,
    shipment_contact_id: row.shipment_contact_id,
    quotation: row.quotation,
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
    status_detail: row.status,
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
      quantity: numberOf(item.quantity),
      discount: numberOf(item.discount),
      totalValue: numberOf(item.total_value),
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

const listInclude = {
  partner: { select: { name: true } },
  seller: { select: { name: true } },
  status: { select: { title: true, background_color: true, font_color: true } },
} satisfies Prisma.OrderInclude;
type ListRow = Prisma.OrderGetPayload<{ include: typeof listInclude }>;

function toListRecord(row: ListRow): OrderListRecord {
  const shipment = shipmentOf(row);
  return {
    id: row.id,
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
    created_at: row.created_at.toISOString(),
  };
}

const column = (field: string) => (dir: "asc" | "desc") => ({ [field]: dir });

/** GET /orders: paged, filtered by partner, period (negotiation date), quotation, status and seller. */
export async function listOrders(db: Db, scope: OrderScope, input: OrderListInput): Promise<Page<OrderListRecord>> {
  const negotiation_date = {
    ...(input.start_date ? { gte: new Date(`${input.start_date}T00:00:00.000Z`) } : {}),
    ...(input.end_date ? { lte: new Date(`${input.end_date}T23:59:59.999Z`) } : {}),
  };
  const where = {
    ...(input.partner_id ? { partner_id: input.partner_id } : {}),
    ...(input.start_date || input.end_date ? { negotiation_date } : {}),
    ...(input.quotation === undefined ? {} : { quotation: input.quotation }),
    ...(input.status ? { status_id: input.status } : {}),
    ...(input.seller_id ? { seller_id: input.seller_id } : {}),
    ...scopeWhere(scope),
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
    searchable: true,
    toItem: toListRecord,
  });
}

// ---- writes ----

interface Checked {
  statusId?: string;
  delivery?: DeliverySnapshot | null;
  /** Each item's unit (the product's measure unit when the item has none) and total. */
  items: Array<{ unit: string | null; total: Money }>;
}

function validation(errors: FieldError[]): AppError {
  return new AppError("VALIDATION", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
}

const notFoundRef = (path: string, noun: string): FieldError => ({
  path,
  message: `no ${noun} with this id exists`,
  code: "not_found_reference",
});

/**
 * Every reference of a write checked against the org (422 per field), and the totals
 * (contract §7, within 0.01): each sent item total, order_value against the items when
 * items are sent, and total_value = order_value − discount_value + freight_value.
 */
async function checkWrite(db: Db, input: OrderWriteInput, current: { id: string; freight: Money } | null): Promise<Checked> {
  const errors: FieldError[] = [];
  const items = input.items ?? [];
  const payments = input.payments ?? [];
  const invoices = input.invoices ?? [];
  const attachments = input.attachments ?? [];
  const fileIds = [
    ...new Set([
      ...attachments,
      ...invoices.flatMap((invoice) => [invoice.xml_resource_id, invoice.danfe_resource_id]).filter((id): id is string => Boolean(id)),
    ]),
  ];
  const productIds = [...new Set(items.map((item) => item.product_id))];
  const variationIds = [...new Set(items.flatMap((item) => (item.product_variation_id ? [item.product_variation_id] : [])))];
  const methodIds = [...new Set(payments.map((payment) => payment.payment_method_id))];
  const keys = invoices.map((invoice) => invoice.invoice_key);

  const [partner, company, seller, status, delivery, products, variations, methods, files, usedKeys] = await Promise.all([
    db.partner.count({ where: { id: input.partner_id } }),
    input.company_id ? db.company.count({ where: { id: input.company_id } }) : 1,
    input.seller_id ? db.seller.count({ where: { id: input.seller_id } }) : 1,
    input.status
      ? db.status.findUnique({
          where: { id: input.status },
          select: { type: true },
        })
      : null,
    input.delivery_method_id
      ? db.deliveryMethod.findUnique({
          where: { id: input.delivery_method_id },
        })
      : null,
    productIds.length
      ? db.product.findMany({
          where: { id: { in: productIds } },
          select: {
            id: true,
            measure_unit: { select: { abbreviation: true } },
          },
        })
      : [],
    variationIds.length
      ? db.productVariation.findMany({
          where: { id: { in: variationIds } },
          select: { id: true, product_id: true },
        })
      : [],
    methodIds.length
      ? db.paymentMethod.findMany({
          where: { id: { in: methodIds } },
          select: { id: true, installments: true },
        })
      : [],
    fileIds.length
      ? db.resourceFile.findMany({
          where: { id: { in: fileIds } },
          select: { id: true },
        })
      : [],
    keys.length
      ? db.orderInvoice.findMany({
          where: {
            invoice_key: { in: keys },
            ...(current ? { order_id: { not: current.id } } : {}),
          },
          select: { invoice_key: true },
        })
      : [],
  ]);
  if (!partner) errors.push(notFoundRef("partner_id", "partner"));
  if (!company) errors.push(notFoundRef("company_id", "company"));
  if (!seller) errors.push(notFoundRef("seller_id", "seller"));
  if (input.status && status?.type !== "ORDER") {
    errors.push({
      path: "status",
      message: status ? "must be a status of type ORDER" : "no status with this id exists",
      code: status ? "wrong_status_type" : "not_found_reference",
    });
  }
  if (input.delivery_method_id && !delivery) errors.push(notFoundRef("delivery_method_id", "delivery method"));

  const fileFound = new Set(files.map((file) => file.id));
  attachments.forEach((id, index) => {
    if (!fileFound.has(id)) errors.push(notFoundRef(`attachments.${index}`, "resource file"));
  });
  const taken = new Set(usedKeys.map((row) => row.invoice_key));
  invoices.forEach((invoice, index) => {
    if (taken.has(invoice.invoice_key)) {
      errors.push({
        path: `invoices.${index}.invoice_key`,
        message: "is already used by another order",
        code: "duplicate",
      });
    }
    if (invoice.xml_resource_id && !fileFound.has(invoice.xml_resource_id))
      errors.push(notFoundRef(`invoices.${index}.xml_resource_id`, "resource file"));
    if (invoice.danfe_resource_id && !fileFound.has(invoice.danfe_resource_id))
      errors.push(notFoundRef(`invoices.${index}.danfe_resource_id`, "resource file"));
  });

  const methodById = new Map(methods.map((method) => [method.id, method]));
  payments.forEach((payment, index) => {
    const method = methodById.get(payment.payment_method_id);
    if (!method) {
      errors.push(notFoundRef(`payments.${index}.payment_method_id`, "payment method"));
      return;
    }
    const most = installmentCount(method.installments);
    if (payment.installments > most) {
      errors.push({
        path: `payments.${index}.installments`,
        message: `must be between 1 and ${most}`,
        code: "too_big",
        params: { maximum: most },
      });
    }
  });

  const productById = new Map(products.map((product) => [product.id, product]));
  const variationById = new Map(variations.map((variation) => [variation.id, variation]));
  const checkedItems = items.map((item, index) => {
    const product = productById.get(item.product_id);
    if (!product) errors.push(notFoundRef(`items.${index}.product_id`, "product"));
    if (item.product_variation_id && variationById.get(item.product_variation_id)?.product_id !== item.product_id) {
      errors.push({
        path: `items.${index}.product_variation_id`,
        message: "no variation of this product has this id",
        code: "not_found_reference",
      });
    }
    const gross = money(item.unit_value).times(money(item.quantity));
    const total = gross.minus(money(item.discount));
    if (total.isNegative())
      errors.push({
        path: `items.${index}.discount`,
        message: "must not exceed unit_value × quantity",
        code: "too_big",
      });
    if (item.total_value !== undefined && !sameAmount(money(item.total_value), total)) {
      errors.push({
        path: `items.${index}.total_value`,
        message: `must equal unit_value × quantity − discount (${roundMoney(total).toFixed(2)})`,
        code: "total_mismatch",
        params: { expected: roundMoney(total).toNumber() },
      });
    }
    return {
      unit: item.unit ?? product?.measure_unit?.abbreviation ?? null,
      total,
    };
  });

  if (input.items) {
    const expected = sumMoney(checkedItems.map((item) => item.total));
    if (!sameAmount(money(input.order_value), expected)) {
      errors.push({
        path: "order_value",
        message: `must equal the sum of the items (${roundMoney(expected).toFixed(2)})`,
        code: "total_mismatch",
        params: { expected: roundMoney(expected).toNumber() },
      });
    }
  }
  const freight = input.freight_value !== undefined ? money(input.freight_value) : (current?.freight ?? ZERO);
  const expectedTotal = money(input.order_value).minus(money(input.discount_value)).plus(freight);
  if (!sameAmount(money(input.total_value), expectedTotal)) {
    errors.push({
      path: "total_value",
      message: `must equal order_value − discount_value + freight_value (${roundMoney(expectedTotal).toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: roundMoney(expectedTotal).toNumber() },
    });
  }
  if (errors.length > 0) throw validation(errors);
  if (input.attributes) await validateAttributes(db, "order", input.attributes);
  return {
    statusId: input.status,
    delivery: delivery
      ? {
          period_start: delivery.period_start === null ? null : String(delivery.period_start),
          period_end: delivery.period_end === null ? null : String(delivery.period_end),
          period_type: delivery.period_type,
          type: delivery.type,
          name: delivery.name,
          price_type: delivery.price_type,
          custom_label: delivery.custom_label,
        }
      : input.delivery_method_id === null
        ? null
        : undefined,
    items: checkedItems,
  };
}

/** How many installments a payment method allows (1 when it lists none). */
export function installmentCount(installments: unknown): number {
  return Math.max(1, Array.isArray(installments) ? installments.length : 0);
}

function actorOf(db: Db): string | null {
  const actor = writeContext(db).actor;
  return actor ? `${actor.kind === "user" ? "user" : "access-key"}:${actor.id}` : null;
}

async function initialStatus(db: Db): Promise<string> {
  const status =
    (await db.status.findFirst({
      where: { type: "ORDER", is_initial: true },
      select: { id: true },
    })) ??
    (await db.status.findFirst({
      where: { type: "ORDER" },
      orderBy: [{ order: "asc" }, { created_at: "asc" }],
      select: { id: true },
    }));
  if (!status) throw AppError.invalid("status", "the organization has no ORDER status; create one first", "no_status");
  return status.id;
}

async function appendStatus(db: Db, orderId: string, statusId: string): Promise<void> {
  await db.orderStatusChange.create({
    data: {
      organization_id: db.$organizationId,
      order_id: orderId,
      status_id: statusId,
      actor: actorOf(db),
    },
  });
}

async function searchTextOf(
  db: Db,
  input: OrderWriteInput,
  observation: string | null | undefined,
  city: string | null | undefined,
): Promise<string> {
  const partner = await db.partner.findUnique({
    where: { id: input.partner_id },
    select: { name: true, trade_name: true, fiscal_registration_number: true },
  });
  return searchText([partner?.name, partner?.trade_name, partner?.fiscal_registration_number, city, observation]);
}

/** The columns a write sets (only what it sends, on update). */
function columnsOf(input: OrderWriteInput, checked: Checked) {
  const shipment = Object.fromEntries(SHIPMENT_FIELDS.flatMap((field) => (input[field] === undefined ? [] : [[field, input[field]]])));
  const optional = <T>(value: T | undefined, map: (value: T) => unknown = (same) => same) => (value === undefined ? undefined : map(value));
  const data = {
    origin: input.origin,
    partner_id: input.partner_id,
    company_id: input.company_id,
    seller_id: input.seller_id,
    negotiation_date: new Date(input.negotiation_date),
    total_value: input.total_value,
    order_value: input.order_value,
    discount_value: input.discount_value,
    freight_value: input.freight_value,
    observation: input.observation,
    quotation: input.quotation,
    delivery_method_id: input.delivery_method_id,
    delivery_rule_id: input.delivery_rule_id,
    delivery_date: input.delivery_date,
    delivery_scheduling_id: input.delivery_scheduling_id,
    delivery_method: checked.delivery === undefined ? undefined : (checked.delivery ?? undefined),
    discounts: optional(input.discounts),
    attributes: optional(input.attributes),
    pre_order_complement: optional(input.pre_order_complement),
    checkout_complement: optional(input.checkout_complement),
    automation_fields: optional(input.automation_fields),
    ...("freight_edit_reason" in input ? { freight_edit_reason: input.freight_edit_reason } : {}),
    ...("shipment_contact_id" in input ? { shipment_contact_id: input.shipment_contact_id } : {}),
    ...shipment,
  };
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

/** Replaces the lists a write sends (items, payments, invoices, attachments, coupons). */
async function writeLists(db: Db, orderId: string, input: OrderWriteInput, checked: Checked, previousCoupons: string[]): Promise<void> {
  const organization_id = db.$organizationId;
  if (input.items) {
    await db.orderItem.deleteMany({ where: { order_id: orderId } });
    await db.orderItem.createMany({
      data: input.items.map((item, position) => ({
        organization_id,
        id: item.id ?? randomUUID(),
        order_id: orderId,
        position,
        product_id: item.product_id,
        product_variation_id: item.product_variation_id ?? null,
        unit: checked.items[position]?.unit ?? null,
        unit_value: item.unit_value,
        quantity: item.quantity,
        discount: item.discount,
        total_value: roundMoney(checked.items[position]?.total ?? ZERO).toString(),
        item_origin_value: item.item_origin_value ?? null,
        item_origin_type: item.item_origin_type ?? null,
        automation_fields: item.automation_fields,
        attributes: item.attributes as Prisma.InputJsonObject,
        complements: item.complements,
      })),
    });
  }
  if (input.payments) {
    await db.orderPayment.deleteMany({ where: { order_id: orderId } });
    await db.orderPayment.createMany({
      data: input.payments.map((payment) => ({
        organization_id,
        id: payment.id ?? randomUUID(),
        order_id: orderId,
        payment_method_id: payment.payment_method_id,
        installment_id: payment.installment_id ?? null,
        transaction_id: payment.transaction_id ?? null,
        amount: payment.amount,
        installments: payment.installments,
        attributes: payment.attributes as Prisma.InputJsonObject,
      })),
    });
  }
  if (input.invoices) {
    await db.orderInvoice.deleteMany({ where: { order_id: orderId } });
    await db.orderInvoice.createMany({
      data: input.invoices.map((invoice) => ({
        organization_id,
        order_id: orderId,
        invoice_key: invoice.invoice_key,
        invoice_number: invoice.invoice_number ?? null,
        invoice_date: invoice.invoice_date ?? null,
        invoice_series: invoice.invoice_series ?? null,
        invoice_cfop: invoice.invoice_cfop ?? null,
        invoice_value: invoice.invoice_value ?? null,
        xml_resource_id: invoice.xml_resource_id ?? null,
        danfe_resource_id: invoice.danfe_resource_id ?? null,
      })),
    });
  }
  if (input.attachments) {
    await db.orderAttachment.deleteMany({ where: { order_id: orderId } });
    await db.orderAttachment.createMany({
      data: input.attachments.map((file_id, position) => ({
        organization_id,
        order_id: orderId,
        file_id,
        position,
      })),
    });
  }
  if (input.coupons) {
    const sent = input.coupons.map((coupon) => coupon.coupon_id);
    await releaseCoupons(
      db,
      previousCoupons.filter((id) => !sent.includes(id)),
    );
    await claimCoupons(
      db,
      input.coupons.flatMap((coupon, index) => (previousCoupons.includes(coupon.coupon_id) ? [] : [{ id: coupon.coupon_id, index }])),
      "coupons",
    );
    await db.orderCoupon.deleteMany({ where: { order_id: orderId } });
    await db.orderCoupon.createMany({
      data: input.coupons.map((coupon) => ({
        organization_id,
        order_id: orderId,
        coupon_id: coupon.coupon_id,
        attributes: coupon.attributes as Prisma.InputJsonObject,
      })),
    });
  }
}

const json = (detail: OrderDetail): Prisma.InputJsonObject => JSON.parse(JSON.stringify(detail)) as Prisma.InputJsonObject;

/** POST /orders: one transaction (the request's); answers the detail (the router shapes the create response). */
export async function createOrder(db: Db, scope: OrderScope, input: OrderCreateInput): Promise<OrderDetail> {
  const sellerId = sellerForWrite(scope, input.seller_id);
  const write = { ...input, seller_id: sellerId };
  const checked = await checkWrite(db, write, null);
  const statusId = checked.statusId ?? (await initialStatus(db));
  const id = input.id ?? randomUUID();
  if (input.id && (await db.order.count({ where: { id } }))) {
    throw new AppError("CONFLICT", "An order with this id already exists", {
      errors: [{ path: "id", message: "is already used", code: "duplicate" }],
    });
  }
  await db.order.create({
    data: {
      ...columnsOf(write, checked),
      id,
      organization_id: db.$organizationId,
      partner_id: write.partner_id,
      negotiation_date: new Date(write.negotiation_date),
      total_value: write.total_value,
      order_value: write.order_value,
      discount_value: write.discount_value,
      status_id: statusId,
      search_text: await searchTextOf(db, write, write.observation, write.shipment_city),
    },
  });
  await writeLists(db, id, write, checked, []);
  await appendStatus(db, id, statusId);
  const created = await getOrder(db, scope, id);
  await recordAudit(db, {
    action: "create",
    entity: "order",
    entityId: id,
    label: created.partner.name,
    after: created,
  });
  await emitEvent(db, {
    type: "order.created",
    data: json(created),
    subject: { type: "order", id },
  });
  return created;
}

/** What a final-status order must keep: everything but its status, history, attributes and timestamps. */
function lockedView(detail: OrderDetail): string {
  const { status: _status, status_detail: _detail, statuses: _statuses, attributes: _attributes, updated_at: _updated, ...rest } = detail;
  return JSON.stringify({
    ...rest,
    items: rest.items.map(({ id: _id, ...item }) => item),
    payments: rest.payments.map(({ id: _id, ...payment }) => payment),
    invoices: rest.invoices.map(({ id: _id, ...invoice }) => invoice),
    attachments: rest.attachments.map(({ id: _id, ...attachment }) => attachment),
  });
}

/** 409 for a change of an order in a final status. */
export function lockedError(): AppError {
  return new AppError("CONFLICT", "The order is in a final status: only its status and attributes may change", { reason: "order_locked" });
}

/**
 * PUT /orders/{id}: the fields sent replace the stored ones (lists whole); a new status
 * appends to the history. An order in a final status takes only status and attribute
 * changes: the write is applied, compared, and refused (rolled back) when anything else
 * changed.
 */
export async function updateOrder(db: Db, scope: OrderScope, id: string, input: OrderUpdateInput): Promise<OrderDetail> {
  const current = await findRow(db, scope, id);
  const before = await toDetail(db, current);
  const sellerId = scope.kind === "all" ? input.seller_id : sellerForWrite(scope, input.seller_id ?? current.seller_id);
  const write = { ...input, seller_id: sellerId };
  const checked = await checkWrite(db, write, {
    id,
    freight: money(current.freight_value),
  });
  const statusChanged = checked.statusId !== undefined && checked.statusId !== current.status_id;
  await db.order.update({
    where: { id },
    data: {
      ...columnsOf(write, checked),
      ...(statusChanged ? { status_id: checked.statusId } : {}),
      ...(checked.delivery === null ? { delivery_method: Prisma.DbNull } : {}),
      search_text: await searchTextOf(
        db,
        write,
        write.observation === undefined ? current.observation : write.observation,
        write.shipment_city ?? current.shipment_city,
      ),
    },
  });
  await writeLists(
    db,
    id,
    write,
    checked,
    current.coupons.map((coupon) => coupon.coupon_id),
  );
  if (statusChanged && checked.statusId) await appendStatus(db, id, checked.statusId);
  const updated = await getOrder(db, scope, id);
  if (current.status.is_final && lockedView(before) !== lockedView(updated)) throw lockedError();
  await recordAudit(db, {
    action: "update",
    entity: "order",
    entityId: id,
    label: updated.partner.name,
    before,
    after: updated,
  });
  await emitEvent(db, {
    type: "order.updated",
    data: json(updated),
    subject: { type: "order", id },
  });
  if (statusChanged)
    await emitEvent(db, {
      type: "order.status-changed",
      data: json(updated),
      subject: { type: "order", id },
    });
  return updated;
}

/** Sets only the status (the panel's status menu): appends to the history. */
export async function setOrderStatus(db: Db, scope: OrderScope, id: string, statusId: string): Promise<OrderDetail> {
  const current = await findRow(db, scope, id);
  const status = isUuid(statusId)
    ? await db.status.findUnique({
        where: { id: statusId },
        select: { type: true },
      })
    : null;
  if (status?.type !== "ORDER")
    throw AppError.invalid("status", status ? "must be a status of type ORDER" : "no status with this id exists", "not_found_reference");
  if (statusId === current.status_id) return toDetail(db, current);
  const before = await toDetail(db, current);
  await db.order.update({ where: { id }, data: { status_id: statusId } });
  await appendStatus(db, id, statusId);
  const updated = await getOrder(db, scope, id);
  await recordAudit(db, {
    action: "update",
    entity: "order",
    entityId: id,
    label: updated.partner.name,
    before,
    after: updated,
  });
  await emitEvent(db, {
    type: "order.updated",
    data: json(updated),
    subject: { type: "order", id },
  });
  await emitEvent(db, {
    type: "order.status-changed",
    data: json(updated),
    subject: { type: "order", id },
  });
  return updated;
}

/** DELETE /orders/{id}: with its lists and history; gives the coupons' uses back. 409 in a final status. */
export async function removeOrder(db: Db, scope: OrderScope, id: string): Promise<void> {
  const current = await findRow(db, scope, id);
  if (current.status.is_final) throw lockedError();
  const before = await toDetail(db, current);
  const financials = await db.financial.count({ where: { order_id: id } });
  if (financials > 0) {
    throw new AppError("CONFLICT", `The order still has ${financials} financial records`, {
      reason: "in_use",
      params: { usages: { financials } },
    });
  }
  await releaseCoupons(
    db,
    current.coupons.map((coupon) => coupon.coupon_id),
  );
  await db.order.delete({ where: { id } });
  await recordAudit(db, {
    action: "delete",
    entity: "order",
    entityId: id,
    label: before.partner.name,
    before,
  });
}

/** After a change of an order's payments: the updated event and audit entry of the order. */
export async function orderChanged(db: Db, scope: OrderScope, id: string, before: OrderDetail): Promise<void> {
  const after = await getOrder(db, scope, id);
  await recordAudit(db, {
    action: "update",
    entity: "order",
    entityId: id,
    label: after.partner.name,
    before,
    after,
  });
  await emitEvent(db, {
    type: "order.updated",
    data: json(after),
    subject: { type: "order", id },
  });
}
