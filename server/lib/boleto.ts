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

/** The four modulo-10 or modulo-11 blocks of a collection boleto's linha digitável check with. */
function collectionBlockDigit(barCode: string): (block: string) => number {
  const reference = barCode[2];
  return reference === "8" || reference === "9" ? collectionModulo11Digit : modulo10;
}

/**
 * The linha digitável of a 44-digit bar code: 47 digits for a bank boleto (three fields of
 * the bar code with a modulo-10 check digit each, the general check digit, due factor and
 * value), 48 for a collection one (four blocks of 11 digits, each with its check digit).
 */
export function digitableLineOf(barCode: string): string {
  if (barCode.startsWith("8")) {
    const digit = collectionBlockDigit(barCode);
    return [0, 11, 22, 33]
      .map((start) => barCode.slice(start, start + 11))
      .map((block) => `${block}${digit(block)}`)
      .join("");
  }
  const fields = [barCode.slice(0, 4) + barCode.slice(19, 24), barCode.slice(24, 34), barCode.slice(34, 44)];
  return fields.map((field) => `${field}${modulo10(field)}`).join("") + barCode[4] + barCode.slice(5, 19);
}

/** A linha digitável as it is printed: "10492.00650 61000.100042 00997.263900 9 89810000021403" (bank) or four "…-D" blocks (collection). */
export function formatDigitableLine(line: string): string {
  if (line.length === 48) return [0, 12, 24, 36].map((start) => `${line.slice(start, start + 11)}-${line[start + 11]}`).join(" ");
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
}

/**
 * The 44-digit bar code (what the bars encode, in Interleaved 2 of 5) and the linha
 * digitável of a stored boleto code (a valid bar code or bank linha digitável, digits only).
 */
export function boletoCodesOf(code: string): { barCode: string; digitableLine: string } {
  const digits = digitsOf(code);
  if (digits.length === 47) return { barCode: barCodeOfLine(digits), digitableLine: digits };
  return { barCode: digits, digitableLine: digitableLineOf(digits) };
}

/** The code as stored: digits only. */
export function normalizeBoletoCode(code: string): string {
  return digitsOf(code);
}
