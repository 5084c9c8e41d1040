import { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { defineCrud } from "../../lib/crud";
import { formatFiscalNumber } from "../../lib/fiscal-number";
import { company, companyFilters, companyListRecord, companyWrite } from "./schemas";

/** 409 when another company of the org has this CNPJ (the unique index is the last word). */
async function refuseDuplicateCnpj(db: Db, fiscalNumber: string, id?: string): Promise<void> {
  const other = await db.company.findFirst({
    where: { fiscal_registration_number: fiscalNumber, ...(id ? { NOT: { id } } : {}) },
    select: { name: true },
  });
  if (other) {
    throw new AppError("CONFLICT", `The company “${other.name}” already has the CNPJ ${formatFiscalNumber(fiscalNumber)}`);
  }
}

export const companies = defineCrud({
  noun: "Company",
  entity: "company",
  path: "/companies",
  tag: "Companies",
  model: (db) => db.company,
  read: { table: "companies", fields: Prisma.CompanyScalarFieldEnum },
  write: companyWrite,
  detail: company,
  listRecord: companyListRecord,
  filters: {
    schema: companyFilters,
    where: ({ active }) => (active === undefined ? {} : { active }),
  },
  searchFields: (input) => [input.name, input.fiscal_registration_number, formatFiscalNumber(input.fiscal_registration_number)],
  sortable: ["id", "name", "fiscal_registration_number", "active", "created_at"],
  defaultSort: "name",
  beforeWrite: (db, input, id) => refuseDuplicateCnpj(db, input.fiscal_registration_number, id),
  usedBy: [{ label: "sellers", count: (db, id) => db.seller.count({ where: { company_id: id } }) }],
});
