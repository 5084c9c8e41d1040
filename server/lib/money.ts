import Decimal from "decimal.js";
import { z } from "zod";

/**
 * Money, the one way (contract §7–8; style §8): amounts are decimals from the moment
 * they arrive to the moment they leave, never floats in between; arithmetic keeps every
 * digit, and an amount is rounded once, at the end, half-even (banker's rounding) to
 * cents. JSON carries numbers (the interface says number): `money()` reads one exactly as
 * written, `toJsonNumber()` writes one back.
 */
export const MoneyDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
export type Money = InstanceType<typeof MoneyDecimal>;

/** A decimal from a JSON number (as written: 45.9 is 45.9), a string, or a database Decimal. */
export function money(value: Decimal.Value | { toString(): string }): Money {
  return new MoneyDecimal(typeof value === "number" ? value.toString() : typeof value === "string" ? value : value.toString());
}

export const ZERO: Money = new MoneyDecimal(0);

/** Rounds once, at the end: half-even to `places` (cents by default). */
export function roundMoney(value: Money, places = 2): Money {
  return value.toDecimalPlaces(places, MoneyDecimal.ROUND_HALF_EVEN);
}

export function sumMoney(values: Iterable<Money>): Money {
  let total = ZERO;
  for (const value of values) total = total.plus(value);
  return total;
}

const HUNDREDTH = new MoneyDecimal("0.01");

/**
 * Each percent's fraction (percent × 0.01, exact), kept while the percent lives: a rule's
 * rates are read once and weighed on every calculation, one multiplication instead of two.
 */
const fractions = new WeakMap<Money, Money>();

/** `percent` % of `value`, unrounded: `value` × (`percent` × 0.01), both exact products. */
export function percentOf(value: Money, percent: Money): Money {
  let fraction = fractions.get(percent);
  if (fraction === undefined) {
    fraction = percent.times(HUNDREDTH);
    fractions.set(percent, fraction);
  }
  return value.times(fraction);
}

/** Whether two amounts agree within `tolerance` (contract §7 checks totals within 0.01). */
export function sameAmount(a: Money, b: Money, tolerance = "0.01"): boolean {
  return a.minus(b).abs().lessThanOrEqualTo(tolerance);
}

/**
 * `total` (cents) split into `parts` amounts that add up to it exactly: each part is the
 * even share rounded down to the cent, the last absorbs the rest (receivables, contract §7),
 * so no part is ever negative and the last is never below the others (0.10 in 12 is eleven
 * 0.00 and one 0.10: a split the receivables refuse, server/finance/receivables.ts).
 */
export function splitEvenly(total: Money, parts: number): Money[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError("parts must be a positive integer");
  const share = total.dividedBy(parts).toDecimalPlaces(2, MoneyDecimal.ROUND_DOWN);
  const shares = Array.from({ length: parts - 1 }, () => share);
  return [...shares, total.minus(share.times(parts - 1))];
}

/** A rounded amount as the JSON number the interface answers (null stays null). */
export function toJsonNumber(value: Money | { toString(): string } | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Number(value.toString());
}

/**
 * Decimal places of a JSON number as written (45.90 arrives as 45.9: one place). Read from
 * the number's shortest text (no trailing zeros), without a decimal object: every amount
 * and quantity of a request is checked so. Exponent forms (1e-7, 1.5e+21) go to decimal.js.
 */
export function decimalPlaces(value: number): number {
  const text = value.toString();
  if (text.includes("e")) return new MoneyDecimal(text).decimalPlaces();
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * A money field of a request: a finite, non-negative number with at most two decimals
 * (what the panel shows is what is stored: nothing rounded silently), up to a trillion.
 */
export const moneyInput = z
  .number({ message: "must be a number" })
  .finite("must be a finite number")
  .min(0, "must not be negative")
  .max(1_000_000_000_000, "is too large")
  .refine((value) => decimalPlaces(value) <= 2, { message: "must have at most 2 decimal places", params: { maximumDecimals: 2 } })
  .meta({ override: { multipleOf: 0.01 } });

/** A quantity priced or taxed (a price calculation's, a tax calculation's): greater than 0, at most 4 decimals. */
export const pricedQuantity = z
  .number({ message: "is required (a number)" })
  .finite("must be a finite number")
  .gt(0, "must be greater than 0")
  .max(1_000_000_000, "is too large")
  .refine((value) => decimalPlaces(value) <= 4, { message: "must have at most 4 decimal places", params: { maximumDecimals: 4 } })
  .meta({ override: { multipleOf: 0.0001 } });

/** A percentage field: between `min` and `max`, at most four decimals. */
export const percentInput = (min = -100, max = 1000) =>
  z
    .number({ message: "must be a number" })
    .finite("must be a finite number")
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .refine((value) => decimalPlaces(value) <= 4, { message: "must have at most 4 decimal places", params: { maximumDecimals: 4 } })
    .meta({ override: { multipleOf: 0.0001 } });
