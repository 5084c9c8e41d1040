import { z } from "zod";
import { AppError } from "../errors";
import { searchWhere } from "./search";

export const MAX_PER_PAGE = 100;
/** The largest page number a list takes (and page size: above 100 it reads as 100). */
export const MAX_PAGE = 1_000_000_000;

/** A boolean query parameter: `true`/`false` (and 1/0), never JavaScript truthiness. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((value) => value === true || value === "true" || value === "1");

/**
 * A whole number from a query string (`"25"`) or JSON (`25`): optional sign and digits
 * only, so `0x10`, `" 1"`, `1e3` and `1.5` are 422, never silently read as something else.
 */
export const queryInteger = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === "string" && /^-?\d{1,15}$/.test(value) ? Number(value) : value), schema);

/** A page number (from 0) or a page size (from 0 or 1) of a query: a whole number up to `MAX_PAGE`. */
export const pageParameter = (min: 0 | 1) =>
  queryInteger(
    z
      .number({ message: "must be a whole number" })
      .int("must be a whole number")
      .min(min, min === 0 ? "must not be negative" : "must be at least 1")
      .max(MAX_PAGE, `must be at most ${MAX_PAGE}`),
  );

/** A page size: above `MAX_PER_PAGE` it reads as `MAX_PER_PAGE` (and the document says so). */
export const pageSize = (min: 0 | 1, fallback: number) =>
  pageParameter(min)
    .meta({ description: `Records per page; more than ${MAX_PER_PAGE} reads as ${MAX_PER_PAGE}` })
    .default(fallback)
    .transform((value) => Math.min(value, MAX_PER_PAGE));

/**
 * The paging parameters of a list (interface "Paging convention", contract §4). `sort`
 * is one of the list record's sortable fields (an enum in the document; anything else
 * is 422), or empty for the list's default order.
 */
/** The fields each list's `sort` takes, by its schema (what GET /exports/{resource} documents per list). */
const sortNames = new WeakMap<z.ZodType, readonly string[]>();

export function pagingInput<const Sort extends string>(sortable: readonly Sort[], options: { perPage?: number } = {}) {
  // Typed as a string for callers (the panel keeps it in the URL), checked against the
  // list's fields and documented as their enum.
  const sort = z
    .string()
    .refine((value) => value === "" || sortable.includes(value as Sort), {
      message: `must be one of: ${sortable.join(", ")}`,
    })
    .meta({ override: { type: "string", enum: ["", ...sortable] } })
    .default("");
  sortNames.set(sort, sortable);
  return z.object({
    search: z.string().max(200).default(""),
    page: pageParameter(0).default(0),
    perPage: pageSize(0, options.perPage ?? 25),
    sort,
    dir: z.enum(["asc", "desc"]).default("asc"),
  });
}

/** The fields a list input's `sort` takes (a list paged by `pagingInput`), or none. */
export function sortNamesOf(listInput: z.ZodType): readonly string[] {
  const shape = listInput instanceof z.ZodObject ? (listInput.shape as Record<string, z.ZodType>) : {};
  return (shape.sort && sortNames.get(shape.sort)) ?? [];
}
export interface PagingInput {
  search: string;
  page: number;
  perPage: number;
  sort: string;
  dir: "asc" | "desc";
}

export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({
    currentPage: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
    items: z.array(record),
  });
}
export interface Page<T> {
  currentPage: number;
  perPage: number;
  total: number;
  items: T[];
}

/** The part of a Prisma delegate that paging needs. */
export interface PageableDelegate<Row> {
  findMany(args: object): Promise<Row[]>;
  count(args: object): Promise<number>;
}

export interface PageOptions<Row, Item> {
  where?: object;
  /** List-record fields a client may sort by, mapped to their orderBy (default: the field itself). */
  sortable: Record<string, (dir: "asc" | "desc") => object>;
  defaultSort: string;
  /** Whether the model has a `search_text` column (server/lib/search.ts). */
  searchable?: boolean;
  include?: object;
  /** The columns to read instead of whole rows (not with `include`). */
  select?: object;
  toItem: (row: Row) => Item;
}

/** One query for the rows and one for the total, run together. */
export async function paginate<Row, Item>(
  delegate: PageableDelegate<Row>,
  input: PagingInput,
  options: PageOptions<Row, Item>,
): Promise<Page<Item>> {
  const sortField = input.sort || options.defaultSort;
  const orderBy = Object.hasOwn(options.sortable, sortField) ? options.sortable[sortField] : undefined;
  if (!orderBy) {
    throw AppError.invalid("sort", `unknown sort field "${input.sort}"; one of: ${Object.keys(options.sortable).join(", ")}`);
  }
  const where = { ...options.where, ...(options.searchable ? searchWhere(input.search) : {}) };
  const [rows, total] = await Promise.all([
    input.perPage === 0
      ? Promise.resolve([] as Row[])
      : delegate.findMany({
          where,
          orderBy: [orderBy(input.dir), { id: input.dir }],
          skip: input.page * input.perPage,
          take: input.perPage,
          ...(options.select ? { select: options.select } : options.include ? { include: options.include } : {}),
        }),
    delegate.count({ where }),
  ]);
  return { currentPage: input.page, perPage: input.perPage, total, items: rows.map(options.toItem) };
}

/** The default orderBy for plain columns: `{ [field]: dir }`. */
export function sortByColumns(fields: readonly string[]): Record<string, (dir: "asc" | "desc") => object> {
  return Object.fromEntries(fields.map((field) => [field, (dir: "asc" | "desc") => ({ [field]: dir })]));
}

/**
 * The `only_active` filter of the interface and the `active` one beyond it: only_active
 * keeps the active records; active=true/false keeps the active or the inactive ones; both
 * asking for different things select none.
 */
export function activeWhere({ only_active, active }: { only_active?: boolean; active?: boolean }): { active?: boolean; id?: { in: [] } } {
  if (only_active && active === false) return { id: { in: [] } };
  if (only_active) return { active: true };
  return active === undefined ? {} : { active };
}
