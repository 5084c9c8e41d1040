import { Prisma, type PrismaClient } from "../generated/prisma/client";

/**
 * The dispatcher's one cross-org statement (an explicit exception to the scoped raw SQL
 * rule, eslint.config.mjs): the outbox is drained for every org at once, so claiming due
 * rows cannot be bound to one. It reads and writes only webhook_deliveries, and everything
 * done with a claimed row afterwards goes through the org-scoped client of the row's org.
 *
 * Due PENDING rows are locked with FOR UPDATE SKIP LOCKED (a row another instance is
 * claiming is skipped, not waited for) and leased in the same statement: `claim_token`
 * marks the claim and `next_attempt_at` moves to the end of the lease, so no other
 * instance finds the row due while it is being sent. Only the holder of the token may
 * record the outcome (server/webhooks/dispatcher.ts); a lease that ran out (the instance
 * died mid-send) makes the row due again.
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
  options: { now: Date; leaseUntil: Date; limit: number; token: string; organizations?: readonly string[] },
): Promise<ClaimedDelivery[]> {
  const onlyOrganizations =
    options.organizations === undefined ? Prisma.empty : Prisma.sql`AND organization_id = ANY(${[...options.organizations]}::uuid[])`;
  return prisma.$queryRaw<ClaimedDelivery[]>(Prisma.sql`
    UPDATE webhook_deliveries AS delivery
       SET claim_token = ${options.token}::uuid,
           next_attempt_at = ${options.leaseUntil},
           updated_at = ${options.now}
      FROM (SELECT id FROM webhook_deliveries
             WHERE state = 'PENDING' AND next_attempt_at <= ${options.now} ${onlyOrganizations}
             ORDER BY next_attempt_at
             LIMIT ${options.limit}
             FOR UPDATE SKIP LOCKED) AS due
     WHERE delivery.id = due.id
 RETURNING delivery.id, delivery.organization_id, delivery.webhook_id, delivery.event_type, delivery.payload,
           delivery.attempts, delivery.subject_type, delivery.subject_id`);
}
