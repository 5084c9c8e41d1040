import type { ReadStatement } from "../db/sql";
import { Prisma } from "../generated/prisma/client";
import { exact, type Exact } from "../lib/exact";
import {
  RULE_RATES,
  type Crt,
  type IeIndicator,
  type RuleRate,
  type StateTaxes,
  type TaxIssuer,
  type TaxRule,
  type TaxSettings,
} from "./engine";
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

const exactOrNull = (value: string | null): Exact | null => (value === null ? null : exact(value));

/** A rule as the world's statement reads it: rates as text (no float), dates as YYYY-MM-DD. */
interface RuleRecord {
  id: string;
  name: string;
  tax: TaxRule["tax"];
  active: boolean;
  start_date: string | null;
  end_date: string | null;
  origin_states: string[] | null;
  destination_states: string[] | null;
  ie_indicators: number[] | null;
  final_consumer: boolean | null;
  ncm_prefixes: string[] | null;
  cest: string | null;
  product_ids: string[] | null;
  company_ids: string[] | null;
  cfop: string | null;
  cst: string | null;
  csosn: string | null;
  adjust_mva: boolean;
  rate: string | null;
  base_reduction: string | null;
  fcp_rate: string | null;
  credit_rate: string | null;
  mva: string | null;
  st_base_reduction: string | null;
  st_internal_rate: string | null;
  st_fcp_rate: string | null;
  pis_rate: string | null;
  cofins_rate: string | null;
  ibs_rate: string | null;
  cbs_rate: string | null;
}

function engineRule(row: RuleRecord): TaxRule {
  return {
    id: row.id,
    name: row.name,
    tax: row.tax,
    active: row.active,
    start_date: row.start_date,
    end_date: row.end_date,
    origin_states: (row.origin_states ?? []).filter(isUf),
    destination_states: (row.destination_states ?? []).filter(isUf),
    ie_indicators: (row.ie_indicators ?? []).filter((value): value is IeIndicator => value === 1 || value === 2 || value === 9),
    final_consumer: row.final_consumer,
    ncm_prefixes: row.ncm_prefixes ?? [],
    cest: row.cest,
    product_ids: row.product_ids ?? [],
    company_ids: row.company_ids ?? [],
    cfop: row.cfop,
    cst: row.cst,
    csosn: row.csosn,
    adjust_mva: row.adjust_mva,
    ...(Object.fromEntries(RULE_RATES.map((name) => [name, exactOrNull(row[name])])) as Record<RuleRate, Exact | null>),
  };
}

/** The columns of a statement that read the world: the issuer (`companyId`, else the default company), rules, UF table, settings. */
export interface TaxWorldRow {
  tax_issuer: {
    id: string;
    crt: number | null;
    pis_cofins_regime: TaxIssuer["pis_cofins_regime"];
    ipi_contributor: boolean;
    address: unknown;
  } | null;
  tax_rules: RuleRecord[];
  tax_states: Array<{ uf: string; internal_rate: string; fcp_rate: string; difal_method: "SINGLE" | "DOUBLE"; fcp_in_divisor: boolean }>;
  tax_settings: { exclude_icms_from_pis_cofins: boolean; fcp_st_minus_own_fcp: boolean; ibs_cbs: boolean };
}

/**
 * The world's columns, for a statement's select list (`org` the org placeholder): one read
 * with whatever else the statement reads (the order writer's references; the calculation).
 */
export function taxWorldColumns(org: Prisma.Sql, companyId: string | null): Prisma.Sql {
  return Prisma.sql`
      (SELECT json_build_object('id', c.id, 'crt', c.crt, 'pis_cofins_regime', c.pis_cofins_regime, 'ipi_contributor', c.ipi_contributor,
                                'address', c.address)
         FROM companies c
        WHERE c.organization_id = ${org}
          AND c.id = COALESCE(${companyId}::uuid, (SELECT d.id FROM companies d WHERE d.organization_id = ${org} AND d.is_default LIMIT 1)))
        AS tax_issuer,
      COALESCE((SELECT json_agg(json_build_object(
          'id', r.id, 'name', r.name, 'tax', r.tax, 'active', r.active, 'start_date', r.start_date::text, 'end_date', r.end_date::text,
          'origin_states', r.origin_states, 'destination_states', r.destination_states, 'ie_indicators', r.ie_indicators,
          'final_consumer', r.final_consumer, 'ncm_prefixes', r.ncm_prefixes, 'cest', r.cest, 'product_ids', r.product_ids,
          'company_ids', r.company_ids, 'cfop', r.cfop, 'cst', r.cst, 'csosn', r.csosn, 'adjust_mva', r.adjust_mva,
          'rate', r.rate::text, 'base_reduction', r.base_reduction::text, 'fcp_rate', r.fcp_rate::text, 'credit_rate', r.credit_rate::text,
          'mva', r.mva::text, 'st_base_reduction', r.st_base_reduction::text, 'st_internal_rate', r.st_internal_rate::text,
          'st_fcp_rate', r.st_fcp_rate::text, 'pis_rate', r.pis_rate::text, 'cofins_rate', r.cofins_rate::text,
          'ibs_rate', r.ibs_rate::text, 'cbs_rate', r.cbs_rate::text) ORDER BY r.id)
         FROM tax_rules r WHERE r.organization_id = ${org}), '[]') AS tax_rules,
      COALESCE((SELECT json_agg(json_build_object('uf', t.uf, 'internal_rate', t.internal_rate::text, 'fcp_rate', t.fcp_rate::text,
                                                  'difal_method', t.difal_method, 'fcp_in_divisor', t.fcp_in_divisor))
         FROM tax_states t WHERE t.organization_id = ${org}), '[]') AS tax_states,
      (SELECT json_build_object('exclude_icms_from_pis_cofins', o.tax_exclude_icms_from_pis_cofins,
                                'fcp_st_minus_own_fcp', o.tax_fcp_st_minus_own_fcp, 'ibs_cbs', o.tax_ibs_cbs)
         FROM organizations o WHERE o.id = ${org}) AS tax_settings`;
}

/** The world from its columns. */
export function taxWorldOf(row: TaxWorldRow): TaxWorld {
  const { issuer, missing } = row.tax_issuer ? issuerOf(row.tax_issuer) : { issuer: null, missing: "crt" as const };
  return {
    issuer,
    missing,
    rules: row.tax_rules.map(engineRule),
    states: new Map(
      row.tax_states.flatMap((state) =>
        isUf(state.uf)
          ? [
              [
                state.uf,
                {
                  internal_rate: exact(state.internal_rate),
                  fcp_rate: exact(state.fcp_rate),
                  difal_method: state.difal_method,
                  fcp_in_divisor: state.fcp_in_divisor,
                },
              ] as const,
            ]
          : [],
      ),
    ),
    settings: row.tax_settings,
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

/** A buyer and the products a calculation names, as its one statement reads them. */
export interface TaxSubjects {
  world: TaxWorld;
  /** The issuing company's id (the one named, else the default one); null when there is none. */
  issuerId: string | null;
  partner: { ie_indicator: number | null; final_consumer: boolean | null; state_registration: string | null; addresses: unknown } | null;
  products: Map<string, { id: string; ncm: string | null; cest: string | null; origin: number; ipi_rate: string | null }>;
  variations: Map<string, string>;
}

interface SubjectsRow extends TaxWorldRow {
  partner: TaxSubjects["partner"];
  products: Array<{ id: string; ncm: string | null; cest: string | null; origin: number; ipi_rate: string | null }>;
  variations: Array<{ id: string; product_id: string }>;
}

/**
 * What a calculation of taxes reads (POST /taxes/calculate, a page of prices with taxes), in
 * one statement prepared once per connection (`ctx.readStatement`: on the driver, not
 * through Prisma): the world (issuer, rules, UF table, settings), the partner and the products.
 */
export async function readTaxSubjects(
  read: ReadStatement,
  request: { companyId: string | null; partnerId: string | null; productIds: readonly string[]; variationIds: readonly string[] },
): Promise<TaxSubjects> {
  const [row] = await read<SubjectsRow>(
    "tax-subjects",
    (org) => Prisma.sql`
    SELECT ${taxWorldColumns(org, request.companyId)},
      (SELECT json_build_object('ie_indicator', p.ie_indicator, 'final_consumer', p.final_consumer,
                                'state_registration', p.state_registration, 'addresses', p.addresses)
         FROM partners p WHERE p.organization_id = ${org} AND p.id = ${request.partnerId}::uuid) AS partner,
      COALESCE((SELECT json_agg(json_build_object('id', pr.id, 'ncm', pr.ncm, 'cest', pr.cest, 'origin', pr.origin,
                                                  'ipi_rate', pr.ipi_rate::text))
         FROM products pr WHERE pr.organization_id = ${org} AND pr.id = ANY(${[...request.productIds]}::uuid[])), '[]') AS products,
      COALESCE((SELECT json_agg(json_build_object('id', v.id, 'product_id', v.product_id))
         FROM product_variations v WHERE v.organization_id = ${org} AND v.id = ANY(${[...request.variationIds]}::uuid[])), '[]')
        AS variations`,
  );
  if (!row) throw new Error("the tax subjects' statement answers one row");
  return {
    world: taxWorldOf(row),
    issuerId: row.tax_issuer?.id ?? null,
    partner: row.partner,
    products: new Map(row.products.map((product) => [product.id, product])),
    variations: new Map(row.variations.map((variation) => [variation.id, variation.product_id])),
  };
}
