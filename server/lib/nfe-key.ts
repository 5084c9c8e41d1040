/**
 * NF-e access keys (chave de acesso, 44 digits): 43 digits of data then a modulo-11 check
 * digit. Weights 2 to 9 are applied from the rightmost data digit leftwards, repeating; the
 * digit is 11 minus the remainder of the sum by 11, and 0 when the remainder is 0 or 1.
 */

/** The check digit of the first 43 digits of a key. */
export function nfeCheckDigit(first43: string): number {
  if (!/^\d{43}$/.test(first43)) throw new RangeError("an NF-e key's data is 43 digits");
  let sum = 0;
  let weight = 2;
  for (let index = first43.length - 1; index >= 0; index--) {
    sum += Number(first43[index]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** The key as digits only (spaces and dots people paste are dropped). */
export function normalizeNfeKey(key: string): string {
  return key.replace(/[\s.\-/]/g, "");
}

/** Whether `key` (digits only) is 44 digits whose last one checks. */
export function isValidNfeKey(key: string): boolean {
  return /^\d{44}$/.test(key) && nfeCheckDigit(key.slice(0, 43)) === Number(key[43]);
}

/** `key` grouped by four digits, as printed on a DANFE. */
export function formatNfeKey(key: string): string {
  return key.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * A well-formed key for an NF-e an issuer numbered `number` (model 55, series 1) in a month
 * (`yymm`), in São Paulo (UF 35): the demo data's invoices. Real keys come from the SEFAZ.
 */
export function nfeKeyOf(issuerCnpj: string, yymm: string, number: number): string {
  const data = `35${yymm}${issuerCnpj.padStart(14, "0")}55001${String(number).padStart(9, "0")}1${String(number * 7919)
    .padStart(8, "0")
    .slice(-8)}`;
  return data + String(nfeCheckDigit(data));
}
