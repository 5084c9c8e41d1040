import type { Db } from "../../db/scoped";
import type { Prisma } from "../../generated/prisma/client";
import { defineCrud, type CrudDelegate } from "../../crud/crud";
import { formatFiscalNumber } from "../../lib/fiscal-number";
import { toApi } from "../../lib/serialize";
import { seller, sellerFilters, sellerListRecord, sellerWrite, type SellerListRecord } from "./schemas";

type SellerRow = Prisma.SellerGetPayload<{ include: { company: { select: { name: true } } } }>;

function toSeller(row: SellerRow) {
  const { company: _company, ...rest } = row;
  return toApi(rest);
}

export const sellers = defineCrud({
  noun: "Seller",
  entity: "seller",
  path: "/sellers",
  tag: "Sellers",
  // The include below adds the relation to every row the delegate answers.
  model: (db) => db.seller as unknown as CrudDelegate<SellerRow>,
  write: sellerWrite,
  detail: seller,
  listRecord: sellerListRecord,
  include: { company: { select: { name: true } } },
  filters: {
    schema: sellerFilters,
    where: ({ active, company_id }) => ({
      ...(active === undefined ? {} : { active }),
      ...(company_id === undefined ? {} : { company_id }),
    }),
  },
  searchFields: (input) => [
    input.name,
    input.email,
    input.fiscal_registration_number,
    formatFiscalNumber(input.fiscal_registration_number),
    input.phone,
  ],
  sortable: ["id", "name", "email", "commission_rate", "max_discount_percent", "active", "created_at"],
  defaultSort: "name",
  references: [
    { field: "company_id", noun: "company", model: (db) => db.company },
    { field: "user_id", noun: "user", model: (db) => db.user },
  ],
  usedBy: [{ label: "partners", count: (db, id) => db.partner.count({ where: { seller_id: id } }) }],
  toDetail: (row: SellerRow) => toSeller(row) as never,
  toListRecord: (row: SellerRow): SellerListRecord => ({
    ...(toSeller(row) as Omit<SellerListRecord, "company_name">),
    company_name: row.company?.name ?? null,
  }),
});

/** PUT /sellers/{id}/enable and /disable. */
export async function setSellerActive(db: Db, id: string, active: boolean): Promise<void> {
  await sellers.service.setActive(db, id, active);
}
