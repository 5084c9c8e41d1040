import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { AppError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import type { CommercialSettings } from "./schemas";

/**
 * The org's commercial settings (contract §11), kept on the organization's row: how many
 * days a receivable may be overdue before its partner's orders are held, and how long a
 * quotation is valid by default.
 */
export async function commercialSettingsOf(db: Db): Promise<CommercialSettings> {
  const row = await db.organization.findUniqueOrThrow({
    where: { id: db.$organizationId },
    select: { overdue_tolerance_days: true, quote_validity_days: true },
  });
  return { overdue_tolerance_days: row.overdue_tolerance_days, quote_validity_days: row.quote_validity_days };
}

/**
 * PUT /settings/commercial (ADMIN): both settings, audited on the organization. The org's
 * row is locked first: concurrent writes apply one after the other, each audited from what
 * the last left (identical ones change nothing after the first, and audit nothing).
 */
export async function setCommercialSettings(db: Db, input: CommercialSettings): Promise<CommercialSettings> {
  const [before] = await scopedQuery<CommercialSettings>(
    db,
    (org) => Prisma.sql`
    SELECT overdue_tolerance_days, quote_validity_days FROM organizations WHERE id = ${org} FOR NO KEY UPDATE`,
  );
  if (!before) throw AppError.notFound("Organization");
  const organization = await db.organization.update({
    where: { id: db.$organizationId },
    data: input,
    select: { name: true },
  });
  await recordAudit(db, {
    action: "update",
    entity: "organization",
    entityId: db.$organizationId,
    label: organization.name,
    before,
    after: input,
  });
  return commercialSettingsOf(db);
}
