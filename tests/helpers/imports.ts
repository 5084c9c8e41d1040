import { crc32, deflateRawSync } from "node:zlib";
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

/** A zip of these entries, deflated (what an .xlsx is), written by hand: a test may put what no spreadsheet program would in it. */
export function zipOf(entries: Array<{ name: string; bytes: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = deflateRawSync(entry.bytes, { level: 9 });
    const crc = crc32(entry.bytes);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.byteLength, 18);
    local.writeUInt32LE(entry.bytes.byteLength, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.byteLength, 20);
    central.writeUInt32LE(entry.bytes.byteLength, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + data.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
