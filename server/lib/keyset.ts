import { z } from "zod";
import { AppError } from "../errors";
import { pageSize } from "./paging";

/**
 * Keyset paging for append-only logs (the audit log, the stock ledger, webhook
 * deliveries): newest first, by a strictly increasing `seq` column, each page continuing
 * below the last row of the one before through an opaque cursor. Unlike offset paging, a
 * page costs the same deep in a log of millions, and rows appended meanwhile never shift
 * what the next page shows.
 */
export function keysetInput() {
  return z.object({
    /** `next_cursor` of the page before; absent for the newest page. */
    cursor: z.string().max(100).optional(),
    perPage: pageSize(1, 25),
  });
}
export type KeysetInput = z.output<ReturnType<typeof keysetInput>>;

export function keysetPageOf<T extends z.ZodType>(record: T) {
  return z.object({
    perPage: z.number().int(),
    items: z.array(record),
    /** Pass as `cursor` for the next (older) page; null on the last one. */
    next_cursor: z.string().nullable(),
  });
}
export interface KeysetPage<T> {
  perPage: number;
  items: T[];
  next_cursor: string | null;
}

const encodeCursor = (seq: bigint) => Buffer.from(`seq:${seq}`).toString("base64url");

function decodeCursor(text: string): bigint {
  const match = /^seq:(\d{1,19})$/.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!match) throw AppError.invalid("cursor", "is not a cursor this list answered", "invalid_cursor");
  return BigInt(match[1]!);
}

/** The part of a Prisma delegate keyset paging needs. */
export interface KeysetDelegate<Row> {
  findMany(args: object): Promise<Row[]>;
}

/**
 * One page of `delegate`, newest first: `where` and "older than the cursor", one row
 * more than asked telling whether another page exists.
 */
export async function keysetPaginate<Row extends { seq: bigint }, Item>(
  delegate: KeysetDelegate<Row>,
  input: KeysetInput,
  options: { where?: object; toItem: (row: Row) => Item; include?: object },
): Promise<KeysetPage<Item>> {
  const below = input.cursor ? { seq: { lt: decodeCursor(input.cursor) } } : {};
  const rows = await delegate.findMany({
    where: { AND: [options.where ?? {}, below] },
    orderBy: { seq: "desc" },
    take: input.perPage + 1,
    ...(options.include ? { include: options.include } : {}),
  });
  const page = rows.slice(0, input.perPage);
  const last = page[page.length - 1];
  return {
    perPage: input.perPage,
    items: page.map(options.toItem),
    next_cursor: rows.length > input.perPage && last ? encodeCursor(last.seq) : null,
  };
}
