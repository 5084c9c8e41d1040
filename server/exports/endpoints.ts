import { once } from "node:events";
import { z } from "zod";
import { AppError } from "../errors";
import { defineEndpoint } from "../http/endpoint";
import { ALL_ROLES, authorize } from "../http/pipeline";
import { BOM, csvCell, csvLines } from "./csv";
import { exportables } from "./registry";

const CHUNK = 100;

const options = z.object({
  columns: z.string().max(2000).optional(),
  headers: z.string().max(4000).optional(),
  locale: z.enum(["pt-BR", "en"]).default("pt-BR"),
});

/** A comma-separated list where `\,` is a comma inside an item (a header "Preço, R$"). */
function splitList(text: string): string[] {
  return text.split(/(?<!\\),/).map((item) => item.replaceAll("\\,", ",").trim());
}

/**
 * GET /exports/{resource}: the whole filtered list as CSV, streamed page by page (a
 * list of any length costs the same memory). The query takes the list's own `search`,
 * `sort`, `dir` and filters, plus `columns` (fields, comma-separated, in order),
 * `headers` (their labels) and `locale`.
 */
export const exportList = defineEndpoint({
  method: "GET",
  path: "/exports/{resource}",
  access: { roles: ALL_ROLES },
  document: {
    operationId: "exports-list",
    summary: "Export a list as CSV",
    description:
      "Every record the list's filters select (`search`, `sort`, `dir` and the list's own filters, as on GET of the list), as CSV " +
      "streamed in pages. `columns` chooses and orders the fields (default: every field of the list record), `headers` labels them, " +
      "`locale` pt-BR (default: semicolons, decimal commas, dd/mm/aaaa, and codes the list shows by a label, like roles and status " +
      "types, in Portuguese) or en. The lists of admins (users, access keys, webhooks) export to admins only. Cells never start a formula.",
    tags: ["Exports"],
    parameters: [
      { in: "path", name: "resource", required: true, schema: { type: "string", enum: Object.keys(exportables) } },
      { in: "query", name: "columns", required: false, schema: { type: "string" } },
      { in: "query", name: "headers", required: false, schema: { type: "string" } },
      { in: "query", name: "locale", required: false, schema: { type: "string", enum: ["pt-BR", "en"], default: "pt-BR" } },
      { in: "query", name: "search", required: false, schema: { type: "string" } },
      {
        in: "query",
        name: "sort",
        required: false,
        description: `A field of the list record, as on GET of the list: ${Object.entries(exportables)
          .map(([name, source]) => `${name}: ${source.sorts.join(", ") || "(none)"}`)
          .join("; ")}. Another list's field is 422.`,
        schema: { type: "string", enum: ["", ...new Set(Object.values(exportables).flatMap((source) => source.sorts))].sort() },
      },
      { in: "query", name: "dir", required: false, schema: { type: "string", enum: ["asc", "desc"] } },
    ],
    responses: { 200: { description: "The CSV file", content: { "text/csv": { schema: { type: "string" } } } } },
    errors: [403, 404, 422],
  },
  async handle({ res, db, params, query, principal }) {
    const resource = params.resource ?? "";
    const source = Object.hasOwn(exportables, resource) ? exportables[resource] : undefined;
    if (!source) throw AppError.notFound(`Export of "${resource}"`);
    if (source.bearerOnly && principal.kind === "access_key")
      throw new AppError("bearer_only", "This list takes a user's bearer token, not an access key");
    if (source.roles) authorize(principal.role, source.roles);
    const { columns: columnsText, headers: headersText, locale, ...filters } = { ...query, ...options.parse(query) };
    const columns = columnsText ? splitList(columnsText) : source.columns;
    const unknown = columns.filter((column) => !source.columns.includes(column));
    if (unknown.length > 0 || columns.length === 0) {
      throw AppError.invalid("columns", `must be fields of the list: ${source.columns.join(", ")}`, "invalid_columns");
    }
    const headers = headersText ? splitList(headersText) : columns;
    if (headers.length !== columns.length) throw AppError.invalid("headers", "must label each column, in order", "invalid_headers");
    const rows = source.rows(db, filters, { principal, locale: locale });
    // The first page before the answer starts: a bad filter is still a 422.
    const first = await rows.next();
    const date = new Date().toISOString().slice(0, 10);
    res.writeHead(200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${resource}-${date}.csv"`,
      "cache-control": "no-store",
    });
    const write = async (text: string) => {
      if (!res.write(text)) await once(res, "drain");
    };
    await write(BOM + csvLines([headers], locale));
    let chunk: string[][] = [];
    const line = (row: Record<string, unknown>) => columns.map((column) => csvCell(row[column], locale));
    if (!first.done) chunk.push(line(first.value));
    for await (const row of rows) {
      chunk.push(line(row));
      if (chunk.length >= CHUNK) {
        await write(csvLines(chunk, locale));
        chunk = [];
      }
    }
    if (chunk.length > 0) await write(csvLines(chunk, locale));
    res.end();
  },
});
