import { z } from "zod";
import { queryInteger } from "../../lib/paging";
import { dayInput } from "../../lib/calendar";

const INT32_MAX = 2_147_483_647;
const pageNumber = (name: string) =>
  queryInteger(
    z
      .number({ message: `${name} is required and must be a whole number` })
      .int("must be a whole number")
      .min(0, "must not be negative")
      .max(INT32_MAX, "must be a 32-bit integer"),
  );

/**
 * POST /products/analysis/most-sold: `page` and `perPage` (required, query string;
 * perPage capped at 100), `start_date` and `final_date` (optional, body or query).
 */
export const mostSoldInput = z.object({
  page: pageNumber("page"),
  /** Capped at 100 where it is used (a transform here would make the document call it optional). */
  perPage: pageNumber("perPage"),
  start_date: dayInput.optional(),
  final_date: dayInput.optional(),
});
export type MostSoldInput = z.output<typeof mostSoldInput>;

export const mostSoldRecord = z.object({
  product_id: z.string(),
  product_name: z.string(),
  sku: z.string(),
  quantity: z.number(),
  total_value: z.number(),
  sales_count: z.number().int(),
});
export type MostSoldRecord = z.output<typeof mostSoldRecord>;
