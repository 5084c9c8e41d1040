/**
 * Exact decimals on integers, for hot arithmetic (the price engine: issue 45). A value is
 * `n × 10⁻ˢ` with `n` a bigint and `s` ≥ 0 its scale: sums align scales, products add
 * them, nothing is ever rounded but by `roundHalfEven`, and nothing is a float. It is
 * exact where `decimal.js` (server/lib/money.ts) keeps 40 significant digits, and several
 * times faster: a bigint of a few words multiplies without allocating digit arrays.
 * Values enter from text (`exact("12.50")`, a JSON number as written, a database numeric)
 * and leave as text or a JSON number; the methods a caller uses read like decimal.js's.
 */
export class Exact {
  constructor(
    /** The digits: the value times 10^scale. */
    readonly n: bigint,
    /** How many of the digits are decimals (≥ 0). */
    readonly scale: number,
  ) {}

  plus(other: Exact): Exact {
    if (this.scale === other.scale) return new Exact(this.n + other.n, this.scale);
    return this.scale > other.scale
      ? new Exact(this.n + other.n * pow10(this.scale - other.scale), this.scale)
      : new Exact(this.n * pow10(other.scale - this.scale) + other.n, other.scale);
  }

  minus(other: Exact): Exact {
    if (this.scale === other.scale) return new Exact(this.n - other.n, this.scale);
    return this.scale > other.scale
      ? new Exact(this.n - other.n * pow10(this.scale - other.scale), this.scale)
      : new Exact(this.n * pow10(other.scale - this.scale) - other.n, other.scale);
  }

  times(other: Exact): Exact {
    return new Exact(this.n * other.n, this.scale + other.scale);
  }

  /** `percent` % of this value (this × percent × 0.01), exact. */
  percent(percent: Exact): Exact {
    return new Exact(this.n * percent.n, this.scale + percent.scale + 2);
  }

  /** -1, 0 or 1 as this value is below, equal to or above `other`. */
  comparedTo(other: Exact): -1 | 0 | 1 {
    let a = this.n;
    let b = other.n;
    if (this.scale > other.scale) b *= pow10(this.scale - other.scale);
    else if (this.scale < other.scale) a *= pow10(other.scale - this.scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  greaterThan(other: Exact): boolean {
    return this.comparedTo(other) > 0;
  }

  lessThan(other: Exact): boolean {
    return this.comparedTo(other) < 0;
  }

  lessThanOrEqualTo(other: Exact): boolean {
    return this.comparedTo(other) <= 0;
  }

  greaterThanOrEqualTo(other: Exact): boolean {
    return this.comparedTo(other) >= 0;
  }

  equals(other: Exact): boolean {
    return this.comparedTo(other) === 0;
  }

  isZero(): boolean {
    return this.n === 0n;
  }

  isNegative(): boolean {
    return this.n < 0n;
  }

  /** Rounded half-even (banker's rounding) to `places` decimals (cents by default): the one rounding. */
  roundHalfEven(places = 2): Exact {
    if (this.scale <= places) return this;
    return new Exact(divideHalfEven(this.n, pow10(this.scale - places)), places);
  }

  /**
   * This value divided by a nonzero integer or exact decimal, rounded half-even to `places`
   * decimals: the exact quotient rounded once (a zero divisor throws a RangeError).
   */
  dividedToPlaces(divisor: number | Exact, places = 2): Exact {
    const by = typeof divisor === "number" ? new Exact(BigInt(divisor), 0) : divisor;
    if (by.n === 0n) throw new RangeError("division by zero");
    // (n₁·10^-s₁) / (n₂·10^-s₂) · 10^places = n₁·10^(s₂ + places − s₁) / n₂
    const shift = by.scale + places - this.scale;
    let numerator = shift >= 0 ? this.n * pow10(shift) : this.n;
    let denominator = shift >= 0 ? by.n : by.n * pow10(-shift);
    if (denominator < 0n) {
      numerator = -numerator;
      denominator = -denominator;
    }
    return new Exact(divideHalfEven(numerator, denominator), places);
  }

  /** The value as decimal.js writes it: no trailing zeros; an exponent from 10²¹ up and 10⁻⁷ down. */
  toString(): string {
    let { n, scale } = this;
    while (scale > 0 && n % 10n === 0n) {
      n /= 10n;
      scale -= 1;
    }
    const negative = n < 0n;
    const sign = negative ? "-" : "";
    const digits = (negative ? -n : n).toString();
    const exponent = digits.length - 1 - scale;
    if (n !== 0n && (exponent >= 21 || exponent <= -7)) {
      const significant = digits.replace(/0+$/, "");
      const mantissa = significant.length > 1 ? `${significant[0]}.${significant.slice(1)}` : significant;
      return `${sign}${mantissa}e${exponent < 0 ? "-" : "+"}${Math.abs(exponent)}`;
    }
    if (scale === 0) return `${sign}${digits}`;
    const padded = digits.padStart(scale + 1, "0");
    return `${sign}${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`;
  }

  /** JSON.stringify writes the value's text, as decimal.js does (a bigint alone it cannot write; no signed zero here). */
  toJSON(): string {
    return this.toString();
  }

  /**
   * The JSON number of this value: its nearest double, as `Number("…")` reads the text. Where
   * the digits and the power of ten are both exact doubles, one division is that same
   * nearest double (IEEE division rounds the exact quotient once) without writing the text.
   */
  toNumber(): number {
    if (this.scale <= 22 && this.n < SAFE && this.n > -SAFE) return Number(this.n) / TENS[this.scale]!;
    return Number(this.toString());
  }

  /** Fixed `places` decimals, rounded half-even (for a database numeric). */
  toFixed(places: number): string {
    const rounded = this.roundHalfEven(places);
    const n = rounded.n * pow10(places - rounded.scale);
    const negative = n < 0n;
    const digits = (negative ? -n : n).toString().padStart(places + 1, "0");
    const whole = digits.slice(0, digits.length - places);
    return `${negative ? "-" : ""}${places === 0 ? whole : `${whole}.${digits.slice(digits.length - places)}`}`;
  }
}

const POWERS: bigint[] = [1n];
/** 2^53: below it a bigint is an exact double. */
const SAFE = 2n ** 53n;
/** 10^0 … 10^22, each an exact double (written as literals: no `**` rounding). */
const TENS = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/** 10^k, kept: the scales in use are few. */
function pow10(k: number): bigint {
  while (POWERS.length <= k) POWERS.push(POWERS[POWERS.length - 1]! * 10n);
  return POWERS[k]!;
}

/** numerator / denominator (denominator > 0) rounded half-even to an integer. */
function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  const twice = (magnitude - quotient * denominator) * 2n;
  if (twice > denominator || (twice === denominator && (quotient & 1n) === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

export const EXACT_ZERO = new Exact(0n, 0);

/** The larger of two values (the first when they are equal). */
export const maxExact = (a: Exact, b: Exact): Exact => (b.greaterThan(a) ? b : a);

/** The sum of the values (zero for none). */
export function sumExact(values: Iterable<Exact>): Exact {
  let total = EXACT_ZERO;
  for (const value of values) total = total.plus(value);
  return total;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * An exact decimal from text ("12.50", "-3", "1e-7"), a JSON number (as written: 45.9 is
 * 45.9) or anything whose `toString` is one (a database Decimal, a decimal.js value).
 * Trailing zeros are dropped ("5.0000" is 5, scale 0): scales stay as small as the value.
 */
export function exact(value: string | number | bigint | { toString(): string }): Exact {
  if (typeof value === "bigint") return new Exact(value, 0);
  // A whole JSON number (a quantity, a price in reais) is its own digits: no text to read.
  if (typeof value === "number" && Number.isSafeInteger(value)) return value === 0 ? EXACT_ZERO : new Exact(BigInt(value), 0);
  const text = typeof value === "string" ? value.trim() : value.toString();
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) throw new RangeError(`not a decimal: ${text}`);
  const [, sign, whole = "", fraction = "", exponent] = match;
  let digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, "");
  let scale = fraction.length - (exponent ? Number(exponent) : 0);
  while (scale > 0 && digits.length > 1 && digits.endsWith("0")) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  let n = BigInt(digits || "0");
  if (n === 0n) return EXACT_ZERO;
  if (scale < 0) {
    n *= pow10(-scale);
    scale = 0;
  }
  return new Exact(sign === "-" ? -n : n, scale);
}
