import { randomUUID } from "node:crypto";
import { recordAudits } from "../../audit/service";
import type { Db } from "../../db/scoped";
import type { FieldError } from "../../errors";
import { AppError } from "../../errors";
import { actorOf, announceNewFinancial, type StoredCard } from "../../finance/financials/service";
import { installmentError, receivablesOf, rulesOf } from "../../finance/receivables";
import { Prisma } from "../../generated/prisma/client";
import { recordSaleInRollups } from "../../insights/sales-rollups";
import { money, sameAmount, sumMoney, ZERO, type Money } from "../../lib/money";
import { searchText } from "../../lib/search";
import type { OrderCreateWrite } from "../../orders/orders/schemas";
import { ALL_ORDERS, sellerForWrite, type OrderScope } from "../../auth/scope";
import { orderFigures, settledPayments } from "../../orders/orders/totals";
import { writeOrder, type SaleOrigin } from "../../orders/orders/write-order";
import { validateAttributes } from "../../crud/validate-attributes";
import { emitEvent, eventData } from "../../webhooks/outbox";
import { CARD_TYPES, gatewayFor } from "../capture/gateways";
import type { SaleDetail, SaleWriteOutput } from "./schemas";
import { getSale, type StoredDelivery } from "./service";

/**
 * POST /sales (interface "Sale", contract §7, §10): the checkout record, and — unless it
 * is a quotation — its order, written by the one order writer
 * (server/orders/orders/write-order.ts: the same checks, stock effects, coupon accounting
 * and events as POST /orders), and its receivables (one financial record per payment
 * installment, the one installment rule of server/finance/receivables.ts), in the
 * request's transaction. A refusal is 400 naming the field of the sale's body.
 *
 * The coupon's use belongs to the order (the sale's link to it is the checkout's record):
 * a quotation takes none. Figures are checked against what was sent within 0.01 and stored
 * as computed: the items' totals, `full_value`, `total_value`, and the payments (the last
 * absorbing what they were off), so the receivables add up to the stored total.
 */

/** What a batch of sales names, read at once (one query per kind of record). */
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
    none(productIds, () => db.product.findMany({ where: { id: { in: productIds } }, select: { id: true } })),
    none(variationIds, () => db.productVariation.findMany({ where: { id: { in: variationIds } }, select: { id: true, product_id: true } })),
    none(methodIds, () =>
      db.paymentMethod.findMany({
        where: { id: { in: methodIds } },
        select: { id: true, type: true, active: true, vendor: true, condition: true, installments: true, minimum_installment_value: true },
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
    productIds: new Set(products.map((product) => product.id)),
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
    if (!references.productIds.has(item.product_id)) missing(`items.${index}.product_id`, "product");
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
    const installments = installmentError(method, money(payment.amount), payment.installments, `payments.${index}.installments`);
    if (installments) errors.push(installments);
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

/** A sale's figures as stored (contract §7): computed, each checked against what was sent within 0.01. */
export interface SaleFigures {
  /** Each item's total. */
  lines: Money[];
  /** The items' totals plus freight. */
  full: Money;
  discounts: Money;
  /** full − discounts. */
  total: Money;
  freight: Money;
  /** Each payment's amount, adding up to the total when the payments were within 0.01 of it. */
  payments: Money[];
}

/** The totals rules of contract §7, on the sale's own field names (400 naming each). */
export function checkSaleTotals(
  input: Pick<SaleWriteOutput, "items" | "freight" | "discount" | "payments" | "full_value" | "total_value">,
): {
  errors: FieldError[];
  figures: SaleFigures;
} {
  const errors: FieldError[] = [];
  const freight = money(input.freight?.amount ?? 0);
  const { lines } = orderFigures({ items: input.items });
  lines.forEach((line, index) => {
    const item = input.items[index]!;
    if (line.isNegative())
      errors.push({ path: `items.${index}.discount`, message: "must not exceed unit_value × quantity", code: "too_big" });
    else if (item.total_value !== null && item.total_value !== undefined && !sameAmount(money(item.total_value), line)) {
      errors.push({
        path: `items.${index}.total_value`,
        message: `must equal unit_value × quantity − discount (${line.toFixed(2)})`,
        code: "total_mismatch",
        params: { expected: line.toNumber() },
      });
    }
  });
  const full = sumMoney(lines).plus(freight);
  if (!sameAmount(money(input.full_value), full)) {
    errors.push({
      path: "full_value",
      message: `must equal the items' totals plus freight.amount (${full.toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: full.toNumber() },
    });
  }
  const discounts = sumMoney(input.discount.map((entry) => money(entry.amount)));
  const total = full.minus(discounts);
  if (total.isNegative()) {
    errors.push({ path: "discount", message: "must not exceed full_value", code: "exceeds_total", params: { field: "full_value" } });
  } else if (!sameAmount(money(input.total_value), total)) {
    errors.push({
      path: "total_value",
      message: `must equal full_value minus the discounts (${total.toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: total.toNumber() },
    });
  }
  const sent = input.payments.map((payment) => money(payment.amount));
  if (sent.length > 0 && !sameAmount(sumMoney(sent), total)) {
    errors.push({
      path: "payments",
      message: `the payments' amounts must add up to total_value (they add up to ${sumMoney(sent).toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: total.toNumber() },
    });
  }
  return { errors, figures: { lines, full, discounts, total, freight, payments: settledPayments(sent, total) } };
}

type PartnerAddress = Record<string, string | boolean | null | undefined>;
type PartnerRow = References["partnerById"] extends Map<string, infer Row> ? Row : never;
type DeliveryMethodRow = References["deliveryMethodById"] extends Map<string, infer Row> ? Row : never;

/** The delivery as stored: what was sent, the delivery method's own fields, the partner's default address. */
function deliveryOf(input: SaleWriteOutput, partner: PartnerRow, method: DeliveryMethodRow | null): StoredDelivery {
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
    warehouse_id: sent.warehouse_id ?? null,
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

/** The sale's names of the order fields its errors may name. */
const SALE_PATHS: Record<string, string> = { warehouse_id: "delivery.warehouse_id", invoices: "invoices" };

/** What `writeSales` wrote. */
export interface WrittenSale {
  saleId: string;
  partnerName: string;
  orderId: string | null;
}

/**
 * POST /sales: the sale, its order and receivables (`writeSales`), then the answer read
 * back, the audit entries (sale and receivables; the order's is the writer's) and the
 * events, all in the caller's transaction. A SELLER's sale is its own seller's: absent
 * `seller_id` means its own, another seller's is 403, one linked to no seller may not sell
 * (403), as for orders.
 */
export async function createSale(db: Db, scope: OrderScope, input: SaleWriteOutput): Promise<SaleDetail> {
  const seller = scope.kind === "all" ? input.seller_id : sellerForWrite(scope, input.seller_id);
  const [written] = await writeSales(db, [{ ...input, seller_id: seller ?? null }], { announce: true });
  if (!written) throw new Error("writeSales answers one sale per input");
  const { saleId, partnerName } = written;
  const detail = await getSale(db, ALL_ORDERS, saleId);
  await recordAudits(db, [
    { action: "create", entity: "sale", entityId: saleId, label: partnerName, after: { ...detail, financials: undefined } },
    ...detail.financials.map((financial) => ({
      action: "create",
      entity: "financial",
      entityId: financial.id,
      label: financial.partner_name,
      after: financial,
    })),
  ]);
  await emitEvent(db, { type: "sale.created", data: eventData(detail), subject: { type: "sale", id: saleId } });
  for (const financial of detail.financials) await announceNewFinancial(db, financial);
  // The analytics rollups (most-sold, dashboard) move with the sale, in its transaction, last:
  // every sale of the org's day updates the same rows, whose locks are then held only until
  // the commit that follows, not across the reads above.
  await recordSaleInRollups(db, saleId);
  return detail;
}

/**
 * Checks and writes sales with their orders and receivables. `announce: false` (the demo
 * history, made at the first start before any webhook exists) writes only the rows: no
 * order answer read back, no audit entry, no event. Every sale is checked before any is
 * written (the first invalid one is 400); each order goes through the order writer.
 */
export async function writeSales(
  db: Db,
  inputs: SaleWriteOutput[],
  options: { announce: boolean } = { announce: false },
): Promise<WrittenSale[]> {
  const references = await loadReferences(db, inputs);
  const checked = inputs.map((input) => {
    const { errors: totalErrors, figures } = checkSaleTotals(input);
    const errors = [...referenceErrors(input, references), ...totalErrors];
    const partner = references.partnerById.get(input.partner_id);
    const saleStatus = references.statusOf.sale;
    if (errors.length > 0 || !partner || !saleStatus)
      throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
    return { input, figures, partner, saleStatus };
  });
  // Custom fields are checked once per distinct `attributes` (a batch mostly shares one).
  const distinctAttributes = new Map(checked.map(({ input }) => [JSON.stringify(input.attributes), input.attributes]));
  for (const attributes of distinctAttributes.values()) await validateAttributes(db, "sale", attributes);

  const written: WrittenSale[] = [];
  for (const sale of checked) written.push(await writeOne(db, sale, references, options.announce));
  return written;
}

/** One checked sale: its rows, its order (the order writer) and its receivables. */
async function writeOne(
  db: Db,
  {
    input,
    figures,
    partner,
    saleStatus,
  }: { input: SaleWriteOutput; figures: SaleFigures; partner: PartnerRow; saleStatus: { id: string } },
  references: References,
  announce: boolean,
): Promise<WrittenSale> {
  const organizationId = db.$organizationId;
  const actor = actorOf(db);
  const now = new Date();
  const saleId = randomUUID();
  const method = input.delivery?.delivery_method_id ? (references.deliveryMethodById.get(input.delivery.delivery_method_id) ?? null) : null;
  const delivery = deliveryOf(input, partner, method);
  const discounts = input.discount.map((entry) => ({ id: randomUUID(), type: entry.type, amount: entry.amount }));
  await db.sale.create({
    data: {
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
      full_value: figures.full.toFixed(2),
      total_value: figures.total.toFixed(2),
      total_discount: figures.discounts.toFixed(2),
      freight_amount: figures.freight.toFixed(2),
      freight_edit_reason: input.freight?.edit_reason ?? null,
      discounts,
      invoices: input.invoices,
      origin_attributes: input.origin?.attributes ?? {},
      pre_order_complement: input.pre_order_complement,
      checkout_complement: input.checkout_complement,
      automation_fields: input.automation_fields,
      email_config: input.email_config as Prisma.InputJsonObject,
      resume_fields: input.resume_fields,
      delivery: delivery as Prisma.InputJsonObject,
      attributes: input.attributes as Prisma.InputJsonObject,
      search_text: searchText([partner.name, partner.fiscal_registration_number, input.external_id]),
      created_at: input.created_at,
    },
  });
  const items = input.items.map((item, position) => ({
    id: randomUUID(),
    organization_id: organizationId,
    sale_id: saleId,
    position,
    product_id: item.product_id,
    product_variation_id: item.product_variation_id ?? null,
    unit: item.unit ?? null,
    unit_value: item.unit_value,
    quantity: item.quantity,
    discount: item.discount,
    total_value: (figures.lines[position] ?? ZERO).toFixed(2),
    item_origin_value: item.item_origin_value ?? null,
    item_origin_type: item.item_origin_type ?? null,
    automation_fields: item.automation_fields,
    complements: item.complements.map((complement) => ({ ...complement, id: complement.id ?? randomUUID() })),
    resume_fields: item.resume_fields,
  }));
  if (items.length > 0) await db.saleItem.createMany({ data: items });
  const payments = input.payments.map((payment, position) => {
    const paymentMethod = references.methodById.get(payment.payment_method_id);
    const card = paymentMethod?.type ? CARD_TYPES.has(paymentMethod.type) : false;
    return {
      id: randomUUID(),
      organization_id: organizationId,
      sale_id: saleId,
      position,
      payment_method_id: payment.payment_method_id,
      installment_id: payment.installment_id ?? null,
      transaction_id: payment.transaction_id ?? null,
      amount: (figures.payments[position] ?? ZERO).toFixed(2),
      installments: payment.installments,
      gateway: card ? gatewayFor(paymentMethod?.vendor).name : null,
    };
  });
  if (payments.length > 0) await db.salePayment.createMany({ data: payments });
  if (input.coupons.length > 0) {
    await db.saleCoupon.createMany({
      data: input.coupons.map((link) => ({
        organization_id: organizationId,
        sale_id: saleId,
        coupon_id: link.coupon_id,
        attributes: link.attributes as Prisma.InputJsonObject,
      })),
    });
  }
  await db.saleStatusChange.create({
    data: { organization_id: organizationId, sale_id: saleId, status_id: saleStatus.id, actor, created_at: now },
  });
  if (input.quotation) return { saleId, partnerName: partner.name, orderId: null };

  // The order: through the one order writer, as POST /orders writes one.
  const origin: SaleOrigin = { saleId, externalId: input.external_id ?? null, paths: SALE_PATHS, resumeFields: input.resume_fields };
  const { id: orderId } = await writeOrder(
    db,
    ALL_ORDERS,
    { kind: "create", input: orderOfSale(input, delivery, figures), sale: origin },
    { announce },
  );

  // Its receivables: one per installment of each payment, linked to the sale's payment (and its card data).
  const financialStatus = references.statusOf.financial!;
  const receivables = input.payments.flatMap((payment, index) => {
    const paymentMethod = references.methodById.get(payment.payment_method_id);
    const stored = payments[index];
    if (!paymentMethod || !stored) return [];
    const card = storedCard(payment.card, actor, now);
    return receivablesOf(
      figures.payments[index] ?? money(payment.amount),
      payment.installments,
      input.created_at,
      rulesOf(paymentMethod),
    ).map((receivable) => ({
      organization_id: organizationId,
      partner_id: partner.id,
      order_id: orderId,
      sale_id: saleId,
      sale_payment_id: stored.id,
      installment: receivable.installment,
      status_id: financialStatus.id,
      type: paymentMethod.type,
      value: receivable.value.toFixed(2),
      due_date: receivable.due_date,
      has_online_payment: paymentMethod.type ? ONLINE_TYPES.has(paymentMethod.type) : false,
      has_payment_gateway: stored.gateway !== null,
      card: card ?? Prisma.DbNull,
      search_text: searchText([partner.name, paymentMethod.type]),
    }));
  });
  if (receivables.length > 0) await db.financial.createMany({ data: receivables });
  return { saleId, partnerName: partner.name, orderId };
}

/** The sale's order (contract §7 "Sale → order"): the same partner, company, seller, items, payments, freight, delivery and address. */
function orderOfSale(input: SaleWriteOutput, delivery: StoredDelivery, figures: SaleFigures): OrderCreateWrite {
  const text = (key: string) => delivery[key] ?? null;
  return {
    partner_id: input.partner_id,
    company_id: input.company_id ?? null,
    seller_id: input.seller_id ?? null,
    warehouse_id: input.delivery?.warehouse_id ?? null,
    negotiation_date: input.created_at.toISOString(),
    order_value: sumMoney(figures.lines).toNumber(),
    discount_value: figures.discounts.toNumber(),
    freight_value: figures.freight.toNumber(),
    total_value: figures.total.toNumber(),
    freight_edit_reason: input.freight?.edit_reason ?? null,
    quotation: false,
    observation: input.observation ?? null,
    delivery_method_id: input.delivery?.delivery_method_id ?? null,
    delivery_rule_id: text("delivery_rule_id"),
    delivery_date: text("delivery_date"),
    delivery_scheduling_id: text("delivery_scheduling_id"),
    shipment_address_name: text("address_name"),
    shipment_address_type: text("address_type"),
    shipment_street: text("street"),
    shipment_number: text("number"),
    shipment_complement: text("complement"),
    shipment_neighborhood: text("neighborhood"),
    shipment_city: text("city"),
    shipment_state: text("state"),
    shipment_postal_code: text("postal_code"),
    shipment_country: text("country"),
    shipment_contact_name: text("contact_name"),
    shipment_contact_number: text("contact_number"),
    items: input.items.map((item) => ({
      product_id: item.product_id,
      product_variation_id: item.product_variation_id ?? null,
      unit: item.unit ?? null,
      unit_value: item.unit_value,
      quantity: item.quantity,
      discount: item.discount,
      item_origin_value: item.item_origin_value ?? null,
      item_origin_type: item.item_origin_type ?? null,
      automation_fields: item.automation_fields,
      attributes: {},
      complements: item.complements.map((complement) => ({
        product_complement_id: complement.product_complement_id ?? undefined,
        product_complement_option_id: complement.product_complement_option_id ?? undefined,
        product_complement_option_key: complement.product_complement_option_key ?? undefined,
        key: complement.key ?? undefined,
        title: complement.title ?? undefined,
        type: complement.type ?? undefined,
        selected_value: complement.selected_value ?? undefined,
        value_paid: complement.value_paid ?? undefined,
      })),
      resume_fields: item.resume_fields.map((field) => ({
        name: field.name ?? undefined,
        title: field.title ?? undefined,
        value: field.value ?? undefined,
        type: field.type ?? undefined,
        mask: field.mask ?? undefined,
        order: field.order ?? undefined,
      })),
    })),
    payments: input.payments.map((payment, index) => ({
      payment_method_id: payment.payment_method_id,
      installment_id: payment.installment_id ?? null,
      transaction_id: payment.transaction_id ?? null,
      amount: (figures.payments[index] ?? money(payment.amount)).toNumber(),
      installments: payment.installments,
      attributes: {},
    })),
    coupons: input.coupons.map((link) => ({ coupon_id: link.coupon_id, attributes: link.attributes })),
    discounts: input.discount.map((entry) => ({ type: entry.type, amount: entry.amount })),
    attributes: input.attributes,
    pre_order_complement: input.pre_order_complement,
    checkout_complement: input.checkout_complement,
    automation_fields: input.automation_fields,
  };
}
