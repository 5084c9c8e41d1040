import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { scopedQuery } from "../../db/sql";
import { Prisma } from "../../generated/prisma/client";
import type { TaxSettingsWrite } from "./schemas";

const columns = {
  tax_exclude_icms_from_pis_cofins: true,
  tax_fcp_st_minus_own_fcp: true,
  tax_ibs_cbs: true,
  name: true,
} as const;

type Columns = { tax_exclude_icms_from_pis_cofins: boolean; tax_fcp_st_minus_own_fcp: boolean; tax_ibs_cbs: boolean };

const settingsOf = (row: Columns): TaxSettingsWrite => ({
  exclude_icms_from_pis_cofins: row.tax_exclude_icms_from_pis_cofins,
  fcp_st_minus_own_fcp: row.tax_fcp_st_minus_own_fcp,
  ibs_cbs: row.tax_ibs_cbs,
});

/** The org's tax settings (contract §12), kept on the organization's row. */
export async function taxSettingsOf(db: Db): Promise<TaxSettingsWrite> {
  return settingsOf(await db.organization.findUniqueOrThrow({ where: { id: db.$organizationId }, select: columns }));
}

/**
 * PUT /settings/taxes (ADMIN): the three settings, audited on the organization. The org's row
 * is locked first: concurrent writes apply one after the other, each audited from what the last
 * left (identical ones change nothing after the first, and audit nothing).
 */
export async function setTaxSettings(db: Db, input: TaxSettingsWrite): Promise<TaxSettingsWrite> {
  const [before] = await scopedQuery<Columns>(
    db,
    (org) => Prisma.sql`
    SELECT tax_exclude_icms_from_pis_cofins, tax_fcp_st_minus_own_fcp, tax_ibs_cbs FROM organizations WHERE id = ${org} FOR NO KEY UPDATE`,
  );
  if (!before) throw AppError.notFound("Organization");
  const row = await db.organization.update({
    where: { id: db.$organizationId },
    data: {
      tax_exclude_icms_from_pis_cofins: input.exclude_icms_from_pis_cofins,
      tax_fcp_st_minus_own_fcp: input.fcp_st_minus_own_fcp,
      tax_ibs_cbs: input.ibs_cbs,
    },
    select: columns,
  });
  await recordAudit(db, {
    action: "update",
    entity: "organization",
    entityId: db.$organizationId,
    label: row.name,
    before: settingsOf(before),
    after: settingsOf(row),
  });
  return settingsOf(row);
}
