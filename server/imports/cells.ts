/**
 * Spreadsheet cells as staff export them (contract §14): headers in Portuguese or English
 * (case and accents ignored), numbers as `1.234,56` or `1234.56`, yes/no as Sim/Não or
 * true/false, dates as dd/mm/aaaa or ISO, identifiers with or without their masks. Each
 * reader answers the value or a reason it is not one; the REST schema then checks it as
 * it checks a JSON body.
 */

/** A header or a name as compared: no accents, lower case, single spaces. */
export function comparable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

export type Cell<T> = { value: T } | { problem: { code: string; message: string } };

const problem = (code: string, message: string) => ({ problem: { code, message } });

/**
 * A decimal number as typed: `1.234,56`, `1234,56`, `1234.56`, `1,234.56`, `R$ 10,00`, `-3`.
 * The last of `,` and `.` is the decimal mark when the other comes before it; a lone
 * separator followed by exactly three digits in a group pattern (`1.234`) is a thousands mark.
 * Answered as the text of the number (`"1234.56"`), never through a float.
 */
export function decimalText(raw: string): Cell<string> {
  let text = raw.replace(/^R\$\s*/i, "").replace(/\s/g, "");
  const negative = /^-/.test(text);
  if (negative) text = text.slice(1);
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return problem("invalid_number", "must be a number (e.g. 1.234,56 or 1234.56)");
  const lastComma = text.lastIndexOf(",");
  const lastDot = text.lastIndexOf(".");
  let integer: string;
  let fraction = "";
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? "," : ".";
    const thousands = decimal === "," ? "." : ",";
    const [whole, part, ...rest] = text.split(decimal);
    if (rest.length > 0 || part === undefined) return problem("invalid_number", "must be a number (e.g. 1.234,56 or 1234.56)");
    if (!new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})*$`).test(whole ?? "")) {
      return problem("invalid_number", "must be a number (e.g. 1.234,56 or 1234.56)");
    }
    integer = (whole ?? "").split(thousands).join("");
    fraction = part;
  } else if (lastComma >= 0 || lastDot >= 0) {
    const separator = lastComma >= 0 ? "," : ".";
    const parts = text.split(separator);
    if (parts.length > 2) {
      // 1.234.567: thousands marks only.
      if (!parts.slice(1).every((part) => part.length === 3) || !/^\d{1,3}$/.test(parts[0] ?? "")) {
        return problem("invalid_number", "must be a number (e.g. 1.234,56 or 1234.56)");
      }
      integer = parts.join("");
    } else {
      // One separator: the decimal mark (1234,56 and 1234.56 alike). "1.234" is read as 1.234, so a price
      // typed that way is refused for its decimals rather than silently read as a thousand.
      integer = parts[0] ?? "";
      fraction = parts[1] ?? "";
    }
  } else {
    integer = text;
  }
  if (integer === "") integer = "0";
  if (!/^\d+$/.test(integer) || !/^\d*$/.test(fraction)) return problem("invalid_number", "must be a number (e.g. 1.234,56 or 1234.56)");
  integer = integer.replace(/^0+(?=\d)/, "");
  fraction = fraction.replace(/0+$/, "");
  if (integer.length > 15) return problem("invalid_number", "is too large");
  const body = fraction ? `${integer}.${fraction}` : integer;
  return { value: negative && body !== "0" ? `-${body}` : body };
}

/** A number for a JSON body (the REST schema checks its decimals and range): from its exact text. */
export function numberCell(raw: string): Cell<number> {
  const text = decimalText(raw);
  return "problem" in text ? text : { value: Number(text.value) };
}

const YES = new Set(["sim", "s", "yes", "y", "true", "verdadeiro", "1", "ativo", "x"]);
const NO = new Set(["nao", "n", "no", "false", "falso", "0", "inativo"]);

export function booleanCell(raw: string): Cell<boolean> {
  const text = comparable(raw);
  if (YES.has(text)) return { value: true };
  if (NO.has(text)) return { value: false };
  return problem("invalid_boolean", "must be Sim or Não (true or false)");
}

/** A date as dd/mm/aaaa or ISO (aaaa-mm-dd), answered as aaaa-mm-dd. */
export function dateCell(raw: string): Cell<string> {
  const text = raw.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  const [year, month, day] = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return problem("invalid_date", "must be a date as dd/mm/aaaa");
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) {
    return problem("invalid_date", "is not a date of the calendar");
  }
  return { value: `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}` };
}

/** An identifier typed with or without its mask (CNPJ, CPF, CEP, NCM, CEST): its digits. */
export function digitsOf(raw: string): string {
  return raw.replace(/\D/g, "");
}
