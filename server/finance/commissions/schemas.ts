import { z } from "zod";
import { dayInput } from "../../lib/calendar";
import { pageOf, pagingInput } from "../../lib/paging";
import { uuid } from "../../lib/schemas";

export const COMMISSION_SORT = ["invoiced_at", "number", "seller_name", "accrued", "payable"] as const;

/** GET /commissions (contract §11): paged, by seller and by the São Paulo days the orders were invoiced. */
export const commissionListInput = pagingInput(COMMISSION_SORT).extend({
  seller_id: uuid.optional(),
  /** Invoiced on or after this day (America/Sao_Paulo). */
  start_date: dayInput.optional(),
  /** Invoiced on or before this day (America/Sao_Paulo). */
  end_date: dayInput.optional(),
});
export type CommissionListInput = z.output<typeof commissionListInput>;

/** One invoiced order's commission: accrued on invoicing, payable as its receivables are paid. */
export const commissionRecord = z.object({
  /** The order's id (the list's records are orders). */
  id: z.string(),
  number: z.number().int(),
  seller_id: z.string(),
  seller_name: z.string(),
  partner_name: z.string(),
  invoiced_at: z.string(),
  /** order_value − discount_value when it was invoiced. */
  base: z.number(),
  /** The seller's commission_rate (percent) when it was invoiced. */
  rate: z.number(),
  /** rate × base, half-even to cents once. */
  accrued: z.number(),
  /** What of its receivables (canceled ones left out) has been paid, 0 to 1 (4 places); 0 without receivables. */
  paid_share: z.number(),
  /** accrued × paid_share, half-even to cents. */
  payable: z.number(),
});
export type CommissionRecord = z.output<typeof commissionRecord>;

/** Per seller, over every order the filters select (not only the page). */
export const commissionSummary = z.object({
  seller_id: z.string(),
  seller_name: z.string(),
  orders: z.number().int(),
  base: z.number(),
  accrued: z.number(),
  payable: z.number(),
});

export const commissionPage = pageOf(commissionRecord).extend({ summary: z.array(commissionSummary) });
export type CommissionPage = z.output<typeof commissionPage>;
