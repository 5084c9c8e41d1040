import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { Prisma } from "../../generated/prisma/client";
import { endOfDay, startOfDay } from "../../lib/calendar";
import { money, roundMoney, sumMoney, ZERO, type Money } from "../../lib/money";
import type { OrderScope } from "../../auth/scope";
import { canceledFinancialStatus } from "../financials/service";
import type { COMMISSION_SORT, CommissionListInput, CommissionPage, CommissionRecord } from "./schemas";

/**
 * Sellers' commissions (contract §11). A seller's `commission_rate` accrues on an order when
 * it enters INVOICED (or a later phase): the rate then is kept on the order, so a later change
 * of the rate does not change what was earned; the base `order_value − discount_value` is the
 * order's own (locked from INVOICED on) and the accrual is rate × base, half-even to cents once. The order writer
 * keeps when and the rate (server/orders/orders/write-order.ts, `writeRows`). What is payable follows what
 * the order's receivables have been paid (canceled ones left out).
 */

type Row = {
  id: string;
  number: number;
  seller_id: string;
  seller_name: string;
  partner_name: string;
  invoiced_at: Date;
  base: string;
  rate: string;
  paid: string;
  owed: string;
};

/** The share paid, 0 to 1 to 4 places (half-even); 0 when nothing is owed. */
const shareOf = (paid: Money, owed: Money): Money =>
  owed.greaterThan(0) ? Prisma.Decimal.min(1, paid.div(owed)).toDecimalPlaces(4, Prisma.Decimal.ROUND_HALF_EVEN) : ZERO;

const SORTS: Record<(typeof COMMISSION_SORT)[number], (a: CommissionRecord, b: CommissionRecord) => number> = {
  invoiced_at: (a, b) => a.invoiced_at.localeCompare(b.invoiced_at),
  number: (a, b) => a.number - b.number,
  seller_name: (a, b) => a.seller_name.localeCompare(b.seller_name, "pt-BR"),
  accrued: (a, b) => a.accrued - b.accrued,
  payable: (a, b) => a.payable - b.payable,
};

/**
 * GET /commissions: the invoiced orders with a commission, newest invoiced first unless
 * sorted, paged, with a per-seller summary of everything the filters select. A SELLER sees
 * only its own seller's.
 */
export async function listCommissions(db: Db, scope: OrderScope, input: CommissionListInput): Promise<CommissionPage> {
  const seller = scope.kind === "all" ? (input.seller_id ?? null) : scope.sellerId;
  if (scope.kind === "seller" && (!seller || (input.seller_id && input.seller_id !== seller))) {
    return { currentPage: input.page, perPage: input.perPage, total: 0, items: [], summary: [] };
  }
  const canceled = await canceledFinancialStatus(db);
  const from = input.start_date ? startOfDay(input.start_date) : null;
  const to = input.end_date ? endOfDay(input.end_date) : null;
  const rows = await scopedQuery<Row>(
    db,
    (org) => Prisma.sql`
    SELECT o.id, o.number, o.seller_id, s.name AS seller_name, p.name AS partner_name, o.invoiced_at,
      (o.order_value - o.discount_value)::text AS base, o.commission_rate::text AS rate,
      coalesce(f.paid, 0)::text AS paid, coalesce(f.owed, 0)::text AS owed
    FROM orders o
    JOIN sellers s ON s.organization_id = o.organization_id AND s.id = o.seller_id
    JOIN partners p ON p.organization_id = o.organization_id AND p.id = o.partner_id
    LEFT JOIN LATERAL (
      SELECT sum(least(fi.paying_off_value, fi.value)) AS paid, sum(fi.value) AS owed
      FROM financials fi
      WHERE fi.organization_id = ${org} AND fi.order_id = o.id AND fi.status_id IS DISTINCT FROM ${canceled}::uuid
    ) f ON true
    WHERE o.organization_id = ${org} AND o.invoiced_at IS NOT NULL AND o.commission_rate IS NOT NULL
      AND (${seller}::uuid IS NULL OR o.seller_id = ${seller}::uuid)
      AND (${from}::timestamptz IS NULL OR o.invoiced_at >= ${from}::timestamptz)
      AND (${to}::timestamptz IS NULL OR o.invoiced_at <= ${to}::timestamptz)`,
  );
  const records: CommissionRecord[] = rows.map((row) => {
    const base = money(row.base);
    const rate = money(row.rate);
    // The accrual, half-even to cents once: rate × base.
    const accrued = roundMoney(base.times(rate).div(100));
    const share = shareOf(money(row.paid), money(row.owed));
    return {
      id: row.id,
      number: row.number,
      seller_id: row.seller_id,
      seller_name: row.seller_name,
      partner_name: row.partner_name,
      invoiced_at: new Date(row.invoiced_at).toISOString(),
      base: base.toNumber(),
      rate: rate.toNumber(),
      accrued: accrued.toNumber(),
      paid_share: share.toNumber(),
      payable: roundMoney(accrued.times(share)).toNumber(),
    };
  });
  const sort = SORTS[(input.sort || "invoiced_at") as keyof typeof SORTS];
  const direction = input.sort ? (input.dir === "desc" ? -1 : 1) : -1;
  records.sort((a, b) => direction * sort(a, b) || direction * (a.number - b.number));
  const bySeller = new Map<string, CommissionRecord[]>();
  for (const record of records) bySeller.set(record.seller_id, [...(bySeller.get(record.seller_id) ?? []), record]);
  const summary = [...bySeller.values()]
    .map((list) => ({
      seller_id: list[0]!.seller_id,
      seller_name: list[0]!.seller_name,
      orders: list.length,
      base: sumMoney(list.map((record) => money(record.base))).toNumber(),
      accrued: sumMoney(list.map((record) => money(record.accrued))).toNumber(),
      payable: sumMoney(list.map((record) => money(record.payable))).toNumber(),
    }))
    .sort((a, b) => a.seller_name.localeCompare(b.seller_name, "pt-BR"));
  const start = input.page * input.perPage;
  return {
    currentPage: input.page,
    perPage: input.perPage,
    total: records.length,
    items: records.slice(start, start + input.perPage),
    summary,
  };
}
