import { Prisma, type PrismaClient } from "../generated/prisma/client";

/**
 * The dispatcher's one cross-org statement (an explicit exception to the scoped raw SQL
 * rule, eslint.config.mjs): the outbox is drained for every org at once, so claiming due
 * rows cannot be bound to one. It writes only webhook_deliveries (reading each claimed row's
 * endpoint with it: its URL, secret and whether it is active), and everything done with a
 * claimed row afterwards goes through the org-scoped client of the row's org.
 *
 * Claims are fair: each endpoint has at most `perEndpoint` deliveries leased at once, on
 * every instance together (a hanging receiver holds only its own slots), and a claim
 * takes each endpoint's oldest due row before anyone's second, and each org's first
 * before another org's next, so one org's slow or busy receivers never hold another's.
 *
 * A claim costs what it may take, not the backlog (issue 47): it finds the endpoints with
 * PENDING rows by skipping through the partial index on `(webhook_id, next_attempt_at, id)
 * WHERE state = 'PENDING'` (one probe per endpoint), counts each one's leased rows within a
 * lease from now, and reads each one's oldest due rows up to its free slots — at most
 * endpoints × `perEndpoint` rows, however many are waiting behind them.
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
  /** The row's endpoint as it stands now. */
  webhook: { url: string; secret_encrypted: string; active: boolean };
}

export interface ClaimOptions {
  now: Date;
  leaseUntil: Date;
  limit: number;
  perEndpoint: number;
  token: string;
  organizations?: readonly string[];
}

/** The rows a claim would take, in the order it takes them (what `claimDueDeliveries` updates; `EXPLAIN` reads it too). */
export function chosenDeliveries(options: ClaimOptions): Prisma.Sql {
  const onlyOrganizations =
    options.organizations === undefined ? Prisma.empty : Prisma.sql`AND organization_id = ANY(${[...options.organizations]}::uuid[])`;
  return Prisma.sql`
    WITH RECURSIVE pending AS (
      (SELECT webhook_id, organization_id FROM webhook_deliveries WHERE state = 'PENDING' ORDER BY webhook_id LIMIT 1)
      UNION ALL
      SELECT following.webhook_id, following.organization_id
        FROM pending
        CROSS JOIN LATERAL (
          SELECT webhook_id, organization_id FROM webhook_deliveries
           WHERE state = 'PENDING' AND webhook_id > pending.webhook_id
           ORDER BY webhook_id LIMIT 1) AS following
    ), endpoints AS (
      SELECT webhook_id, organization_id,
             -- A lease ends at most one lease from now: only that window of the endpoint's rows is read.
             (SELECT count(*) FROM webhook_deliveries leased
               WHERE leased.webhook_id = pending.webhook_id AND leased.state = 'PENDING'
                 AND leased.next_attempt_at > ${options.now} AND leased.next_attempt_at <= ${options.leaseUntil}
                 AND leased.claim_token IS NOT NULL) AS held
        FROM pending
       WHERE true ${onlyOrganizations}
    ), due AS (
      SELECT oldest.id, endpoints.organization_id,
             endpoints.held + row_number() OVER (PARTITION BY endpoints.webhook_id ORDER BY oldest.next_attempt_at, oldest.id) AS slot
        FROM endpoints
        CROSS JOIN LATERAL (
          SELECT id, next_attempt_at FROM webhook_deliveries
           WHERE webhook_id = endpoints.webhook_id AND state = 'PENDING' AND next_attempt_at <= ${options.now}
           ORDER BY next_attempt_at, id
           LIMIT greatest(${options.perEndpoint}::int - endpoints.held, 0)) AS oldest
    ), fair AS (
      SELECT id, slot, row_number() OVER (PARTITION BY organization_id ORDER BY slot, id) AS turn FROM due
    )
    SELECT id FROM fair ORDER BY turn, slot, id LIMIT ${options.limit}`;
}

export async function claimDueDeliveries(prisma: PrismaClient, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  return prisma.$queryRaw<ClaimedDelivery[]>(Prisma.sql`
    UPDATE webhook_deliveries AS delivery
       SET claim_token = ${options.token}::uuid,
           next_attempt_at = ${options.leaseUntil},
           updated_at = ${options.now}
      FROM (${chosenDeliveries(options)}) AS chosen, webhooks AS endpoint
     WHERE delivery.id = chosen.id AND delivery.state = 'PENDING' AND delivery.next_attempt_at <= ${options.now}
       AND endpoint.organization_id = delivery.organization_id AND endpoint.id = delivery.webhook_id
 RETURNING delivery.id, delivery.organization_id, delivery.webhook_id, delivery.event_type, delivery.payload,
           delivery.attempts, delivery.subject_type, delivery.subject_id,
           json_build_object('url', endpoint.url, 'secret_encrypted', endpoint.secret_encrypted, 'active', endpoint.active) AS webhook`);
}
