import type { Db } from "../db/scoped";
import { scopedExecute } from "../db/sql";
import { Prisma } from "../generated/prisma/client";

/** The lookups an org has one default of (contract §10: where an order's stock comes from). */
export type DefaultKind = "warehouses" | "companies";

/**
 * Before a record becomes its org's default warehouse or company: the other stops being it,
 * under a transaction-scoped lock, so two writes choosing different defaults run one after
 * the other and the org keeps at most one.
 */
export async function clearOtherDefault(db: Db, kind: DefaultKind, exceptId?: string): Promise<void> {
  await scopedExecute(
    db,
    (organization) => Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${`default.${kind}.`} || ${organization}::text))`,
  );
  await scopedExecute(
    db,
    (organization) =>
      Prisma.sql`UPDATE ${Prisma.raw(kind === "warehouses" ? "warehouses" : "companies")} SET is_default = false
                 WHERE organization_id = ${organization} AND is_default AND id IS DISTINCT FROM ${exceptId ?? null}::uuid`,
  );
}
