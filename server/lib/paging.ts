import { z } from "zod";
import { AppError } from "../errors";
import { normalizeSearch } from "./search";

export const MAX_PER_PAGE = 100;

/** A boolean query parameter: `true`/`false` (and 1/0), never JavaScript truthiness. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((value) => value === true || value === "true" || value === "1");

/** The paging parameters every list takes (interface "Paging convention", contract §4). */
export const pagingInput = z.object({
  search: z.string().default(""),
  page: z.coerce.number().int().min(0, "must not be negative").default(0),
  perPage: z.coerce
    .number()
    .int()
    .min(0, "must not be negative")
    .default(25)
    .transform((value) => Math.min(value, MAX_PER_PAGE)),
  sort: z.string().default(""),
  dir: z.enum(["asc", "desc"]).default("asc"),
});
export type PagingInput = z.output<typeof pagingInput>;

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
  toItem: (row: Row) => Item;
}

/** One query for the rows and one for the total, run together. */
export async function paginate<Row, Item>(
  delegate: PageableDelegate<Row>,
  input: PagingInput,
  options: PageOptions<Row, Item>,
): Promise<Page<Item>> {
  const sortField = input.sort || options.defaultSort;
  const orderBy = options.sortable[sortField];
  if (!orderBy) {
    throw AppError.invalid(
      "sort",
      `unknown sort field "${input.sort}"; one of: ${Object.keys(options.sortable).join(", ")}`,
    );
  }
  const search = normalizeSearch(input.search);
  const where = {
    ...options.where,
    ...(search && options.searchable ? { search_text: { contains: search } } : {}),
  };
  const [rows, total] = await Promise.all([
    input.perPage === 0
      ? Promise.resolve([] as Row[])
      : delegate.findMany({
          where,
          orderBy: [orderBy(input.dir), { id: input.dir }],
          skip: input.page * input.perPage,
          take: input.perPage,
          ...(options.include ? { include: options.include } : {}),
        }),
    delegate.count({ where }),
  ]);
  return { currentPage: input.page, perPage: input.perPage, total, items: rows.map(options.toItem) };
}

/** The default orderBy for plain columns: `{ [field]: dir }`. */
export function sortByColumns(fields: readonly string[]): Record<string, (dir: "asc" | "desc") => object> {
  return Object.fromEntries(fields.map((field) => [field, (dir: "asc" | "desc") => ({ [field]: dir })]));
}
