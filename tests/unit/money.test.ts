import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decimalPlaces,
  money,
  MoneyDecimal,
  moneyInput,
  percentOf,
  roundMoney,
  sameAmount,
  splitEvenly,
  sumMoney,
  toJsonNumber,
} from "@/server/lib/money";

describe("money", () => {
  it("keeps decimals exact: 0.1 + 0.2 is 0.3", () => {
    expect(money(0.1).plus(money(0.2)).toString()).toBe("0.3");
    expect(sumMoney([money("19.99"), money("0.01"), money(80)]).toString()).toBe("100");
  });

  it("rounds half-even, once, at the end", () => {
    expect(roundMoney(money("2.345")).toString()).toBe("2.34");
    expect(roundMoney(money("2.355")).toString()).toBe("2.36");
    expect(roundMoney(money("0.125")).toString()).toBe("0.12");
    expect(roundMoney(money("-0.125")).toString()).toBe("-0.12");
    // Rounding each step would give 0.02; the exact product rounds to 0.01.
    const exact = percentOf(money("0.125"), money(10)).times(1);
    expect(roundMoney(exact).toString()).toBe("0.01");
  });

  it("splits into parts that add up exactly, the last absorbing the rest: never negative, never below the others", () => {
    expect(splitEvenly(money(100), 3).map(String)).toEqual(["33.33", "33.33", "33.34"]);
    expect(splitEvenly(money("0.10"), 12).map(String)).toEqual([...Array.from({ length: 11 }, () => "0"), "0.1"]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), fc.integer({ min: 1, max: 240 }), (cents, parts) => {
        const total = money(cents).dividedBy(100);
        const shares = splitEvenly(total, parts);
        expect(shares).toHaveLength(parts);
        expect(sumMoney(shares).equals(total)).toBe(true);
        const last = shares.at(-1)!;
        for (const share of shares) {
          expect(share.decimalPlaces()).toBeLessThanOrEqual(2);
          expect(share.isNegative()).toBe(false);
          expect(share.lessThanOrEqualTo(last)).toBe(true);
        }
      }),
    );
  });

  it("compares totals within a tolerance and writes JSON numbers", () => {
    expect(sameAmount(money("10.00"), money("10.01"))).toBe(true);
    expect(sameAmount(money("10.00"), money("10.02"))).toBe(false);
    expect(toJsonNumber(money("45.90"))).toBe(45.9);
    expect(toJsonNumber(null)).toBeNull();
  });

  it("takes money input with at most two decimals, finite and not negative, never silently rounded", () => {
    for (const value of [0, 45.9, 1234.56, 0.01, 1_000_000_000_000]) expect(moneyInput.safeParse(value).success, String(value)).toBe(true);
    for (const value of [45.999, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e13, "12"])
      expect(moneyInput.safeParse(value).success, String(value)).toBe(false);
    expect(decimalPlaces(45.9)).toBe(1);
    expect(decimalPlaces(0.1 + 0.2)).toBe(17);
    // As decimal.js counts them, exponent forms and all.
    for (const value of [0, -0, 12, -3.25, 1e-7, 1.5e-10, 1e21, 1.25e21, 123456789.0001, -0.000001, Number.MAX_VALUE, Number.MIN_VALUE])
      expect(decimalPlaces(value), String(value)).toBe(new MoneyDecimal(value.toString()).decimalPlaces());
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(decimalPlaces(value)).toBe(new MoneyDecimal(value.toString()).decimalPlaces());
      }),
      { numRuns: 5_000 },
    );
  });
});
