import type { Db } from "../db/scoped";
import { dayOfDate } from "../lib/calendar";
import { money, type Money } from "../lib/money";
import type { Crt, IeIndicator, StateTaxes, TaxIssuer, TaxRule, TaxSettings } from "./engine";
import { isUf, ufOf, type Uf } from "./states";

/**
 * What the tax engine needs from the database (contract §12), read together: the org's
 * rules, its UF table and settings, and the issuing company. A company without `crt`
 * (or without a UF in its address) figures no taxes: `issuer` is null and says why.
 */
export interface TaxWorld {
  issuer: TaxIssuer | null;
  /** Why `issuer` is null: the company has no tax regime, or no UF. */
  missing: "crt" | "address" | null;
  rules: TaxRule[];
  states: Map<Uf, StateTaxes>;
  settings: TaxSettings;
}

const moneyOrNull = (value: { toString(): string } | null): Money | null => (value === null ? null : money(value));

type RuleRow = Awaited<ReturnType<Db["taxRule"]["findMany"]>>[number];

export function engineRule(row: RuleRow): TaxRule {
  return {
    id: row.id,
    name: row.name,
    tax: row.tax,
    active: row.active,
    start_date: row.start_date ? dayOfDate(row.start_date) : null,
    end_date: row.end_date ? dayOfDate(row.end_date) : null,
    origin_states: row.origin_states.filter(isUf),
    destination_states: row.destination_states.filter(isUf),
    ie_indicators: row.ie_indicators.filter((value): value is IeIndicator => value === 1 || value === 2 || value === 9),
    final_consumer: row.final_consumer,
    ncm_prefixes: row.ncm_prefixes,
    cest: row.cest,
    product_ids: row.product_ids,
    company_ids: row.company_ids,
    cfop: row.cfop,
    cst: row.cst,
    csosn: row.csosn,
    rate: moneyOrNull(row.rate),
    base_reduction: moneyOrNull(row.base_reduction),
    fcp_rate: moneyOrNull(row.fcp_rate),
    credit_rate: moneyOrNull(row.credit_rate),
    mva: moneyOrNull(row.mva),
    adjust_mva: row.adjust_mva,
    st_base_reduction: moneyOrNull(row.st_base_reduction),
    st_internal_rate: moneyOrNull(row.st_internal_rate),
    st_fcp_rate: moneyOrNull(row.st_fcp_rate),
    pis_rate: moneyOrNull(row.pis_rate),
    cofins_rate: moneyOrNull(row.cofins_rate),
    ibs_rate: moneyOrNull(row.ibs_rate),
    cbs_rate: moneyOrNull(row.cbs_rate),
  };
}

/** A company's row as the issuer: null (and why) without a regime or a UF. */
export function issuerOf(company: {
  id: string;
  crt: number | null;
  pis_cofins_regime: TaxIssuer["pis_cofins_regime"];
  ipi_contributor: boolean;
  address: unknown;
}): { issuer: TaxIssuer | null; missing: TaxWorld["missing"] } {
  const crt = company.crt;
  if (crt !== 1 && crt !== 2 && crt !== 3 && crt !== 4) return { issuer: null, missing: "crt" };
  const address = company.address as { state?: string } | null;
  const uf = ufOf(address?.state);
  if (!uf) return { issuer: null, missing: "address" };
  return {
    issuer: { id: company.id, uf, crt: crt as Crt, pis_cofins_regime: company.pis_cofins_regime, ipi_contributor: company.ipi_contributor },
    missing: null,
  };
}

/** The org's rules, UF table and settings, and the company `companyId` as issuer. */
export async function loadTaxWorld(db: Db, companyId: string): Promise<TaxWorld> {
  const [company, rules, states, organization] = await Promise.all([
    db.company.findFirst({
      where: { id: companyId },
      select: { id: true, crt: true, pis_cofins_regime: true, ipi_contributor: true, address: true },
    }),
    db.taxRule.findMany({ orderBy: { id: "asc" } }),
    db.taxState.findMany({}),
    db.organization.findUniqueOrThrow({
      where: { id: db.$organizationId },
      select: { tax_exclude_icms_from_pis_cofins: true, tax_fcp_st_minus_own_fcp: true, tax_ibs_cbs: true },
    }),
  ]);
  const { issuer, missing } = company ? issuerOf(company) : { issuer: null, missing: "crt" as const };
  return {
    issuer,
    missing,
    rules: rules.map(engineRule),
    states: new Map(
      states.flatMap((row) =>
        isUf(row.uf)
          ? [
              [
                row.uf,
                {
                  internal_rate: money(row.internal_rate),
                  fcp_rate: money(row.fcp_rate),
                  difal_method: row.difal_method,
                  fcp_in_divisor: row.fcp_in_divisor,
                },
              ] as const,
            ]
          : [],
      ),
    ),
    settings: {
      exclude_icms_from_pis_cofins: organization.tax_exclude_icms_from_pis_cofins,
      fcp_st_minus_own_fcp: organization.tax_fcp_st_minus_own_fcp,
      ibs_cbs: organization.tax_ibs_cbs,
    },
  };
}
