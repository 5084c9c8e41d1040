import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";
import { exact } from "../../lib/exact";
import { toJsonNumber } from "../../lib/money";
import { ufName, UFS, type Uf } from "../states";
import type { TaxStateDetail, TaxStateWrite } from "./schemas";

const HUNDRED = exact(100);

type Row = {
  uf: string;
  internal_rate: { toString(): string };
  fcp_rate: { toString(): string };
  difal_method: "SINGLE" | "DOUBLE";
  fcp_in_divisor: boolean;
  updated_at: Date;
};

function detailOf(uf: Uf, row: Row | undefined): TaxStateDetail {
  return {
    uf,
    name: ufName(uf),
    internal_rate: row ? toJsonNumber(row.internal_rate) : null,
    fcp_rate: row ? (toJsonNumber(row.fcp_rate) ?? 0) : 0,
    difal_method: row?.difal_method ?? "SINGLE",
    fcp_in_divisor: row?.fcp_in_divisor ?? false,
    updated_at: row ? row.updated_at.toISOString() : null,
  };
}

/** GET /tax-rules/states: the 27 UFs, each as the org configured it (internal_rate null: not yet). */
export async function listTaxStates(db: Db): Promise<{ items: TaxStateDetail[] }> {
  const rows = await db.taxState.findMany({});
  const byUf = new Map(rows.map((row) => [row.uf, row]));
  return { items: UFS.map((uf) => detailOf(uf, byUf.get(uf))) };
}

/** PUT /tax-rules/states/{uf}: sets a UF's row (created when absent), audited on the organization. */
export async function setTaxState(db: Db, input: TaxStateWrite): Promise<TaxStateDetail> {
  // DIFAL's double base divides by 100 − (internal + FCP) when the FCP is in the divisor: no base at 100 % or more.
  if (
    input.difal_method === "DOUBLE" &&
    input.fcp_in_divisor &&
    exact(input.internal_rate).plus(exact(input.fcp_rate)).greaterThanOrEqualTo(HUNDRED)
  ) {
    throw AppError.fields([
      {
        path: "fcp_rate",
        message: "must be less than 100 minus internal_rate: with the FCP in the divisor the two must stay below 100",
        code: "too_big",
        params: { maximum: exact(100).minus(exact(input.internal_rate)).toNumber(), inclusive: false },
      },
    ]);
  }
  // The org's row locked first: concurrent writes of its table apply one after the other, each audited from what the last left.
  await scopedQuery(db, (org) => Prisma.sql`SELECT id FROM organizations WHERE id = ${org} FOR NO KEY UPDATE`);
  const before = await db.taxState.findFirst({ where: { uf: input.uf } });
  const { uf, ...values } = input;
  const row = await db.taxState.upsert({
    where: { organization_id_uf: { organization_id: db.$organizationId, uf } },
    create: { uf, ...values } as never,
    update: values,
  });
  const after = detailOf(uf, row);
  await recordAudit(db, {
    action: before ? "update" : "create",
    entity: "tax_state",
    entityId: db.$organizationId,
    label: `${uf} — ${ufName(uf)}`,
    before: before ? { ...detailOf(uf, before), updated_at: undefined } : undefined,
    after: { ...after, updated_at: undefined },
  });
  return after;
}

/** DELETE /tax-rules/states/{uf}: forgets a UF's row (404 when it has none). */
export async function removeTaxState(db: Db, uf: Uf): Promise<void> {
  const before = await db.taxState.findFirst({ where: { uf } });
  if (!before) throw AppError.notFound("Tax state");
  await db.taxState.deleteMany({ where: { uf } });
  await recordAudit(db, {
    action: "delete",
    entity: "tax_state",
    entityId: db.$organizationId,
    label: `${uf} — ${ufName(uf)}`,
    before: { ...detailOf(uf, before), updated_at: undefined },
  });
}
