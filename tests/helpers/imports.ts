import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { expect } from "vitest";
import { testServer } from "./database";
import type { Rest } from "./http";

/** A CSV's bytes as an old ERP exports it: `;`, CRLF, Windows-1252 (or UTF-8, with a BOM if asked). */
export function csvFile(
  rows: string[][],
  options: { encoding?: "windows-1252" | "utf-8"; bom?: boolean; delimiter?: string } = {},
): Buffer {
  const delimiter = options.delimiter ?? ";";
  const text =
    rows.map((row) => row.map((cell) => (/["\n;,]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(delimiter)).join("\r\n") +
    "\r\n";
  if ((options.encoding ?? "windows-1252") === "windows-1252") return iconv.encode(text, "win1252");
  return Buffer.concat([options.bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, "utf8")]);
}

/** An .xlsx with one sheet of these rows (numbers as numbers, the rest as text). */
export async function xlsxFile(rows: Array<Array<string | number>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Planilha1");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** POST /imports as a multipart form. */
export async function postImport(headers: Record<string, string>, kind: string | undefined, file: { name: string; bytes: Buffer }) {
  const form = new FormData();
  if (kind !== undefined) form.append("kind", kind);
  form.append("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(`${await testServer()}/api/b2b/imports`, { method: "POST", headers, body: form });
  const text = await response.text();
  return { status: response.status, text, json: text ? JSON.parse(text) : undefined };
}

/** Waits until the import leaves CHECKING (or APPLYING), answering it. */
export async function settled(rest: Rest, id: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await rest.get(`/imports/${id}`);
    expect(answer.status, answer.text).toBe(200);
    if (!["CHECKING", "APPLYING"].includes(answer.json.status)) return answer.json;
    if (Date.now() > until) throw new Error(`import ${id} still ${answer.json.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Uploads a file and waits for its check. */
export async function checked(rest: Rest, headers: Record<string, string>, kind: string, file: { name: string; bytes: Buffer }) {
  const posted = await postImport(headers, kind, file);
  expect(posted.status, posted.text).toBe(202);
  return settled(rest, posted.json.id);
}
