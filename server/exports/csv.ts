import Papa from "papaparse";

/**
 * CSV the way each audience opens it. `pt-BR`: semicolons and decimal commas (Excel in
 * Brazil), "Sim"/"Não", dates as dd/mm/aaaa hh:mm (São Paulo time); `en`: commas, dots,
 * "Yes"/"No", ISO dates. Both start with a UTF-8 BOM so Excel reads accents, and never
 * let a cell start a formula (=, +, -, @ are escaped: CSV injection).
 */
export type CsvLocale = "pt-BR" | "en";

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const brazilianDateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

export function csvCell(value: unknown, locale: CsvLocale): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return locale === "pt-BR" ? (value ? "Sim" : "Não") : value ? "Yes" : "No";
  if (typeof value === "number") return locale === "pt-BR" ? String(value).replace(".", ",") : String(value);
  if (typeof value === "string") {
    if (locale === "pt-BR" && ISO_DATE_TIME.test(value)) {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) return brazilianDateTime.format(date).replace(",", "");
    }
    return value;
  }
  return JSON.stringify(value);
}

export function csvLines(rows: string[][], locale: CsvLocale): string {
  return `${Papa.unparse(rows, { delimiter: locale === "pt-BR" ? ";" : ",", newline: "\r\n", escapeFormulae: true, quotes: false })}\r\n`;
}

export const BOM = "\uFEFF";
