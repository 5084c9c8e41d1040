import { z } from "zod";
import { pagingInput } from "../lib/paging";

/** The kinds of import (contract §14), by their name in paths: server/imports/kinds has one module each. */
export const IMPORT_SLUGS = ["products", "partners", "price-table-items", "stock"] as const;
export type ImportSlug = (typeof IMPORT_SLUGS)[number];

export const IMPORT_SORT = ["created_at", "file_name", "status"] as const;
export const IMPORT_STATUSES = ["CHECKING", "READY", "APPLYING", "DONE", "FAILED"] as const;
export const importKind = z.enum(IMPORT_SLUGS, { message: `must be one of: ${IMPORT_SLUGS.join(", ")}` });

/** How many of each a file would do (while checking: of the rows read so far). */
const counts = z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), invalid: z.number().int() });

export const importError = z.object({
  /** The row's line in the file (the header is line 1; 0: the file as a whole). */
  line: z.number().int(),
  /** The column's header as the file has it; null: the row (or the file) as a whole. */
  column: z.string().nullable(),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.unknown()).nullable(),
});
export type ImportErrorRecord = z.output<typeof importError>;

export const importPreviewRow = z.object({
  line: z.number().int(),
  action: z.enum(["CREATE", "UPDATE", "UNCHANGED", "INVALID"]),
  /** The record it updates; once applied, the record it wrote (a variation's product, a price's table, a stock record). */
  record_id: z.string().nullable(),
  /** Its cells as the file has them, by the template's field names. */
  cells: z.record(z.string(), z.string()),
});

/** An import as GET /imports/{id} answers it (contract §14). */
export const importRecord = z.object({
  id: z.string(),
  kind: importKind,
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  format: z.enum(["csv", "xlsx"]),
  /** A CSV's encoding as told by its bytes. */
  encoding: z.string().nullable(),
  size: z.number().int(),
  progress: z.object({ rows_read: z.number().int(), rows_total: z.number().int().nullable() }),
  counts,
  /** The file's columns: the header as written and the field it feeds (null: a column the kind does not take, ignored). */
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  /** The first 50 rows as they would be written. */
  preview: z.array(importPreviewRow),
  /** The first 1,000 errors by line (all of them: GET /imports/{id}/errors.csv). */
  errors: z.array(importError),
  errors_total: z.number().int(),
  /** Why it FAILED (a file that could not be read, a limit, an interrupted check or apply). */
  failure: z.object({ code: z.string(), message: z.string(), params: z.record(z.string(), z.unknown()).nullable() }).nullable(),
  skip_invalid: z.boolean(),
  /** What apply wrote. */
  result: z
    .object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), skipped: z.number().int() })
    .nullable(),
  created_by: z.object({ kind: z.string(), id: z.string(), name: z.string().nullable() }),
  applied_by: z.object({ kind: z.string(), id: z.string(), name: z.string().nullable() }).nullable(),
  created_at: z.string(),
  applied_at: z.string().nullable(),
});
export type ImportRecord = z.output<typeof importRecord>;

export const importListRecord = importRecord.pick({
  id: true,
  kind: true,
  status: true,
  file_name: true,
  format: true,
  size: true,
  progress: true,
  counts: true,
  errors_total: true,
  result: true,
  created_by: true,
  created_at: true,
  applied_at: true,
});
export type ImportListRecord = z.output<typeof importListRecord>;

export const importListInput = pagingInput(IMPORT_SORT).extend({
  kind: importKind.optional(),
  status: z.enum(IMPORT_STATUSES, { message: `must be one of: ${IMPORT_STATUSES.join(", ")}` }).optional(),
});
export type ImportListInput = z.output<typeof importListInput>;

export const importApplyInput = z.object({
  id: z.string(),
  /** Whether rows with errors are left out (without it, a file with any invalid row is not applied: 422). */
  skip_invalid: z.boolean({ message: "must be true or false" }).default(false),
});
