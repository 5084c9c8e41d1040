import { z } from "zod";
import { queryInteger } from "../../lib/paging";

export const searchInput = z.object({
  q: z.string().trim().min(1, "is required").max(100),
  limit: queryInteger(z.number().int().min(1).max(20)).default(5),
});

const hit = z.object({ id: z.string(), title: z.string(), subtitle: z.string().nullable() });
export type SearchHit = z.output<typeof hit>;

/** An order found: its number, partner (the title), status (the subtitle), when it was negotiated and its total. */
const orderHit = hit.extend({ number: z.number().int(), negotiation_date: z.string(), total_value: z.number(), quotation: z.boolean() });
export type OrderSearchHit = z.output<typeof orderHit>;

/** What the command palette finds, by kind of record. */
export const searchResult = z.object({
  partners: z.array(hit),
  products: z.array(hit),
  orders: z.array(orderHit),
  brands: z.array(hit),
  categories: z.array(hit),
  sellers: z.array(hit),
});
export type SearchResult = z.output<typeof searchResult>;
