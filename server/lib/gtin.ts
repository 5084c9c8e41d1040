/**
 * GTIN (EAN/UPC) codes: 8, 12, 13 or 14 digits whose last digit is the GS1 check digit
 * (weights 3 and 1 alternating from the right, excluding the check digit itself).
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    const digit = Number(body[body.length - 1 - index]);
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** NCM (Mercosul goods classification): 8 digits, written with or without dots ("8467.21.00"). */
export function normalizeNcm(value: string): string {
  return value.replace(/[.\s]/g, "");
}
