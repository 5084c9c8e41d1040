import { Prisma, type PrismaClient } from "../generated/prisma/client";

/**
 * The dispatcher's one cross-org statement (an explicit exception to the scoped raw SQL
 * rule, eslint.config.mjs): the outbox is drained for every org at once, so claiming due
 * rows cannot be bound to one. It reads and writes only webhook_deliveries, and everything
 * done with a claimed row afterwards goes through the org-scoped client of the row's org.
 *
 * Claims are fair: each endpoint has at most `perEndpoint` deliveries leased at once, on
 * every instance together (a hanging receiver holds only its own slots), and a claim
 * takes each endpoint's oldest due row before anyone's second, and each org's first
 * before another org's next, so one org's slow or busy receivers never hold another's.
 *
 * A claim marks the row with `claim_token` and moves `next_attempt_at` to the end of its
 * lease, so no other instance finds it due while it is being sent; the update re-checks
 * that the row is still due (two instances choosing one row: the second finds it taken,
 * after waiting for the first's lock). Only the holder of the token may record the
 * outcome (server/webhooks/dispatcher.ts); a lease that ran out (the instance died
 * mid-send) makes the row due again.
 */
export interface ClaimedDelivery {
  id: string;
  organization_id: string;
  webhook_id: string;
  event_type: string;
  payload: Prisma.JsonValue;
  attempts: number;
  subject_type: string | null;
  subject_id: string | null;
}

export async function claimDueDeliveries(
  prisma: PrismaClient,
  options: { now: Date; leaseUntil: Date; limit: number; perEndpoint: number; token: string; organizations?: readonly string[] },
): Promise<ClaimedDelivery[]> {
  const onlyOrganizations =
    options.organizations === undefined ? Prisma.empty : Prisma.sql`AND organization_id = ANY(${[...options.organizations]}::uuid[])`;
  return prisma.$queryRaw<ClaimedDelivery[]>(Prisma.sql`
    WITH leased AS (
      SELECT webhook_id, count(*) AS held FROM webhook_deliveries
       -- A lease ends at most one lease from now: only that window of the index is read, not every retry due later.
       WHERE state = 'PENDING' AND next_attempt_at > ${options.now} AND next_attempt_at <= ${options.leaseUntil}
         AND claim_token IS NOT NULL
       GROUP BY webhook_id
    ), due AS (
      SELECT id, organization_id,
             row_number() OVER (PARTITION BY webhook_id ORDER BY next_attempt_at, id) + coalesce(leased.held, 0) AS slot
        FROM webhook_deliveries LEFT JOIN leased USING (webhook_id)
       WHERE state = 'PENDING' AND next_attempt_at <= ${options.now} ${onlyOrganizations}
    ), fair AS (
      SELECT id, slot, row_number() OVER (PARTITION BY organization_id ORDER BY slot, id) AS turn
        FROM due WHERE slot <= ${options.perEndpoint}
    )
    UPDATE webhook_deliveries AS delivery
       SET claim_token = ${options.token}::uuid,
           next_attempt_at = ${options.leaseUntil},
           updated_at = ${options.now}
      FROM (SELECT id FROM fair ORDER BY turn, slot, id LIMIT ${options.limit}) AS chosen
     WHERE delivery.id = chosen.id AND delivery.state = 'PENDING' AND delivery.next_attempt_at <= ${options.now}
 RETURNING delivery.id, delivery.organization_id, delivery.webhook_id, delivery.event_type, delivery.payload,
           delivery.attempts, delivery.subject_type, delivery.subject_id`);
}
