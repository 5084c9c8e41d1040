import { randomUUID } from "node:crypto";
import { recordAudits } from "../../audit/service";
import { ALL_ORDERS, sellerForWrite, type OrderScope } from "../../auth/scope";
import { attributeErrors } from "../../crud/validate-attributes";
import type { Db } from "../../db/scoped";
import { recordset, scopedExecute } from "../../db/sql";
import type { FieldError } from "../../errors";
import { actorOf } from "../../finance/financials/service";
import { writeReceivables, type StoredCard } from "../../finance/receivables";
import { Prisma } from "../../generated/prisma/client";
import { recordNewSale } from "../../insights/sales-rollups";
import { money, sumMoney, ZERO } from "../../lib/money";
import { searchText } from "../../lib/search";
import type { DeliveryMethodReference, PartnerReference, References } from "../../orders/orders/references";
import type { OrderCreateWrite, SHIPMENT_FIELDS } from "../../orders/orders/schemas";
import { writeOrder, type SaleFigures, type SaleOrigin } from "../../orders/orders/write-order";
import { emitEvents, eventData } from "../../webhooks/outbox";
import { CARD_TYPES, gatewayFor } from "../capture/gateways";
import type { SaleDetail, SaleWriteOutput } from "./schemas";
import { readSales, type StoredDelivery } from "./service";

/**
 * POST /sales (interface "Sale", contract §7, §10): the checkout record and — unless it is a
 * quotation — its order and receivables, in the request's transaction. The order is the
 * sale's order as it came (`orderOfSale`), handed to the one order writer
 * (server/orders/orders/write-order.ts), which checks it as it checks POST /orders — every
 * reference, coupon, payment method and installment, the totals (by the sale's rules, on
 * the sale's fields), the custom fields, the stock — and names each error in the sale's own
 * fields (400 here). What is the sale's own stays here: its sales channel and custom
 * fields, its rows (written by the writer's call, once the checks passed), the card data and
 * gateway of its payments, its receivables (server/finance/receivables.ts), its answer and
 * events. A quotation is checked the same way and writes only the sale.
 *
 * The coupon's use belongs to the order: a sale's coupons are its order's (a quotation's are
 * its own, taking no use), so the sale and its order answer the same list.
 */

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

type PartnerAddress = Record<string, string | boolean | null | undefined>;

/** The delivery as stored: what was sent, the delivery method's own fields, the partner's default address. */
function deliveryOf(input: SaleWriteOutput, partner: PartnerReference | null, method: DeliveryMethodReference | null): StoredDelivery {
  const sent = input.delivery ?? {};
  const addresses = Array.isArray(partner?.addresses) ? (partner.addresses as PartnerAddress[]) : [];
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
    contact_name: sent.contact_name ?? partner?.name ?? null,
    contact_number: sent.contact_number ?? partner?.mobile ?? partner?.phone ?? null,
  };
}

/** The sale's names of the order fields the writer's errors may name. */
const SALE_PATHS: Record<string, string> = {
  warehouse_id: "delivery.warehouse_id",
  delivery_method_id: "delivery.delivery_method_id",
  freight_value: "freight.amount",
  status: "(body)",
};

/** The order's address: the sale's delivery as it stores it. */
function shipmentOf(delivery: StoredDelivery): Record<(typeof SHIPMENT_FIELDS)[number], string | null> {
  const value = (key: string) => delivery[key] ?? null;
  return {
    shipment_address_name: value("address_name"),
    shipment_address_type: value("address_type"),
    shipment_street: value("street"),
    shipment_number: value("number"),
    shipment_complement: value("complement"),
    shipment_neighborhood: value("neighborhood"),
    shipment_city: value("city"),
    shipment_state: value("state"),
    shipment_postal_code: value("postal_code"),
    shipment_country: value("country"),
    shipment_contact_name: value("contact_name"),
    shipment_contact_number: value("contact_number"),
  };
}

/** What `writeSales` wrote. */
export interface WrittenSale {
  saleId: string;
  partnerName: string;
  orderId: string | null;
}

/**
 * POST /sales: the sale, its order and receivables (`writeSales`), then the answer read back
 * once, the audit entries (sale and receivables; the order's is the writer's), the events and
 * the analytics rollups, all in the caller's transaction. A SELLER's sale is its own seller's:
 * absent `seller_id` means its own, another seller's is 403, one linked to no seller may not
 * sell (403), as for orders.
 */
export async function createSale(db: Db, scope: OrderScope, input: SaleWriteOutput): Promise<SaleDetail> {
  const seller = scope.kind === "all" ? input.seller_id : sellerForWrite(scope, input.seller_id);
  const [written] = await writeSales(db, [{ ...input, seller_id: seller ?? null }], { announce: true });
  if (!written) throw new Error("writeSales answers one sale per input");
  const [detail] = await readSales(db, [written.saleId]);
  if (!detail) throw new Error(`sale ${written.saleId} was written but not read back`);
  await recordAudits(db, [
    { action: "create", entity: "sale", entityId: detail.id, label: written.partnerName, after: { ...detail, financials: undefined } },
    ...detail.financials.map((financial) => ({
      action: "create",
      entity: "financial",
      entityId: financial.id,
      label: financial.partner_name,
      after: financial,
    })),
  ]);
  await emitEvents(db, [
    { type: "sale.created", data: eventData(detail), subject: { type: "sale", id: detail.id } },
    ...detail.financials.flatMap((financial) => {
      const subject = { type: "financial" as const, id: financial.id };
      const created = { type: "financial.created" as const, data: eventData(financial), subject };
      const paid = financial.value > 0 && financial.paying_off_value >= financial.value;
      return paid ? [created, { type: "financial.paid" as const, data: eventData(financial), subject }] : [created];
    }),
  ]);
  // The analytics rollups (most-sold, dashboard) move with the sale, in its transaction, last:
  // every sale of the org's day updates the same rows, whose locks are then held only until
  // the commit that follows, not across the reads above.
  if (!detail.quotation) {
    await recordNewSale(db, {
      saleId: detail.id,
      createdAt: new Date(detail.created_at),
      total: money(detail.total_value),
      items: detail.items.map((item) => ({
        product_id: item.product_id,
        quantity: money(item.quantity),
        total_value: money(item.total_value),
      })),
    });
  }
  return detail;
}

/**
 * Writes sales with their orders and receivables, one after the other (a refusal of any is
 * the caller's transaction's). `announce: false` (the demo history, made at the first start
 * before any webhook exists) writes only the rows: no order answer read back, no audit entry,
 * no event.
 */
export async function writeSales(
  db: Db,
  inputs: SaleWriteOutput[],
  options: { announce: boolean } = { announce: false },
): Promise<WrittenSale[]> {
  const written: WrittenSale[] = [];
  for (const input of inputs) written.push(await writeOne(db, input, options.announce));
  return written;
}

/** One sale: its order through the writer (which writes the sale's rows once every check passed), then its receivables. */
async function writeOne(db: Db, input: SaleWriteOutput, announce: boolean): Promise<WrittenSale> {
  const saleId = randomUUID();
  const now = new Date();
  const actor = actorOf(db);
  const payments = input.payments.map(() => randomUUID());
  const read: { refs?: References; figures?: SaleFigures } = {};
  const origin: SaleOrigin = {
    saleId,
    externalId: input.external_id ?? null,
    paths: SALE_PATHS,
    resumeFields: input.resume_fields,
    quotation: input.quotation,
    sent: {
      full_value: input.full_value,
      total_value: input.total_value,
      discounts: input.discount.map((entry) => entry.amount),
      freight: input.freight?.amount ?? 0,
    },
    references: { solutionId: input.origin?.solution_id ?? null },
    check: (refs) => saleErrors(input, refs),
    shipment: (refs) => shipmentOf(deliveryOf(input, refs.partner, refs.deliveryMethod)),
    write: async (refs, figures) => {
      read.refs = refs;
      read.figures = figures;
      await writeSaleRows(db, { input, saleId, payments, refs, figures, now, actor });
    },
  };
  const { id: orderId } = await writeOrder(db, ALL_ORDERS, { kind: "create", input: orderOfSale(input), sale: origin }, { announce });
  const refs = read.refs;
  if (!refs) throw new Error("the order writer wrote no sale");
  const partnerName = refs.partner?.name ?? "";
  if (input.quotation) return { saleId, partnerName, orderId: null };

  // Its receivables: one per installment of each payment, linked to the sale's payment (with its card data and gateway).
  const financial = refs.initial.financial;
  if (financial && refs.partner) {
    await writeReceivables(db, {
      kind: "payments",
      partner: refs.partner,
      orderId,
      saleId,
      statusId: financial.id,
      base: input.created_at,
      payments: input.payments.flatMap((payment, index) => {
        const method = refs.methods.get(payment.payment_method_id);
        const salePaymentId = payments[index];
        if (!method || !salePaymentId) return [];
        return [
          {
            // As stored: the payments adjusted to add up to the total (contract §7).
            amount: read.figures?.payments[index] ?? money(payment.amount),
            installments: payment.installments,
            method,
            salePaymentId,
            card: storedCard(payment.card, actor, now),
            gateway: method.type !== null && CARD_TYPES.has(method.type),
          },
        ];
      }),
    });
  }
  return { saleId, partnerName, orderId };
}

/** What is wrong with what only the sale names: its sales channel, its custom fields, the statuses a sale starts in. */
function saleErrors(input: SaleWriteOutput, refs: References): FieldError[] {
  const errors: FieldError[] = [];
  if (input.origin?.solution_id) {
    if (!refs.solution) {
      errors.push({ path: "origin.solution_id", message: "no sales channel with this id exists", code: "not_found_reference" });
    } else if (!refs.solution.active) {
      errors.push({ path: "origin.solution_id", message: "the sales channel is inactive", code: "inactive" });
    }
  }
  errors.push(...attributeErrors(refs.attributes.get("sale") ?? [], input.attributes));
  if (!refs.initial.sale) errors.push({ path: "(body)", message: "the organization has no SALE status", code: "no_status" });
  if (!input.quotation && !refs.initial.financial) {
    errors.push({ path: "(body)", message: "the organization needs a FINANCIAL status", code: "no_status" });
  }
  return errors;
}

/** The sale's own rows (the sale, its items, payments, first status, and a quotation's coupons), with the figures its order computed. */
async function writeSaleRows(
  db: Db,
  sale: {
    input: SaleWriteOutput;
    saleId: string;
    payments: string[];
    refs: References;
    figures: SaleFigures;
    now: Date;
    actor: string | null;
  },
): Promise<void> {
  const { input, saleId, refs, figures, now, actor } = sale;
  const statusId = refs.initial.sale?.id;
  if (!statusId || !refs.partner) throw new Error("the sale's checks let a sale without a partner or a status through");
  const delivery = deliveryOf(input, refs.partner, refs.deliveryMethod);
  const row = recordset(SALE_COLUMNS, [
    {
      id: saleId,
      external_id: input.external_id ?? null,
      company_id: input.company_id ?? null,
      partner_id: refs.partner.id,
      seller_id: input.seller_id ?? null,
      solution_id: input.origin?.solution_id ?? null,
      status_id: statusId,
      updated_by: input.updated_by,
      observation: input.observation ?? null,
      shopping_cart_id: input.shopping_cart_id ?? null,
      quotation: input.quotation,
      full_value: figures.full.toFixed(2),
      total_value: figures.total.toFixed(2),
      total_discount: figures.discounts.toFixed(2),
      freight_amount: figures.freight.toFixed(2),
      freight_edit_reason: input.freight?.edit_reason ?? null,
      discounts: input.discount.map((entry) => ({ id: randomUUID(), type: entry.type, amount: entry.amount })),
      invoices: input.invoices,
      origin_attributes: input.origin?.attributes ?? {},
      pre_order_complement: input.pre_order_complement,
      checkout_complement: input.checkout_complement,
      automation_fields: input.automation_fields,
      email_config: input.email_config,
      resume_fields: input.resume_fields,
      delivery,
      attributes: input.attributes,
      search_text: searchText([refs.partner.name, refs.partner.fiscal_registration_number, input.external_id]),
      created_at: input.created_at,
    },
  ]);
  const items = recordset(
    SALE_ITEM_COLUMNS,
    input.items.map((item, position) => ({
      id: randomUUID(),
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
    })),
  );
  const payments = recordset(
    SALE_PAYMENT_COLUMNS,
    input.payments.map((payment, position) => {
      const method = refs.methods.get(payment.payment_method_id);
      const card = method?.type ? CARD_TYPES.has(method.type) : false;
      return {
        id: sale.payments[position] ?? randomUUID(),
        position,
        payment_method_id: payment.payment_method_id,
        installment_id: payment.installment_id ?? null,
        transaction_id: payment.transaction_id ?? null,
        amount: (figures.payments[position] ?? money(payment.amount)).toFixed(2),
        installments: payment.installments,
        gateway: card ? gatewayFor(method?.vendor).name : null,
      };
    }),
  );
  // A quotation's coupons are its own (no order holds a use of them); a sale's are its order's.
  const coupons = recordset(
    SALE_COUPON_COLUMNS,
    input.quotation ? input.coupons.map((link) => ({ coupon_id: link.coupon_id, attributes: link.attributes })) : [],
  );
  // The sale, its items, payments, first status and a quotation's coupons: one statement.
  await scopedExecute(
    db,
    (organization) => Prisma.sql`
      WITH created AS (
        INSERT INTO sales (organization_id, updated_at, ${row.names})
        SELECT ${organization}, now(), ${row.values} FROM ${row.from}
        RETURNING id, organization_id
      ), items AS (
        INSERT INTO sale_items (organization_id, sale_id, ${items.names})
        SELECT created.organization_id, created.id, ${items.values} FROM created, ${items.from}
      ), payments AS (
        INSERT INTO sale_payments (organization_id, sale_id, ${payments.names})
        SELECT created.organization_id, created.id, ${payments.values} FROM created, ${payments.from}
      ), coupons AS (
        INSERT INTO sale_coupons (id, organization_id, sale_id, ${coupons.names})
        SELECT gen_random_uuid(), created.organization_id, created.id, ${coupons.values} FROM created, ${coupons.from}
      )
      INSERT INTO sale_status_changes (id, organization_id, sale_id, status_id, actor, created_at)
      SELECT gen_random_uuid(), organization_id, id, ${statusId}::uuid, ${actor}, ${now} FROM created`,
  );
}

/** The columns of a sale and its lists, and their PostgreSQL types (the org and the sale are the statement's). */
const SALE_COLUMNS = [
  ["id", "uuid"],
  ["external_id", "text"],
  ["company_id", "uuid"],
  ["partner_id", "uuid"],
  ["seller_id", "uuid"],
  ["solution_id", "uuid"],
  ["status_id", "uuid"],
  ["updated_by", "text"],
  ["observation", "text"],
  ["shopping_cart_id", "text"],
  ["quotation", "boolean"],
  ["full_value", "numeric"],
  ["total_value", "numeric"],
  ["total_discount", "numeric"],
  ["freight_amount", "numeric"],
  ["freight_edit_reason", "text"],
  ["discounts", "jsonb"],
  ["invoices", "jsonb"],
  ["origin_attributes", "jsonb"],
  ["pre_order_complement", "jsonb"],
  ["checkout_complement", "jsonb"],
  ["automation_fields", "jsonb"],
  ["email_config", "jsonb"],
  ["resume_fields", "jsonb"],
  ["delivery", "jsonb"],
  ["attributes", "jsonb"],
  ["search_text", "text"],
  ["created_at", "timestamptz"],
] as const;
const SALE_ITEM_COLUMNS = [
  ["id", "uuid"],
  ["position", "int"],
  ["product_id", "uuid"],
  ["product_variation_id", "uuid"],
  ["unit", "text"],
  ["unit_value", "numeric"],
  ["quantity", "numeric"],
  ["discount", "numeric"],
  ["total_value", "numeric"],
  ["item_origin_value", "text"],
  ["item_origin_type", "text"],
  ["automation_fields", "jsonb"],
  ["complements", "jsonb"],
  ["resume_fields", "jsonb"],
] as const;
const SALE_PAYMENT_COLUMNS = [
  ["id", "uuid"],
  ["position", "int"],
  ["payment_method_id", "uuid"],
  ["installment_id", "text"],
  ["transaction_id", "text"],
  ["amount", "numeric"],
  ["installments", "int"],
  ["gateway", "text"],
] as const;
const SALE_COUPON_COLUMNS = [
  ["coupon_id", "uuid"],
  ["attributes", "jsonb"],
] as const;

/**
 * The sale's order as it came (contract §7 "Sale → order"): the same partner, company,
 * seller, items, payments, freight, delivery and address. Nothing is checked here: the
 * writer checks it all. Its address comes from the delivery as the sale will store it.
 */
function orderOfSale(input: SaleWriteOutput): OrderCreateWrite {
  const delivery = input.delivery ?? {};
  const discounts = sumMoney(input.discount.map((entry) => money(entry.amount)));
  const freight = money(input.freight?.amount ?? 0);
  return {
    partner_id: input.partner_id,
    company_id: input.company_id ?? null,
    seller_id: input.seller_id ?? null,
    warehouse_id: delivery.warehouse_id ?? null,
    negotiation_date: input.created_at.toISOString(),
    // The sale's own figures are checked by the sale's rules (`SaleOrigin.sent`); the order's are computed from the items.
    order_value: money(input.full_value).minus(freight).toNumber(),
    discount_value: discounts.toNumber(),
    freight_value: freight.toNumber(),
    total_value: input.total_value,
    freight_edit_reason: input.freight?.edit_reason ?? null,
    quotation: false,
    observation: input.observation ?? null,
    delivery_method_id: delivery.delivery_method_id ?? null,
    delivery_rule_id: delivery.delivery_rule_id ?? null,
    delivery_date: delivery.delivery_date ?? null,
    delivery_scheduling_id: delivery.delivery_scheduling_id ?? null,
    // The address is the sale's delivery as it stores it (the partner's default address when none is sent): `SaleOrigin.shipment`.
    ...shipmentOf({}),
    items: input.items.map((item) => ({
      product_id: item.product_id,
      product_variation_id: item.product_variation_id ?? null,
      unit: item.unit ?? null,
      unit_value: item.unit_value,
      quantity: item.quantity,
      discount: item.discount,
      ...(item.total_value === null || item.total_value === undefined ? {} : { total_value: item.total_value }),
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
    payments: input.payments.map((payment) => ({
      payment_method_id: payment.payment_method_id,
      installment_id: payment.installment_id ?? null,
      transaction_id: payment.transaction_id ?? null,
      amount: payment.amount,
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
