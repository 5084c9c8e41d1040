/**
 * Brazilian boleto codes (contract §7 "Financial records"): the 44-digit bar code and the
 * 47-digit linha digitável of a bank boleto, and the 44-digit bar code of a collection
 * (arrecadação, first digit 8) boleto, each with its check digits verified.
 *
 * Bank bar code: bank (3) · currency (1) · general check digit (1, modulo 11) · due factor
 * (4) · value (10) · free field (25). Its linha digitável is three fields of the bar code,
 * each with a modulo-10 check digit, then the general check digit, due factor and value.
 */

const digitsOf = (text: string) => text.replace(/[\s.\-]/g, "");

/** Modulo 10 (weights 2,1,2,1… from the right; products above 9 add their digits). */
export function modulo10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let index = digits.length - 1; index >= 0; index--) {
    const product = Number(digits[index]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** The modulo-11 sum with weights 2..9 from the right. */
function modulo11Sum(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let index = digits.length - 1; index >= 0; index--) {
    sum += Number(digits[index]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum;
}

/** The general check digit of a bank bar code: 11 − (sum mod 11); 0, 10 and 11 become 1. */
export function bankBarCodeDigit(digits43: string): number {
  const digit = 11 - (modulo11Sum(digits43) % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

/** The check digit of a collection bar code computed by modulo 11: 0, 10 and 11 become 0 (1 for 10 with some issuers is not used). */
function collectionModulo11Digit(digits43: string): number {
  const rest = modulo11Sum(digits43) % 11;
  return rest === 0 || rest === 1 ? 0 : 11 - rest;
}

function isValidBankBarCode(code: string): boolean {
  return /^\d{44}$/.test(code) && Number(code[4]) === bankBarCodeDigit(code.slice(0, 4) + code.slice(5));
}

function isValidCollectionBarCode(code: string): boolean {
  if (!/^8\d{43}$/.test(code)) return false;
  const reference = code[2];
  const rest = code.slice(0, 3) + code.slice(4);
  if (reference === "6" || reference === "7") return Number(code[3]) === modulo10(rest);
  if (reference === "8" || reference === "9") return Number(code[3]) === collectionModulo11Digit(rest);
  return false;
}

/** The bank bar code a linha digitável stands for (its field check digits are not verified here). */
export function barCodeOfLine(line: string): string {
  return line.slice(0, 4) + line[32] + line.slice(33, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);
}

function isValidDigitableLine(line: string): boolean {
  if (!/^\d{47}$/.test(line)) return false;
  const fields: Array<[string, string | undefined]> = [
    [line.slice(0, 9), line[9]],
    [line.slice(10, 20), line[20]],
    [line.slice(21, 31), line[31]],
  ];
  return fields.every(([field, digit]) => modulo10(field) === Number(digit)) && isValidBankBarCode(barCodeOfLine(line));
}

/**
 * Whether `code` is a boleto bar code (44 digits: bank, or collection when it starts with
 * 8) or a bank linha digitável (47 digits) whose check digits hold. Spaces, dots and
 * hyphens (as the line is usually printed) are ignored.
 */
export function isValidBoletoCode(code: string): boolean {
  const digits = digitsOf(code);
  if (digits.length === 44) return digits.startsWith("8") ? isValidCollectionBarCode(digits) : isValidBankBarCode(digits);
  if (digits.length === 47) return isValidDigitableLine(digits);
  return false;
}

/** The code as stored: digits only. */
export function normalizeBoletoCode(code: string): string {
  return digitsOf(code);
}
