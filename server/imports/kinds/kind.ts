import type { ZodError } from "zod";
import type { Db } from "../../db/scoped";
import type { ImportAction, ImportKind, Role } from "../../generated/prisma/enums";
import { fieldErrors } from "../../http/problem";
import { comparable, type Cell } from "../cells";

/**
 * What each kind of import says about itself (contract §14): its columns (the templates'
 * headers, pt-BR and en), who may import it, how a row is checked — by the same zod schema
 * and service rules as its REST write, plus the file's own (keys repeated in the file, names
 * that match nothing) — and how checked rows are written. server/imports/service.ts runs
 * them; it knows nothing of products or partners.
 */

export interface ImportColumn {
  field: string;
  pt: string;
  en: string;
  /** The template's example row. */
  example: string;
  /** Other headers staff's old systems use for it. */
  aliases?: readonly string[];
  /** Taken when a file has it, left out of the template (ids a system exports). */
  hidden?: boolean;
}

export interface RowError {
  /** The column's header as the file has it (null: the row as a whole). */
  column: string | null;
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

/** A data row of the file: its cells by field, for the columns the file has. */
export interface SheetRow {
  line: number;
  cells: ReadonlyMap<string, string>;
}

/** A row as checked: what it would do and what it would write, or why it cannot. */
export interface CheckedRow {
  line: number;
  action: ImportAction;
  key: string | null;
  targetId: string | null;
  /** What the file says of the record (the fields of its columns, references resolved), as apply takes it. */
  data: Record<string, unknown> | null;
  errors: RowError[];
}

/** The rows of an import as stored, for apply. */
export interface StoredRow {
  line: number;
  key: string | null;
  data: Record<string, unknown>;
}

export interface ApplyCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** One import's checker: it keeps what it learned of the file (its keys, the names it resolved) across batches. */
export interface Checker {
  check(rows: readonly SheetRow[]): Promise<CheckedRow[]>;
}

export interface ImportKindSpec {
  kind: ImportKind;
  /** Its name in paths and the panel: products, partners, price-table-items, stock. */
  slug: string;
  /** Who may import it. */
  roles: readonly Role[];
  columns: readonly ImportColumn[];
  /** Fields whose column the file must have. */
  required: readonly string[];
  /** Groups of fields of which the file must have at least one column each (a name or its id). */
  requiredOneOf?: ReadonlyArray<readonly string[]>;
  /** The records of these rows' keys as they stand now (the product of a variation's row, the table of a price's): what an applied import links to. */
  recordsOf(db: Db, keys: readonly string[]): Promise<Map<string, string>>;
  /** The checker of one import; `role` is the uploader's (what it may set). */
  checker(db: Db, context: { role: Role; header: (field: string) => string }): Promise<Checker>;
  /** Writes the rows (in line order, a chunk at a time), in the caller's transaction (all or nothing), deciding on the records as they stand now. */
  apply(db: Db, rows: AsyncIterable<readonly StoredRow[]>, context: { role: Role }): Promise<ApplyCounts>;
}

/** The field of a header cell, or undefined for a column the kind does not take. */
export function fieldOfHeader(columns: readonly ImportColumn[], header: string): string | undefined {
  const wanted = comparable(header);
  if (!wanted) return undefined;
  return columns.find((column) =>
    [column.pt, column.en, column.field, ...(column.aliases ?? [])].some((name) => comparable(name) === wanted),
  )?.field;
}

/** A cell's reading as a row error on its column, or its value. */
export function cellValue<T>(cell: Cell<T>, column: string, errors: RowError[]): T | undefined {
  if ("problem" in cell) {
    errors.push({ column, code: cell.problem.code, message: cell.problem.message });
    return undefined;
  }
  return cell.value;
}

/**
 * A REST schema's issues as row errors: each on the column of the field it names (through
 * `fieldOfPath`), else on the row.
 */
export function schemaErrors(error: ZodError, columnOfPath: (path: string) => string | null): RowError[] {
  return fieldErrors(error).map((issue) => ({
    column: columnOfPath(issue.path),
    code: issue.code,
    message: issue.message,
    ...(issue.params ? { params: issue.params as Record<string, unknown> } : {}),
  }));
}

/** A name → id table compared without accents or case: `ambiguous` when two records share a name. */
export class NameIndex {
  private readonly ids = new Map<string, string | null>();
  constructor(rows: Iterable<{ id: string; name: string }>) {
    for (const row of rows) {
      const key = comparable(row.name);
      this.ids.set(key, this.ids.has(key) ? null : row.id);
    }
  }
  find(name: string): { id: string } | "missing" | "ambiguous" {
    const id = this.ids.get(comparable(name));
    if (id === undefined) return "missing";
    if (id === null) return "ambiguous";
    return { id };
  }
}

/** A row error for a name that matched nothing (or more than one record). */
export function nameError(column: string, noun: string, name: string, found: "missing" | "ambiguous"): RowError {
  return found === "missing"
    ? { column, code: "not_found_reference", message: `no ${noun} named “${name}” exists`, params: { name } }
    : { column, code: "ambiguous_reference", message: `more than one ${noun} is named “${name}”`, params: { name } };
}

/** The error of a key the file repeats. */
export function repeatedKey(column: string, firstLine: number): RowError {
  return { column, code: "duplicate_in_file", message: `repeats line ${firstLine}`, params: { line: firstLine } };
}

/** Every chunk's rows at once: for kinds whose files are small (partners, prices, stock). */
export async function allRows(chunks: AsyncIterable<readonly StoredRow[]>): Promise<StoredRow[]> {
  const rows: StoredRow[] = [];
  for await (const chunk of chunks) rows.push(...chunk);
  return rows;
}

/** Lets the event loop answer other requests between slices of a long check. */
export const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
