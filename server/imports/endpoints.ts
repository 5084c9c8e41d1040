import ExcelJS from "exceljs";
import en from "../../messages/en.json";
import ptBR from "../../messages/pt-BR.json";
import { z } from "zod";
import { afterCommit } from "../db/transaction";
import { AppError } from "../errors";
import { defineEndpoint } from "../http/endpoint";
import { sendJson } from "../http/problem";
import { IMPORT_SLUGS } from "./kinds";
import type { ImportKindSpec } from "./kinds/kind";
import { importRecord } from "./schemas";
import { createImport, getImport, newClaimToken, specOfSlug, startImportJob } from "./service";
import { MAX_ROWS } from "./reader";
import { MAX_IMPORT_BYTES, receiveImportUpload } from "./upload";

const tags = ["Imports"];
const importers = ["ADMIN", "MANAGER", "SELLER"] as const;
const { $schema: _schema, ...recordSchema } = z.toJSONSchema(importRecord, { io: "output" });

/** POST /imports: multipart `kind` and `file` (contract §14); 202 with the import, checked in the background. */
export const createImportEndpoint = defineEndpoint({
  method: "POST",
  path: "/imports",
  access: { roles: importers },
  document: {
    operationId: "imports-create",
    summary: "Import a spreadsheet",
    description:
      `Contract §14: a multipart form with \`kind\` (${IMPORT_SLUGS.join(", ")}) and \`file\`, an .xlsx (its first sheet) or a .csv ` +
      `(UTF-8 with or without BOM, or Windows-1252; \`;\`, \`,\` or tab; told by the bytes), at most ${MAX_IMPORT_BYTES / 1024 / 1024} MiB ` +
      `(413) and ${MAX_ROWS.toLocaleString("en")} rows (422 \`too_many_rows\` at once for a CSV; an .xlsx past it ends FAILED with that code). ` +
      "A file whose bytes are not what its name says, an .xls or another type is 422 naming `file`. Answers 202 with the import in " +
      "CHECKING: the rows are read and checked in the background (GET /imports/{id}); nothing is written until POST /imports/{id}/apply. " +
      "MANAGER and ADMIN import every kind; a SELLER only `partners` (and no credit limits); a VIEWER nothing (403). The same file " +
      "twice is two imports (an Idempotency-Key is not needed: nothing is written before apply, and each import applies once): the " +
      "second's rows are `unchanged` once the first was applied.",
    tags,
    requestBody: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["kind", "file"],
            properties: {
              kind: { type: "string", enum: IMPORT_SLUGS },
              file: { type: "string", format: "binary", maxLength: MAX_IMPORT_BYTES },
            },
          },
        },
      },
    },
    responses: { 202: { description: "The import, being checked", content: { "application/json": { schema: recordSchema } } } },
    errors: [403, 413, 422],
  },
  async handle({ req, res, runtime, principal, write }) {
    const upload = await receiveImportUpload(req, runtime.files, principal.organizationId);
    const token = newClaimToken();
    try {
      const kind = upload.kind;
      if (!kind) throw AppError.invalid("kind", `is required (one of: ${IMPORT_SLUGS.join(", ")})`, "required");
      const record = await write(async (tx) => {
        const created = await createImport(tx, principal, { ...upload, kind }, token);
        afterCommit(tx, () => startImportJob(runtime, principal.organizationId, created.id, token, "check"));
        return getImport(tx, principal, created.id);
      });
      sendJson(res, 202, JSON.stringify(record), { location: `/imports/${record.id}` });
    } catch (error) {
      await runtime.files.remove(upload.key).catch(() => undefined);
      throw error;
    }
  },
});

const words = { "pt-BR": ptBR.imports.errorCodes, en: en.imports.errorCodes } as const;

/**
 * An error's message in the CSV's language: the panel's words for its code (its `{param}`s
 * filled, a `{param, select, undefined {} other {…}}` kept only when the param is there), else
 * the schema's own message as stored.
 */
export function errorMessage(locale: "pt-BR" | "en", error: { code: string; message: string; params: unknown }): string {
  const table: Record<string, string> = words[locale];
  if (!Object.hasOwn(table, error.code)) return error.message;
  const params = (error.params && typeof error.params === "object" ? error.params : {}) as Record<string, unknown>;
  const text = (name: string) => (["string", "number"].includes(typeof params[name]) ? String(params[name]) : undefined);
  return table[error.code]!.replace(/\{(\w+), select, undefined \{\} other \{(.*)\}\}/g, (_, name: string, inner: string) =>
    text(name) === undefined ? "" : inner,
  ).replace(/\{(\w+)\}/g, (whole, name: string) => text(name) ?? whole);
}

const csvCell = (value: string) => (/[";\r\n]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** GET /imports/{id}/errors.csv: every error, by line, with the row's cells (UTF-8 with BOM, `;`: what Excel opens as it is). */
export const importErrorsCsv = defineEndpoint({
  method: "GET",
  path: "/imports/{id}/errors.csv",
  access: { roles: importers },
  document: {
    operationId: "imports-errors",
    summary: "Download an import's errors",
    description:
      "Contract §14: every error of the import — line, column, code, message — as CSV (UTF-8 with BOM, `;`). A SELLER only its own imports'; another org's is 404.",
    tags,
    parameters: [{ in: "path", name: "id", required: true, schema: { type: "string", format: "uuid" } }],
    responses: { 200: { description: "The errors", content: { "text/csv": { schema: { type: "string" } } } } },
    errors: [404],
  },
  async handle({ res, db, principal, params, query }) {
    const locale = query.locale ?? "pt-BR";
    if (locale !== "pt-BR" && locale !== "en") throw AppError.invalid("locale", "must be pt-BR or en", "invalid_value");
    const record = await getImport(db, principal, params.id ?? "");
    res.writeHead(200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="erros-${record.id.slice(0, 8)}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
    res.write(locale === "en" ? "\uFEFFLine;Column;Code;Message\r\n" : "\uFEFFLinha;Coluna;Código;Mensagem\r\n");
    let cursor: { line: number; id: string } | undefined;
    for (;;) {
      const errors = await db.importError.findMany({
        where: {
          import_id: record.id,
          ...(cursor ? { OR: [{ line: { gt: cursor.line } }, { line: cursor.line, id: { gt: cursor.id } }] } : {}),
        },
        orderBy: [{ line: "asc" }, { id: "asc" }],
        take: 1000,
      });
      if (errors.length === 0) break;
      const text = errors
        .map((error) => [String(error.line), error.column ?? "", error.code, errorMessage(locale, error)].map(csvCell).join(";"))
        .join("\r\n");
      if (!res.write(`${text}\r\n`)) await new Promise((resolve) => res.once("drain", resolve));
      const last = errors.at(-1)!;
      cursor = { line: last.line, id: last.id };
    }
    res.end();
  },
});

/** A kind's template: its headers (pt-BR or en) and an example row. */
async function templateOf(spec: ImportKindSpec, format: "xlsx" | "csv", language: "pt-BR" | "en"): Promise<Buffer> {
  const columns = spec.columns.filter((column) => !column.hidden);
  const headers = columns.map((column) => (language === "en" ? column.en : column.pt));
  const example = columns.map((column) => column.example);
  if (format === "csv") return Buffer.from(`\uFEFF${[headers, example].map((row) => row.map(csvCell).join(";")).join("\r\n")}\r\n`, "utf8");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(language === "en" ? "Import" : "Importação");
  sheet.addRow(headers).font = { bold: true };
  // Text cells: an identifier typed in the example (CNPJ, EAN, CEP) keeps its zeros and its mask.
  sheet.addRow(example);
  sheet.columns.forEach((column, index) => {
    column.width = Math.max(12, (headers[index]?.length ?? 0) + 4, (example[index]?.length ?? 0) + 2);
    column.numFmt = "@";
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** GET /imports/templates/{kind}: the kind's template to fill in. */
export const importTemplate = defineEndpoint({
  method: "GET",
  path: "/imports/templates/{kind}",
  access: { roles: importers },
  document: {
    operationId: "imports-template",
    summary: "Download an import template",
    description:
      "Contract §14: the kind's columns as a header row (Portuguese by default, `lang=en` English) and an example row, as .xlsx " +
      "(default) or `format=csv` (UTF-8 with BOM, `;`). Headers are matched without case or accents, in either language. " +
      "(`templates` is a static segment: never an import's id, which is a UUID — POST /imports/{id}/apply is another operation.)",
    tags,
    parameters: [
      { in: "path", name: "kind", required: true, schema: { type: "string", enum: IMPORT_SLUGS } },
      { in: "query", name: "format", required: false, schema: { type: "string", enum: ["xlsx", "csv"], default: "xlsx" } },
      { in: "query", name: "lang", required: false, schema: { type: "string", enum: ["pt-BR", "en"], default: "pt-BR" } },
    ],
    responses: {
      200: {
        description: "The template",
        content: {
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: { type: "string", format: "binary" } },
          "text/csv": { schema: { type: "string" } },
        },
      },
    },
    errors: [404, 422],
  },
  async handle({ res, params, query }) {
    const spec = specOfSlug(params.kind ?? "");
    if (!spec) throw AppError.notFound("Import kind");
    const format = query.format ?? "xlsx";
    const language = query.lang ?? "pt-BR";
    if (format !== "xlsx" && format !== "csv") throw AppError.invalid("format", "must be xlsx or csv", "invalid_value");
    if (language !== "pt-BR" && language !== "en") throw AppError.invalid("lang", "must be pt-BR or en", "invalid_value");
    const bytes = await templateOf(spec, format, language);
    const name = `${language === "en" ? "template" : "modelo"}-${spec.slug}.${format}`;
    res.writeHead(200, {
      "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-length": String(bytes.byteLength),
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
    res.end(bytes);
  },
});
