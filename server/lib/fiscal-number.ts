import { z } from "zod";

/**
 * Brazilian fiscal registration numbers: CPF (people, 11 digits) and CNPJ (companies,
 * 14 digits), checked by their two check digits (modulo 11). Isomorphic: the API's
 * write schemas and the panel's forms use the same functions.
 */

export type FiscalKind = "CPF" | "CNPJ";

const CPF_LENGTH = 11;
const CNPJ_LENGTH = 14;
const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Only the digits: "123.456.789-09" → "12345678909". */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

/** The check digit of `digits` with the last `digits.length` weights of the table (modulo 11). */
function checkDigit(digits: string, weights: readonly number[]): number {
  const used = weights.slice(weights.length - digits.length);
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * used[index]!, 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** The base followed by its two check digits (base: 9 digits for a CPF, 12 for a CNPJ). */
function withCheckDigits(base: string, weights: readonly number[]): string {
  const first = base + checkDigit(base, weights);
  return first + checkDigit(first, weights);
}

function hasValidCheckDigits(digits: string, length: number, weights: readonly number[]): boolean {
  if (digits.length !== length || !/^\d+$/.test(digits)) return false;
  // 000.000.000-00, 111.111.111-11, ... pass the arithmetic but are not real numbers.
  if (/^(\d)\1+$/.test(digits)) return false;
  return withCheckDigits(digits.slice(0, length - 2), weights) === digits;
}

/** A valid CPF, masked or not. */
export function isValidCpf(value: string): boolean {
  return hasValidCheckDigits(digitsOnly(value), CPF_LENGTH, CPF_WEIGHTS);
}

/** A valid CNPJ, masked or not. */
export function isValidCnpj(value: string): boolean {
  return hasValidCheckDigits(digitsOnly(value), CNPJ_LENGTH, CNPJ_WEIGHTS);
}

/** Which kind of number this is when valid, else null. */
export function fiscalKind(value: string): FiscalKind | null {
  if (isValidCpf(value)) return "CPF";
  if (isValidCnpj(value)) return "CNPJ";
  return null;
}

/** A valid CPF or CNPJ, masked or not. */
export function isValidFiscalNumber(value: string, kinds: readonly FiscalKind[] = ["CPF", "CNPJ"]): boolean {
  const kind = fiscalKind(value);
  return kind !== null && kinds.includes(kind);
}

/** A CPF from its first 9 digits (test and demo data). */
export function completeCpf(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new Error("A CPF base has 9 digits");
  return withCheckDigits(base, CPF_WEIGHTS);
}

/** A CNPJ from its first 12 digits: 8 of the company root and 4 of the branch (test and demo data). */
export function completeCnpj(base: string): string {
  if (!/^\d{12}$/.test(base)) throw new Error("A CNPJ base has 12 digits");
  return withCheckDigits(base, CNPJ_WEIGHTS);
}

/** Applies a mask such as "###.###.###-##" to as many digits as there are. */
function applyMask(digits: string, mask: string): string {
  let result = "";
  let next = 0;
  for (const symbol of mask) {
    if (next >= digits.length) break;
    if (symbol === "#") result += digits[next++];
    else result += symbol;
  }
  return result;
}

const CPF_MASK = "###.###.###-##";
const CNPJ_MASK = "##.###.###/####-##";

/**
 * The number as people write it: 123.456.789-09 or 12.345.678/0001-95. Anything that
 * is not 11 or 14 digits is answered as given.
 */
export function formatFiscalNumber(value: string | null | undefined): string {
  if (!value) return "";
  const digits = digitsOnly(value);
  if (digits.length === CPF_LENGTH) return applyMask(digits, CPF_MASK);
  if (digits.length === CNPJ_LENGTH) return applyMask(digits, CNPJ_MASK);
  return value;
}

/**
 * The mask while typing: a CPF up to 11 digits, a CNPJ from the 12th (at most 14
 * digits are kept; `kinds` of only CNPJ masks as a CNPJ from the start).
 */
export function maskFiscalInput(value: string, kinds: readonly FiscalKind[] = ["CPF", "CNPJ"]): string {
  const digits = digitsOnly(value).slice(0, CNPJ_LENGTH);
  if (digits.length === 0) return "";
  const asCnpj = !kinds.includes("CPF") || digits.length > CPF_LENGTH;
  return applyMask(digits, asCnpj ? CNPJ_MASK : CPF_MASK);
}

/** Digits and the usual mask characters only: "12.345.678/0001-95", "12345678909". */
const MASKED = /^[\d.\-/\s]+$/;

function invalidMessage(kinds: readonly FiscalKind[]): string {
  return kinds.length === 1 ? `must be a valid ${kinds[0]}` : `must be a valid ${kinds.join(" or ")}`;
}

/**
 * A required fiscal number field: accepts it masked or as digits, checks the check
 * digits, answers the digits only (what is stored).
 */
export function fiscalNumberField(kinds: readonly FiscalKind[] = ["CPF", "CNPJ"]) {
  return (
    z
      .string({ message: "is required" })
      .trim()
      .min(1, { message: "is required", abort: true })
      .refine((value) => MASKED.test(value) && isValidFiscalNumber(value, kinds), {
        message: invalidMessage(kinds),
        params: { code: "invalid_fiscal_number", kinds },
      })
      // Digits, with or without the mask (the check digits are the server's to check).
      .meta({ override: { pattern: "^[\\d.\\-/\\s]*\\d[\\d.\\-/\\s]*$" } })
      .transform(digitsOnly)
  );
}

/** An optional fiscal number field: empty, null or absent is null; otherwise as `fiscalNumberField`. */
export function optionalFiscalNumberField(kinds: readonly FiscalKind[] = ["CPF", "CNPJ"]) {
  return z
    .string()
    .trim()
    .nullish()
    .refine((value) => !value || (MASKED.test(value) && isValidFiscalNumber(value, kinds)), {
      message: invalidMessage(kinds),
      params: { code: "invalid_fiscal_number", kinds },
    })
    .transform((value) => (value ? digitsOnly(value) : null));
}
