/**
 * Exact decimals on integers (server/lib/exact.ts): read, written, added, multiplied,
 * compared and rounded as decimal.js does it (server/lib/money.ts), where decimal.js keeps
 * every digit.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exact, Exact, EXACT_ZERO, maxExact, sumExact } from "@/server/lib/exact";
import { money, MoneyDecimal } from "@/server/lib/money";

/** A decimal as text: a sign, up to 12 whole digits, up to 6 decimals. */
const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 999_999_999_999n }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([negative, whole, places, fraction]) => {
    const decimals = places === 0 ? "" : `.${String(fraction).padStart(6, "0").slice(0, places)}`;
    return `${negative ? "-" : ""}${whole}${decimals}`;
  });

describe("exact decimals", () => {
  it("reads text, numbers and database numerics, dropping trailing zeros", () => {
    expect(exact("5.0000")).toEqual(new Exact(5n, 0));
    expect(exact("12.50")).toEqual(new Exact(125n, 1));
    expect(exact("-0.010")).toEqual(new Exact(-1n, 2));
    expect(exact(".5")).toEqual(new Exact(5n, 1));
    expect(exact(45.9)).toEqual(new Exact(459n, 1));
    expect(exact(1e21)).toEqual(new Exact(10n ** 21n, 0));
    expect(exact("1e-7")).toEqual(new Exact(1n, 7));
    expect(exact("0.000")).toEqual(new Exact(0n, 0));
    expect(exact(" 7 ")).toEqual(new Exact(7n, 0));
    // Whole numbers read directly: the same as their text, -0 and the largest safe integer too.
    for (const whole of [0, -0, 1, -12, 3_000, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, 1e20])
      expect(exact(whole), String(whole)).toEqual(exact(whole.toString()));
  });

  it("refuses what is not a decimal", () => {
    for (const text of ["", "abc", "1,5", "1.2.3", "--1", "NaN", "Infinity", "."]) expect(() => exact(text), text).toThrow(RangeError);
  });

  it("writes as decimal.js writes", () => {
    expect(new Exact(12345n, 3).toString()).toBe("12.345");
    expect(new Exact(-5n, 3).toString()).toBe("-0.005");
    expect(new Exact(1200n, 2).toString()).toBe("12");
    expect(new Exact(1n, 0).toFixed(2)).toBe("1.00");
    expect(new Exact(-15n, 1).toFixed(2)).toBe("-1.50");
    expect(new Exact(12345n, 3).toFixed(2)).toBe("12.34"); // half-even: 12.345 → 12.34
    expect(new Exact(12355n, 3).toFixed(0)).toBe("12");
  });

  it("agrees with decimal.js on sums, differences, products, percents, comparisons and half-even rounding", () => {
    fc.assert(
      fc.property(decimalText, decimalText, fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 12 }), (a, b, places, parts) => {
        const [x, y] = [exact(a), exact(b)];
        const [dx, dy] = [money(a), money(b)];
        expect(x.toString()).toBe(dx.toString());
        expect(JSON.stringify(x)).toBe(JSON.stringify(dx.toString())); // decimal.js writes a signed zero ("-0") there
        expect(x.plus(y).toString()).toBe(dx.plus(dy).toString());
        expect(x.minus(y).toString()).toBe(dx.minus(dy).toString());
        expect(x.times(y).toString()).toBe(dx.times(dy).toString());
        expect(x.percent(y).toString()).toBe(dx.times(dy).dividedBy(100).toString());
        expect(x.comparedTo(y)).toBe(dx.comparedTo(dy));
        expect(x.isZero()).toBe(dx.isZero());
        expect(x.isNegative()).toBe(dx.isNegative() && !dx.isZero());
        expect(x.roundHalfEven(places).toString()).toBe(dx.toDecimalPlaces(places).toString());
        expect(x.dividedToPlaces(parts, 2).toString()).toBe(dx.dividedBy(parts).toDecimalPlaces(2).toString());
        if (!y.isZero()) expect(x.dividedToPlaces(y, places).toString()).toBe(dx.dividedBy(dy).toDecimalPlaces(places).toString());
        expect(x.lessThanOrEqualTo(y)).toBe(dx.lessThanOrEqualTo(dy));
        expect(maxExact(x, y).toString()).toBe(MoneyDecimal.max(dx, dy).toString());
        expect(sumExact([x, y, x]).toString()).toBe(dx.plus(dy).plus(dx).toString());
        // decimal.js has a negative zero (-0.001 rounded); an exact zero has no sign.
        expect(x.toNumber()).toBe(dx.toNumber() || 0);
        expect(x.roundHalfEven(places).toNumber()).toBe(dx.toDecimalPlaces(places).toNumber() || 0);
      }),
      { numRuns: 2_000 },
    );
  });

  it("rounds ties to the even cent, either sign", () => {
    expect(exact("0.125").roundHalfEven(2).toString()).toBe("0.12");
    expect(exact("0.135").roundHalfEven(2).toString()).toBe("0.14");
    expect(exact("-0.125").roundHalfEven(2).toString()).toBe("-0.12");
    expect(exact("-0.1251").roundHalfEven(2).toString()).toBe("-0.13");
    expect(exact("10").dividedToPlaces(4, 2).toString()).toBe("2.5");
    expect(exact("0.1").dividedToPlaces(4, 2).toString()).toBe("0.02"); // 0.025 → 0.02
    expect(exact("1").dividedToPlaces(exact("-8"), 2).toString()).toBe("-0.12"); // -0.125 → -0.12
    expect(exact("-3").dividedToPlaces(exact("0.8"), 0).toString()).toBe("-4"); // -3.75 → -4
    expect(() => exact("1").dividedToPlaces(EXACT_ZERO)).toThrow(RangeError);
  });
});
