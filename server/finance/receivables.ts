import { randomUUID } from "node:crypto";
import type { Db } from "../db/scoped";
import type { FieldError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { money, splitEvenly, type Money } from "../lib/money";
import { searchText } from "../lib/search";

/**
 * Receivables: the one installment rule of the tree (contract §7, §10) — how many
 * installments a payment method allows, how an amount is split among them, when each is
 * due, and which splits are refused — and the one writer of financial records
 * (`writeReceivables`): an order's on entering INVOICED, a sale's when it is written, and a
 * manual one through POST /financials.
 */

/** What of a payment method decides due dates (its stored condition and installments). */
export interface DueDateRules {
  condition: { type?: string; due_date?: { value?: number } | null; subsequent_due_date?: { value?: number } | null } | null;
  installments: Array<{ sequence: number; due_date_delay?: number }>;
}

/** A payment method as the installment rule reads it. */
export interface InstallmentMethod {
  condition: unknown;
  installments: unknown;
  minimum_installment_value: { toString(): string } | null;
}

/** Days between installments when the method's condition names none. */
export const DEFAULT_INSTALLMENT_INTERVAL_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** The due-date rules of a stored payment method. */
export function rulesOf(method: Pick<InstallmentMethod, "condition" | "installments">): DueDateRules {
  return {
    condition: (method.condition ?? null) as DueDateRules["condition"],
    installments: Array.isArray(method.installments) ? (method.installments as DueDateRules["installments"]) : [],
  };
}

/**
 * The due date of each of `count` installments of a payment made on `base` (contract §7):
 * an installment the method lists by `sequence` is due `due_date_delay` days after the
 * purchase; otherwise the first is due `condition.due_date.value` days after it (0 when
 * absent) and each next one `condition.subsequent_due_date.value` days after the previous
 * (30 when absent).
 */
export function installmentDueDates(base: Date, rules: DueDateRules, count: number): Date[] {
  const bySequence = new Map(rules.installments.map((installment) => [installment.sequence, installment.due_date_delay ?? 0]));
  const first = rules.condition?.due_date?.value ?? 0;
  const interval = rules.condition?.subsequent_due_date?.value ?? DEFAULT_INSTALLMENT_INTERVAL_DAYS;
  const dates: Date[] = [];
  for (let sequence = 1; sequence <= count; sequence++) {
    const listed = bySequence.get(sequence);
    const previous = dates[sequence - 2];
    if (listed !== undefined) dates.push(addDays(base, listed));
    else if (previous === undefined) dates.push(addDays(base, first));
    else dates.push(addDays(previous, interval));
  }
  return dates;
}

export interface Receivable {
  installment: number;
  value: Money;
  due_date: Date;
}

/** One receivable per installment: the amount split evenly (the last absorbs the rest), each with its due date. */
export function receivablesOf(amount: Money, count: number, base: Date, rules: DueDateRules): Receivable[] {
  const values = splitEvenly(amount, count);
  const dates = installmentDueDates(base, rules, count);
  return values.map((value, index) => ({ installment: index + 1, value, due_date: dates[index] ?? base }));
}

/** The installment counts a payment method offers: those it lists (by `sequence`), or 1 when it lists none — what the price engine prices. */
export function offeredInstallments(rules: DueDateRules): number[] {
  const listed = [...new Set(rules.installments.map((installment) => installment.sequence))].sort((a, b) => a - b);
  return listed.length > 0 ? listed : [1];
}

const CENT = money("0.01");

/**
 * Why a payment of `amount` in `installments` cannot be taken with `method`, or nothing:
 * more installments than the method allows, a count it does not offer (it lists 1 and 6,
 * 3 is asked: the price engine could not price it), or an installment (the even share, the
 * smallest) below a cent or below the method's `minimum_installment_value`. The error names
 * `path` (`payments.N.installments`) with the figures in its params.
 */
export function installmentError(method: InstallmentMethod, amount: Money, installments: number, path: string): FieldError | undefined {
  const offered = offeredInstallments(rulesOf(method));
  const most = Math.max(...offered);
  if (installments > most) return { path, message: `must be between 1 and ${most}`, code: "too_big", params: { maximum: most } };
  if (!offered.includes(installments)) {
    return {
      path,
      message: `the payment method offers ${offered.join(", ")} installments`,
      code: "installments_not_offered",
      params: { offered },
    };
  }
  const smallest = splitEvenly(amount, installments)[0] ?? amount;
  const minimum = method.minimum_installment_value === null ? CENT : money(method.minimum_installment_value);
  const floor = minimum.greaterThan(CENT) ? minimum : CENT;
  if (smallest.lessThan(floor)) {
    const most = amount.dividedToIntegerBy(floor).toNumber();
    return {
      path,
      message: `makes installments of ${smallest.toFixed(2)}, below the minimum of ${floor.toFixed(2)}`,
      code: "installment_below_minimum",
      params: { minimum: floor.toNumber(), installment: smallest.toNumber(), maximum: Math.max(1, most) },
    };
  }
  return undefined;
}

/** What a card's stored JSON holds (number masked to its last four digits). */
export type StoredCard = Partial<
  Record<
    | "brand"
    | "holder"
    | "number"
    | "expiration_month"
    | "expiration_year"
    | "nsu"
    | "tid"
    | "created_by"
    | "created_at"
    | "updated_by"
    | "updated_at",
    string | null
  >
>;

/** Payment types paid online (a receivable of one is marked `has_online_payment`). */
const ONLINE_TYPES: ReadonlySet<string> = new Set(["CREDIT_CARD", "DEBIT_CARD", "PIX"]);

/** A payment to be received: its amount in installments of its method; a sale's is linked to its payment, card and gateway. */
export interface PaymentToReceive {
  amount: Money;
  installments: number;
  method: Pick<InstallmentMethod, "condition" | "installments"> & { type: string | null };
  salePaymentId?: string;
  card?: StoredCard | null;
  /** A gateway captures it (a sale's card payment). */
  gateway?: boolean;
}

export type ReceivablesWrite =
  /** One receivable per installment of each payment (an order's at invoicing, a sale's), due from `base`. */
  | {
      kind: "payments";
      partner: { id: string; name: string };
      orderId: string | null;
      saleId?: string | null;
      statusId: string;
      base: Date;
      payments: readonly PaymentToReceive[];
    }
  /** One receivable as POST /financials sends it, with its attachments. */
  | { kind: "manual"; row: Prisma.FinancialUncheckedCreateInput; attachments: readonly string[] };

/**
 * Writes receivables, in the caller's transaction: every financial record of the tree is
 * created here. Answers their ids (in installment order); announcing them (audit, events)
 * is the caller's, from the records as it reads them.
 */
export async function writeReceivables(db: Db, write: ReceivablesWrite): Promise<string[]> {
  if (write.kind === "manual") {
    const { id } = await db.financial.create({ data: write.row, select: { id: true } });
    if (write.attachments.length > 0) {
      await db.financialAttachment.createMany({
        data: write.attachments.map((file_id, position) => ({ organization_id: db.$organizationId, financial_id: id, file_id, position })),
      });
    }
    return [id];
  }
  const rows = write.payments.flatMap((payment) =>
    receivablesOf(payment.amount, payment.installments, write.base, rulesOf(payment.method)).map(
      (receivable): Prisma.FinancialCreateManyInput & { id: string } => ({
        id: randomUUID(),
        organization_id: db.$organizationId,
        partner_id: write.partner.id,
        order_id: write.orderId,
        sale_id: write.saleId ?? null,
        sale_payment_id: payment.salePaymentId ?? null,
        installment: receivable.installment,
        status_id: write.statusId,
        type: payment.method.type,
        value: receivable.value.toFixed(2),
        due_date: receivable.due_date,
        has_online_payment: payment.method.type !== null && ONLINE_TYPES.has(payment.method.type),
        has_payment_gateway: payment.gateway ?? false,
        ...(payment.card ? { card: payment.card } : {}),
        search_text: searchText([write.partner.name, payment.method.type]),
      }),
    ),
  );
  if (rows.length > 0) await db.financial.createMany({ data: rows });
  return rows.map((row) => row.id);
}
