import { randomUUID } from "node:crypto";
import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { AppError, type FieldError } from "../../errors";
import { resourceFileUrl } from "../../files/resource-files/service";
import {
  actorOf,
  announceNewFinancial,
  eventData,
  billetOf,
  cardOf,
  financialInclude,
  pixOf,
  toFinancial,
  type StoredCard,
} from "../../finance/financials/service";
import { Prisma } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { money, roundMoney, sameAmount, sumMoney, toJsonNumber, ZERO, type Money } from "../../lib/money";
import { paginate, type Page, type PageableDelegate } from "../../lib/paging";
import { searchText } from "../../lib/search";
import { ALL_ORDERS } from "../../orders/orders/scope";
import { getOrder } from "../../orders/orders/service";
import { validateAttributes } from "../../settings/entity-attributes/validate";
import { recordSaleInRollups } from "../../insights/sales-rollups";
import { emitEvent } from "../../webhooks/outbox";
import { CARD_TYPES, gatewayFor } from "../capture/gateways";
import { orderEventData, type OrderRows } from "./order-from-sale";
import { maxInstallments, receivablesOf, type DueDateRules } from "./receivables";
import type { SaleDetail, SaleListInput, SaleListRecord, SalePaymentDetail, SaleWriteOutput } from "./schemas";

/**
 * Sales (interface "Sale", contract §7): the checkout record. `POST /sales` checks every
 * reference and total (400 naming the field), counts coupon uses with a conditional
 * UPDATE, and — unless it is a quotation — writes the sale's order and its receivables
 * (one financial record per payment installment) with it, in the request's transaction,
 * emitting `sale.created`, `order.created` and `financial.created` into the outbox.
 */

export const saleInclude = {
  partner: { select: { id: true, name: true, phone: true, mobile: true, fiscal_registration_number: true, email: true } },
  company: { select: { id: true, name: true, fiscal_registration_number: true } },
  seller: { select: { id: true, name: true, email: true } },
  solution: { select: { id: true, name: true, metadata: true } },
  status: { select: { id: true, title: true, background_color: true, font_color: true } },
  order: { select: { id: true } },
  items: { orderBy: { position: "asc" }, include: { product: { select: { name: true, images: true, measure_unit_id: true } } } },
  payments: { orderBy: { position: "asc" }, include: { payment_method: { select: { name: true, type: true } } } },
  coupons: { include: { coupon: { select: { code: true, name: true, type: true, value_type: true, value: true } } } },
  statuses: { orderBy: [{ created_at: "asc" }, { id: "asc" }], include: { status: { select: { title: true } } } },
  financials: { orderBy: [{ due_date: "asc" }, { installment: "asc" }, { id: "asc" }], include: financialInclude },
} satisfies Prisma.SaleInclude;
type SaleRow = Prisma.SaleGetPayload<{ include: typeof saleInclude }>;

type StoredImage = { resource_file_id: string; main?: boolean; order?: number };
type StoredDelivery = Record<string, string | null | undefined>;

const invalid = (errors: FieldError[]) =>
  new AppError("VALIDATION", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });

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

export async function getSale(db: Db, id: string): Promise<SaleDetail> {
  const row = isUuid(id) ? await db.sale.findUnique({ where: { id }, include: saleInclude }) : null;
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

export async function listSales(db: Db, input: SaleListInput): Promise<Page<SaleListRecord>> {
  const where: Prisma.SaleWhereInput = {
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

/* ---------------------------------------------------------------- create */

type PaymentMethodRow = {
  id: string;
  name: string;
  type: string | null;
  active: boolean;
  vendor: string | null;
  condition: Prisma.JsonValue;
  installments: Prisma.JsonValue;
};

function rulesOf(method: PaymentMethodRow): DueDateRules {
  return {
    condition: (method.condition ?? null) as DueDateRules["condition"],
    installments: Array.isArray(method.installments) ? (method.installments as DueDateRules["installments"]) : [],
  };
}

/** Everything a batch of sales names, read at once (one query per kind of record). */
async function loadReferences(db: Db, inputs: SaleWriteOutput[]) {
  const ids = <T>(values: Array<T | null | undefined>) => [
    ...new Set(values.filter((value): value is T => value !== null && value !== undefined)),
  ];
  const partnerIds = ids(inputs.map((input) => input.partner_id));
  const companyIds = ids(inputs.map((input) => input.company_id));
  const sellerIds = ids(inputs.map((input) => input.seller_id));
  const solutionIds = ids(inputs.map((input) => input.origin?.solution_id));
  const productIds = ids(inputs.flatMap((input) => input.items.map((item) => item.product_id)));
  const variationIds = ids(inputs.flatMap((input) => input.items.map((item) => item.product_variation_id)));
  const methodIds = ids(inputs.flatMap((input) => input.payments.map((payment) => payment.payment_method_id)));
  const couponIds = ids(inputs.flatMap((input) => input.coupons.map((coupon) => coupon.coupon_id)));
  const deliveryMethodIds = ids(inputs.map((input) => input.delivery?.delivery_method_id));
  const none = <T>(list: string[], query: () => Promise<T[]>): Promise<T[]> => (list.length > 0 ? query() : Promise.resolve([]));
  const [partners, companies, sellers, solutions, products, variations, methods, coupons, deliveryMethods, statuses] = await Promise.all([
    db.partner.findMany({
      where: { id: { in: partnerIds } },
      select: { id: true, name: true, fiscal_registration_number: true, phone: true, mobile: true, addresses: true },
    }),
    none(companyIds, () => db.company.findMany({ where: { id: { in: companyIds } }, select: { id: true } })),
    none(sellerIds, () => db.seller.findMany({ where: { id: { in: sellerIds } }, select: { id: true } })),
    none(solutionIds, () => db.solution.findMany({ where: { id: { in: solutionIds } }, select: { id: true, active: true } })),
    none(productIds, () =>
      db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, name: true, sku: true, images: true } }),
    ),
    none(variationIds, () => db.productVariation.findMany({ where: { id: { in: variationIds } }, select: { id: true, product_id: true } })),
    none(methodIds, () =>
      db.paymentMethod.findMany({
        where: { id: { in: methodIds } },
        select: { id: true, name: true, type: true, active: true, vendor: true, condition: true, installments: true },
      }),
    ),
    none(couponIds, () => db.coupon.findMany({ where: { id: { in: couponIds } } })),
    none(deliveryMethodIds, () => db.deliveryMethod.findMany({ where: { id: { in: deliveryMethodIds } } })),
    db.status.findMany({
      where: { type: { in: ["SALE", "ORDER", "FINANCIAL"] } },
      orderBy: [{ order: "asc" }, { created_at: "asc" }],
      select: { id: true, type: true, is_initial: true },
    }),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  const initial = (type: string) =>
    statuses.find((status) => status.type === type && status.is_initial) ?? statuses.find((status) => status.type === type);
  return {
    partnerById: byId(partners),
    companyIds: new Set(companies.map((company) => company.id)),
    sellerIds: new Set(sellers.map((seller) => seller.id)),
    solutionById: byId(solutions),
    productById: byId(products),
    variationById: byId(variations),
    methodById: byId(methods),
    couponById: byId(coupons),
    deliveryMethodById: byId(deliveryMethods),
    statusOf: { sale: initial("SALE"), order: initial("ORDER"), financial: initial("FINANCIAL") },
  };
}
type References = Awaited<ReturnType<typeof loadReferences>>;

/** 400 naming each field of one sale that names nothing usable. */
function referenceErrors(input: SaleWriteOutput, references: References): FieldError[] {
  const errors: FieldError[] = [];
  const missing = (path: string, noun: string) =>
    errors.push({ path, message: `no ${noun} with this id exists`, code: "not_found_reference" });
  if (!references.partnerById.has(input.partner_id)) missing("partner_id", "partner");
  if (input.company_id && !references.companyIds.has(input.company_id)) missing("company_id", "company");
  if (input.seller_id && !references.sellerIds.has(input.seller_id)) missing("seller_id", "seller");
  if (input.origin?.solution_id) {
    const solution = references.solutionById.get(input.origin.solution_id);
    if (!solution) missing("origin.solution_id", "sales channel");
    else if (!solution.active) errors.push({ path: "origin.solution_id", message: "the sales channel is inactive", code: "inactive" });
  }
  input.items.forEach((item, index) => {
    if (!references.productById.has(item.product_id)) missing(`items.${index}.product_id`, "product");
    if (item.product_variation_id) {
      const variation = references.variationById.get(item.product_variation_id);
      if (!variation) missing(`items.${index}.product_variation_id`, "product variation");
      else if (variation.product_id !== item.product_id) {
        errors.push({ path: `items.${index}.product_variation_id`, message: "is a variation of another product", code: "mismatch" });
      }
    }
  });
  input.payments.forEach((payment, index) => {
    const method = references.methodById.get(payment.payment_method_id);
    if (!method) return missing(`payments.${index}.payment_method_id`, "payment method");
    if (!method.active)
      errors.push({ path: `payments.${index}.payment_method_id`, message: "the payment method is inactive", code: "inactive" });
    const most = maxInstallments(rulesOf(method));
    if (payment.installments > most) {
      errors.push({
        path: `payments.${index}.installments`,
        message: `must be between 1 and ${most}`,
        code: "too_big",
        params: { maximum: most },
      });
    }
  });
  const deliveryMethodId = input.delivery?.delivery_method_id;
  if (deliveryMethodId && !references.deliveryMethodById.has(deliveryMethodId)) missing("delivery.delivery_method_id", "delivery method");
  const now = new Date();
  input.coupons.forEach((link, index) => {
    const coupon = references.couponById.get(link.coupon_id);
    const path = `coupons.${index}.coupon_id`;
    if (!coupon) return missing(path, "coupon");
    if (!coupon.active) errors.push({ path, message: "the coupon is inactive", code: "coupon_inactive" });
    else if (coupon.start_date && coupon.start_date > now)
      errors.push({ path, message: "the coupon is not valid yet", code: "coupon_not_started" });
    else if (coupon.end_date && coupon.end_date < now) errors.push({ path, message: "the coupon has expired", code: "coupon_expired" });
    else if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses)
      errors.push({ path, message: "the coupon is used up", code: "coupon_used_up" });
  });
  const { statusOf } = references;
  if (!statusOf.sale) errors.push({ path: "(body)", message: "the organization has no SALE status", code: "no_status" });
  if (!input.quotation && (!statusOf.order || !statusOf.financial)) {
    errors.push({ path: "(body)", message: "the organization needs an ORDER and a FINANCIAL status", code: "no_status" });
  }
  return errors;
}

/** The totals rules of contract §7; each item's total as it will be stored. */
export function checkSaleTotals(
  input: Pick<SaleWriteOutput, "items" | "freight" | "discount" | "payments" | "full_value" | "total_value">,
): {
  errors: FieldError[];
  itemTotals: Money[];
} {
  const errors: FieldError[] = [];
  const itemTotals = input.items.map((item, index) => {
    const computed = money(item.unit_value).times(money(item.quantity)).minus(money(item.discount));
    if (computed.isNegative()) {
      errors.push({ path: `items.${index}.discount`, message: "must not exceed unit_value × quantity", code: "too_big" });
      return ZERO;
    }
    if (item.total_value !== null && item.total_value !== undefined) {
      if (!sameAmount(money(item.total_value), computed)) {
        errors.push({
          path: `items.${index}.total_value`,
          message: `must equal unit_value × quantity − discount (${roundMoney(computed).toFixed(2)})`,
          code: "total_mismatch",
          params: { expected: roundMoney(computed).toNumber() },
        });
        // The sums below then use the right figure: only this field is named.
        return roundMoney(computed);
      }
      return money(item.total_value);
    }
    return roundMoney(computed);
  });
  const freight = money(input.freight?.amount ?? 0);
  const full = sumMoney(itemTotals).plus(freight);
  if (!sameAmount(money(input.full_value), full)) {
    errors.push({
      path: "full_value",
      message: `must equal the items' totals plus freight.amount (${full.toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: full.toNumber() },
    });
  }
  const discounts = sumMoney(input.discount.map((entry) => money(entry.amount)));
  const total = money(input.full_value).minus(discounts);
  if (total.isNegative()) {
    errors.push({ path: "discount", message: "must not exceed full_value", code: "too_big" });
  } else if (!sameAmount(money(input.total_value), total)) {
    errors.push({
      path: "total_value",
      message: `must equal full_value minus the discounts (${total.toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: total.toNumber() },
    });
  }
  if (input.payments.length > 0) {
    const paid = sumMoney(input.payments.map((payment) => money(payment.amount)));
    if (!sameAmount(paid, money(input.total_value))) {
      errors.push({
        path: "payments",
        message: `the payments' amounts must add up to total_value (they add up to ${paid.toFixed(2)})`,
        code: "total_mismatch",
        params: { expected: money(input.total_value).toNumber() },
      });
    }
  }
  return { errors, itemTotals };
}

/**
 * Counts one use of each coupon, only while it is still usable: a conditional UPDATE, so
 * two sales racing for the last use of a coupon cannot both get it.
 */
async function countCouponUses(db: Db, input: SaleWriteOutput): Promise<void> {
  const errors: FieldError[] = [];
  for (const [index, link] of input.coupons.entries()) {
    const used = await scopedQuery<{ id: string }>(
      db,
      (organization) => Prisma.sql`
        UPDATE coupons SET uses = uses + 1, updated_at = now()
        WHERE organization_id = ${organization} AND id = ${link.coupon_id}::uuid AND active
          AND (max_uses IS NULL OR uses < max_uses)
          AND (start_date IS NULL OR start_date <= now()) AND (end_date IS NULL OR end_date >= now())
        RETURNING id`,
    );
    if (used.length === 0) errors.push({ path: `coupons.${index}.coupon_id`, message: "the coupon is used up", code: "coupon_used_up" });
  }
  if (errors.length > 0) throw invalid(errors);
}

type PartnerAddress = Record<string, string | boolean | null | undefined>;
type PartnerRow = {
  id: string;
  name: string;
  fiscal_registration_number: string;
  phone: string | null;
  mobile: string | null;
  addresses: Prisma.JsonValue;
};

/** The delivery as stored: what was sent, the delivery method's own fields, the partner's default address. */
function deliveryOf(
  input: SaleWriteOutput,
  partner: { name: string; phone: string | null; mobile: string | null; addresses: Prisma.JsonValue },
  method: {
    name: string;
    type: string;
    price_type: string;
    custom_label: string | null;
    notes: string | null;
    period_type: string | null;
    period_start: number | null;
    period_end: number | null;
  } | null,
): StoredDelivery {
  const sent = input.delivery ?? {};
  const addresses = Array.isArray(partner.addresses) ? (partner.addresses as PartnerAddress[]) : [];
  const address = addresses.find((candidate) => candidate.is_default) ?? addresses[0] ?? {};
  const hasAddress = Boolean(sent.street || sent.city || sent.postal_code);
  const from = (key: string, addressKey = key) => {
    const value = hasAddress ? (sent as Record<string, unknown>)[key] : address[addressKey];
    return typeof value === "string" && value !== "" ? value : null;
  };
  const text = (value: unknown) => (value === null || value === undefined || value === "" ? null : String(value));
  return {
    id: sent.id ?? null,
    delivery_method_id: sent.delivery_method_id ?? null,
    delivery_rule_id: sent.delivery_rule_id ?? null,
    delivery_date: sent.delivery_date ?? null,
    delivery_scheduling_id: sent.delivery_scheduling_id ?? null,
    delivery_method_period_start: sent.delivery_method_period_start ?? text(method?.period_start),
    delivery_method_period_end: sent.delivery_method_period_end ?? text(method?.period_end),
    delivery_method_period_type: sent.delivery_method_period_type ?? text(method?.period_type),
    delivery_method_type: sent.delivery_method_type ?? text(method?.type),
    delivery_method_name: sent.delivery_method_name ?? text(method?.name),
    delivery_method_price_type: sent.delivery_method_price_type ?? text(method?.price_type),
    delivery_method_custom_label: sent.delivery_method_custom_label ?? text(method?.custom_label),
    delivery_method_notes: sent.delivery_method_notes ?? text(method?.notes),
    address_name: from("address_name", "name"),
    address_type: from("address_type", "type"),
    street: from("street"),
    number: from("number"),
    complement: from("complement"),
    neighborhood: from("neighborhood"),
    city: from("city"),
    state: from("state"),
    postal_code: from("postal_code"),
    country: from("country"),
    contact_name: sent.contact_name ?? partner.name,
    contact_number: sent.contact_number ?? partner.mobile ?? partner.phone ?? null,
  };
}

/** Card data as kept on a receivable: the number reduced to its last four digits. */
function storedCard(card: SaleWriteOutput["payments"][number]["card"], actor: string | null, at: Date): StoredCard | null {
  if (!card) return null;
  const digits = card.number?.replace(/\D/g, "") ?? "";
  return {
    brand: card.brand ?? null,
    holder: card.holder ?? null,
    number: digits ? `**** **** **** ${digits.slice(-4)}` : null,
    expiration_month: card.expiration_month ?? null,
    expiration_year: card.expiration_year ?? null,
    nsu: card.nsu ?? null,
    tid: card.tid ?? null,
    created_by: actor,
    created_at: at.toISOString(),
    updated_by: actor,
    updated_at: at.toISOString(),
  };
}

const ONLINE_TYPES = new Set(["CREDIT_CARD", "DEBIT_CARD", "PIX"]);

/** What `writeSale` wrote: the ids, and what the events about them need. */
export interface WrittenSale {
  saleId: string;
  partnerName: string;
  orderRows: OrderRows | null;
  products: Map<string, { name: string; sku: string; image: string | null }>;
}

/**
 * POST /sales: the sale, its order and receivables (`writeSale`), then the create answer
 * read back, the audit entries (sale, order, receivables) and the events, all in the
 * caller's transaction.
 */
export async function createSale(db: Db, input: SaleWriteOutput): Promise<SaleDetail> {
  const { saleId, partnerName, orderRows, products } = await writeSale(db, input);
  // The analytics rollups (most-sold, dashboard) move with the sale, in its transaction.
  await recordSaleInRollups(db, saleId);
  const detail = await getSale(db, saleId);
  // The sale, the order and the receivables it made: each in the audit log, as their own writes would be.
  await recordAudit(db, {
    action: "create",
    entity: "sale",
    entityId: saleId,
    label: partnerName,
    after: { ...detail, financials: undefined },
  });
  if (orderRows) {
    const order = await getOrder(db, ALL_ORDERS, orderRows.order.id);
    await recordAudit(db, { action: "create", entity: "order", entityId: order.id, label: order.partner.name, after: order });
  }
  for (const financial of detail.financials) {
    await recordAudit(db, {
      action: "create",
      entity: "financial",
      entityId: financial.id,
      label: financial.partner_name,
      after: financial,
    });
  }
  await emitEvent(db, { type: "sale.created", data: eventData(detail), subject: { type: "sale", id: saleId } });
  if (orderRows) {
    await emitEvent(db, {
      type: "order.created",
      data: orderEventData(orderRows, products),
      subject: { type: "order", id: orderRows.order.id },
    });
  }
  for (const financial of detail.financials) await announceNewFinancial(db, financial);
  return detail;
}

/**
 * Checks and writes a sale with its order and receivables, and nothing else: no answer
 * read back, no audit entry, no events. `createSale` adds those; the demo history (made
 * at the first start, before any webhook exists) uses this alone.
 */
export async function writeSale(db: Db, input: SaleWriteOutput): Promise<WrittenSale> {
  const [written] = await writeSales(db, [input]);
  if (!written) throw new Error("writeSales answered nothing");
  return written;
}

/** The rows of a batch of sales, written together: one INSERT per table. */
interface RowBatch {
  sales: Prisma.SaleCreateManyInput[];
  saleItems: Prisma.SaleItemCreateManyInput[];
  salePayments: Prisma.SalePaymentCreateManyInput[];
  saleCoupons: Prisma.SaleCouponCreateManyInput[];
  saleStatusChanges: Prisma.SaleStatusChangeCreateManyInput[];
  orders: Prisma.OrderCreateManyInput[];
  orderItems: Prisma.OrderItemCreateManyInput[];
  orderPayments: Prisma.OrderPaymentCreateManyInput[];
  orderCoupons: Prisma.OrderCouponCreateManyInput[];
  orderStatusChanges: Prisma.OrderStatusChangeCreateManyInput[];
  financials: Prisma.FinancialCreateManyInput[];
}

/** Inserts a batch in the order its foreign keys need. */
async function insertRows(db: Db, batch: RowBatch): Promise<void> {
  if (batch.sales.length > 0) await db.sale.createMany({ data: batch.sales });
  if (batch.saleItems.length > 0) await db.saleItem.createMany({ data: batch.saleItems });
  if (batch.salePayments.length > 0) await db.salePayment.createMany({ data: batch.salePayments });
  if (batch.saleCoupons.length > 0) await db.saleCoupon.createMany({ data: batch.saleCoupons });
  if (batch.saleStatusChanges.length > 0) await db.saleStatusChange.createMany({ data: batch.saleStatusChanges });
  if (batch.orders.length > 0) await db.order.createMany({ data: batch.orders });
  if (batch.orderItems.length > 0) await db.orderItem.createMany({ data: batch.orderItems });
  if (batch.orderPayments.length > 0) await db.orderPayment.createMany({ data: batch.orderPayments });
  if (batch.orderCoupons.length > 0) await db.orderCoupon.createMany({ data: batch.orderCoupons });
  if (batch.orderStatusChanges.length > 0) await db.orderStatusChange.createMany({ data: batch.orderStatusChanges });
  if (batch.financials.length > 0) await db.financial.createMany({ data: batch.financials });
}

/**
 * `writeSale` for many sales at once (the demo history): the references of all of them
 * read together, every sale checked as POST /sales checks it (the first invalid one is
 * 400 and nothing is written), then one INSERT per table.
 */
export async function writeSales(db: Db, inputs: SaleWriteOutput[]): Promise<WrittenSale[]> {
  const references = await loadReferences(db, inputs);
  const checked = inputs.map((input) => {
    const { errors: totalErrors, itemTotals } = checkSaleTotals(input);
    const errors = [...referenceErrors(input, references), ...totalErrors];
    const partner = references.partnerById.get(input.partner_id);
    const saleStatus = references.statusOf.sale;
    if (errors.length > 0 || !partner || !saleStatus) throw invalid(errors);
    return { input, itemTotals, partner, saleStatus };
  });
  // Custom fields are checked once per distinct `attributes` (a batch mostly shares one).
  const distinctAttributes = new Map(checked.map(({ input }) => [JSON.stringify(input.attributes), input.attributes]));
  for (const attributes of distinctAttributes.values()) await validateAttributes(db, "sale", attributes);
  for (const { input } of checked) await countCouponUses(db, input);
  const batch: RowBatch = {
    sales: [],
    saleItems: [],
    salePayments: [],
    saleCoupons: [],
    saleStatusChanges: [],
    orders: [],
    orderItems: [],
    orderPayments: [],
    orderCoupons: [],
    orderStatusChanges: [],
    financials: [],
  };
  const written = checked.map((sale) => saleRows(db, sale, references, batch));
  await insertRows(db, batch);
  return written;
}

/** The rows of one checked sale, added to `batch`. */
function saleRows(
  db: Db,
  {
    input,
    itemTotals,
    partner,
    saleStatus,
  }: { input: SaleWriteOutput; itemTotals: Money[]; partner: PartnerRow; saleStatus: { id: string } },
  references: References,
  batch: RowBatch,
): WrittenSale {
  const { productById, methodById, couponById, statusOf } = references;

  const organizationId = db.$organizationId;
  const actor = actorOf(db);
  const now = new Date();
  const saleId = randomUUID();
  const freight = money(input.freight?.amount ?? 0);
  const totalDiscount = sumMoney(input.discount.map((entry) => money(entry.amount)));
  const delivery = deliveryOf(
    input,
    partner,
    input.delivery?.delivery_method_id ? (references.deliveryMethodById.get(input.delivery.delivery_method_id) ?? null) : null,
  );
  const discounts = input.discount.map((entry) => ({ id: randomUUID(), type: entry.type, amount: entry.amount }));

  batch.sales.push({
    id: saleId,
    organization_id: organizationId,
    external_id: input.external_id ?? null,
    company_id: input.company_id ?? null,
    partner_id: partner.id,
    seller_id: input.seller_id ?? null,
    solution_id: input.origin?.solution_id ?? null,
    status_id: saleStatus.id,
    updated_by: input.updated_by,
    observation: input.observation ?? null,
    shopping_cart_id: input.shopping_cart_id ?? null,
    quotation: input.quotation,
    full_value: input.full_value,
    total_value: input.total_value,
    total_discount: totalDiscount.toFixed(2),
    freight_amount: freight.toFixed(2),
    freight_edit_reason: input.freight?.edit_reason ?? null,
    discounts,
    invoices: input.invoices,
    origin_attributes: input.origin?.attributes ?? {},
    pre_order_complement: input.pre_order_complement,
    checkout_complement: input.checkout_complement,
    automation_fields: input.automation_fields,
    email_config: input.email_config as Prisma.InputJsonObject,
    resume_fields: input.resume_fields,
    delivery,
    attributes: input.attributes as Prisma.InputJsonObject,
    search_text: searchText([partner.name, partner.fiscal_registration_number, input.external_id]),
    created_at: input.created_at,
  });
  const items = input.items.map((item, position) => ({
    id: randomUUID(),
    organization_id: organizationId,
    position,
    product_id: item.product_id,
    product_variation_id: item.product_variation_id ?? null,
    unit: item.unit ?? null,
    unit_value: item.unit_value,
    quantity: item.quantity,
    discount: item.discount,
    total_value: (itemTotals[position] ?? ZERO).toFixed(2),
    item_origin_value: item.item_origin_value ?? null,
    item_origin_type: item.item_origin_type ?? null,
    automation_fields: item.automation_fields,
    complements: item.complements.map((complement) => ({ ...complement, id: complement.id ?? randomUUID() })),
    resume_fields: item.resume_fields,
  }));
  batch.saleItems.push(...items.map((item) => ({ ...item, sale_id: saleId })));
  const payments = input.payments.map((payment, position) => {
    const method = methodById.get(payment.payment_method_id);
    const card = method?.type ? CARD_TYPES.has(method.type) : false;
    return {
      id: randomUUID(),
      organization_id: organizationId,
      sale_id: saleId,
      position,
      payment_method_id: payment.payment_method_id,
      installment_id: payment.installment_id ?? null,
      transaction_id: payment.transaction_id ?? null,
      amount: payment.amount,
      installments: payment.installments,
      gateway: card ? gatewayFor(method?.vendor).name : null,
    };
  });
  batch.salePayments.push(...payments);
  batch.saleCoupons.push(
    ...input.coupons.map((link) => ({
      organization_id: organizationId,
      sale_id: saleId,
      coupon_id: link.coupon_id,
      attributes: link.attributes as Prisma.InputJsonObject,
    })),
  );
  batch.saleStatusChanges.push({ organization_id: organizationId, sale_id: saleId, status_id: saleStatus.id, actor, created_at: now });

  let orderRows: OrderRows | null = null;
  if (!input.quotation && statusOf.order && statusOf.financial) {
    orderRows = orderOfSale(db, batch, {
      input,
      saleId,
      partner,
      delivery,
      discounts,
      items,
      payments,
      couponById,
      statusId: statusOf.order.id,
      actor,
      now,
    });
    const financialStatusId = statusOf.financial.id;
    const receivables = input.payments.flatMap((payment, index) => {
      const method = methodById.get(payment.payment_method_id);
      const stored = payments[index];
      if (!method || !stored) return [];
      const card = storedCard(payment.card, actor, now);
      return receivablesOf(money(payment.amount), payment.installments, input.created_at, rulesOf(method)).map((receivable) => ({
        organization_id: organizationId,
        partner_id: partner.id,
        order_id: orderRows?.order.id ?? null,
        sale_id: saleId,
        sale_payment_id: stored.id,
        installment: receivable.installment,
        status_id: financialStatusId,
        type: method.type,
        value: receivable.value.toFixed(2),
        due_date: receivable.due_date,
        has_online_payment: method.type ? ONLINE_TYPES.has(method.type) : false,
        has_payment_gateway: stored.gateway !== null,
        card: card ?? Prisma.DbNull,
        search_text: searchText([partner.name, method.type]),
      }));
    });
    batch.financials.push(...receivables);
  }

  const products = new Map(
    [...productById.values()].map((product) => [
      product.id,
      { name: product.name, sku: product.sku, image: mainImage(organizationId, product.images) },
    ]),
  );
  return { saleId, partnerName: partner.name, orderRows, products };
}

interface OrderOfSale {
  input: SaleWriteOutput;
  saleId: string;
  partner: { id: string; name: string; fiscal_registration_number: string };
  delivery: StoredDelivery;
  discounts: Array<{ id: string; type: string; amount: number }>;
  items: Array<{
    id: string;
    position: number;
    product_id: string;
    product_variation_id: string | null;
    unit: string | null;
    unit_value: number;
    quantity: number;
    discount: number;
    total_value: string;
    item_origin_value: string | null;
    item_origin_type: string | null;
    automation_fields: Record<string, string>;
    complements: object[];
    resume_fields: object[];
  }>;
  payments: Array<{
    id: string;
    payment_method_id: string;
    installment_id: string | null;
    transaction_id: string | null;
    amount: number;
    installments: number;
  }>;
  couponById: Map<string, { id: string; code: string; name: string; type: string; value_type: string; value: Prisma.Decimal }>;
  statusId: string;
  actor: string | null;
  now: Date;
}

/** The sale's order (contract §7 "Sale → order"): rows of the shared order models, added to `batch`. */
function orderOfSale(db: Db, batch: RowBatch, sale: OrderOfSale): OrderRows {
  const { input, delivery } = sale;
  const organizationId = db.$organizationId;
  const orderId = randomUUID();
  const itemsTotal = sumMoney(sale.items.map((item) => money(item.total_value)));
  const order = {
    id: orderId,
    organization_id: organizationId,
    sale_id: sale.saleId,
    origin: "SALE",
    partner_id: sale.partner.id,
    company_id: input.company_id ?? null,
    seller_id: input.seller_id ?? null,
    status_id: sale.statusId,
    negotiation_date: input.created_at,
    total_value: input.total_value,
    order_value: itemsTotal.toFixed(2),
    discount_value: sumMoney(input.discount.map((entry) => money(entry.amount))).toFixed(2),
    freight_value: money(input.freight?.amount ?? 0).toFixed(2),
    freight_edit_reason: input.freight?.edit_reason ?? null,
    shipment_address_name: delivery.address_name ?? null,
    shipment_address_type: delivery.address_type ?? null,
    shipment_street: delivery.street ?? null,
    shipment_number: delivery.number ?? null,
    shipment_complement: delivery.complement ?? null,
    shipment_neighborhood: delivery.neighborhood ?? null,
    shipment_city: delivery.city ?? null,
    shipment_state: delivery.state ?? null,
    shipment_postal_code: delivery.postal_code ?? null,
    shipment_country: delivery.country ?? null,
    shipment_contact_name: delivery.contact_name ?? null,
    shipment_contact_number: delivery.contact_number ?? null,
    quotation: false,
    observation: input.observation ?? null,
    delivery_method_id: delivery.delivery_method_id ?? null,
    delivery_rule_id: delivery.delivery_rule_id ?? null,
    delivery_date: delivery.delivery_date ?? null,
    delivery_scheduling_id: delivery.delivery_scheduling_id ?? null,
    delivery_method: delivery.delivery_method_id
      ? {
          period_start: delivery.delivery_method_period_start ?? null,
          period_end: delivery.delivery_method_period_end ?? null,
          period_type: delivery.delivery_method_period_type ?? null,
          type: delivery.delivery_method_type ?? null,
          name: delivery.delivery_method_name ?? null,
          price_type: delivery.delivery_method_price_type ?? null,
          custom_label: delivery.delivery_method_custom_label ?? null,
        }
      : Prisma.DbNull,
    discounts: sale.discounts,
    attributes: input.attributes as Prisma.InputJsonObject,
    pre_order_complement: input.pre_order_complement,
    checkout_complement: input.checkout_complement,
    automation_fields: input.automation_fields,
    resume_fields: input.resume_fields,
    search_text: searchText([sale.partner.name, sale.partner.fiscal_registration_number, input.external_id]),
  } satisfies Prisma.OrderUncheckedCreateInput;
  batch.orders.push(order);
  const items = sale.items.map((item) => ({
    id: randomUUID(),
    organization_id: organizationId,
    order_id: orderId,
    position: item.position,
    product_id: item.product_id,
    product_variation_id: item.product_variation_id,
    unit: item.unit,
    unit_value: item.unit_value,
    quantity: item.quantity,
    discount: item.discount,
    total_value: item.total_value,
    item_origin_value: item.item_origin_value,
    item_origin_type: item.item_origin_type,
    automation_fields: item.automation_fields,
    complements: item.complements as Prisma.InputJsonArray,
    resume_fields: item.resume_fields as Prisma.InputJsonArray,
  }));
  batch.orderItems.push(...items);
  const payments = sale.payments.map((payment) => ({
    id: randomUUID(),
    organization_id: organizationId,
    order_id: orderId,
    payment_method_id: payment.payment_method_id,
    installment_id: payment.installment_id,
    transaction_id: payment.transaction_id,
    amount: payment.amount,
    installments: payment.installments,
  }));
  batch.orderPayments.push(...payments);
  batch.orderCoupons.push(
    ...input.coupons.map((link) => ({
      organization_id: organizationId,
      order_id: orderId,
      coupon_id: link.coupon_id,
      attributes: link.attributes as Prisma.InputJsonObject,
    })),
  );
  const statusChange = { id: randomUUID(), status_id: sale.statusId, created_at: sale.now };
  batch.orderStatusChanges.push({ ...statusChange, organization_id: organizationId, order_id: orderId, actor: sale.actor });
  const coupons = input.coupons.flatMap((link) => {
    const coupon = sale.couponById.get(link.coupon_id);
    return coupon
      ? [
          {
            coupon_id: coupon.id,
            code: coupon.code,
            name: coupon.name,
            type: coupon.type,
            value_type: coupon.value_type,
            value: Number(coupon.value),
          },
        ]
      : [];
  });
  return { order, items, payments, coupons, statusChange };
}
