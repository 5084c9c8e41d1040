import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { AppError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { dayOf, daysBetween } from "../../lib/calendar";
import { isUuid } from "../../lib/ids";
import { money, toJsonNumber, type Money } from "../../lib/money";
import type { PartnerCredit, PartnerCreditWrite } from "./schemas";

/** Where a partner's credit stands: its limit and block, what it owes and what of it is overdue. */
export interface CreditStanding {
  limit: Money | null;
  blocked: boolean;
  exposure: Money;
  overdue: Money;
  oldestDue: Date | null;
}

/**
 * A partner's credit standing (contract §11, amended 2026-11-28). Exposure is the open balance
 * of its receivables — value less what was paid and reversed — leaving out the closed ones (a
 * final FINANCIAL status: canceled, reversed, paid), plus, for each of its orders that counts
 * (not a quotation, not canceled), the part of its invoice value (contract §12: its total with the
 * taxes the customer pays) that its receivables do not cover: the whole of an OPEN or CONFIRMED order without receivables yet, and what an invoiced
 * order's receivables fall short of (an order of 420 paid by 1 still owes 419). A receivable
 * covers its order unless it was closed unpaid (a final status short of its value). Overdue is
 * the open balance past its due date. `excludeOrder` leaves one order (and its receivables)
 * out: the order being decided adds its own total. With `lock`, the row of a partner that has a
 * credit limit is locked (`FOR NO KEY UPDATE`: an order row referring to the partner takes a
 * key-share lock on it, which this must not wait for), so decisions on its limit run one after
 * the other, each seeing the orders the one before wrote; a partner without a limit has no race
 * to lose, and its orders do not wait for each other. Null for an unknown partner.
 */
export async function creditStanding(
  db: Db,
  partnerId: string,
  options: { now?: Date; excludeOrder?: string | null; lock?: boolean } = {},
): Promise<CreditStanding | null> {
  if (!isUuid(partnerId)) return null;
  const now = options.now ?? new Date();
  const excluded = options.excludeOrder ?? null;
  if (options.lock) {
    await scopedQuery(
      db,
      (org) => Prisma.sql`
      SELECT id FROM partners WHERE organization_id = ${org} AND id = ${partnerId}::uuid AND credit_limit IS NOT NULL FOR NO KEY UPDATE`,
    );
  }
  const [row] = await scopedQuery<{
    credit_limit: string | null;
    credit_blocked: boolean;
    receivables: string;
    orders: string;
    overdue: string;
    oldest_due: Date | null;
  }>(
    db,
    (org) => Prisma.sql`
    WITH closed AS (
      SELECT id FROM statuses WHERE organization_id = ${org} AND type = 'FINANCIAL' AND is_final
    ), receivables AS (
      SELECT f.order_id, f.value, f.value - f.paying_off_value - f.reversed_value AS balance, f.due_date,
        f.status_id IS NOT NULL AND f.status_id IN (SELECT id FROM closed) AS is_closed
      FROM financials f
      WHERE f.organization_id = ${org} AND f.partner_id = ${partnerId}::uuid
        AND (${excluded}::uuid IS NULL OR f.order_id IS DISTINCT FROM ${excluded}::uuid)
    ), open AS (
      SELECT balance, due_date FROM receivables WHERE NOT is_closed AND balance > 0
    )
    SELECT p.credit_limit::text AS credit_limit, p.credit_blocked,
      (SELECT coalesce(sum(balance), 0)::text FROM open) AS receivables,
      (SELECT coalesce(sum(greatest(o.invoice_value - coalesce(
           (SELECT sum(r.value) FROM receivables r WHERE r.order_id = o.id AND (NOT r.is_closed OR r.balance <= 0)), 0), 0)), 0)::text
         FROM orders o JOIN statuses s ON s.organization_id = o.organization_id AND s.id = o.status_id
         WHERE o.organization_id = ${org} AND o.partner_id = p.id AND NOT o.quotation AND s.phase <> 'CANCELED'
           AND o.id IS DISTINCT FROM ${excluded}::uuid) AS orders,
      (SELECT coalesce(sum(balance), 0)::text FROM open WHERE due_date < ${now}) AS overdue,
      (SELECT min(due_date) FROM open WHERE due_date < ${now}) AS oldest_due
    FROM partners p WHERE p.organization_id = ${org} AND p.id = ${partnerId}::uuid`,
  );
  if (!row) return null;
  return {
    limit: row.credit_limit === null ? null : money(row.credit_limit),
    blocked: row.credit_blocked,
    exposure: money(row.receivables).plus(money(row.orders)),
    overdue: money(row.overdue),
    oldestDue: row.oldest_due === null ? null : new Date(row.oldest_due),
  };
}

/** São Paulo days from a due date to `now`. */
export const overdueDays = (due: Date, now = new Date()) => daysBetween(dayOf(due), dayOf(now));

/** GET /partners/{id}/credit: where the partner's credit stands now (`creditStanding`). */
export async function partnerCredit(db: Db, id: string, now = new Date()): Promise<PartnerCredit> {
  // A malformed id names no partner, as an unknown one.
  const standing = await creditStanding(db, id, { now });
  if (!standing) throw AppError.notFound("Partner");
  const { limit, exposure } = standing;
  return {
    credit_limit: toJsonNumber(limit),
    exposure: toJsonNumber(exposure) ?? 0,
    available: limit === null ? null : toJsonNumber(limit.minus(exposure)),
    overdue_value: toJsonNumber(standing.overdue) ?? 0,
    oldest_overdue_days: standing.oldestDue === null ? null : overdueDays(standing.oldestDue, now),
    blocked: standing.blocked,
  };
}

/** PUT /partners/{id}/credit: the credit desk sets the limit and the block (MANAGER, ADMIN); audited on the partner. */
export async function setPartnerCredit(db: Db, input: PartnerCreditWrite): Promise<PartnerCredit> {
  if (!isUuid(input.id)) throw AppError.notFound("Partner");
  // The partner's row locked first: concurrent decisions apply one after the other, each audited from what the last left.
  const [before] = await scopedQuery<{ name: string; credit_limit: string | null; credit_blocked: boolean }>(
    db,
    (org) => Prisma.sql`
    SELECT name, credit_limit::text AS credit_limit, credit_blocked FROM partners
    WHERE organization_id = ${org} AND id = ${input.id}::uuid FOR UPDATE`,
  );
  if (!before) throw AppError.notFound("Partner");
  await db.partner.update({
    where: { id: input.id },
    data: { credit_limit: input.credit_limit === null ? null : money(input.credit_limit).toString(), credit_blocked: input.credit_blocked },
  });
  await recordAudit(db, {
    action: "update",
    entity: "partner",
    entityId: input.id,
    label: before.name,
    before: { credit_limit: toJsonNumber(before.credit_limit), credit_blocked: before.credit_blocked },
    after: { credit_limit: input.credit_limit, credit_blocked: input.credit_blocked },
  });
  return partnerCredit(db, input.id);
}
