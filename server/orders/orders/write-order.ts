import { randomUUID } from "node:crypto";
import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { writeContext } from "../../db/transaction";
import { AppError, type FieldError } from "../../errors";
import { accrueCommission } from "../../finance/commissions/service";
import { announceNewFinancial, canceledFinancialStatus, financialsByIds } from "../../finance/financials/service";
import { installmentError, receivablesOf, rulesOf } from "../../finance/receivables";
import { Prisma } from "../../generated/prisma/client";
import { addDays, dayOf, dayOfDate } from "../../lib/calendar";
import { commercialSettingsOf } from "../../settings/commercial/service";
import { isUuid } from "../../lib/ids";
import { money, sameAmount, sumMoney, ZERO, type Money } from "../../lib/money";
import { searchText } from "../../lib/search";
import { validateAttributes } from "../../crud/validate-attributes";
import { emitEvent } from "../../webhooks/outbox";
import { claimCoupons, releaseCoupons } from "../coupons/service";
import { customerPrices, decideHolds, mergeHolds, type HoldReason, type HoldState, type HoldSubject } from "./holds";
import { nextOrderNumber } from "./number";
import { canMove, isLocked, reserves, tookStock, type Phase } from "../../settings/statuses/phases";
import {
  orderCreate,
  SHIPMENT_FIELDS,
  type InvoiceInput,
  type OrderApprovalInput,
  type OrderCreateInput,
  type OrderCreateWrite,
  type OrderDetail,
  type OrderPaymentInput,
  type OrderUpdateInput,
} from "./schemas";
import { ALL_ORDERS, scopeWhere, sellerForWrite, type OrderScope } from "../../auth/scope";
import { detailInclude, getOrder, toDetail, type OrderRow } from "./service";
import { moveOrderStock, type HeldStock, type StockNeed } from "./stock-effects";
import { orderFigures, settledPayments } from "./totals";

/**
 * The one writer of orders (contract §7, §10): POST/PUT/DELETE /orders, the panel's status
 * menu, the order payments endpoints and POST /sales all write orders here, with the same
 * checks, totals, rows, status history, search text, coupon accounting, installment rule,
 * stock effects, receivables, audit entries and events.
 *
 * A write of an existing order takes the order's row lock first (`SELECT … FOR UPDATE`) and
 * decides on what it read under the lock: concurrent writes of one order run one after the
 * other, each seeing the one before (one use of a coupon, one history entry, no change after
 * the order was invoiced). Everything happens in the caller's transaction (the request's):
 * a refusal anywhere writes nothing.
 *
 * What the order holds follows from its phase (server/settings/statuses/phases.ts) and
 * `quotation`: a quotation, or a canceled order, holds nothing; an OPEN or CONFIRMED order
 * holds its items' quantities reserved (server/orders/orders/stock-effects.ts) and one use
 * of each of its coupons; an order that entered INVOICED (or later) took its stock, holds
 * its coupons' uses and has its receivables. The coupon's use belongs to the order: a sale's
 * coupon is counted by the sale's order, once.
 */

/** A sale that makes its order here (POST /sales and the demo history): its id and what its errors are called. */
export interface SaleOrigin {
  saleId: string;
  /** Searched with the order: the sale's external id. */
  externalId: string | null;
  /** The sale's own names for order fields in errors (`warehouse_id` → `delivery.warehouse_id`). */
  paths: Record<string, string>;
  /** The sale's resume fields, kept on its order. */
  resumeFields: unknown[];
}

export type OrderWrite =
  | { kind: "create"; input: OrderCreateWrite; sale?: SaleOrigin }
  | { kind: "update"; id: string; input: OrderUpdateInput }
  /** A new status, with the invoices it needs (the NF-e keys staff type when invoicing) added to the order's. */
  | { kind: "status"; id: string; status: string; invoices?: InvoiceInput[] }
  | { kind: "payments"; id: string; change: (current: OrderPaymentInput[]) => OrderPaymentInput[] }
  /**
   * Contract §11: a MANAGER's or ADMIN's decision on the order's holds (approve lifts them, reject cancels the order),
   * on the order as it stood when they read it (`seen`, its `updated_at`; none: the order as it stands, the demo's own).
   */
  | { kind: "approval"; id: string; decision: "APPROVE" | "REJECT"; note: string | null; seen?: Date }
  | { kind: "delete"; id: string };

export interface WriteOptions {
  /** Audit entries, events and the answer read back (false: the demo history, which answers ids only). */
  announce?: boolean;
}

/** The columns of an order as the writer compares and stores them. */
interface Columns {
  origin: string;
  partner_id: string;
  company_id: string | null;
  seller_id: string | null;
  warehouse_id: string | null;
  negotiation_date: string;
  order_value: string;
  discount_value: string;
  freight_value: string;
  total_value: string;
  freight_edit_reason: string | null;
  shipment_contact_id: string | null;
  quotation: boolean;
  /** Contract §11: a quotation's last day (YYYY-MM-DD). */
  valid_until: string | null;
  observation: string | null;
  delivery_method_id: string | null;
  delivery_rule_id: string | null;
  delivery_date: string | null;
  delivery_scheduling_id: string | null;
  delivery_method: Prisma.JsonValue | null;
  discounts: Prisma.JsonValue;
  pre_order_complement: Prisma.JsonValue;
  checkout_complement: Prisma.JsonValue;
  automation_fields: Prisma.JsonValue;
  shipment: Record<(typeof SHIPMENT_FIELDS)[number], string | null>;
}

interface ItemState {
  id: string;
  product_id: string;
  product_variation_id: string | null;
  warehouse_id: string | null;
  unit: string | null;
  unit_value: string;
  quantity: string;
  discount: string;
  total_value: string;
  /** Contract §11: the customer's price by the price engine when the item was written (null: none). */
  list_unit_value: string | null;
  item_origin_value: string | null;
  item_origin_type: string | null;
  automation_fields: Prisma.JsonValue;
  attributes: Prisma.JsonValue;
  complements: Prisma.JsonValue;
  resume_fields: Prisma.JsonValue;
}

interface PaymentState {
  id: string;
  /** When the payment was first written (kept when the list is written again: payments list in this order). */
  created_at: Date;
  payment_method_id: string;
  installment_id: string | null;
  transaction_id: string | null;
  amount: string;
  installments: number;
  attributes: Prisma.JsonValue;
}

interface InvoiceState {
  invoice_key: string;
  invoice_number: string | null;
  invoice_date: string | null;
  invoice_series: string | null;
  invoice_cfop: string | null;
  invoice_value: string | null;
  xml_resource_id: string | null;
  danfe_resource_id: string | null;
}

/** An order as the writer sees it: what it stores, and where it stands. */
interface OrderState {
  columns: Columns;
  attributes: Prisma.JsonValue;
  statusId: string;
  phase: Phase;
  items: ItemState[];
  payments: PaymentState[];
  invoices: InvoiceState[];
  attachments: string[];
  coupons: Array<{ coupon_id: string; attributes: Prisma.JsonValue }>;
  /** Contract §11: why the order waits for a decision (none: it goes on). */
  holds: HoldState[];
  /** Contract §11: the reasons the last approval lifted, while the terms it approved stand (a move does not hold for them again). */
  approved: HoldReason[];
}

const fixed = (value: { toString(): string } | number, places: number) => money(value).toFixed(places);
const json = (value: unknown): Prisma.JsonValue => JSON.parse(JSON.stringify(value ?? null)) as Prisma.JsonValue;

/** The state of a stored order. */
function stateOf(row: OrderRow): OrderState {
  return {
    columns: {
      origin: row.origin,
      partner_id: row.partner_id,
      company_id: row.company_id,
      seller_id: row.seller_id,
      warehouse_id: row.warehouse_id,
      negotiation_date: row.negotiation_date.toISOString(),
      order_value: fixed(row.order_value, 2),
      discount_value: fixed(row.discount_value, 2),
      freight_value: fixed(row.freight_value, 2),
      total_value: fixed(row.total_value, 2),
      freight_edit_reason: row.freight_edit_reason,
      shipment_contact_id: row.shipment_contact_id,
      quotation: row.quotation,
      valid_until: row.valid_until ? dayOfDate(row.valid_until) : null,
      observation: row.observation,
      delivery_method_id: row.delivery_method_id,
      delivery_rule_id: row.delivery_rule_id,
      delivery_date: row.delivery_date,
      delivery_scheduling_id: row.delivery_scheduling_id,
      delivery_method: row.delivery_method ?? null,
      discounts: row.discounts,
      pre_order_complement: row.pre_order_complement,
      checkout_complement: row.checkout_complement,
      automation_fields: row.automation_fields,
      shipment: Object.fromEntries(SHIPMENT_FIELDS.map((field) => [field, row[field]])) as Columns["shipment"],
    },
    attributes: row.attributes,
    statusId: row.status_id,
    phase: phaseOf(row.status),
    items: row.items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      product_variation_id: item.product_variation_id,
      warehouse_id: item.warehouse_id,
      unit: item.unit,
      unit_value: fixed(item.unit_value, 2),
      quantity: fixed(item.quantity, 4),
      discount: fixed(item.discount, 2),
      total_value: fixed(item.total_value, 2),
      list_unit_value: item.list_unit_value === null ? null : fixed(item.list_unit_value, 2),
      item_origin_value: item.item_origin_value,
      item_origin_type: item.item_origin_type,
      automation_fields: item.automation_fields,
      attributes: item.attributes,
      complements: item.complements,
      resume_fields: item.resume_fields,
    })),
    payments: row.payments.map((payment) => ({
      id: payment.id,
      created_at: payment.created_at,
      payment_method_id: payment.payment_method_id,
      installment_id: payment.installment_id,
      transaction_id: payment.transaction_id,
      amount: fixed(payment.amount, 2),
      installments: payment.installments,
      attributes: payment.attributes,
    })),
    invoices: row.invoices.map((invoice) => ({
      invoice_key: invoice.invoice_key,
      invoice_number: invoice.invoice_number,
      invoice_date: invoice.invoice_date,
      invoice_series: invoice.invoice_series,
      invoice_cfop: invoice.invoice_cfop,
      invoice_value: invoice.invoice_value === null ? null : fixed(invoice.invoice_value, 2),
      xml_resource_id: invoice.xml_resource_id,
      danfe_resource_id: invoice.danfe_resource_id,
    })),
    attachments: row.attachments.map((attachment) => attachment.file_id),
    coupons: row.coupons.map((coupon) => ({ coupon_id: coupon.coupon_id, attributes: coupon.attributes })),
    holds: row.holds.map((hold) => ({ reason: hold.reason, details: hold.details, created_at: hold.created_at })),
    approved: row.approved_holds,
  };
}

function phaseOf(status: { phase: Phase | null }): Phase {
  // Every ORDER status has one (a CHECK holds it); OPEN for the sake of the type.
  return status.phase ?? "OPEN";
}

/** JSON with every object's keys sorted: equal values compare equal however they were built (jsonb reorders keys). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner) && !(inner instanceof Date)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Everything but the status, the attributes, the holds, the rows' ids and the customer's prices: what a locked order keeps. */
function lockedView(state: OrderState): string {
  return canonical({
    columns: state.columns,
    items: state.items.map(({ id: _id, list_unit_value: _list, ...item }) => item),
    payments: state.payments.map(({ id: _id, created_at: _created, ...payment }) => payment),
    invoices: state.invoices,
    attachments: state.attachments,
    coupons: state.coupons,
  });
}

/** What an order holds: its stock (reserved or taken) and its coupons' uses. */
const moves = (state: Pick<OrderState, "phase" | "columns">) => !state.columns.quotation && state.phase !== "CANCELED";
const holdsReservation = (state: Pick<OrderState, "phase" | "columns">) => !state.columns.quotation && reserves(state.phase);

/** What a hold decision rests on (contract §11): who buys, sells and issues, the total, the items' prices and the first payment method. */
function commercialTerms(state: OrderState): string {
  return canonical({
    partner: state.columns.partner_id,
    company: state.columns.company_id,
    seller: state.columns.seller_id,
    total: state.columns.total_value,
    items: state.items.map((item) => [item.product_id, item.product_variation_id, item.quantity, item.unit_value, item.discount]),
    payment: state.payments[0]?.payment_method_id ?? null,
  });
}

/** What the customer's prices depend on beside the items: the partner, the company and the first payment. */
const priceTerms = (state: OrderState) =>
  canonical([state.columns.partner_id, state.columns.company_id, state.payments[0]?.payment_method_id, state.payments[0]?.installments]);

const tookItsStock = (state: Pick<OrderState, "phase" | "columns">) => !state.columns.quotation && tookStock(state.phase);

function validation(errors: FieldError[]): AppError {
  return new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
}

const notFoundRef = (path: string, noun: string): FieldError => ({
  path,
  message: `no ${noun} with this id exists`,
  code: "not_found_reference",
});

/** The order's row, locked for the rest of the transaction; 404 when missing or out of the caller's scope. */
async function lockOrder(db: Db, scope: OrderScope, id: string): Promise<OrderRow> {
  const locked = isUuid(id)
    ? await scopedQuery<{ id: string }>(
        db,
        (organization) => Prisma.sql`SELECT id FROM orders WHERE organization_id = ${organization} AND id = ${id}::uuid FOR UPDATE`,
      )
    : [];
  const row = locked.length ? await db.order.findFirst({ where: { id, ...scopeWhere(scope) }, include: detailInclude }) : null;
  if (!row) throw AppError.notFound("Order");
  return row;
}

/** 409 for an order that would enter CONFIRMED or later while on hold (contract §11), naming its holds. */
export function onHoldError(holds: readonly HoldState[], options: { keepsWrites?: boolean } = {}): AppError {
  const reasons = holds.map((hold) => hold.reason);
  return new AppError("order_on_hold", `The order is on hold (${reasons.join(", ")}): a MANAGER or ADMIN must approve it first`, {
    params: { holds: reasons },
    keepsWrites: options.keepsWrites,
  });
}

/** How the audit log names an order: "nº 1234 · its partner". */
const auditLabel = (order: OrderDetail) => `nº ${order.number} · ${order.partner.name}`;

/** 409 for a change of an order from INVOICED on (or canceled): only its status and attributes change. */
export function lockedError(phase: Phase): AppError {
  return new AppError("order_locked", `The order is ${phase.toLowerCase()}: only its status and attributes may change`, {
    params: { phase },
  });
}

const actorOf = (db: Db): string | null => {
  const actor = writeContext(db).actor;
  return actor ? `${actor.kind === "user" ? "user" : "access-key"}:${actor.id}` : null;
};

/** What a write answers: the order's id and, when it was announced, the order as GET /orders/{id} answers it (null after a delete). */
export interface Written {
  id: string;
  detail: OrderDetail | null;
}

/** The order an announced write answers. */
function answered(written: Written): OrderDetail {
  if (!written.detail) throw new Error(`the write of order ${written.id} was not announced`);
  return written.detail;
}

/** The write of one order. */
export async function writeOrder(db: Db, scope: OrderScope, write: OrderWrite, options: WriteOptions = {}): Promise<Written> {
  const announce = options.announce ?? true;
  const currentRow = write.kind === "create" ? null : await lockOrder(db, scope, write.id);
  const current = currentRow ? stateOf(currentRow) : null;
  const id = currentRow?.id ?? (write.kind === "create" ? (write.input.id ?? randomUUID()) : randomUUID());
  const before = announce && currentRow ? await toDetail(db, currentRow) : null;
  if (write.kind === "approval" && write.seen && currentRow && currentRow.updated_at.getTime() !== write.seen.getTime()) {
    throw new AppError("order_changed", "The order changed after it was read: read it again and decide on what it is now", {
      params: { updated_at: currentRow.updated_at.toISOString() },
    });
  }

  if (write.kind === "delete") {
    await deleteOrder(db, currentRow!, current!);
    if (before) await recordAudit(db, { action: "delete", entity: "order", entityId: id, label: auditLabel(before), before });
    return { id, detail: null };
  }

  const sale = write.kind === "create" ? write.sale : undefined;
  const rename = (errors: FieldError[]) => errors.map((error) => ({ ...error, path: sale?.paths[error.path] ?? error.path }));
  const { next, errors } = await nextState(db, scope, write, current);
  if (errors.length > 0) throw validation(rename(errors));
  await quotationTerms(db, scope, next, current, rename);
  await priceItems(db, write, next, current);
  next.approved = approvalsKept(write, current, next);

  // The move between phases, and what a locked order may still change.
  const statusChanged = !current || next.statusId !== current.statusId;
  if (current && statusChanged && !canMove(current.phase, next.phase)) {
    const titles = await db.status.findMany({
      where: { id: { in: [current.statusId, next.statusId] } },
      select: { id: true, title: true },
    });
    const title = (statusId: string) => titles.find((status) => status.id === statusId)?.title ?? statusId;
    throw new AppError(
      "phase_move",
      `The order cannot move from "${title(current.statusId)}" (${current.phase}) to "${title(next.statusId)}" (${next.phase})`,
      {
        params: { from: title(current.statusId), to: title(next.statusId), fromPhase: current.phase, toPhase: next.phase },
      },
    );
  }
  if (current && !current.columns.quotation && isLocked(current.phase) && lockedView(current) !== lockedView(next))
    throw lockedError(current.phase);

  const entersTaken = tookItsStock(next) && !(current && tookItsStock(current));
  if (entersTaken && next.invoices.length === 0) {
    throw validation(rename([{ path: "invoices", message: "an order needs an NF-e invoice to be invoiced", code: "invoice_required" }]));
  }
  await holdsOnMove(db, id, write, next, current, before);

  // What the order holds: its stock (before its rows: the item rows record what they hold),
  // then the rows, the coupons' uses and the receivables.
  const holdings = await moveStock(db, id, next, current, currentRow, entersTaken, rename);
  await countCoupons(db, next, current);
  await writeRows(db, id, write, next, current, holdings, sale);
  if (entersTaken) await makeReceivables(db, id, next, rename);
  if (entersTaken) await accrueCommission(db, id, next.columns.seller_id);
  if (current && moves(current) && next.phase === "CANCELED" && !next.columns.quotation) await cancelReceivables(db, id);
  // The holds last: a partner with a limit is locked from here to the commit, so its orders wait for each other only this long.
  const newHolds = await holdOrder(db, id, write, next, current);
  if (next.holds.length > 0 && next.phase !== "OPEN") throw onHoldError(next.holds);
  await writeHolds(db, id, next, current);

  if (statusChanged) {
    await db.orderStatusChange.create({
      data: { organization_id: db.$organizationId, order_id: id, status_id: next.statusId, actor: actorOf(db) },
    });
  }
  if (write.kind === "approval") {
    await db.orderDecision.create({
      data: {
        organization_id: db.$organizationId,
        order_id: id,
        decision: write.decision,
        note: write.note,
        holds: json(current!.holds) as Prisma.InputJsonValue,
        actor: actorOf(db),
      },
    });
  }
  if (!announce) return { id, detail: null };

  const after = await getOrder(db, scope, id);
  const decided = write.kind === "approval" ? (write.decision === "APPROVE" ? "approve" : "reject") : null;
  await recordAudit(
    db,
    before
      ? { action: decided ?? "update", entity: "order", entityId: id, label: auditLabel(after), before, after }
      : { action: "create", entity: "order", entityId: id, label: auditLabel(after), after },
  );
  const data = JSON.parse(JSON.stringify(after)) as Prisma.InputJsonObject;
  const subject = { type: "order" as const, id };
  await emitEvent(db, { type: before ? "order.updated" : "order.created", data, subject });
  if (before && statusChanged) await emitEvent(db, { type: "order.status-changed", data, subject });
  if (newHolds) await emitEvent(db, { type: "order.held", data, subject });
  if (decided) await emitEvent(db, { type: decided === "approve" ? "order.approved" : "order.rejected", data, subject });
  return { id, detail: after };
}

/**
 * A quotation's validity (contract §11): one without `valid_until` stands until its
 * negotiation day (São Paulo) + the org's `quote_validity_days`; turning a quotation whose
 * last day has passed into an order is 422 naming `quotation` (duplicate it instead).
 */
async function quotationTerms(
  db: Db,
  scope: OrderScope,
  next: OrderState,
  current: OrderState | null,
  rename: (errors: FieldError[]) => FieldError[],
) {
  const policyDay = async () =>
    addDays(dayOf(new Date(next.columns.negotiation_date)), (await commercialSettingsOf(db)).quote_validity_days);
  if (next.columns.quotation && next.columns.valid_until === null) next.columns.valid_until = await policyDay();
  // Only a MANAGER or ADMIN moves a quotation's last day later (contract §11): a SELLER's stays within the policy, or where it was.
  const until = next.columns.valid_until;
  if (scope.kind === "seller" && next.columns.quotation && until !== null && until !== current?.columns.valid_until) {
    const latest = current?.columns.quotation && current.columns.valid_until ? current.columns.valid_until : await policyDay();
    if (until > latest) {
      throw new AppError(
        "validity_extension_denied",
        `A seller cannot move a quotation's validity past ${latest}: a MANAGER or ADMIN can`,
        {
          params: { valid_until: latest },
        },
      );
    }
  }
  const expiry = current?.columns.valid_until;
  if (current?.columns.quotation && !next.columns.quotation && expiry && expiry < dayOf(new Date())) {
    throw validation(
      rename([
        {
          path: "quotation",
          message: `the quotation expired after ${expiry}: duplicate it as a new quotation`,
          code: "quotation_expired",
          params: { valid_until: expiry },
        },
      ]),
    );
  }
}

/**
 * The customer's price of each item (contract §11 `listUnitValue`), by the price engine for
 * the order's partner, company, item quantity and first payment method, today: for items
 * written now, and for every item when the partner, company or first payment changes.
 */
async function priceItems(db: Db, write: Exclude<OrderWrite, { kind: "delete" }>, next: OrderState, current: OrderState | null) {
  if (write.kind === "status" || write.kind === "approval" || next.items.length === 0) return;
  const itemsSent = write.kind === "create" || (write.kind === "update" && write.input.items !== undefined);
  if (!itemsSent && current && priceTerms(current) === priceTerms(next)) return;
  const payment = next.payments[0];
  const prices = await customerPrices(db, {
    partnerId: next.columns.partner_id,
    companyId: next.columns.company_id,
    payment: payment ? { payment_method_id: payment.payment_method_id, installments: payment.installments } : null,
    items: next.items,
  });
  next.items = next.items.map((item, index) => ({ ...item, list_unit_value: prices[index] ?? null }));
}

/**
 * The order's holds after this write (contract §11): decided when the order starts to count
 * (created or turned from a quotation into an order, whatever its phase: skipping does what
 * entering OPEN does) and when its commercial terms change while OPEN or CONFIRMED; lifted by
 * a decision; gone once it is a quotation again or canceled; else kept. Answers whether it
 * gained a hold (`order.held`).
 */
async function holdOrder(
  db: Db,
  id: string,
  write: Exclude<OrderWrite, { kind: "delete" }>,
  next: OrderState,
  current: OrderState | null,
): Promise<boolean> {
  const held = current?.holds ?? [];
  if (write.kind === "approval" || !moves(next)) {
    next.holds = [];
    return false;
  }
  if (!decidesAgain(current, next)) {
    next.holds = held;
    return false;
  }
  const found = await decideHolds(db, holdSubject(id, next));
  next.holds = mergeHolds(held, found);
  const reasons = new Set<HoldReason>(held.map((hold) => hold.reason));
  return next.holds.some((hold) => !reasons.has(hold.reason));
}

/** What the holds of an order are decided on: its partner, seller, total, items and own discount. */
const holdSubject = (id: string, state: OrderState): HoldSubject => ({
  orderId: id,
  partnerId: state.columns.partner_id,
  sellerId: state.columns.seller_id,
  total: money(state.columns.total_value),
  discount: money(state.columns.discount_value),
  items: state.items,
});

/** The phases a held order may not enter (contract §11). */
const PAST_HOLDS: ReadonlySet<Phase> = new Set(["CONFIRMED", "INVOICED", "SHIPPED", "DELIVERED"]);

/**
 * Contract §11 (amended): a move from OPEN into CONFIRMED or later decides the holds again on
 * what stands now — a partner blocked, put over its limit or gone overdue since the order was
 * written — leaving out the reasons its approval lifted. A reason found is recorded on the
 * order (its holds, audited, `order.held`) and the move refused, 409 `order_on_hold`, with the
 * holds kept (`keepsWrites`: the refusal's transaction commits what it recorded). A write that
 * also changes the terms is decided in full at its end instead (`holdOrder`); an order on hold
 * already is refused there as it stands.
 */
async function holdsOnMove(
  db: Db,
  id: string,
  write: Exclude<OrderWrite, { kind: "delete" }>,
  next: OrderState,
  current: OrderState | null,
  before: OrderDetail | null,
): Promise<void> {
  if (!current || write.kind === "approval" || current.holds.length > 0) return;
  if (!moves(current) || current.phase !== "OPEN" || !moves(next) || !PAST_HOLDS.has(next.phase) || decidesAgain(current, next)) return;
  const found = (await decideHolds(db, holdSubject(id, current))).filter((hold) => !current.approved.includes(hold.reason));
  if (found.length === 0) return;
  const held = { ...current, holds: mergeHolds([], found) };
  await writeHolds(db, id, held, current);
  await db.order.update({ where: { id }, data: { updated_at: new Date() } });
  if (before) {
    const after = await toDetail(db, await lockOrder(db, ALL_ORDERS, id));
    await recordAudit(db, { action: "update", entity: "order", entityId: id, label: auditLabel(after), before, after });
    await emitEvent(db, {
      type: "order.held",
      data: JSON.parse(JSON.stringify(after)) as Prisma.InputJsonObject,
      subject: { type: "order", id },
    });
  }
  throw onHoldError(held.holds, { keepsWrites: true });
}

/** Whether a write decides the order's holds again: it starts to count, or its terms change while OPEN or CONFIRMED. */
function decidesAgain(current: OrderState | null, next: OrderState): boolean {
  if (!moves(next)) return false;
  if (!(current && moves(current))) return true;
  return holdsReservation(current) && commercialTerms(current) !== commercialTerms(next);
}

/**
 * What an approval approved while its terms stand: nothing once the order stops counting
 * or its terms change (holds are decided again then, whatever was approved).
 */
function approvalsKept(write: Exclude<OrderWrite, { kind: "delete" }>, current: OrderState | null, next: OrderState): HoldReason[] {
  if (write.kind === "approval") return next.approved;
  return moves(next) && !decidesAgain(current, next) ? next.approved : [];
}

/** Reads what a write needs and answers the order it makes, or the errors of its fields (422). */
async function nextState(
  db: Db,
  scope: OrderScope,
  write: Exclude<OrderWrite, { kind: "delete" }>,
  current: OrderState | null,
): Promise<{ next: OrderState; errors: FieldError[] }> {
  if (write.kind === "status") {
    const status = isUuid(write.status)
      ? await db.status.findUnique({ where: { id: write.status }, select: { type: true, phase: true } })
      : null;
    if (status?.type !== "ORDER") {
      return {
        next: current!,
        errors: [
          {
            path: "status",
            message: status ? "must be a status of type ORDER" : "no status with this id exists",
            code: status ? "wrong_status_type" : "not_found_reference",
          },
        ],
      };
    }
    const sent = write.invoices ?? [];
    const added = sent.filter((invoice) => !current!.invoices.some((stored) => stored.invoice_key === invoice.invoice_key));
    const errors: FieldError[] = [];
    await checkInvoices(db, sent, write.id, errors);
    return {
      next: { ...current!, statusId: write.status, phase: phaseOf(status), invoices: [...current!.invoices, ...added.map(invoiceStateOf)] },
      errors,
    };
  }
  if (write.kind === "approval") {
    const state = current!;
    if (state.holds.length === 0) {
      throw new AppError("not_on_hold", "The order is not on hold: there is nothing to decide");
    }
    if (write.decision === "APPROVE") {
      const approved = [...new Set([...state.approved, ...state.holds.map((hold) => hold.reason)])];
      return { next: { ...state, approved }, errors: [] };
    }
    const canceled = await db.status.findFirst({
      where: { type: "ORDER", phase: "CANCELED" },
      orderBy: [{ order: "asc" }, { created_at: "asc" }],
      select: { id: true },
    });
    if (!canceled) {
      return {
        next: state,
        errors: [{ path: "decision", message: "the organization has no ORDER status in the CANCELED phase", code: "no_status" }],
      };
    }
    return { next: { ...state, statusId: canceled.id, phase: "CANCELED", approved: [] }, errors: [] };
  }
  if (write.kind === "payments") {
    const payments = write.change(current!.payments.map(paymentInputOf));
    const errors: FieldError[] = [];
    await checkMethods(db, payments, errors, (index) => `payments.${index}`);
    return { next: { ...current!, payments: payments.map((payment) => paymentStateOf(payment, current!.payments)) }, errors };
  }
  const input = write.input;
  const seller = scope.kind === "all" ? input.seller_id : sellerForWrite(scope, input.seller_id ?? current?.columns.seller_id);
  const errors: FieldError[] = [];
  const items = input.items;
  const payments = input.payments;
  const invoices = input.invoices ?? [];
  const attachments = input.attachments ?? [];
  const fileIds = [...new Set(attachments)];
  const productIds = [...new Set((items ?? []).map((item) => item.product_id))];
  const variationIds = [...new Set((items ?? []).flatMap((item) => (item.product_variation_id ? [item.product_variation_id] : [])))];
  const warehouseIds = [
    ...new Set([input.warehouse_id, ...(items ?? []).map((item) => item.warehouse_id)].filter((id): id is string => Boolean(id))),
  ];
  const couponIds = [...new Set((input.coupons ?? []).map((coupon) => coupon.coupon_id))];
  const currentId = write.kind === "update" ? write.id : null;
  const [partner, company, sellerRow, status, deliveryMethod, products, variations, warehouses, files, coupons, initial] =
    await Promise.all([
      db.partner.count({ where: { id: input.partner_id } }),
      input.company_id ? db.company.count({ where: { id: input.company_id } }) : 1,
      seller ? db.seller.count({ where: { id: seller } }) : 1,
      input.status ? db.status.findUnique({ where: { id: input.status }, select: { type: true, phase: true } }) : null,
      input.delivery_method_id ? db.deliveryMethod.findUnique({ where: { id: input.delivery_method_id } }) : null,
      productIds.length
        ? db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, measure_unit: { select: { abbreviation: true } } } })
        : [],
      variationIds.length
        ? db.productVariation.findMany({ where: { id: { in: variationIds } }, select: { id: true, product_id: true } })
        : [],
      warehouseIds.length ? db.warehouse.findMany({ where: { id: { in: warehouseIds } }, select: { id: true } }) : [],
      fileIds.length ? db.resourceFile.findMany({ where: { id: { in: fileIds } }, select: { id: true } }) : [],
      couponIds.length
        ? db.coupon.findMany({ where: { id: { in: couponIds } }, select: { id: true, active: true, start_date: true, end_date: true } })
        : [],
      !input.status && !current ? initialStatus(db) : null,
    ]);
  // A coupon the order gains must be usable now (whether one is left is decided when its use is taken).
  const couponById = new Map(coupons.map((coupon) => [coupon.id, coupon]));
  const held = new Set(current?.coupons.map((coupon) => coupon.coupon_id) ?? []);
  const now = new Date();
  (input.coupons ?? []).forEach((link, index) => {
    const coupon = couponById.get(link.coupon_id);
    const path = `coupons.${index}.coupon_id`;
    if (!coupon) errors.push(notFoundRef(path, "coupon"));
    else if (held.has(coupon.id)) return;
    else if (!coupon.active) errors.push({ path, message: "the coupon is inactive", code: "coupon_inactive" });
    else if ((coupon.start_date && coupon.start_date > now) || (coupon.end_date && coupon.end_date < now)) {
      errors.push({ path, message: "the coupon is not valid on this date", code: "coupon_expired" });
    }
  });
  if (!partner) errors.push(notFoundRef("partner_id", "partner"));
  if (!company) errors.push(notFoundRef("company_id", "company"));
  if (!sellerRow) errors.push(notFoundRef("seller_id", "seller"));
  if (input.status && status?.type !== "ORDER") {
    errors.push({
      path: "status",
      message: status ? "must be a status of type ORDER" : "no status with this id exists",
      code: status ? "wrong_status_type" : "not_found_reference",
    });
  }
  if (input.delivery_method_id && !deliveryMethod) errors.push(notFoundRef("delivery_method_id", "delivery method"));
  const warehouseFound = new Set(warehouses.map((warehouse) => warehouse.id));
  if (input.warehouse_id && !warehouseFound.has(input.warehouse_id)) errors.push(notFoundRef("warehouse_id", "warehouse"));
  const fileFound = new Set(files.map((file) => file.id));
  attachments.forEach((fileId, index) => {
    if (!fileFound.has(fileId)) errors.push(notFoundRef(`attachments.${index}`, "resource file"));
  });
  await checkInvoices(db, invoices, currentId, errors);
  if (payments) await checkMethods(db, payments, errors, (index) => `payments.${index}`);

  const productById = new Map(products.map((product) => [product.id, product]));
  const variationById = new Map(variations.map((variation) => [variation.id, variation]));
  const nextItems: ItemState[] | undefined = items?.map((item, index) => {
    const product = productById.get(item.product_id);
    if (!product) errors.push(notFoundRef(`items.${index}.product_id`, "product"));
    if (item.product_variation_id && variationById.get(item.product_variation_id)?.product_id !== item.product_id) {
      errors.push({
        path: `items.${index}.product_variation_id`,
        message: "no variation of this product has this id",
        code: "not_found_reference",
      });
    }
    if (item.warehouse_id && !warehouseFound.has(item.warehouse_id)) errors.push(notFoundRef(`items.${index}.warehouse_id`, "warehouse"));
    const [line = ZERO] = orderFigures({ items: [item] }).lines;
    if (line.isNegative())
      errors.push({ path: `items.${index}.discount`, message: "must not exceed unit_value × quantity", code: "too_big" });
    if (item.total_value !== undefined && !sameAmount(money(item.total_value), line)) {
      errors.push({
        path: `items.${index}.total_value`,
        message: `must equal unit_value × quantity − discount (${line.toFixed(2)})`,
        code: "total_mismatch",
        params: { expected: line.toNumber() },
      });
    }
    return {
      id: item.id ?? randomUUID(),
      product_id: item.product_id,
      product_variation_id: item.product_variation_id ?? null,
      warehouse_id: item.warehouse_id ?? null,
      unit: item.unit ?? product?.measure_unit?.abbreviation ?? null,
      unit_value: fixed(item.unit_value, 2),
      quantity: fixed(item.quantity, 4),
      discount: fixed(item.discount, 2),
      total_value: line.toFixed(2),
      list_unit_value: null,
      item_origin_value: item.item_origin_value ?? null,
      item_origin_type: item.item_origin_type ?? null,
      automation_fields: json(item.automation_fields),
      attributes: json(item.attributes),
      complements: json(item.complements),
      resume_fields: json(item.resume_fields ?? []),
    };
  });

  // Figures: checked against what was sent (within 0.01), stored as computed (contract §7).
  const itemsNow = nextItems ?? current?.items ?? [];
  const figures = orderFigures({
    items: itemsNow,
    discount_value: input.discount_value,
    freight_value: input.freight_value ?? current?.columns.freight_value ?? 0,
  });
  const orderValue = itemsNow.length > 0 || items ? figures.order : money(input.order_value);
  if ((itemsNow.length > 0 || items) && !sameAmount(money(input.order_value), figures.order)) {
    errors.push({
      path: "order_value",
      message: `must equal the sum of the items (${figures.order.toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: figures.order.toNumber() },
    });
  }
  const freight = money(input.freight_value ?? current?.columns.freight_value ?? 0);
  // The client's total is checked against its own order_value (a wrong order_value is named alone); the stored total is computed.
  const sentTotal = money(input.order_value).minus(money(input.discount_value)).plus(freight);
  if (!sameAmount(money(input.total_value), sentTotal)) {
    errors.push({
      path: "total_value",
      message: `must equal order_value − discount_value + freight_value (${sentTotal.toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: sentTotal.toNumber() },
    });
  }
  const total = orderValue.minus(money(input.discount_value)).plus(freight);
  if (total.isNegative()) errors.push({ path: "discount_value", message: "must not exceed order_value + freight_value", code: "too_big" });
  if (errors.length === 0 && input.attributes) await validateAttributes(db, "order", input.attributes);

  const delivery: Prisma.JsonValue | undefined = deliveryMethod
    ? json({
        period_start: deliveryMethod.period_start === null ? null : String(deliveryMethod.period_start),
        period_end: deliveryMethod.period_end === null ? null : String(deliveryMethod.period_end),
        period_type: deliveryMethod.period_type,
        type: deliveryMethod.type,
        name: deliveryMethod.name,
        price_type: deliveryMethod.price_type,
        custom_label: deliveryMethod.custom_label,
      })
    : input.delivery_method_id === null
      ? null
      : undefined;
  const kept = <T>(sent: T | undefined, stored: T): T => (sent === undefined ? stored : sent);
  const base = current?.columns;
  const columns: Columns = {
    origin: kept(input.origin, base?.origin ?? "ADMIN"),
    partner_id: input.partner_id,
    company_id: kept(input.company_id, base?.company_id ?? null),
    seller_id: kept(seller, base?.seller_id ?? null),
    warehouse_id: kept(input.warehouse_id, base?.warehouse_id ?? null),
    negotiation_date: new Date(input.negotiation_date).toISOString(),
    order_value: orderValue.toFixed(2),
    discount_value: fixed(input.discount_value, 2),
    freight_value: freight.toFixed(2),
    total_value: total.toFixed(2),
    freight_edit_reason: "freight_edit_reason" in input ? (input.freight_edit_reason ?? null) : (base?.freight_edit_reason ?? null),
    shipment_contact_id: "shipment_contact_id" in input ? (input.shipment_contact_id ?? null) : (base?.shipment_contact_id ?? null),
    quotation: kept(input.quotation, base?.quotation ?? false),
    valid_until: kept(input.valid_until, base?.valid_until ?? null),
    observation: kept(input.observation, base?.observation ?? null),
    delivery_method_id: kept(input.delivery_method_id, base?.delivery_method_id ?? null),
    delivery_rule_id: kept(input.delivery_rule_id, base?.delivery_rule_id ?? null),
    delivery_date: kept(input.delivery_date, base?.delivery_date ?? null),
    delivery_scheduling_id: kept(input.delivery_scheduling_id, base?.delivery_scheduling_id ?? null),
    delivery_method: delivery === undefined ? (base?.delivery_method ?? null) : delivery,
    discounts: input.discounts === undefined ? (base?.discounts ?? []) : json(input.discounts),
    pre_order_complement: input.pre_order_complement === undefined ? (base?.pre_order_complement ?? {}) : json(input.pre_order_complement),
    checkout_complement: input.checkout_complement === undefined ? (base?.checkout_complement ?? {}) : json(input.checkout_complement),
    automation_fields: input.automation_fields === undefined ? (base?.automation_fields ?? {}) : json(input.automation_fields),
    shipment: Object.fromEntries(
      SHIPMENT_FIELDS.map((field) => [field, input[field] === undefined ? (base?.shipment[field] ?? null) : (input[field] ?? null)]),
    ) as Columns["shipment"],
  };
  const nextPayments = payments
    ? settled(payments, total).map((payment) => paymentStateOf(payment, current?.payments ?? []))
    : (current?.payments ?? []);
  const statusId = input.status ?? current?.statusId ?? initial?.id;
  if (!statusId) errors.push({ path: "status", message: "the organization has no ORDER status; create one first", code: "no_status" });
  return {
    next: {
      columns,
      attributes: input.attributes === undefined ? (current?.attributes ?? {}) : json(input.attributes),
      statusId: statusId ?? "",
      phase: status?.phase ?? (input.status ? "OPEN" : (current?.phase ?? phaseOf(initial ?? { phase: null }))),
      items: nextItems ?? current?.items ?? [],
      payments: nextPayments,
      invoices: input.invoices ? input.invoices.map(invoiceStateOf) : (current?.invoices ?? []),
      attachments: input.attachments ?? current?.attachments ?? [],
      coupons: input.coupons
        ? input.coupons.map((coupon) => ({ coupon_id: coupon.coupon_id, attributes: json(coupon.attributes) }))
        : (current?.coupons ?? []),
      holds: current?.holds ?? [],
      approved: current?.approved ?? [],
    },
    errors,
  };
}

/**
 * The payments sent, adjusted to add up to the order's total when they are within the
 * 0.01 a client's figures may be off (the last absorbs it); otherwise as sent.
 */
function settled(payments: OrderPaymentInput[], total: Money): OrderPaymentInput[] {
  const amounts = payments.map((payment) => money(payment.amount));
  if (amounts.length === 0 || !sameAmount(sumMoney(amounts), total)) return payments;
  const exact = settledPayments(amounts, total);
  return payments.map((payment, index) => ({ ...payment, amount: (exact[index] ?? ZERO).toNumber() }));
}

/** The invoices an order is sent: each key unused by other orders, each file one of the org's. */
async function checkInvoices(db: Db, invoices: InvoiceInput[], orderId: string | null, errors: FieldError[]): Promise<void> {
  if (invoices.length === 0) return;
  const fileIds = [
    ...new Set(
      invoices.flatMap((invoice) => [invoice.xml_resource_id, invoice.danfe_resource_id]).filter((id): id is string => Boolean(id)),
    ),
  ];
  const [used, files] = await Promise.all([
    db.orderInvoice.findMany({
      where: { invoice_key: { in: invoices.map((invoice) => invoice.invoice_key) }, ...(orderId ? { order_id: { not: orderId } } : {}) },
      select: { invoice_key: true },
    }),
    fileIds.length ? db.resourceFile.findMany({ where: { id: { in: fileIds } }, select: { id: true } }) : [],
  ]);
  const taken = new Set(used.map((row) => row.invoice_key));
  const fileFound = new Set(files.map((file) => file.id));
  invoices.forEach((invoice, index) => {
    if (taken.has(invoice.invoice_key))
      errors.push({ path: `invoices.${index}.invoice_key`, message: "is already used by another order", code: "duplicate" });
    if (invoice.xml_resource_id && !fileFound.has(invoice.xml_resource_id))
      errors.push(notFoundRef(`invoices.${index}.xml_resource_id`, "resource file"));
    if (invoice.danfe_resource_id && !fileFound.has(invoice.danfe_resource_id))
      errors.push(notFoundRef(`invoices.${index}.danfe_resource_id`, "resource file"));
  });
}

function invoiceStateOf(invoice: InvoiceInput): InvoiceState {
  return {
    invoice_key: invoice.invoice_key,
    invoice_number: invoice.invoice_number ?? null,
    invoice_date: invoice.invoice_date ?? null,
    invoice_series: invoice.invoice_series ?? null,
    invoice_cfop: invoice.invoice_cfop ?? null,
    invoice_value: invoice.invoice_value === undefined || invoice.invoice_value === null ? null : fixed(invoice.invoice_value, 2),
    xml_resource_id: invoice.xml_resource_id ?? null,
    danfe_resource_id: invoice.danfe_resource_id ?? null,
  };
}

/** A payment as stored: a stored one (by id) keeps when it was first written. */
function paymentStateOf(payment: OrderPaymentInput, stored: PaymentState[]): PaymentState {
  const id = payment.id ?? randomUUID();
  return {
    id,
    created_at: stored.find((entry) => entry.id === id)?.created_at ?? new Date(),
    payment_method_id: payment.payment_method_id,
    installment_id: payment.installment_id ?? null,
    transaction_id: payment.transaction_id ?? null,
    amount: fixed(payment.amount, 2),
    installments: payment.installments,
    attributes: json(payment.attributes),
  };
}

function paymentInputOf(payment: PaymentState): OrderPaymentInput {
  return {
    id: payment.id,
    payment_method_id: payment.payment_method_id,
    installment_id: payment.installment_id,
    transaction_id: payment.transaction_id,
    amount: Number(payment.amount),
    installments: payment.installments,
    attributes: (payment.attributes ?? {}) as Record<string, unknown>,
  };
}

/** The payment methods of payments, each checked: of the org, and the installment rule (server/finance/receivables.ts). */
async function checkMethods(db: Db, payments: OrderPaymentInput[], errors: FieldError[], pathOf: (index: number) => string) {
  const ids = [...new Set(payments.map((payment) => payment.payment_method_id))];
  const methods = ids.length
    ? await db.paymentMethod.findMany({
        where: { id: { in: ids } },
        select: { id: true, type: true, condition: true, installments: true, minimum_installment_value: true },
      })
    : [];
  const byId = new Map(methods.map((method) => [method.id, method]));
  payments.forEach((payment, index) => {
    const method = byId.get(payment.payment_method_id);
    if (!method) return errors.push(notFoundRef(`${pathOf(index)}.payment_method_id`, "payment method"));
    const error = installmentError(method, money(payment.amount), payment.installments, `${pathOf(index)}.installments`);
    if (error) errors.push(error);
  });
  return byId;
}

async function initialStatus(db: Db): Promise<{ id: string; phase: Phase | null } | null> {
  return (
    (await db.status.findFirst({ where: { type: "ORDER", is_initial: true }, select: { id: true, phase: true } })) ??
    (await db.status.findFirst({
      where: { type: "ORDER" },
      orderBy: [{ order: "asc" }, { created_at: "asc" }],
      select: { id: true, phase: true },
    }))
  );
}

/** The search text of an order: its partner's names and number, the shipment city, the observation, a sale's external id. */
async function searchTextOf(db: Db, next: OrderState, sale: SaleOrigin | undefined): Promise<string> {
  const partner = await db.partner.findUnique({
    where: { id: next.columns.partner_id },
    select: { name: true, trade_name: true, fiscal_registration_number: true },
  });
  return searchText([
    partner?.name,
    partner?.trade_name,
    partner?.fiscal_registration_number,
    next.columns.shipment.shipment_city,
    next.columns.observation,
    sale?.externalId,
  ]);
}

/** The order's row and the lists the write changed. */
async function writeRows(
  db: Db,
  id: string,
  write: Exclude<OrderWrite, { kind: "delete" }>,
  next: OrderState,
  current: OrderState | null,
  holdings: Holdings | null,
  sale: SaleOrigin | undefined,
): Promise<void> {
  const organization_id = db.$organizationId;
  const { columns } = next;
  const data = {
    origin: sale ? "SALE" : columns.origin,
    partner_id: columns.partner_id,
    company_id: columns.company_id,
    seller_id: columns.seller_id,
    warehouse_id: columns.warehouse_id,
    status_id: next.statusId,
    negotiation_date: new Date(columns.negotiation_date),
    order_value: columns.order_value,
    discount_value: columns.discount_value,
    freight_value: columns.freight_value,
    total_value: columns.total_value,
    freight_edit_reason: columns.freight_edit_reason,
    shipment_contact_id: columns.shipment_contact_id,
    quotation: columns.quotation,
    valid_until: columns.valid_until === null ? null : new Date(`${columns.valid_until}T00:00:00Z`),
    approved_holds: next.approved,
    observation: columns.observation,
    delivery_method_id: columns.delivery_method_id,
    delivery_rule_id: columns.delivery_rule_id,
    delivery_date: columns.delivery_date,
    delivery_scheduling_id: columns.delivery_scheduling_id,
    delivery_method: columns.delivery_method === null ? Prisma.DbNull : (columns.delivery_method as Prisma.InputJsonValue),
    discounts: columns.discounts as Prisma.InputJsonValue,
    attributes: next.attributes as Prisma.InputJsonValue,
    pre_order_complement: columns.pre_order_complement as Prisma.InputJsonValue,
    checkout_complement: columns.checkout_complement as Prisma.InputJsonValue,
    automation_fields: columns.automation_fields as Prisma.InputJsonValue,
    ...columns.shipment,
  };
  const changesSearch = !current || write.kind === "create" || write.kind === "update";
  const search = changesSearch ? { search_text: await searchTextOf(db, next, sale) } : {};
  if (!current) {
    if (write.kind === "create" && write.input.id && (await db.order.count({ where: { id } }))) {
      throw new AppError("conflict", "An order with this id already exists", {
        errors: [{ path: "id", message: "is already used", code: "duplicate" }],
      });
    }
    await db.order.create({
      data: {
        ...data,
        ...search,
        id,
        organization_id,
        number: await nextOrderNumber(db),
        sale_id: sale?.saleId ?? null,
        resume_fields: (sale?.resumeFields ?? []) as Prisma.InputJsonArray,
      },
    });
  } else if (
    lockedView(current) !== lockedView(next) ||
    next.statusId !== current.statusId ||
    canonical(next.attributes) !== canonical(current.attributes) ||
    canonical(next.approved) !== canonical(current.approved) ||
    changesSearch
  ) {
    await db.order.update({ where: { id }, data: { ...data, ...search } });
  }
  const sent =
    write.kind === "create" ? { items: true, payments: true, invoices: true, attachments: true, coupons: true } : listsSent(write);
  if (sent.items && current) await db.orderItem.deleteMany({ where: { order_id: id } });
  if (sent.items && next.items.length > 0) {
    await db.orderItem.createMany({
      data: next.items.map((item, position) => ({
        ...item,
        ...holdingOf(holdings, position),
        organization_id,
        order_id: id,
        position,
        automation_fields: item.automation_fields as Prisma.InputJsonValue,
        attributes: item.attributes as Prisma.InputJsonValue,
        complements: item.complements as Prisma.InputJsonValue,
        resume_fields: item.resume_fields as Prisma.InputJsonValue,
      })),
    });
  }
  // Items kept as they were, whose holdings (a new status, quotation or warehouse) or customer's prices changed.
  if (!sent.items && current) {
    for (const [position, item] of next.items.entries()) {
      const listed = current.items[position]?.list_unit_value !== item.list_unit_value;
      if (!holdings && !listed) continue;
      await db.orderItem.updateMany({
        where: { order_id: id, id: item.id },
        data: { ...(holdings ? holdingOf(holdings, position) : {}), list_unit_value: item.list_unit_value },
      });
    }
  }
  if (sent.payments && current) await db.orderPayment.deleteMany({ where: { order_id: id } });
  if (sent.payments && next.payments.length > 0) {
    await db.orderPayment.createMany({
      data: next.payments.map((payment) => ({
        ...payment,
        organization_id,
        order_id: id,
        attributes: payment.attributes as Prisma.InputJsonValue,
      })),
    });
  }
  if (sent.invoices && current) await db.orderInvoice.deleteMany({ where: { order_id: id } });
  if (sent.invoices && next.invoices.length > 0)
    await db.orderInvoice.createMany({ data: next.invoices.map((invoice) => ({ ...invoice, organization_id, order_id: id })) });
  if (sent.attachments && current) await db.orderAttachment.deleteMany({ where: { order_id: id } });
  if (sent.attachments && next.attachments.length > 0) {
    await db.orderAttachment.createMany({
      data: next.attachments.map((file_id, position) => ({ organization_id, order_id: id, file_id, position })),
    });
  }
  if (sent.coupons && current) await db.orderCoupon.deleteMany({ where: { order_id: id } });
  if (sent.coupons && next.coupons.length > 0) {
    await db.orderCoupon.createMany({
      data: next.coupons.map((coupon) => ({
        organization_id,
        order_id: id,
        coupon_id: coupon.coupon_id,
        attributes: coupon.attributes as Prisma.InputJsonValue,
      })),
    });
  }
}

const NOTHING_SENT = { items: false, payments: false, invoices: false, attachments: false, coupons: false };

/** The order's holds as decided (`holdOrder`), when they changed. */
async function writeHolds(db: Db, id: string, next: OrderState, current: OrderState | null): Promise<void> {
  if (canonical(next.holds) === canonical(current?.holds ?? [])) return;
  if (current) await db.orderHold.deleteMany({ where: { order_id: id } });
  if (next.holds.length === 0) return;
  await db.orderHold.createMany({
    data: next.holds.map((hold) => ({
      organization_id: db.$organizationId,
      order_id: id,
      reason: hold.reason,
      details: hold.details as Prisma.InputJsonValue,
      created_at: hold.created_at,
    })),
  });
}

/** Which lists a write replaces. */
function listsSent(write: Exclude<OrderWrite, { kind: "delete" | "create" }>) {
  if (write.kind === "status" && (write.invoices?.length ?? 0) === 0) return NOTHING_SENT;
  if (write.kind === "approval") return NOTHING_SENT;
  if (write.kind === "status")
    return { items: false, payments: false, invoices: (write.invoices?.length ?? 0) > 0, attachments: false, coupons: false };
  if (write.kind === "payments") return { items: false, payments: true, invoices: false, attachments: false, coupons: false };
  const { input } = write;
  return {
    items: input.items !== undefined,
    payments: input.payments !== undefined,
    invoices: input.invoices !== undefined,
    attachments: input.attachments !== undefined,
    coupons: input.coupons !== undefined,
  };
}

/**
 * The order's stock, from what it held to what it must hold (stock-effects.ts): reserved
 * while OPEN or CONFIRMED, taken on entering INVOICED or later, nothing for a quotation or a
 * canceled order. Each item row then records the record it holds on and how much.
 */
async function moveStock(
  db: Db,
  orderId: string,
  next: OrderState,
  current: OrderState | null,
  currentRow: OrderRow | null,
  entersTaken: boolean,
  rename: (errors: FieldError[]) => FieldError[],
): Promise<Holdings | null> {
  const held = heldStock(currentRow);
  const needed = holdsReservation(next) || entersTaken;
  if (!needed && held.length === 0) return null;
  // A locked order that stays where it is holds what it holds: nothing to move.
  if (current && tookItsStock(current) && tookItsStock(next)) return null;
  const needs: StockNeed[] = needed
    ? next.items.map((item, index) => ({
        index,
        product_id: item.product_id,
        product_variation_id: item.product_variation_id,
        warehouse_id: item.warehouse_id,
        quantity: money(item.quantity),
      }))
    : [];
  const result = await moveOrderStock(db, {
    orderId,
    companyId: next.columns.company_id,
    warehouseId: next.columns.warehouse_id,
    needs,
    held,
    take: entersTaken,
  });
  if (result.errors.length > 0) throw validation(rename(result.errors));
  return result.items;
}

/** By item position: the record an item holds stock on and what it holds reserved there. */
type Holdings = Map<number, { stockId: string; reserved: Money }>;

/** An item row's stock columns: what it holds, or nothing. */
function holdingOf(holdings: Holdings | null, position: number): { stock_id: string | null; reserved_quantity: string } {
  const holding = holdings?.get(position);
  return { stock_id: holding?.stockId ?? null, reserved_quantity: holding?.reserved.toFixed(6) ?? "0" };
}

/** What an order's items hold reserved, by stock record (as read under the order's lock). */
function heldStock(row: OrderRow | null): HeldStock[] {
  const byStock = new Map<string, Money>();
  for (const item of row?.items ?? []) {
    const reserved = money(item.reserved_quantity);
    if (item.stock_id && reserved.greaterThan(0)) byStock.set(item.stock_id, (byStock.get(item.stock_id) ?? ZERO).plus(reserved));
  }
  return [...byStock].map(([stockId, reserved]) => ({ stockId, reserved }));
}

/**
 * One use of each coupon while the order counts (not a quotation, not canceled): uses taken
 * for coupons it gains, given back for those it loses, decided under the order's lock, so
 * concurrent writes of one order count a coupon once; `max_uses` is held by the conditional
 * UPDATE of `claimCoupons`.
 */
async function countCoupons(db: Db, next: OrderState, current: OrderState | null): Promise<void> {
  const held = current && moves(current) ? current.coupons.map((coupon) => coupon.coupon_id) : [];
  const wanted = moves(next) ? next.coupons.map((coupon) => coupon.coupon_id) : [];
  await releaseCoupons(
    db,
    held.filter((couponId) => !wanted.includes(couponId)),
  );
  await claimCoupons(
    db,
    next.coupons.flatMap((coupon, index) =>
      wanted.includes(coupon.coupon_id) && !held.includes(coupon.coupon_id) ? [{ id: coupon.coupon_id, index }] : [],
    ),
    "coupons",
  );
}

/** On entering INVOICED: one receivable per installment of each payment, unless the order already has receivables (a sale's). */
async function makeReceivables(db: Db, orderId: string, next: OrderState, rename: (errors: FieldError[]) => FieldError[]): Promise<void> {
  if (next.payments.length === 0) return;
  if ((await db.financial.count({ where: { order_id: orderId } })) > 0) return;
  const payments = next.payments.map(paymentInputOf);
  const errors: FieldError[] = [];
  const methods = await checkMethods(db, payments, errors, (index) => `payments.${index}`);
  if (errors.length > 0) throw validation(rename(errors));
  const status = await db.status.findFirst({ where: { type: "FINANCIAL", is_initial: true }, select: { id: true } });
  if (!status) throw validation([{ path: "status", message: "the organization needs a FINANCIAL status", code: "no_status" }]);
  const partner = await db.partner.findUniqueOrThrow({ where: { id: next.columns.partner_id }, select: { name: true } });
  const now = new Date();
  const rows = next.payments.flatMap((payment) => {
    const method = methods.get(payment.payment_method_id);
    if (!method) return [];
    const type = method.type;
    return receivablesOf(money(payment.amount), payment.installments, now, rulesOf(method)).map((receivable) => ({
      id: randomUUID(),
      organization_id: db.$organizationId,
      partner_id: next.columns.partner_id,
      order_id: orderId,
      installment: receivable.installment,
      status_id: status.id,
      type,
      value: receivable.value.toFixed(2),
      due_date: receivable.due_date,
      search_text: searchText([partner.name, type]),
    }));
  });
  if (rows.length === 0) return;
  await db.financial.createMany({ data: rows });
  for (const financial of await financialsByIds(
    db,
    rows.map((row) => row.id),
  ))
    await announceNewFinancial(db, financial);
}

/** On entering CANCELED: the order's receivables that nothing was paid of go to the FINANCIAL canceled status. */
async function cancelReceivables(db: Db, orderId: string): Promise<void> {
  const canceled = await canceledFinancialStatus(db);
  if (!canceled) return;
  await db.financial.updateMany({
    where: { order_id: orderId, paying_off_value: 0, status_id: { not: canceled } },
    data: { status_id: canceled },
  });
}

/**
 * DELETE /orders/{id}: an OPEN or CONFIRMED order (or a quotation) only — what it holds is
 * given back as when canceled (reservations, coupons' uses), then it goes with its lists and
 * history; 409 from INVOICED on, and while it has receivables (cancel it instead).
 */
async function deleteOrder(db: Db, row: OrderRow, current: OrderState): Promise<void> {
  if (!current.columns.quotation && isLocked(current.phase)) throw lockedError(current.phase);
  const financials = await db.financial.count({ where: { order_id: row.id } });
  if (financials > 0) {
    throw new AppError("has_receivables", `The order still has ${financials} financial records: cancel it instead`, {
      params: { usages: { financials } },
    });
  }
  const held = heldStock(row);
  if (held.length > 0) {
    const result = await moveOrderStock(db, { orderId: row.id, companyId: null, warehouseId: null, needs: [], held, take: false });
    if (result.errors.length > 0) throw validation(result.errors);
  }
  if (moves(current))
    await releaseCoupons(
      db,
      current.coupons.map((coupon) => coupon.coupon_id),
    );
  await db.order.delete({ where: { id: row.id } });
}

/** POST /orders: the order, answered as GET does (the router shapes the create response). */
export async function createOrder(db: Db, scope: OrderScope, input: OrderCreateInput): Promise<OrderDetail> {
  return answered(await writeOrder(db, scope, { kind: "create", input }));
}

/** PUT /orders/{id}: the fields sent replace the stored ones (lists whole); a new status appends to the history. */
export async function updateOrder(db: Db, scope: OrderScope, id: string, input: OrderUpdateInput): Promise<OrderDetail> {
  return answered(await writeOrder(db, scope, { kind: "update", id, input }));
}

/** The panel's phase buttons and status menu: the same rule as a PUT with `status` (invoicing adds its NF-e invoices). */
export async function setOrderStatus(
  db: Db,
  scope: OrderScope,
  id: string,
  status: string,
  invoices: InvoiceInput[] = [],
): Promise<OrderDetail> {
  return answered(await writeOrder(db, scope, { kind: "status", id, status, invoices }));
}

/** POST /orders/{id}/approval (contract §11): approve lifts every hold; reject cancels the order with §10's effects. */
export async function decideOrder(db: Db, scope: OrderScope, input: OrderApprovalInput): Promise<OrderDetail> {
  const { id, decision, note } = input;
  return answered(await writeOrder(db, scope, { kind: "approval", id, decision, note, seen: new Date(input.updated_at) }));
}

/**
 * The panel's "duplicate as new quotation" (contract §11): a new quotation with the order's
 * partner, seller, company, warehouse, items, payments, freight, discount and address,
 * negotiated now (so valid for the org's `quote_validity_days`); its coupons are left out
 * (they are chosen again). Written by the one writer like any order.
 */
export async function duplicateQuotation(db: Db, scope: OrderScope, id: string): Promise<OrderDetail> {
  const source = await getOrder(db, scope, id);
  const input = orderCreate.parse({
    partner_id: source.partner_id,
    company_id: source.company_id,
    seller_id: source.seller_id,
    warehouse_id: source.warehouse_id,
    negotiation_date: new Date().toISOString(),
    quotation: true,
    order_value: source.order_value,
    discount_value: source.discount_value,
    freight_value: source.freight_value,
    total_value: source.total_value,
    observation: source.observation,
    delivery_method_id: source.delivery_method_id,
    ...Object.fromEntries(SHIPMENT_FIELDS.map((field) => [field, source[field] ?? ""])),
    items: source.items.map((item) => ({
      product_id: item.productId,
      product_variation_id: item.productVariationId,
      warehouse_id: item.warehouseId,
      unit: item.unit,
      unit_value: item.unitValue,
      quantity: item.quantity,
      discount: item.discount,
      attributes: item.attributes,
    })),
    payments: source.payments.map((payment) => ({
      payment_method_id: payment.paymentMethodId,
      amount: payment.amount,
      installments: payment.installments,
    })),
    attributes: source.attributes,
  });
  return answered(await writeOrder(db, scope, { kind: "create", input }));
}

/** DELETE /orders/{id}. */
export async function removeOrder(db: Db, scope: OrderScope, id: string): Promise<void> {
  await writeOrder(db, scope, { kind: "delete", id });
}

/** A change of an order's payments (the order payments endpoints): through the writer, under the order's lock. */
export async function changeOrderPayments(
  db: Db,
  scope: OrderScope,
  id: string,
  change: (current: OrderPaymentInput[]) => OrderPaymentInput[],
): Promise<OrderDetail> {
  return answered(await writeOrder(db, scope, { kind: "payments", id, change }));
}
