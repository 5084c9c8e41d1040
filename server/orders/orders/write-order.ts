import { randomUUID } from "node:crypto";
import { recordAudit } from "../../audit/service";
import { sellerForWrite, type OrderScope } from "../../auth/scope";
import { attributeErrors } from "../../crud/validate-attributes";
import type { Db } from "../../db/scoped";
import { recordset, scopedExecute, scopedQuery } from "../../db/sql";
import { writeContext } from "../../db/transaction";
import { AppError, type FieldError } from "../../errors";
import { announceNewFinancial, canceledFinancialStatus, financialsByIds } from "../../finance/financials/service";
import { installmentError, writeReceivables } from "../../finance/receivables";
import { Prisma } from "../../generated/prisma/client";
import { addDays, dayOf } from "../../lib/calendar";
import { isUuid } from "../../lib/ids";
import { money, sameAmount, sumMoney, ZERO, type Money } from "../../lib/money";
import { orderTaxes } from "./taxes";
import { searchText } from "../../lib/search";
import { canMove, isLocked, reserves, tookStock, type Phase } from "../../settings/statuses/phases";
import { emitEvent } from "../../webhooks/outbox";
import { claimCoupons, couponProblem, releaseCoupons } from "../coupons/service";
import { customerPrices, decideHolds, mergeHolds, type HoldReason, type HoldState, type HoldSubject } from "./holds";
import { readReferences, type ReferenceRequest, type References } from "./references";
import {
  orderCreate,
  type SHIPMENT_FIELDS,
  type InvoiceInput,
  type OrderApprovalInput,
  type OrderCreateInput,
  type OrderCreateWrite,
  type OrderDetail,
  type OrderPaymentInput,
  type OrderUpdateInput,
} from "./schemas";
import {
  COLUMN_NAMES,
  COLUMNS,
  columnValues,
  columnsOf,
  detailOf,
  readOrderRows,
  type ColumnName,
  type Columns,
  type OrderRow,
} from "./shape";
import { applyOrderStock, planOrderStock, type HeldStock, type StockNeed, type StockPlan } from "./stock-effects";
import { orderFigures, settledPayments } from "./totals";

/**
 * The one writer of orders (contract §7, §10, §11): POST/PUT/DELETE /orders, the panel's
 * status menu, the order payments endpoints, approvals and POST /sales all write orders
 * here, with the same checks (references, coupons, payment methods and installments,
 * totals, custom fields, stock), totals, rows, status history, search text, coupon
 * accounting, holds, stock effects, receivables, audit entries and events. A sale hands its
 * order over as it came (`SaleOrigin`): its errors are named in the sale's own fields.
 *
 * A write reads what it names in one statement (references.ts), and an existing order with
 * everything that hangs off it in one more (shape.ts), after taking the order's row lock
 * (`SELECT … FOR UPDATE`): concurrent writes of one order run one after the other, each
 * deciding on what the one before left (one use of a coupon, one history entry, no change
 * after the order was invoiced). Everything happens in the caller's transaction (the
 * request's): a refusal anywhere writes nothing.
 *
 * What the order holds follows from its phase (server/settings/statuses/phases.ts) and
 * `quotation`: a quotation, or a canceled order, holds nothing; an OPEN or CONFIRMED order
 * holds its items' quantities reserved (stock-effects.ts) and one use of each of its coupons;
 * an order that entered INVOICED (or later) took its stock, holds its coupons' uses and has
 * its receivables. The coupon's use belongs to the order: a sale's coupons are its order's.
 */

/** What a sale's order computed: the sale stores these figures as its own. */
export interface SaleFigures {
  /** Each item's total. */
  lines: Money[];
  /** The items' totals plus freight. */
  full: Money;
  discounts: Money;
  /** full − discounts. */
  total: Money;
  freight: Money;
  /** Each payment's amount, adding up to the total. */
  payments: Money[];
}

/** A sale that makes its order here (POST /sales and the demo history). */
export interface SaleOrigin {
  saleId: string;
  /** Searched with the order: the sale's external id. */
  externalId: string | null;
  /** The sale's own names for order fields in errors (`warehouse_id` → `delivery.warehouse_id`). */
  paths: Record<string, string>;
  /** The sale's resume fields, kept on its order. */
  resumeFields: unknown[];
  /** The sale's figures as sent, checked by contract §7's sale rules (the payments must add up to the total). */
  sent: { full_value: number; total_value: number; discounts: number[]; freight: number };
  /** A quotation: checked as a sale is, writing only the sale (no order, no stock, no coupon's use). */
  quotation: boolean;
  /** What the sale names beside its order, read with the order's references. */
  references: Pick<ReferenceRequest, "solutionId">;
  /** The order's address: the sale's delivery as it stores it (the partner's default address when it sends none). */
  shipment(references: References): { [Field in (typeof SHIPMENT_FIELDS)[number]]: string | null };
  /** The sale's own errors (its sales channel, its custom fields), on what was read; named in the sale's fields. */
  check(references: References): FieldError[];
  /** Writes the sale's own rows once every check passed, before its order's (which names it). */
  write(references: References, figures: SaleFigures): Promise<void>;
}

export type OrderWrite =
  | { kind: "create"; input: OrderCreateWrite; sale?: SaleOrigin }
  | { kind: "update"; id: string; input: OrderUpdateInput }
  /**
   * A new status, with the invoices it needs (the NF-e keys staff type when invoicing, or the NF-e the order
   * issued: contract §13) added to the order's; `withdrawn`, the key of an invoice that leaves it (a discarded NF-e).
   */
  | { kind: "status"; id: string; status: string; invoices?: InvoiceInput[]; withdrawn?: string }
  | { kind: "payments"; id: string; change: (current: OrderPaymentInput[]) => OrderPaymentInput[] }
  /**
   * Contract §11: a MANAGER's or ADMIN's decision on the order's holds (approve lifts them, reject cancels the order),
   * on the order as it stood when they read it (`seen`, its `updated_at`; none: the order as it stands, the demo's own).
   */
  | { kind: "approval"; id: string; decision: "APPROVE" | "REJECT"; note: string | null; seen?: Date }
  | { kind: "delete"; id: string };

type ChangeWrite = Exclude<OrderWrite, { kind: "delete" }>;

export interface WriteOptions {
  /** Audit entries, events and the answer read back (false: the demo history, which answers ids only). */
  announce?: boolean;
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
  /** Contract §12: the item's taxes as answered (null: the order figures none). */
  taxes: Prisma.JsonValue;
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

/** An invoice as stored (the read's, without its row id and file names). */
type InvoiceState = Pick<
  OrderRow["invoices"][number],
  | "invoice_key"
  | "invoice_number"
  | "invoice_date"
  | "invoice_series"
  | "invoice_cfop"
  | "invoice_value"
  | "xml_resource_id"
  | "danfe_resource_id"
>;

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

/** The state of a stored order, from the one read (shape.ts). */
function stateOf(row: OrderRow): OrderState {
  return {
    columns: columnsOf(row),
    attributes: row.attributes,
    statusId: row.status_id,
    // Every ORDER status has a phase (a CHECK holds it); OPEN for the sake of the type.
    phase: row.status.phase ?? "OPEN",
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
      taxes: item.taxes,
    })),
    payments: row.payments.map((payment) => ({
      id: payment.id,
      created_at: new Date(payment.created_at),
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
    holds: row.holds.map((hold) => ({ reason: hold.reason, details: hold.details, created_at: new Date(hold.created_at) })),
    approved: row.approved_holds.flatMap((reason) => HOLD_REASON_OF.get(reason) ?? []),
  };
}

const HOLD_REASON_OF = new Map<string, HoldReason>(
  (["CREDIT_BLOCKED", "CREDIT_LIMIT", "OVERDUE", "DISCOUNT"] as const).map((reason) => [reason, reason]),
);

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
const tookItsStock = (state: Pick<OrderState, "phase" | "columns">) => !state.columns.quotation && tookStock(state.phase);

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

function validation(errors: FieldError[]): AppError {
  return new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
}

const notFoundRef = (path: string, noun: string): FieldError => ({
  path,
  message: `no ${noun} with this id exists`,
  code: "not_found_reference",
});

/** The order's row locked for the rest of the transaction, then read with everything that hangs off it; 404 when missing or out of scope. */
export async function lockOrder(db: Db, scope: OrderScope, id: string): Promise<OrderRow> {
  const locked = isUuid(id)
    ? await scopedQuery<{ id: string }>(
        db,
        (organization) => Prisma.sql`SELECT id FROM orders WHERE organization_id = ${organization} AND id = ${id}::uuid FOR UPDATE`,
      )
    : [];
  const [row] = locked.length ? await readOrderRows(db, [id], scope) : [];
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
  const before = announce && currentRow ? detailOf(currentRow) : null;
  if (write.kind === "approval" && write.seen && currentRow && currentRow.updated_at.getTime() !== new Date(write.seen).getTime()) {
    throw new AppError("order_changed", "The order changed after it was read: read it again and decide on what it is now", {
      params: { updated_at: new Date(currentRow.updated_at).toISOString() },
    });
  }

  if (write.kind === "delete") {
    await deleteOrder(db, currentRow!, current!);
    if (before) await recordAudit(db, { action: "delete", entity: "order", entityId: id, label: auditLabel(before), before });
    return { id, detail: null };
  }

  const sale = write.kind === "create" ? write.sale : undefined;
  const rename = (errors: FieldError[]) => errors.map((error) => ({ ...error, path: sale?.paths[error.path] ?? error.path }));
  const payments = write.kind === "payments" ? write.change(current!.payments.map(paymentInputOf)) : undefined;
  const seller = sellerOf(scope, write, current);
  const refs = await readReferences(db, referenceRequest(write, current, seller, payments, sale));
  const { next, errors, figures } = nextState(write, current, refs, seller, payments, sale);
  const saleErrors = sale ? sale.check(refs) : [];
  if (errors.length > 0 || saleErrors.length > 0) throw validation([...rename(errors), ...saleErrors]);
  if (sale?.quotation) {
    // A quotation sale makes no order: checked as a sale, it writes only itself.
    if (figures) await sale.write(refs, figures);
    return { id, detail: null };
  }
  quotationTerms(scope, next, current, refs, rename);
  await priceItems(db, write, next, current);
  next.approved = approvalsKept(write, current, next);

  // The move between phases, and what a locked order may still change.
  const statusChanged = !current || next.statusId !== current.statusId;
  if (current && currentRow && statusChanged && !canMove(current.phase, next.phase)) {
    const from = currentRow.status.title;
    const to = refs.status?.title ?? next.statusId;
    throw new AppError("phase_move", `The order cannot move from "${from}" (${current.phase}) to "${to}" (${next.phase})`, {
      params: { from, to, fromPhase: current.phase, toPhase: next.phase },
    });
  }
  if (current && !current.columns.quotation && isLocked(current.phase) && lockedView(current) !== lockedView(next))
    throw lockedError(current.phase);
  // Contract §13: an NF-e the order issued states its terms; they change once it is discarded (or canceled).
  if (
    current &&
    (write.kind === "update" || write.kind === "payments") &&
    current.invoices.some((invoice) => invoice.xml_resource_id) &&
    lockedView(current) !== lockedView(next)
  ) {
    const active = await db.nfe.findFirst({
      where: { order_id: id, status: { in: ["SIGNED", "AUTHORIZED"] } },
      select: { number: true, status: true, key: true },
    });
    if (active) {
      throw new AppError(
        "nfe_exists",
        `The order's NF-e nº ${active.number} (${active.status}) states its terms: discard or cancel it first`,
        {
          params: { key: active.key, status: active.status },
        },
      );
    }
  }

  const entersTaken = tookItsStock(next) && !(current && tookItsStock(current));
  if (entersTaken && next.invoices.length === 0) {
    throw validation(rename([{ path: "invoices", message: "an order needs an NF-e invoice to be invoiced", code: "invoice_required" }]));
  }
  await holdsOnMove(db, id, write, next, current, refs, before);

  // What the order holds: its stock planned (the item rows record what they will hold), the
  // sale's rows and the order's, the coupons' uses and the receivables; the stock moves last.
  const stock = planStock(id, next, currentRow, entersTaken, refs);
  if (stock && stock.errors.length > 0) throw validation(rename(stock.errors));
  if (sale && figures) await sale.write(refs, figures);
  await countCoupons(db, next, current, refs, rename);
  await writeRows(db, id, write, next, current, stock?.items ?? null, refs, entersTaken, sale);
  if (entersTaken && (currentRow?.receivables ?? 0) === 0 && !sale) await makeReceivables(db, id, next, refs, rename, announce);
  if (current && moves(current) && next.phase === "CANCELED" && !next.columns.quotation) await cancelReceivables(db, id);
  // The holds last: a partner with a limit is locked from here to the commit, so its orders wait for each other only this long.
  const newHolds = await holdOrder(db, id, write, next, current, refs);
  if (next.holds.length > 0 && next.phase !== "OPEN") throw onHoldError(next.holds);
  await writeHolds(db, id, next, current);

  // A new order's first status is written with it (`writeRows`).
  if (statusChanged && current) {
    await db.orderStatusChange.create({
      data: { organization_id: db.$organizationId, order_id: id, status_id: next.statusId, actor: actorOf(db) },
      select: { id: true },
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
      select: { id: true },
    });
  }
  if (!announce) {
    await moveStock(db, stock, rename);
    return { id, detail: null };
  }

  const [row] = await readOrderRows(db, [id]);
  if (!row) throw new Error(`order ${id} was written but not read back`);
  const after = detailOf(row);
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
  // Last: the stock records' locks are held from here to the commit only, so orders of the same products wait for each other briefly.
  await moveStock(db, stock, rename);
  return { id, detail: after };
}

/** The seller an order is written for: a SELLER's own (contract §10), else what was sent (absent: kept). */
function sellerOf(scope: OrderScope, write: ChangeWrite, current: OrderState | null): string | null | undefined {
  const sent = write.kind === "create" || write.kind === "update" ? write.input.seller_id : undefined;
  if (write.kind !== "create" && write.kind !== "update") return current?.columns.seller_id ?? null;
  return scope.kind === "all" ? sent : sellerForWrite(scope, sent ?? current?.columns.seller_id);
}

/** Everything the write names — sent or kept from the order — for the one read of references. */
function referenceRequest(
  write: ChangeWrite,
  current: OrderState | null,
  seller: string | null | undefined,
  payments: OrderPaymentInput[] | undefined,
  sale: SaleOrigin | undefined,
): ReferenceRequest {
  const input = write.kind === "create" || write.kind === "update" ? write.input : null;
  const items = [...(input?.items ?? []), ...(current?.items ?? [])];
  const paid = [...(payments ?? input?.payments ?? []), ...(current?.payments ?? [])];
  const invoices = input?.invoices ?? (write.kind === "status" ? (write.invoices ?? []) : []);
  return {
    partnerId: input?.partner_id ?? current?.columns.partner_id,
    companyId: input?.company_id ?? current?.columns.company_id,
    sellerId: seller ?? current?.columns.seller_id,
    statusId: write.kind === "status" ? write.status : input?.status,
    deliveryMethodId: input?.delivery_method_id,
    solutionId: sale?.references.solutionId,
    productIds: items.map((item) => item.product_id),
    variationIds: items.flatMap((item) => (item.product_variation_id ? [item.product_variation_id] : [])),
    warehouseIds: [input?.warehouse_id, ...items.map((item) => item.warehouse_id)].flatMap((warehouse) => (warehouse ? [warehouse] : [])),
    fileIds: [
      ...(input?.attachments ?? []),
      ...invoices.flatMap((invoice) => [invoice.xml_resource_id, invoice.danfe_resource_id].flatMap((file) => (file ? [file] : []))),
    ],
    couponIds: (input?.coupons ?? []).map((coupon) => coupon.coupon_id),
    methodIds: paid.map((payment) => payment.payment_method_id),
    invoiceKeys: invoices.map((invoice) => invoice.invoice_key),
    excludeOrderId: current ? (write.kind === "create" ? null : write.id) : null,
    attributeEntities: [...(input?.attributes ? ["order"] : []), ...(sale ? ["sale"] : [])],
  };
}

/**
 * A quotation's validity (contract §11): one without `valid_until` stands until its
 * negotiation day (São Paulo) + the org's `quote_validity_days`; turning a quotation whose
 * last day has passed into an order is 422 naming `quotation` (duplicate it instead).
 */
function quotationTerms(
  scope: OrderScope,
  next: OrderState,
  current: OrderState | null,
  refs: References,
  rename: (errors: FieldError[]) => FieldError[],
) {
  const policyDay = () => addDays(dayOf(new Date(next.columns.negotiation_date)), refs.settings.quote_validity_days);
  if (next.columns.quotation && next.columns.valid_until === null) next.columns.valid_until = policyDay();
  // Only a MANAGER or ADMIN moves a quotation's last day later (contract §11): a SELLER's stays within the policy, or where it was.
  const until = next.columns.valid_until;
  if (scope.kind === "seller" && next.columns.quotation && until !== null && until !== current?.columns.valid_until) {
    const latest = current?.columns.quotation && current.columns.valid_until ? current.columns.valid_until : policyDay();
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
async function priceItems(db: Db, write: ChangeWrite, next: OrderState, current: OrderState | null) {
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

/** What the writer read that a hold decision needs, so it reads only the partner's credit. */
const holdFacts = (refs: References) => ({
  partnerHasLimit: refs.partner?.credit_limit !== null && refs.partner?.credit_limit !== undefined,
  sellerMaxDiscount: refs.seller ? money(refs.seller.max_discount_percent) : null,
  overdueToleranceDays: refs.settings.overdue_tolerance_days,
});

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
  write: ChangeWrite,
  next: OrderState,
  current: OrderState | null,
  refs: References,
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
  const found = await decideHolds(db, holdSubject(id, next), { facts: holdFacts(refs) });
  next.holds = mergeHolds(held, found);
  const reasons = new Set<HoldReason>(held.map((hold) => hold.reason));
  return next.holds.some((hold) => !reasons.has(hold.reason));
}

/** What the holds of an order are decided on: its partner, seller, total, items and own discount. */
const holdSubject = (id: string, state: OrderState): HoldSubject => ({
  orderId: id,
  partnerId: state.columns.partner_id,
  sellerId: state.columns.seller_id,
  // What the customer will owe (contract §12: the taxes it pays included) is what counts against its limit.
  total: money(state.columns.invoice_value),
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
  write: ChangeWrite,
  next: OrderState,
  current: OrderState | null,
  refs: References,
  before: OrderDetail | null,
): Promise<void> {
  if (!current || write.kind === "approval" || current.holds.length > 0) return;
  if (!moves(current) || current.phase !== "OPEN" || !moves(next) || !PAST_HOLDS.has(next.phase) || decidesAgain(current, next)) return;
  const found = (await decideHolds(db, holdSubject(id, current), { facts: holdFacts(refs) })).filter(
    (hold) => !current.approved.includes(hold.reason),
  );
  if (found.length === 0) return;
  const held = { ...current, holds: mergeHolds([], found) };
  await writeHolds(db, id, held, current);
  await db.order.update({ where: { id }, data: { updated_at: new Date() }, select: { id: true } });
  if (before) {
    const [row] = await readOrderRows(db, [id]);
    if (row) {
      const after = detailOf(row);
      await recordAudit(db, { action: "update", entity: "order", entityId: id, label: auditLabel(after), before, after });
      await emitEvent(db, {
        type: "order.held",
        data: JSON.parse(JSON.stringify(after)) as Prisma.InputJsonObject,
        subject: { type: "order", id },
      });
    }
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
function approvalsKept(write: ChangeWrite, current: OrderState | null, next: OrderState): HoldReason[] {
  if (write.kind === "approval") return next.approved;
  return moves(next) && !decidesAgain(current, next) ? next.approved : [];
}

/** A status the write names: of type ORDER, else 422 on `status`. */
function statusErrors(refs: References, sent: string | undefined): FieldError[] {
  if (sent === undefined || refs.status?.type === "ORDER") return [];
  return [
    {
      path: "status",
      message: refs.status ? "must be a status of type ORDER" : "no status with this id exists",
      code: refs.status ? "wrong_status_type" : "not_found_reference",
    },
  ];
}

/**
 * The payments' methods (contract §7): of the org, active (unless the order already pays with
 * it), and the installment rule (server/finance/receivables.ts).
 */
function paymentErrors(payments: readonly OrderPaymentInput[], refs: References, current: OrderState | null): FieldError[] {
  const stored = new Set(current?.payments.map((payment) => payment.payment_method_id) ?? []);
  return payments.flatMap((payment, index) => {
    const method = refs.methods.get(payment.payment_method_id);
    const path = `payments.${index}`;
    if (!method) return [notFoundRef(`${path}.payment_method_id`, "payment method")];
    if (!method.active && !stored.has(method.id))
      return [{ path: `${path}.payment_method_id`, message: "the payment method is inactive", code: "inactive" }];
    const error = installmentError(method, money(payment.amount), payment.installments, `${path}.installments`);
    return error ? [error] : [];
  });
}

/** The invoices an order is sent: each key unused by other orders, each file one of the org's. */
function invoiceErrors(invoices: readonly InvoiceInput[], refs: References): FieldError[] {
  return invoices.flatMap((invoice, index) => [
    ...(refs.takenInvoiceKeys.has(invoice.invoice_key)
      ? [{ path: `invoices.${index}.invoice_key`, message: "is already used by another order", code: "duplicate" }]
      : []),
    ...(invoice.xml_resource_id && !refs.files.has(invoice.xml_resource_id)
      ? [notFoundRef(`invoices.${index}.xml_resource_id`, "resource file")]
      : []),
    ...(invoice.danfe_resource_id && !refs.files.has(invoice.danfe_resource_id)
      ? [notFoundRef(`invoices.${index}.danfe_resource_id`, "resource file")]
      : []),
  ]);
}

/** Coupons the order gains must be usable now (contract §7); whether a use is left is decided again when it is taken. */
function couponErrors(coupons: ReadonlyArray<{ coupon_id: string }>, refs: References, current: OrderState | null): FieldError[] {
  const held = new Set(current?.coupons.map((coupon) => coupon.coupon_id) ?? []);
  const now = new Date();
  return coupons.flatMap((link, index) => {
    const path = `coupons.${index}.coupon_id`;
    const coupon = refs.coupons.get(link.coupon_id);
    if (!coupon) return [notFoundRef(path, "coupon")];
    if (held.has(coupon.id)) return [];
    const problem = couponProblem(coupon, now);
    return problem ? [{ path, ...problem }] : [];
  });
}

/** The order's figures (contract §7) checked against what was sent, within 0.01: an order's rules, or a sale's on its own fields. */
function figureErrors(
  input: OrderCreateWrite | OrderUpdateInput,
  computed: { lines: Money[]; order: Money; total: Money; freight: Money; payments: Money[]; payable: Money },
  itemsChecked: boolean,
  sale: SaleOrigin | undefined,
): FieldError[] {
  const errors: FieldError[] = [];
  (input.items ?? []).forEach((item, index) => {
    const line = computed.lines[index] ?? ZERO;
    if (line.isNegative())
      errors.push({ path: `items.${index}.discount`, message: "must not exceed unit_value × quantity", code: "too_big" });
    else if (item.total_value !== undefined && item.total_value !== null && !sameAmount(money(item.total_value), line)) {
      errors.push({
        path: `items.${index}.total_value`,
        message: `must equal unit_value × quantity − discount (${line.toFixed(2)})`,
        code: "total_mismatch",
        params: { expected: line.toNumber() },
      });
    }
  });
  if (sale) return [...errors, ...saleFigureErrors(sale, computed)];
  if (itemsChecked && !sameAmount(money(input.order_value), computed.order)) {
    errors.push({
      path: "order_value",
      message: `must equal the sum of the items (${computed.order.toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: computed.order.toNumber() },
    });
  }
  // The client's total is checked against its own order_value (a wrong order_value is named alone); the stored total is computed.
  const sentTotal = money(input.order_value).minus(money(input.discount_value)).plus(computed.freight);
  if (!sameAmount(money(input.total_value), sentTotal)) {
    errors.push({
      path: "total_value",
      message: `must equal order_value − discount_value + freight_value (${sentTotal.toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: sentTotal.toNumber() },
    });
  }
  if (computed.total.isNegative())
    errors.push({ path: "discount_value", message: "must not exceed order_value + freight_value", code: "too_big" });
  errors.push(...invoicePaymentErrors(computed));
  return errors;
}

/**
 * Contract §12: when the order's taxes add to what the customer pays (IPI, ICMS-ST, FCP-ST),
 * the payments sent must add up to its `invoice_value` within 0.01 (422 naming `payments`).
 */
function invoicePaymentErrors(computed: { total: Money; payments: Money[]; payable: Money }): FieldError[] {
  if (computed.payments.length === 0 || computed.payable.equals(computed.total)) return [];
  if (sameAmount(sumMoney(computed.payments), computed.payable)) return [];
  return [
    {
      path: "payments",
      message: `the payments' amounts must add up to invoice_value, the total with its taxes (${computed.payable.toFixed(2)}; they add up to ${sumMoney(computed.payments).toFixed(2)})`,
      code: "total_mismatch",
      params: { invoice_value: computed.payable.toNumber(), expected: computed.payable.toNumber() },
    },
  ];
}

/** Contract §7's sale rules: `full_value` = items + freight, `total_value` = full − discounts, the payments add up to it. */
function saleFigureErrors(
  sale: SaleOrigin,
  computed: { order: Money; total: Money; freight: Money; payments: Money[]; payable: Money },
): FieldError[] {
  const errors: FieldError[] = [];
  const full = computed.order.plus(computed.freight);
  if (!sameAmount(money(sale.sent.full_value), full)) {
    errors.push({
      path: "full_value",
      message: `must equal the items' totals plus freight.amount (${full.toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: full.toNumber() },
    });
  }
  if (computed.total.isNegative()) {
    errors.push({ path: "discount", message: "must not exceed full_value", code: "exceeds_total", params: { field: "full_value" } });
  } else if (!sameAmount(money(sale.sent.total_value), computed.total)) {
    errors.push({
      path: "total_value",
      message: `must equal full_value minus the discounts (${computed.total.toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: computed.total.toNumber() },
    });
  }
  if (!computed.payable.equals(computed.total)) {
    errors.push(...invoicePaymentErrors(computed));
  } else if (computed.payments.length > 0 && !sameAmount(sumMoney(computed.payments), computed.total)) {
    errors.push({
      path: "payments",
      message: `the payments' amounts must add up to total_value (they add up to ${sumMoney(computed.payments).toFixed(2)})`,
      code: "total_mismatch",
      params: { expected: computed.total.toNumber() },
    });
  }
  return errors;
}

/** A sent value of a column as the writer keeps it (money as fixed-point text, moments as ISO text, JSON as JSON). */
function columnValue(name: ColumnName, sent: unknown): Columns[ColumnName] {
  if (sent === undefined || sent === null) return COLUMNS[name].kind === "json" ? null : COLUMNS[name].kind === "flag" ? false : null;
  switch (COLUMNS[name].kind) {
    case "money":
      return fixed(sent as number, 2);
    case "moment":
      return new Date(sent as string).toISOString();
    case "flag":
      return Boolean(sent);
    case "json":
      return json(sent);
    default:
      return String(sent);
  }
}

/** What the write sent of a column (absent: undefined). */
const sentOf = (input: object, name: ColumnName): unknown => (name in input ? Reflect.get(input, name) : undefined);

/** Reads what a write needs and answers the order it makes, or the errors of its fields (422). */
function nextState(
  write: ChangeWrite,
  current: OrderState | null,
  refs: References,
  seller: string | null | undefined,
  paymentsChanged: OrderPaymentInput[] | undefined,
  sale: SaleOrigin | undefined,
): { next: OrderState; errors: FieldError[]; figures?: SaleFigures } {
  if (write.kind === "status") {
    const errors = statusErrors(refs, write.status);
    if (errors.length > 0 || !refs.status) return { next: current!, errors };
    const sent = write.invoices ?? [];
    const added = sent.filter((invoice) => !current!.invoices.some((stored) => stored.invoice_key === invoice.invoice_key));
    return {
      next: {
        ...current!,
        statusId: write.status,
        phase: refs.status.phase ?? "OPEN",
        invoices: [...current!.invoices.filter((stored) => stored.invoice_key !== write.withdrawn), ...added.map(invoiceStateOf)],
      },
      errors: invoiceErrors(sent, refs),
    };
  }
  if (write.kind === "approval") {
    const state = current!;
    if (state.holds.length === 0) throw new AppError("not_on_hold", "The order is not on hold: there is nothing to decide");
    if (write.decision === "APPROVE") {
      const approved = [...new Set([...state.approved, ...state.holds.map((hold) => hold.reason)])];
      return { next: { ...state, approved }, errors: [] };
    }
    if (!refs.canceled) {
      return {
        next: state,
        errors: [{ path: "decision", message: "the organization has no ORDER status in the CANCELED phase", code: "no_status" }],
      };
    }
    return { next: { ...state, statusId: refs.canceled.id, phase: "CANCELED", approved: [] }, errors: [] };
  }
  if (write.kind === "payments") {
    const payments = paymentsChanged ?? [];
    return {
      next: { ...current!, payments: payments.map((payment) => paymentStateOf(payment, current!.payments)) },
      errors: paymentErrors(payments, refs, current),
    };
  }
  const input = write.input;
  const errors: FieldError[] = [];
  if (!refs.partner) errors.push(notFoundRef("partner_id", "partner"));
  if (input.company_id && !refs.company) errors.push(notFoundRef("company_id", "company"));
  if (seller && !refs.seller) errors.push(notFoundRef("seller_id", "seller"));
  errors.push(...statusErrors(refs, input.status));
  if (input.delivery_method_id && !refs.deliveryMethod) errors.push(notFoundRef("delivery_method_id", "delivery method"));
  if (input.warehouse_id && !refs.warehouses.has(input.warehouse_id)) errors.push(notFoundRef("warehouse_id", "warehouse"));
  (input.attachments ?? []).forEach((fileId, index) => {
    if (!refs.files.has(fileId)) errors.push(notFoundRef(`attachments.${index}`, "resource file"));
  });
  errors.push(...invoiceErrors(input.invoices ?? [], refs));
  errors.push(...couponErrors(input.coupons ?? [], refs, current));
  if (input.payments) errors.push(...paymentErrors(input.payments, refs, current));
  (input.items ?? []).forEach((item, index) => {
    if (!refs.products.has(item.product_id)) errors.push(notFoundRef(`items.${index}.product_id`, "product"));
    if (item.product_variation_id) {
      const variation = refs.variations.get(item.product_variation_id);
      if (!variation) errors.push(notFoundRef(`items.${index}.product_variation_id`, "product variation"));
      else if (variation.product_id !== item.product_id) {
        errors.push({ path: `items.${index}.product_variation_id`, message: "is a variation of another product", code: "mismatch" });
      }
    }
    if (item.warehouse_id && !refs.warehouses.has(item.warehouse_id)) errors.push(notFoundRef(`items.${index}.warehouse_id`, "warehouse"));
  });
  const nextItems: ItemState[] | undefined = input.items?.map((item) => ({
    id: item.id ?? randomUUID(),
    product_id: item.product_id,
    product_variation_id: item.product_variation_id ?? null,
    warehouse_id: item.warehouse_id ?? null,
    unit: item.unit ?? refs.products.get(item.product_id)?.unit ?? null,
    unit_value: fixed(item.unit_value, 2),
    quantity: fixed(item.quantity, 4),
    discount: fixed(item.discount, 2),
    total_value: (orderFigures({ items: [item] }).lines[0] ?? ZERO).toFixed(2),
    list_unit_value: null,
    item_origin_value: item.item_origin_value ?? null,
    item_origin_type: item.item_origin_type ?? null,
    automation_fields: json(item.automation_fields),
    attributes: json(item.attributes),
    complements: json(item.complements),
    resume_fields: json(item.resume_fields ?? []),
    taxes: null,
  }));

  // Figures: checked against what was sent (within 0.01), stored as computed (contract §7).
  const itemsNow = nextItems ?? current?.items ?? [];
  const freight = money(input.freight_value ?? current?.columns.freight_value ?? 0);
  const computed = orderFigures({ items: itemsNow, discount_value: input.discount_value, freight_value: freight });
  const itemsChecked = itemsNow.length > 0 || input.items !== undefined;
  const orderValue = itemsChecked ? computed.order : money(input.order_value);
  const total = orderValue.minus(money(input.discount_value)).plus(freight);
  const sentPayments = (input.payments ?? []).map((payment) => money(payment.amount));
  // Contract §12: the taxes, figured on every write while OPEN or CONFIRMED, kept as they were from INVOICED on.
  const shipmentState = sentOf(input, "shipment_state");
  const taxes =
    !current || current.phase === "OPEN" || current.phase === "CONFIRMED"
      ? orderTaxes(refs, {
          items: itemsNow,
          discount: money(input.discount_value),
          freight,
          total,
          shipmentState: sale
            ? (sale.shipment(refs).shipment_state ?? null)
            : shipmentState === undefined
              ? (current?.columns.shipment_state ?? null)
              : typeof shipmentState === "string"
                ? shipmentState
                : null,
        })
      : null;
  const payable = taxes ? taxes.invoice : money(current!.columns.invoice_value);
  errors.push(
    ...figureErrors(
      input,
      { lines: computed.lines, order: orderValue, total, freight, payments: sentPayments, payable },
      itemsChecked,
      sale,
    ),
  );
  if (input.attributes) errors.push(...attributeErrors(refs.attributes.get("order") ?? [], input.attributes));

  const delivery = refs.deliveryMethod
    ? json({
        period_start: refs.deliveryMethod.period_start,
        period_end: refs.deliveryMethod.period_end,
        period_type: refs.deliveryMethod.period_type,
        type: refs.deliveryMethod.type,
        name: refs.deliveryMethod.name,
        price_type: refs.deliveryMethod.price_type,
        custom_label: refs.deliveryMethod.custom_label,
      })
    : input.delivery_method_id === null
      ? null
      : undefined;
  const base = current?.columns;
  const sentColumns = Object.fromEntries(
    COLUMN_NAMES.map((name) => {
      const sent = sentOf(input, name);
      const keptBy = "kept" in COLUMNS[name] && COLUMNS[name].kept;
      return [name, sent === undefined && keptBy && base ? base[name] : columnValue(name, sent)];
    }),
  ) as Columns;
  const columns: Columns = {
    ...sentColumns,
    origin: sale ? "SALE" : sentOf(input, "origin") === undefined ? (base?.origin ?? "ADMIN") : sentColumns.origin,
    seller_id: seller === undefined ? (base?.seller_id ?? null) : seller,
    order_value: orderValue.toFixed(2),
    freight_value: freight.toFixed(2),
    total_value: total.toFixed(2),
    invoice_value: payable.toFixed(2),
    tax_totals: taxes ? (taxes.totals as Prisma.JsonValue) : (base?.tax_totals ?? null),
    quotation: input.quotation ?? base?.quotation ?? false,
    delivery_method: delivery === undefined ? (base?.delivery_method ?? null) : delivery,
    discounts: input.discounts === undefined ? (base?.discounts ?? []) : json(input.discounts),
    pre_order_complement: input.pre_order_complement === undefined ? (base?.pre_order_complement ?? {}) : json(input.pre_order_complement),
    checkout_complement: input.checkout_complement === undefined ? (base?.checkout_complement ?? {}) : json(input.checkout_complement),
    automation_fields: input.automation_fields === undefined ? (base?.automation_fields ?? {}) : json(input.automation_fields),
    ...(sale ? sale.shipment(refs) : {}),
  };
  const settledAmounts = settled(sentPayments, payable);
  const nextPayments = input.payments
    ? input.payments.map((payment, index) =>
        paymentStateOf({ ...payment, amount: (settledAmounts[index] ?? money(payment.amount)).toNumber() }, current?.payments ?? []),
      )
    : (current?.payments ?? []);
  const initial = refs.initial.order;
  const statusId = input.status ?? current?.statusId ?? initial?.id;
  if (!statusId) errors.push({ path: "status", message: "the organization has no ORDER status; create one first", code: "no_status" });
  const phase: Phase = input.status ? (refs.status?.phase ?? "OPEN") : (current?.phase ?? initial?.phase ?? "OPEN");
  return {
    next: {
      columns,
      attributes: input.attributes === undefined ? (current?.attributes ?? {}) : json(input.attributes),
      statusId: statusId ?? "",
      phase,
      items: itemsNow.map((item, index) => ({
        ...item,
        taxes: taxes ? ((taxes.items[index] ?? null) as Prisma.JsonValue) : (current?.items[index]?.taxes ?? null),
      })),
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
    figures: sale
      ? {
          lines: computed.lines,
          full: orderValue.plus(freight),
          discounts: money(input.discount_value),
          total,
          freight,
          payments: settledAmounts,
        }
      : undefined,
  };
}

/**
 * The payments' amounts adjusted to add up to the order's total when they are within the
 * 0.01 a client's figures may be off (the last absorbs it); otherwise as sent.
 */
function settled(amounts: Money[], total: Money): Money[] {
  if (amounts.length === 0 || !sameAmount(sumMoney(amounts), total)) return amounts;
  return settledPayments(amounts, total);
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

/** The search text of an order: its partner's names and number, the shipment city, the observation, a sale's external id. */
function searchTextOf(next: OrderState, refs: References, sale: SaleOrigin | undefined): string {
  const partner = refs.partner;
  return searchText([
    partner?.name,
    partner?.trade_name,
    partner?.fiscal_registration_number,
    next.columns.shipment_city,
    next.columns.observation,
    sale?.externalId,
  ]);
}

/** The order's row and the lists the write changed. */
async function writeRows(
  db: Db,
  id: string,
  write: ChangeWrite,
  next: OrderState,
  current: OrderState | null,
  holdings: Holdings | null,
  refs: References,
  entersTaken: boolean,
  sale: SaleOrigin | undefined,
): Promise<void> {
  const changesSearch = !current || write.kind === "create" || write.kind === "update";
  // The row: the order's columns (shape.ts), its status, approvals and attributes, its search text when
  // what it is searched by may have changed, and — on entering INVOICED — when, and its seller's
  // commission rate then (contract §11).
  const assigned: Array<[string, Prisma.Sql]> = [
    ...columnValues(next.columns),
    ["status_id", Prisma.sql`${next.statusId}::uuid`],
    // As an array literal: the embedded engine serializes a list only of the types it knew when it started, and an enum's
    // array type may be younger than the process (a first start migrates after opening it).
    ["approved_holds", Prisma.sql`${`{${next.approved.join(",")}}`}::"OrderHoldReason"[]`],
    ["attributes", Prisma.sql`${JSON.stringify(next.attributes)}::jsonb`],
    ...(changesSearch ? [["search_text", Prisma.sql`${searchTextOf(next, refs, sale)}`] as [string, Prisma.Sql]] : []),
    ...(entersTaken
      ? [
          ["invoiced_at", Prisma.sql`now()`] as [string, Prisma.Sql],
          ["commission_rate", Prisma.sql`${refs.seller?.commission_rate ?? null}::numeric`] as [string, Prisma.Sql],
        ]
      : []),
  ];
  const sent =
    write.kind === "create" ? { items: true, payments: true, invoices: true, attachments: true, coupons: true } : listsSent(write);
  // The lists the write sends, as rows of their tables (each one parameter: `recordset`).
  const lists = [
    sent.items && next.items.length > 0
      ? listInsert(
          "order_items",
          ITEM_COLUMNS,
          next.items.map((item, position) => ({ ...item, ...holdingOf(holdings, position), position })),
        )
      : null,
    sent.payments && next.payments.length > 0 ? listInsert("order_payments", PAYMENT_COLUMNS, next.payments, "updated_at") : null,
    sent.invoices && next.invoices.length > 0 ? listInsert("order_invoices", INVOICE_COLUMNS, next.invoices, "id") : null,
    sent.attachments && next.attachments.length > 0
      ? listInsert(
          "order_attachments",
          ATTACHMENT_COLUMNS,
          next.attachments.map((file_id, position) => ({ file_id, position })),
          "id",
        )
      : null,
    sent.coupons && next.coupons.length > 0 ? listInsert("order_coupons", COUPON_COLUMNS, next.coupons, "id") : null,
  ].flatMap((list) => (list ? [list] : []));
  if (!current) {
    // A new order is one statement: its row (numbered from the org's sequence), its lists and its first status.
    const inserted = await scopedQuery<{ id: string }>(
      db,
      (organization) => Prisma.sql`
        WITH created AS (
          INSERT INTO orders (id, organization_id, number, sale_id, resume_fields, created_at, updated_at,
                              ${Prisma.join(assigned.map(([name]) => Prisma.raw(name)))})
          VALUES (${id}::uuid, ${organization}, nextval(('order_number_' || replace(${organization}::text, '-', ''))::regclass)::int,
                  ${sale?.saleId ?? null}::uuid, ${JSON.stringify(sale?.resumeFields ?? [])}::jsonb, now(), now(),
                  ${Prisma.join(assigned.map(([, value]) => value))})
          ON CONFLICT (id) DO NOTHING
          RETURNING id, organization_id
        ), history AS (
          INSERT INTO order_status_changes (id, organization_id, order_id, status_id, actor, created_at)
          SELECT gen_random_uuid(), organization_id, id, ${next.statusId}::uuid, ${actorOf(db)}, now() FROM created
        )${
          lists.length > 0
            ? Prisma.join(
                lists.map((list, index) => Prisma.sql`, list_${Prisma.raw(String(index))} AS (${list("created")})`),
                "",
              )
            : Prisma.empty
        }
        SELECT id FROM created`,
    );
    if (inserted.length === 0) {
      throw new AppError("conflict", "An order with this id already exists", {
        errors: [{ path: "id", message: "is already used", code: "duplicate" }],
      });
    }
    return;
  }
  if (
    lockedView(current) !== lockedView(next) ||
    next.statusId !== current.statusId ||
    canonical(next.attributes) !== canonical(current.attributes) ||
    canonical(next.approved) !== canonical(current.approved) ||
    changesSearch ||
    entersTaken
  ) {
    await scopedQuery(
      db,
      (organization) => Prisma.sql`
        UPDATE orders SET ${Prisma.join(assigned.map(([name, value]) => Prisma.sql`${Prisma.raw(name)} = ${value}`))}, updated_at = now()
        WHERE organization_id = ${organization} AND id = ${id}::uuid`,
    );
  }
  // A list sent replaces the stored one.
  if (sent.items) await db.orderItem.deleteMany({ where: { order_id: id } });
  if (sent.payments) await db.orderPayment.deleteMany({ where: { order_id: id } });
  if (sent.invoices) await db.orderInvoice.deleteMany({ where: { order_id: id } });
  if (sent.attachments) await db.orderAttachment.deleteMany({ where: { order_id: id } });
  if (sent.coupons) await db.orderCoupon.deleteMany({ where: { order_id: id } });
  for (const list of lists) {
    await scopedExecute(
      db,
      (organization) => Prisma.sql`
        WITH stored AS (SELECT id, organization_id FROM orders WHERE organization_id = ${organization} AND id = ${id}::uuid)
        ${list("stored")}`,
    );
  }
  // Items kept as they were, whose holdings (a new status, quotation or warehouse) or customer's prices changed.
  if (!sent.items) {
    for (const [position, item] of next.items.entries()) {
      const listed = current.items[position]?.list_unit_value !== item.list_unit_value;
      const taxed = canonical(current.items[position]?.taxes ?? null) !== canonical(item.taxes);
      if (!holdings && !listed && !taxed) continue;
      await db.orderItem.updateMany({
        where: { order_id: id, id: item.id },
        data: {
          ...(holdings ? holdingOf(holdings, position) : {}),
          list_unit_value: item.list_unit_value,
          ...(taxed ? { taxes: item.taxes === null ? Prisma.DbNull : (item.taxes as Prisma.InputJsonValue) } : {}),
        },
      });
    }
  }
}

/** The columns of the order's lists and their PostgreSQL types (each row's own; the org and the order are the statement's). */
const ITEM_COLUMNS = [
  ["id", "uuid"],
  ["position", "int"],
  ["product_id", "uuid"],
  ["product_variation_id", "uuid"],
  ["warehouse_id", "uuid"],
  ["stock_id", "uuid"],
  ["reserved_quantity", "numeric"],
  ["list_unit_value", "numeric"],
  ["unit", "text"],
  ["unit_value", "numeric"],
  ["quantity", "numeric"],
  ["discount", "numeric"],
  ["total_value", "numeric"],
  ["item_origin_value", "text"],
  ["item_origin_type", "text"],
  ["automation_fields", "jsonb"],
  ["attributes", "jsonb"],
  ["complements", "jsonb"],
  ["resume_fields", "jsonb"],
  ["taxes", "jsonb"],
] as const;
const PAYMENT_COLUMNS = [
  ["id", "uuid"],
  ["created_at", "timestamptz"],
  ["payment_method_id", "uuid"],
  ["installment_id", "text"],
  ["transaction_id", "text"],
  ["amount", "numeric"],
  ["installments", "int"],
  ["attributes", "jsonb"],
] as const;
const INVOICE_COLUMNS = [
  ["invoice_key", "text"],
  ["invoice_number", "text"],
  ["invoice_date", "text"],
  ["invoice_series", "text"],
  ["invoice_cfop", "text"],
  ["invoice_value", "numeric"],
  ["xml_resource_id", "uuid"],
  ["danfe_resource_id", "uuid"],
] as const;
const ATTACHMENT_COLUMNS = [
  ["file_id", "uuid"],
  ["position", "int"],
] as const;
const COUPON_COLUMNS = [
  ["coupon_id", "uuid"],
  ["attributes", "jsonb"],
] as const;

/**
 * The INSERT of one of the order's lists, below a CTE `parent` that answers the order's `id`
 * and `organization_id`; `generated` names a column the statement fills (a new row id, or
 * `updated_at`).
 */
function listInsert(
  table: string,
  columns: ReadonlyArray<readonly [string, string]>,
  rows: readonly object[],
  generated?: "id" | "updated_at",
): (parent: string) => Prisma.Sql {
  const set = recordset(columns, rows);
  const extraName = generated ? Prisma.raw(`, ${generated}`) : Prisma.empty;
  const extraValue =
    generated === "id" ? Prisma.raw(", gen_random_uuid()") : generated === "updated_at" ? Prisma.raw(", now()") : Prisma.empty;
  return (parent) => Prisma.sql`
    INSERT INTO ${Prisma.raw(table)} (organization_id, order_id, ${set.names}${extraName})
    SELECT ${Prisma.raw(parent)}.organization_id, ${Prisma.raw(parent)}.id, ${set.values}${extraValue} FROM ${Prisma.raw(parent)}, ${set.from}`;
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
  const invoicesChange = write.kind === "status" && ((write.invoices?.length ?? 0) > 0 || write.withdrawn !== undefined);
  if (write.kind === "status" && !invoicesChange) return NOTHING_SENT;
  if (write.kind === "approval") return NOTHING_SENT;
  if (write.kind === "status") return { items: false, payments: false, invoices: true, attachments: false, coupons: false };
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
 * canceled order; null when nothing moves. Planned before anything is written (each item row
 * then records the record it holds on and how much), moved last (`moveStock`).
 */
function planStock(
  orderId: string,
  next: OrderState,
  currentRow: OrderRow | null,
  entersTaken: boolean,
  refs: References,
): StockPlan | null {
  const current = currentRow ? stateOf(currentRow) : null;
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
  return planOrderStock(
    { orderId, companyId: next.columns.company_id, warehouseId: next.columns.warehouse_id, needs, held, take: entersTaken },
    refs,
  );
}

/** The planned movements (one statement); a record that refuses them refuses the write (422 per item), and nothing is written. */
async function moveStock(db: Db, plan: StockPlan | null, rename: (errors: FieldError[]) => FieldError[]): Promise<void> {
  if (!plan) return;
  const errors = await applyOrderStock(db, plan);
  if (errors.length > 0) throw validation(rename(errors));
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
 * UPDATE of `claimCoupons`. A coupon that could not be taken is 422 on its field, for the
 * reason `couponProblem` finds (used up, when it looked usable: another order took the last use).
 */
async function countCoupons(
  db: Db,
  next: OrderState,
  current: OrderState | null,
  refs: References,
  rename: (errors: FieldError[]) => FieldError[],
): Promise<void> {
  const held = current && moves(current) ? current.coupons.map((coupon) => coupon.coupon_id) : [];
  const wanted = moves(next) ? next.coupons.map((coupon) => coupon.coupon_id) : [];
  await releaseCoupons(
    db,
    held.filter((couponId) => !wanted.includes(couponId)),
  );
  const refused = new Set(
    await claimCoupons(
      db,
      wanted.filter((couponId) => !held.includes(couponId)),
    ),
  );
  if (refused.size === 0) return;
  const errors = next.coupons.flatMap((coupon, index): FieldError[] => {
    if (!refused.has(coupon.coupon_id)) return [];
    const path = `coupons.${index}.coupon_id`;
    const stored = refs.coupons.get(coupon.coupon_id);
    if (!stored) return [notFoundRef(path, "coupon")];
    const problem = couponProblem(stored) ?? { message: "the coupon is used up", code: "coupon_used_up" };
    return [{ path, ...problem }];
  });
  throw validation(rename(errors));
}

/** On entering INVOICED: one receivable per installment of each payment (server/finance/receivables.ts), announced. */
async function makeReceivables(
  db: Db,
  orderId: string,
  next: OrderState,
  refs: References,
  rename: (errors: FieldError[]) => FieldError[],
  announce: boolean,
): Promise<void> {
  if (next.payments.length === 0) return;
  const errors = paymentErrors(next.payments.map(paymentInputOf), refs, next);
  if (errors.length > 0) throw validation(rename(errors));
  const status = refs.initial.financial;
  if (!status) throw validation([{ path: "status", message: "the organization needs a FINANCIAL status", code: "no_status" }]);
  if (!refs.partner) throw validation([notFoundRef("partner_id", "partner")]);
  const ids = await writeReceivables(db, {
    kind: "payments",
    partner: refs.partner,
    orderId,
    statusId: status.id,
    base: new Date(),
    payments: next.payments.flatMap((payment) => {
      const method = refs.methods.get(payment.payment_method_id);
      return method ? [{ amount: money(payment.amount), installments: payment.installments, method }] : [];
    }),
  });
  if (!announce) return;
  for (const financial of await financialsByIds(db, ids)) await announceNewFinancial(db, financial);
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
  if (row.receivables > 0) {
    throw new AppError("has_receivables", `The order still has ${row.receivables} financial records: cancel it instead`, {
      params: { usages: { financials: row.receivables } },
    });
  }
  const held = heldStock(row);
  if (held.length > 0) {
    const plan = planOrderStock(
      { orderId: row.id, companyId: null, warehouseId: null, needs: [], held, take: false },
      { products: new Map(), records: new Map(), defaults: { company: null, warehouse: null } },
    );
    await moveStock(db, plan, (errors) => errors);
  }
  if (moves(current))
    await releaseCoupons(
      db,
      current.coupons.map((coupon) => coupon.coupon_id),
    );
  await db.order.delete({ where: { id: row.id }, select: { id: true } });
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
 * columns COLUMNS marks `copied` (partner, seller, company, warehouse, freight, discount,
 * address, …), its items and payments, negotiated now (so valid for the org's
 * `quote_validity_days`); its coupons are left out (they are chosen again). Written by the one
 * writer like any order.
 */
export async function duplicateQuotation(db: Db, scope: OrderScope, id: string): Promise<OrderDetail> {
  const [row] = isUuid(id) ? await readOrderRows(db, [id], scope) : [];
  if (!row) throw AppError.notFound("Order");
  const source = stateOf(row);
  const copied = Object.fromEntries(
    COLUMN_NAMES.flatMap((name) => {
      if (!("copied" in COLUMNS[name] && COLUMNS[name].copied)) return [];
      const value = source.columns[name];
      // The create schema requires the shipment fields: an empty one is copied empty.
      if (value === null && name.startsWith("shipment_")) return [[name, ""]];
      return [[name, COLUMNS[name].kind === "money" ? Number(value) : value]];
    }),
  );
  const input = orderCreate.parse({
    ...copied,
    negotiation_date: new Date().toISOString(),
    quotation: true,
    items: source.items.map((item) => ({
      product_id: item.product_id,
      product_variation_id: item.product_variation_id,
      warehouse_id: item.warehouse_id,
      unit: item.unit,
      unit_value: Number(item.unit_value),
      quantity: Number(item.quantity),
      discount: Number(item.discount),
      attributes: item.attributes,
    })),
    payments: source.payments.map((payment) => ({
      payment_method_id: payment.payment_method_id,
      amount: Number(payment.amount),
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
