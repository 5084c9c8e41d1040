import { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { defineCrud, driverRead } from "../../crud/crud";
import { clearOtherDefault } from "../../crud/default-record";
import { formatFiscalNumber } from "../../lib/fiscal-number";
import { company, companyFilters, companyListRecord, companyWrite } from "./schemas";

/** 409 when another company of the org has this CNPJ (the unique index is the last word). */
async function refuseDuplicateCnpj(db: Db, fiscalNumber: string, id?: string): Promise<void> {
  const other = await db.company.findFirst({
    where: { fiscal_registration_number: fiscalNumber, ...(id ? { NOT: { id } } : {}) },
    select: { name: true },
  });
  if (other) {
    throw new AppError("duplicate", `The company “${other.name}” already has the CNPJ ${formatFiscalNumber(fiscalNumber)}`, {
      params: { field: "fiscal_registration_number", name: other.name },
    });
  }
}

export const companies = defineCrud({
  noun: "Company",
  entity: "company",
  path: "/companies",
  tag: "Companies",
  model: (db) => db.company,
  read: driverRead("Company", Prisma.CompanyScalarFieldEnum),
  write: companyWrite,
  detail: company,
  listRecord: companyListRecord,
  filters: {
    schema: companyFilters,
    where: ({ active }) => (active === undefined ? {} : { active }),
  },
  searchFields: (input) => [input.name, input.fiscal_registration_number, formatFiscalNumber(input.fiscal_registration_number)],
  sortable: ["id", "name", "fiscal_registration_number", "active", "is_default", "created_at"],
  defaultSort: "name",
  writeDescription:
    "Beyond the interface (contract §10): `is_default` makes this the company whose stock orders without `company_id` move; at most " +
    "one per organization (setting it clears the other); kept when absent. Beyond the interface (contract §12), each kept when absent: " +
    "`crt` (1 Simples Nacional, 2 SN above the sub-limit, 3 normal regime, 4 MEI; null, the default: its orders figure no taxes), " +
    "`pis_cofins_regime` (CUMULATIVE 0.65 %/3 %, NON_CUMULATIVE 1.65 %/7.6 %, NONE), `ipi_contributor`, `trade_name`, " +
    "`state_registration` and `address` (its `state`, a UF, is the origin of its orders' taxes).",
  toData: ({ address, ...input }) => ({
    ...input,
    ...(address === undefined ? {} : { address: address === null ? Prisma.DbNull : address }),
  }),
  beforeWrite: async (db, input, id) => {
    await refuseDuplicateCnpj(db, input.fiscal_registration_number, id);
    if (input.is_default) await clearOtherDefault(db, "companies", id);
  },
  usedBy: [{ label: "sellers", count: (db, id) => db.seller.count({ where: { company_id: id } }) }],
});
