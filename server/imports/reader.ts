import { Readable } from "node:stream";
import { parse } from "csv-parse";
import ExcelJS from "exceljs";
import iconv from "iconv-lite";

/**
 * A spreadsheet's rows, read as a stream (contract §14): the first worksheet of an `.xlsx`
 * (exceljs's streaming reader), or a CSV in UTF-8 or Windows-1252 with `;`, `,` or tab
 * between cells (told by its header line). Rows come out as text cells with the line a
 * spreadsheet shows them on (the header is line 1); empty rows are skipped. This runs in a
 * worker thread (server/imports/read-file.ts): nothing here touches the database.
 */

export const MAX_ROWS = 100_000;
export const MAX_COLUMNS = 100;
/** Longer cells are cut here (one more than any field takes), so the field's own limit names them. */
export const MAX_CELL = 20_001;

export interface FileRow {
  line: number;
  cells: string[];
}

export type FileFormat = "csv" | "xlsx";
export type FileEncoding = "utf-8" | "windows-1252";

export class ReadProblem extends Error {
  constructor(
    readonly code: "too_many_rows" | "unreadable_file" | "no_header" | "too_many_columns" | "missing_columns" | "repeated_column",
    message: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const cut = (text: string) => (text.length > MAX_CELL ? text.slice(0, MAX_CELL) : text);

/** The delimiter of a CSV's header line: the most frequent of `;`, `,` and tab outside quotes. */
export function delimiterOf(firstLine: string): string {
  const counts = new Map<string, number>([
    [";", 0],
    [",", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ";";
}

async function* decoded(source: AsyncIterable<Buffer>, encoding: FileEncoding): AsyncGenerator<string> {
  if (encoding === "windows-1252") {
    const decoder = iconv.getDecoder("win1252");
    for await (const chunk of source) yield decoder.write(chunk);
    const rest = decoder.end();
    if (rest) yield rest;
    return;
  }
  const decoder = new TextDecoder("utf-8", { ignoreBOM: false });
  for await (const chunk of source) yield decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

async function* csvRows(source: AsyncIterable<Buffer>, encoding: FileEncoding): AsyncGenerator<FileRow> {
  const text = decoded(source, encoding);
  // The delimiter is told by the header line: text is held until its first line break.
  let head = "";
  let first = await text.next();
  while (!first.done) {
    head += first.value;
    if (/\r|\n/.test(head) || head.length > 1_000_000) break;
    first = await text.next();
  }
  const delimiter = delimiterOf(head.split(/\r\n|\n|\r/)[0] ?? "");
  const parser = parse({
    delimiter,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    bom: true,
    max_record_size: 1_000_000,
  });
  const feed = Readable.from(
    (async function* () {
      yield head;
      if (first.done) return;
      for await (const chunk of text) yield chunk;
    })(),
  );
  feed.on("error", (error) => parser.destroy(error));
  feed.pipe(parser);
  let line = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    line++;
    yield { line, cells: record.map(cut) };
  }
}

/** A cell of an `.xlsx` as text: numbers as JavaScript writes them, dates as dd/mm/aaaa, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  }
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("formula" in value || "sharedFormula" in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("error" in value) return "";
  }
  return "";
}

async function* xlsxRows(source: AsyncIterable<Buffer>): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(source), {
    worksheets: "emit",
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    entries: "ignore",
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      if (values.length - 1 > MAX_COLUMNS) {
        throw new ReadProblem("too_many_columns", `The sheet has more than ${MAX_COLUMNS} columns`, { limit: MAX_COLUMNS });
      }
      // values[0] is empty: exceljs numbers cells from 1.
      yield { line: row.number, cells: values.slice(1).map((value) => cut(cellText(value))) };
    }
    // The first worksheet only.
    return;
  }
}

/**
 * The rows of a file, header first, in batches; throws `ReadProblem` beyond the limits
 * (100,000 data rows, 100 columns) or for bytes that are not the format.
 */
export async function* readRows(
  source: AsyncIterable<Buffer>,
  format: FileFormat,
  encoding: FileEncoding,
  batchSize = 250,
): AsyncGenerator<FileRow[]> {
  const rows = format === "xlsx" ? xlsxRows(source) : csvRows(source, encoding);
  let batch: FileRow[] = [];
  let data = 0;
  let header = false;
  try {
    for await (const row of rows) {
      if (row.cells.every((cell) => cell.trim() === "")) continue;
      if (row.cells.length > MAX_COLUMNS) {
        throw new ReadProblem("too_many_columns", `Line ${row.line} has more than ${MAX_COLUMNS} columns`, { limit: MAX_COLUMNS });
      }
      if (header) data++;
      header = true;
      if (data > MAX_ROWS) {
        throw new ReadProblem("too_many_rows", `The file has more than ${MAX_ROWS.toLocaleString("en")} rows`, { limit: MAX_ROWS });
      }
      batch.push(row);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof ReadProblem) throw error;
    throw new ReadProblem(
      "unreadable_file",
      format === "xlsx" ? "The file could not be read as an Excel workbook (.xlsx)" : "The file could not be read as CSV",
      { detail: error instanceof Error ? error.message.slice(0, 200) : String(error) },
    );
  }
  if (batch.length > 0) yield batch;
  if (!header) throw new ReadProblem("no_header", "The file has no header row");
}
