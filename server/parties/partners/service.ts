import { randomUUID } from "node:crypto";
import type { Db } from "../../db/scoped";
import { writeContext } from "../../db/transaction";
import { AppError } from "../../errors";
import type { Prisma } from "../../generated/prisma/client";
import { defineCrud, type CrudDelegate } from "../../crud/crud";
import { formatFiscalNumber } from "../../lib/fiscal-number";
import { toApi } from "../../lib/serialize";
import { partnerFiscalOf } from "../../taxes/fields";
import {
  partner,
  partnerFilters,
  partnerListRecord,
  partnerWrite,
  type PartnerAddress,
  type PartnerListRecord,
  type PartnerWriteOutput,
} from "./schemas";

type PartnerRow = Prisma.PartnerGetPayload<{
  include: { profile: { select: { name: true } }; seller: { select: { name: true } } };
}>;

/**
 * The stored addresses: each with an id (kept when given), exactly one default when
 * there are any (the first, unless one is marked).
 */
export function withAddressIds(addresses: PartnerWriteOutput["addresses"]): PartnerAddress[] {
  const hasDefault = addresses.some((address) => address.is_default);
  return addresses.map((address, index) => ({
    ...address,
    id: address.id ?? randomUUID(),
    is_default: hasDefault ? address.is_default : index === 0,
  }));
}

/** 409 when another partner of the org has this CPF/CNPJ (the unique index is the last word). */
async function refuseDuplicateFiscalNumber(db: Db, fiscalNumber: string, id?: string): Promise<void> {
  const other = await db.partner.findFirst({
    where: { fiscal_registration_number: fiscalNumber, ...(id ? { NOT: { id } } : {}) },
    select: { name: true },
  });
  if (other) {
    throw new AppError(
      "duplicate",
      `The partner “${other.name}” already has the fiscal registration number ${formatFiscalNumber(fiscalNumber)}`,
      { params: { field: "fiscal_registration_number", name: other.name } },
    );
  }
}

/**
 * A partner with history — a credit decision (a limit or a block), orders, sales or
 * receivables — is not deleted (contract §11): deleting and creating it again would shed its
 * block and limit. A SELLER may not (403); others deactivate it instead (409 naming why).
 */
async function refuseDeletingHistory(db: Db, id: string): Promise<void> {
  const [partner, orders, sales, financials] = await Promise.all([
    db.partner.findUnique({ where: { id }, select: { name: true, credit_limit: true, credit_blocked: true } }),
    db.order.count({ where: { partner_id: id } }),
    db.sale.count({ where: { partner_id: id } }),
    db.financial.count({ where: { partner_id: id } }),
  ]);
  if (!partner) return;
  const credit = partner.credit_limit !== null || partner.credit_blocked;
  if (!credit && orders + sales + financials === 0) return;
  const params = {
    record: partner.name,
    credit,
    usages: Object.fromEntries(Object.entries({ orders, sales, financials }).filter(([, count]) => count > 0)),
  };
  if (writeContext(db).actor?.role === "SELLER") {
    throw new AppError(
      "partner_delete_denied",
      `A seller cannot delete the partner "${partner.name}": it has a credit decision or a history`,
      {
        params,
      },
    );
  }
  throw new AppError("partner_has_history", `The partner "${partner.name}" has a credit decision or a history: deactivate it instead`, {
    params,
  });
}

function toPartner(row: PartnerRow) {
  const { profile: _profile, seller: _seller, ...rest } = row;
  // Addresses written before contract §13 have no city code.
  const addresses = (row.addresses as PartnerAddress[]).map((address) => ({ ...address, city_code: address.city_code ?? null }));
  return { ...toApi({ ...rest, addresses }), ...partnerFiscalOf(row) };
}

export const partners = defineCrud({
  writers: "sell",
  noun: "Partner",
  entity: "partner",
  path: "/partners",
  tag: "Partners",
  // The include below adds the relation to every row the delegate answers.
  model: (db) => db.partner as unknown as CrudDelegate<PartnerRow>,
  write: partnerWrite,
  detail: partner,
  listRecord: partnerListRecord,
  include: { profile: { select: { name: true } }, seller: { select: { name: true } } },
  filters: {
    schema: partnerFilters,
    where: ({ profile_id, seller_id, active }) => ({
      ...(profile_id === undefined ? {} : { profile_id }),
      ...(seller_id === undefined ? {} : { seller_id }),
      ...(active === undefined ? {} : { active }),
    }),
  },
  searchFields: (input) => [
    input.name,
    input.trade_name,
    input.fiscal_registration_number,
    formatFiscalNumber(input.fiscal_registration_number),
    input.phone,
    input.mobile,
    ...input.addresses.map((address) => address.postal_code),
  ],
  sortable: ["id", "name", "trade_name", "fiscal_registration_number", "active", "created_at"],
  defaultSort: "name",
  references: [
    { field: "profile_id", noun: "profile", model: (db) => db.profile },
    { field: "seller_id", noun: "seller", model: (db) => db.seller },
  ],
  beforeWrite: (db, input, id) => refuseDuplicateFiscalNumber(db, input.fiscal_registration_number, id),
  beforeRemove: refuseDeletingHistory,
  toData: (input) => ({ ...input, addresses: withAddressIds(input.addresses) }),
  toDetail: (row: PartnerRow) => toPartner(row) as never,
  toListRecord: (row: PartnerRow): PartnerListRecord => {
    const addresses = row.addresses as PartnerAddress[];
    const main = addresses.find((address) => address.is_default) ?? addresses[0];
    return {
      ...(toPartner(row) as Omit<PartnerListRecord, "profile_name" | "seller_name" | "city" | "state">),
      profile_name: row.profile?.name ?? null,
      seller_name: row.seller?.name ?? null,
      city: main?.city ?? null,
      state: main?.state ?? null,
    };
  },
});
