import { money, roundMoney, sumMoney, ZERO, type Money } from "../../lib/money";

/**
 * An order's figures, the one way (contract §7): used by the order writer, by `POST /sales`
 * and by the panel's live totals, so what the panel shows is what is stored. Each line is
 * `unit_value × quantity − discount`, rounded once (half-even, to cents) as it is stored;
 * `order_value` is the sum of the stored lines; `total_value = order_value − discount_value
 * + freight_value`. What a client sends is checked against these within 0.01; what is stored
 * is these, so the stored figures always agree with each other.
 */

/** A number as typed or stored: null, undefined or not finite counts as 0 (a row being typed). */
type Amount = number | string | Money | { toString(): string } | null | undefined;

const amountOf = (value: Amount): Money => {
  if (value === null || value === undefined) return ZERO;
  if (typeof value === "number" && !Number.isFinite(value)) return ZERO;
  return money(value);
};

export interface LineInput {
  unit_value?: Amount;
  quantity?: Amount;
  discount?: Amount;
}

/** A line before rounding: `unit_value × quantity − discount` (negative when the discount is too big). */
export function exactLine(line: LineInput): Money {
  return amountOf(line.unit_value).times(amountOf(line.quantity)).minus(amountOf(line.discount));
}

/** A line as stored: the exact line rounded once. */
export function lineTotal(line: LineInput): Money {
  return roundMoney(exactLine(line));
}

export interface OrderFigures {
  /** Each line as stored. */
  lines: Money[];
  /** The lines added up (order_value). */
  order: Money;
  /** order − discount + freight (total_value). */
  total: Money;
}

/** The figures of an order from its lines, its discount and its freight. */
export function orderFigures(input: {
  items: ReadonlyArray<LineInput | undefined>;
  discount_value?: Amount;
  freight_value?: Amount;
}): OrderFigures {
  const lines = input.items.map((item) => lineTotal(item ?? {}));
  const order = sumMoney(lines);
  return { lines, order, total: order.minus(amountOf(input.discount_value)).plus(amountOf(input.freight_value)) };
}

/**
 * Payment amounts that add up to `total` exactly: the amounts sent, the last one taking
 * the difference (at most the 0.01 a client's figures may be off, contract §7), so the
 * stored payments and the receivables made from them add up to the stored total.
 */
export function settledPayments(amounts: readonly Money[], total: Money): Money[] {
  if (amounts.length === 0) return [];
  const difference = total.minus(sumMoney(amounts));
  return amounts.map((amount, index) => (index === amounts.length - 1 ? amount.plus(difference) : amount));
}

/**
 * An order-level amount (its discount; contract §12 its freight, insurance and other charges
 * too) spread over its lines in proportion to their values, each share rounded half-even to
 * cents and the last line taking what the rounding left, so the shares add up to the amount.
 * Lines that add up to nothing share it evenly.
 */
export function spreadOverLines(amount: Money, lines: readonly Money[]): Money[] {
  if (lines.length === 0) return [];
  const whole = sumMoney(lines);
  const shares = lines.map((line, index) => {
    if (index === lines.length - 1) return ZERO;
    return roundMoney(whole.isZero() ? amount.div(lines.length) : amount.times(line).div(whole));
  });
  shares[lines.length - 1] = amount.minus(sumMoney(shares));
  return shares;
}
