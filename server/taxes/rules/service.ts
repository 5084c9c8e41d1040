import { defineCrud } from "../../crud/crud";
import { dayOfDate } from "../../lib/calendar";
import type { Prisma } from "../../generated/prisma/client";
import { toApi } from "../../lib/serialize";
import { AppError } from "../../errors";
import { taxRule, taxRuleBodyRules, taxRuleErrors, taxRuleFilters, taxRuleWrite, TAX_RULE_SORT, type TaxRuleDetail } from "./schemas";

type TaxRuleRow = Prisma.TaxRuleGetPayload<object>;

const dateColumn = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);

export function toTaxRule(row: TaxRuleRow): TaxRuleDetail {
  const { search_text: _search, organization_id: _org, ...rest } = row;
  return {
    ...(toApi(rest) as Omit<TaxRuleDetail, "start_date" | "end_date">),
    start_date: row.start_date ? dayOfDate(row.start_date) : null,
    end_date: row.end_date ? dayOfDate(row.end_date) : null,
  };
}

/**
 * Tax rules (contract §12): per item and tax the matching rule with the most matchers set
 * gives the CST/CSOSN, CFOP and rates (server/taxes/engine.ts decides). CRUD audited,
 * MANAGER and ADMIN write; the products and companies a rule names must be the org's.
 */
export const taxRules = defineCrud({
  noun: "Tax rule",
  entity: "tax_rule",
  path: "/tax-rules",
  tag: "Taxes",
  model: (db) => db.taxRule,
  write: taxRuleWrite,
  detail: taxRule,
  listRecord: taxRule,
  filters: {
    schema: taxRuleFilters,
    where: ({ tax, active, destination_state }) => ({
      ...(tax === undefined ? {} : { tax }),
      ...(active === undefined ? {} : { active }),
      ...(destination_state === undefined ? {} : { destination_states: { has: destination_state } }),
    }),
  },
  searchFields: (input) => [input.name, input.cfop, input.cst, input.csosn, ...input.ncm_prefixes],
  sortable: TAX_RULE_SORT,
  defaultSort: "name",
  references: [
    { field: "product_ids", noun: "product", model: (db) => db.product },
    { field: "company_ids", noun: "company", model: (db) => db.company },
  ],
  writeDescription:
    "Contract §12. `tax` is ICMS, IPI, PIS_COFINS or IBS_CBS; matchers (empty or null: not set) are origin and destination UFs, " +
    "`ie_indicators` (1, 2, 9), `final_consumer`, NCM prefixes (2–8 digits), `cest`, products and companies. Per item and tax the " +
    "matching rule with the most matchers set wins; ties: the latest `start_date`, then the longest NCM prefix. ICMS rules give " +
    "`cfop`, `cst` (normal regime) and/or `csosn` (Simples Nacional), `rate` (absent: between states the rate by law, within one the " +
    "UF table's internal rate), `base_reduction`, `fcp_rate`, `credit_rate` (CSOSN 101/201) and for ST `mva`, `adjust_mva`, " +
    "`st_base_reduction`, `st_internal_rate` (absent: the UF table's), `st_fcp_rate`; IPI rules `cst` and `rate` (absent: the " +
    "product's `ipi_rate`); PIS_COFINS rules `cst`, `pis_rate`, `cofins_rate` (absent: the company's regime); IBS_CBS rules `cst`, " +
    "`ibs_rate`, `cbs_rate`. A figure the tax does not take is 422 naming it. Rates are percentages 0–100 (MVA up to 1000) with at " +
    "most 4 decimals; `end_date` not before `start_date`. MANAGER and ADMIN write; audited.",
  bodyRules: taxRuleBodyRules,
  beforeWrite: async (_db, input) => {
    const errors = taxRuleErrors(input);
    if (errors.length > 0) throw AppError.fields(errors);
  },
  toData: (input) => {
    const { id, start_date, end_date, ...rest } = input;
    return { ...(id ? { id } : {}), ...rest, start_date: dateColumn(start_date), end_date: dateColumn(end_date) };
  },
  toDetail: (row: TaxRuleRow) => toTaxRule(row),
  toListRecord: (row: TaxRuleRow) => toTaxRule(row),
});
