import { splitEvenly, type Money } from "../../lib/money";

/** What of a payment method decides due dates (its stored condition and installments). */
export interface DueDateRules {
  condition: { type?: string; due_date?: { value?: number } | null; subsequent_due_date?: { value?: number } | null } | null;
  installments: Array<{ sequence: number; due_date_delay?: number }>;
}

/** Days between installments when the method's condition names none. */
export const DEFAULT_INSTALLMENT_INTERVAL_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

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

/** One receivable per installment: the amount split evenly (the last absorbs the rounding), each with its due date. */
export function receivablesOf(amount: Money, count: number, base: Date, rules: DueDateRules): Receivable[] {
  const values = splitEvenly(amount, count);
  const dates = installmentDueDates(base, rules, count);
  return values.map((value, index) => ({ installment: index + 1, value, due_date: dates[index] ?? base }));
}

/** The most installments a payment method allows: its installment count, 1 when it lists none. */
export function maxInstallments(rules: DueDateRules): number {
  return Math.max(1, rules.installments.length, ...rules.installments.map((installment) => installment.sequence));
}
