import { Exact, EXACT_ZERO as ZERO, exact, maxExact, sumExact } from "../lib/exact";
import { interstateRate, type Uf } from "./states";

/**
 * The tax engine (contract §12). Pure, like the price engine (server/pricing/engine.ts): it
 * is given the issuer, the buyer, the items, the order's charges, the org's rules, its
 * per-UF table and its settings, and answers every tax of every item with the rule that
 * gave it, and — when asked — every rule it considered, applied or not and why. No database,
 * no clock (the date is in the input).
 *
 * Money as exact decimals on integers (server/lib/exact.ts, as the price engine: no float,
 * no digit dropped; callers read amounts into it and its figures out as JSON numbers); each
 * tax of each item rounded half-even to cents once, a division (a spread share, the adjusted
 * MVA, DIFAL's double base) its exact quotient rounded once; a tax that enters another's
 * base (IPI in the ICMS and ST bases, the own ICMS in the ST and PIS/COFINS figures) enters
 * it rounded, as the NF-e states it; totals are sums of the rounded items. Without
 * `explain` nothing is written about the rules passed over. The decimal.js engine it
 * replaced is the tests' oracle (tests/oracle/decimal-tax-engine.ts).
 *
 * Per item, in order:
 * 1. Spread: the order's freight, insurance, other charges and discount in proportion to
 *    the items' values (vProd), each share rounded, the last item taking the rest; an item's
 *    own discount adds to its share of the order's.
 *    base = vProd + freight + insurance + other − discount.
 * 2. IPI (issuer an IPI contributor): base × rate (the rule's, else the product's ipi_rate).
 * 3. ICMS: (base + IPI when the buyer is a final consumer or a non-contributor) ×
 *    (1 − base_reduction) × rate (the rule's; else between states the rate by law, within
 *    one the UF's internal rate). Simples Nacional (CRT 1 and 4) states no own ICMS (CSOSN),
 *    save the credit of CSOSN 101/201. FCP = ICMS base × fcp_rate.
 * 4. ICMS-ST (CST 10, 30, 70, 90 with an MVA; CSOSN 201, 202, 203, 900 with an MVA):
 *    vBCST = (base + IPI) × (1 + MVA) × (1 − st_base_reduction), the MVA adjusted between
 *    states when the rule asks; vICMSST = vBCST × st_internal_rate − own ICMS (a Simples
 *    issuer subtracts the ICMS it would owe at its rate), never below zero; vFCPST = vBCST ×
 *    st_fcp_rate, less the own FCP per the setting.
 * 5. DIFAL (between states, to a non-contributor final consumer): the destination's
 *    method, SINGLE or DOUBLE base; its FCP on the same base. Not in the invoice.
 * 6. PIS/COFINS: (base − ICMS per the setting) × the rule's rates, else the regime's.
 * 7. IBS/CBS (setting on): (base − ICMS − PIS − COFINS) × 0.1 % / 0.9 %, informative.
 * vNF = Σ (vProd − discount + freight + insurance + other + IPI + ICMS-ST + FCP-ST).
 */

export type TaxKind = "ICMS" | "IPI" | "PIS_COFINS" | "IBS_CBS";
export const TAX_KINDS: readonly TaxKind[] = ["ICMS", "IPI", "PIS_COFINS", "IBS_CBS"];
export type IeIndicator = 1 | 2 | 9;
export type Crt = 1 | 2 | 3 | 4;
export type PisCofinsRegime = "CUMULATIVE" | "NON_CUMULATIVE" | "NONE";
export type DifalMethod = "SINGLE" | "DOUBLE";

/** The percentages a tax rule may give (each null when it gives none). */
export const RULE_RATES = [
  "rate",
  "base_reduction",
  "fcp_rate",
  "credit_rate",
  "mva",
  "st_base_reduction",
  "st_internal_rate",
  "st_fcp_rate",
  "pis_rate",
  "cofins_rate",
  "ibs_rate",
  "cbs_rate",
] as const;
export type RuleRate = (typeof RULE_RATES)[number];

/** A tax rule (`/tax-rules`): its matchers (empty or null: not set) and the figures it gives. */
export interface TaxRule {
  id: string;
  name: string;
  tax: TaxKind;
  active: boolean;
  /** YYYY-MM-DD, inclusive. */
  start_date: string | null;
  end_date: string | null;
  origin_states: readonly Uf[];
  destination_states: readonly Uf[];
  ie_indicators: readonly IeIndicator[];
  final_consumer: boolean | null;
  ncm_prefixes: readonly string[];
  cest: string | null;
  product_ids: readonly string[];
  company_ids: readonly string[];
  cfop: string | null;
  cst: string | null;
  csosn: string | null;
  /** Percentages. */
  rate: Exact | null;
  base_reduction: Exact | null;
  fcp_rate: Exact | null;
  credit_rate: Exact | null;
  mva: Exact | null;
  adjust_mva: boolean;
  st_base_reduction: Exact | null;
  st_internal_rate: Exact | null;
  st_fcp_rate: Exact | null;
  pis_rate: Exact | null;
  cofins_rate: Exact | null;
  ibs_rate: Exact | null;
  cbs_rate: Exact | null;
}

/** A destination UF's row of the org's table. */
export interface StateTaxes {
  internal_rate: Exact;
  fcp_rate: Exact;
  difal_method: DifalMethod;
  fcp_in_divisor: boolean;
}

export interface TaxSettings {
  exclude_icms_from_pis_cofins: boolean;
  fcp_st_minus_own_fcp: boolean;
  ibs_cbs: boolean;
}

export interface TaxIssuer {
  id: string;
  uf: Uf;
  crt: Crt;
  pis_cofins_regime: PisCofinsRegime;
  ipi_contributor: boolean;
}

export interface TaxBuyer {
  uf: Uf;
  ie_indicator: IeIndicator;
  final_consumer: boolean;
}

export interface TaxItemInput {
  product_id: string;
  ncm: string | null;
  cest: string | null;
  /** 0–8 (the NF-e's `orig`). */
  origin: number;
  ipi_rate: Exact | null;
  /** vProd: quantity × unit value, in cents. */
  value: Exact;
  /** The item's own unconditional discount, in cents. */
  discount: Exact;
}

export interface TaxCharges {
  freight: Exact;
  insurance: Exact;
  other: Exact;
  discount: Exact;
}

export interface TaxInput {
  /** YYYY-MM-DD: the rules valid on this day. */
  date: string;
  issuer: TaxIssuer;
  buyer: TaxBuyer;
  items: readonly TaxItemInput[];
  charges: TaxCharges;
  rules: readonly TaxRule[];
  states: ReadonlyMap<Uf, StateTaxes>;
  settings: TaxSettings;
  explain?: boolean;
}

/** One tax of one item, as the NF-e states it. */
export interface TaxValue {
  cst: string | null;
  csosn: string | null;
  base: Exact;
  rate: Exact;
  value: Exact;
  rule_id: string | null;
}

export interface StTaxValue extends TaxValue {
  /** The MVA applied (percent, adjusted when the rule asks), 4 places. */
  mva: Exact;
}

export interface IcmsTaxValue extends TaxValue {
  base_reduction: Exact | null;
  /** CSOSN 101/201: the credit the buyer may take (pCredSN, vCredICMSSN). */
  credit_rate: Exact | null;
  credit_value: Exact | null;
}

export interface DifalValue {
  base: Exact;
  /** The destination's internal rate and the interstate rate (percent). */
  internal_rate: Exact;
  interstate_rate: Exact;
  method: DifalMethod;
  value: Exact;
  fcp: { base: Exact; rate: Exact; value: Exact };
}

export interface ItemTaxes {
  cfop: string;
  freight_value: Exact;
  insurance_value: Exact;
  other_value: Exact;
  discount_value: Exact;
  icms: IcmsTaxValue;
  fcp: TaxValue | null;
  icms_st: StTaxValue | null;
  fcp_st: TaxValue | null;
  ipi: TaxValue | null;
  pis: TaxValue | null;
  cofins: TaxValue | null;
  difal: DifalValue | null;
  ibs: TaxValue | null;
  cbs: TaxValue | null;
}

/** The NF-e's ICMSTot names. */
export interface TaxTotals {
  vBC: Exact;
  vICMS: Exact;
  vFCP: Exact;
  vBCST: Exact;
  vST: Exact;
  vFCPST: Exact;
  vIPI: Exact;
  vPIS: Exact;
  vCOFINS: Exact;
  vICMSUFDest: Exact;
  vFCPUFDest: Exact;
  vIBS: Exact;
  vCBS: Exact;
}

/** Why a rule applied or not: a code (the panel words it), its figures, and the English reason. */
export type TaxStepCode =
  | "applied"
  | "inactive"
  | "out_of_date_range"
  | "beaten_by_more_specific_rule"
  | "origin_state_not_matched"
  | "destination_state_not_matched"
  | "ie_indicator_not_matched"
  | "final_consumer_not_matched"
  | "ncm_not_matched"
  | "cest_not_matched"
  | "product_not_matched"
  | "company_not_matched"
  | "default"
  | "not_applicable";

export interface TaxStep {
  tax: TaxKind;
  rule_id: string | null;
  name: string | null;
  applied: boolean;
  code: TaxStepCode;
  reason: string;
  params: Record<string, string | number>;
}

export interface ItemTaxResult {
  taxes: ItemTaxes;
  steps: TaxStep[] | null;
}

export interface TaxResult {
  items: ItemTaxResult[];
  totals: TaxTotals;
  invoice_value: Exact;
}

const HUNDRED = exact(100);
const SIMPLES: ReadonlySet<Crt> = new Set([1, 4]);
const REGIME_RATES: Record<Exclude<PisCofinsRegime, "NONE">, { pis: Exact; cofins: Exact }> = {
  CUMULATIVE: { pis: exact("0.65"), cofins: exact("3.00") },
  NON_CUMULATIVE: { pis: exact("1.65"), cofins: exact("7.60") },
};
/** The 2026 test year (LC 214/2025): CBS 0.9 %, IBS 0.1 %. */
const TEST_YEAR = { ibs: exact("0.1"), cbs: exact("0.9") };
/** The interstate rates by law (4, 7, 12 %) and DIFAL's fallback, as exact percents. */
const LAW_RATES = new Map([4, 7, 12].map((rate) => [rate, exact(rate)]));
const lawExact = (rate: number) => LAW_RATES.get(rate) ?? exact(rate);
/** CSTs whose own ICMS is stated. */
const OWN_ICMS_CST: ReadonlySet<string> = new Set(["00", "10", "20", "51", "70", "90"]);
/** CSTs and CSOSNs that carry ST. */
const ST_CST: ReadonlySet<string> = new Set(["10", "30", "70"]);
const ST_CSOSN: ReadonlySet<string> = new Set(["201", "202", "203"]);
/** CSOSNs with the buyer's credit. */
const CREDIT_CSOSN: ReadonlySet<string> = new Set(["101", "201"]);
/** IPI CSTs of an exit that is not taxed (IPINT). */
const IPI_UNTAXED: ReadonlySet<string> = new Set(["51", "52", "53", "54", "55"]);

/** How many matchers a rule sets (the more, the more specific). */
export function matcherCount(rule: TaxRule): number {
  return (
    Number(rule.origin_states.length > 0) +
    Number(rule.destination_states.length > 0) +
    Number(rule.ie_indicators.length > 0) +
    Number(rule.final_consumer !== null) +
    Number(rule.ncm_prefixes.length > 0) +
    Number(rule.cest !== null) +
    Number(rule.product_ids.length > 0) +
    Number(rule.company_ids.length > 0)
  );
}

interface Facts {
  date: string;
  issuer: TaxIssuer;
  buyer: TaxBuyer;
  item: TaxItemInput;
}

type MismatchCode = Exclude<TaxStepCode, "applied" | "beaten_by_more_specific_rule" | "default" | "not_applicable">;

/** Why a rule does not match an item, as a code (null: it matches); `explainMismatch` words it. */
function mismatch(rule: TaxRule, facts: Facts): MismatchCode | null {
  const { date, issuer, buyer, item } = facts;
  if (!rule.active) return "inactive";
  if ((rule.start_date && date < rule.start_date) || (rule.end_date && date > rule.end_date)) return "out_of_date_range";
  if (rule.company_ids.length > 0 && !rule.company_ids.includes(issuer.id)) return "company_not_matched";
  if (rule.origin_states.length > 0 && !rule.origin_states.includes(issuer.uf)) return "origin_state_not_matched";
  if (rule.destination_states.length > 0 && !rule.destination_states.includes(buyer.uf)) return "destination_state_not_matched";
  if (rule.ie_indicators.length > 0 && !rule.ie_indicators.includes(buyer.ie_indicator)) return "ie_indicator_not_matched";
  if (rule.final_consumer !== null && rule.final_consumer !== buyer.final_consumer) return "final_consumer_not_matched";
  if (rule.ncm_prefixes.length > 0 && !rule.ncm_prefixes.some((prefix) => item.ncm?.startsWith(prefix))) return "ncm_not_matched";
  if (rule.cest !== null && rule.cest !== item.cest) return "cest_not_matched";
  if (rule.product_ids.length > 0 && !rule.product_ids.includes(item.product_id)) return "product_not_matched";
  return null;
}

/** A mismatch's words and figures (explained calculations only). */
function explainMismatch(code: MismatchCode, rule: TaxRule, facts: Facts): Pick<TaxStep, "code" | "reason" | "params"> {
  const { date, issuer, buyer, item } = facts;
  switch (code) {
    case "inactive":
      return { code, reason: "the rule is not active", params: {} };
    case "out_of_date_range":
      return {
        code,
        reason: `valid from ${rule.start_date ?? "always"} to ${rule.end_date ?? "no end"}`,
        params: { start_date: rule.start_date ?? "", end_date: rule.end_date ?? "", date },
      };
    case "company_not_matched":
      return { code, reason: "the rule names other companies", params: {} };
    case "origin_state_not_matched":
      return { code, reason: `the issuer is in ${issuer.uf}`, params: { uf: issuer.uf } };
    case "destination_state_not_matched":
      return { code, reason: `the destination is ${buyer.uf}`, params: { uf: buyer.uf } };
    case "ie_indicator_not_matched":
      return { code, reason: `the buyer's IE indicator is ${buyer.ie_indicator}`, params: { ie_indicator: buyer.ie_indicator } };
    case "final_consumer_not_matched":
      return {
        code,
        reason: buyer.final_consumer ? "the buyer is a final consumer" : "the buyer is not a final consumer",
        params: { final_consumer: String(buyer.final_consumer) },
      };
    case "ncm_not_matched":
      return { code, reason: `the product's NCM is ${item.ncm ?? "not set"}`, params: { ncm: item.ncm ?? "" } };
    case "cest_not_matched":
      return { code, reason: `the product's CEST is ${item.cest ?? "not set"}`, params: { cest: item.cest ?? "" } };
    case "product_not_matched":
      return { code, reason: "the rule names other products", params: {} };
  }
}

/** The longest of a rule's NCM prefixes that the item's NCM starts with (0 without). */
function ncmDepth(rule: TaxRule, ncm: string | null): number {
  let depth = 0;
  for (const prefix of rule.ncm_prefixes) if (prefix.length > depth && ncm?.startsWith(prefix)) depth = prefix.length;
  return depth;
}

interface Ranked {
  rule: TaxRule;
  count: number;
  depth: number;
}

/** Of two matching rules, the more specific first: more matchers, then the latest start date (none is the earliest), the longest NCM prefix, the id. */
const bySpecificity = (a: Ranked, b: Ranked) =>
  b.count - a.count ||
  (b.rule.start_date ?? "").localeCompare(a.rule.start_date ?? "") ||
  b.depth - a.depth ||
  a.rule.id.localeCompare(b.rule.id);

/**
 * The rule of one tax for one item: of those that match, the one with the most matchers
 * set; ties by the latest start date (none is the earliest), then the longest NCM prefix,
 * then the id (so the answer never depends on the order rules were read in). Explained,
 * every rule of the tax is a step; otherwise the most specific is kept in one pass, with
 * nothing written about the others.
 */
function chooseRule(tax: TaxKind, rules: readonly TaxRule[], facts: Facts, steps: TaxStep[] | null): TaxRule | null {
  if (!steps) {
    let best: Ranked | null = null;
    for (const rule of rules) {
      if (rule.tax !== tax || mismatch(rule, facts) !== null) continue;
      const ranked = { rule, count: matcherCount(rule), depth: ncmDepth(rule, facts.item.ncm) };
      if (best === null || bySpecificity(ranked, best) < 0) best = ranked;
    }
    return best?.rule ?? null;
  }
  const matching: Ranked[] = [];
  for (const rule of rules) {
    if (rule.tax !== tax) continue;
    const code = mismatch(rule, facts);
    if (code) steps.push({ tax, rule_id: rule.id, name: rule.name, applied: false, ...explainMismatch(code, rule, facts) });
    else matching.push({ rule, count: matcherCount(rule), depth: ncmDepth(rule, facts.item.ncm) });
  }
  matching.sort(bySpecificity);
  const winner = matching[0]?.rule ?? null;
  for (const { rule, count } of matching) {
    if (rule === winner) {
      steps.push({
        tax,
        rule_id: rule.id,
        name: rule.name,
        applied: true,
        code: "applied",
        reason: `matches with ${count} matcher(s) set`,
        params: { matchers: count },
      });
    } else {
      steps.push({
        tax,
        rule_id: rule.id,
        name: rule.name,
        applied: false,
        code: "beaten_by_more_specific_rule",
        reason: `${winner!.name} sets more matchers, starts later or names a longer NCM prefix`,
        params: { winner: winner!.name, matchers: count },
      });
    }
  }
  return winner;
}

const defaultStep = (tax: TaxKind, reason: string, params: Record<string, string | number> = {}): TaxStep => ({
  tax,
  rule_id: null,
  name: null,
  applied: true,
  code: "default",
  reason,
  params,
});

const notApplicable = (tax: TaxKind, reason: string, params: Record<string, string | number> = {}): TaxStep => ({
  tax,
  rule_id: null,
  name: null,
  applied: false,
  code: "not_applicable",
  reason,
  params,
});

/**
 * `total` spread over `weights` in proportion, each share rounded half-even to cents, the
 * last item with a value taking the rest (so the shares add up to `total` exactly; an item of
 * no value — a gift — takes no share). Should the rest push that item past what it is worth
 * (a discount of nearly all of the order whose last item is a cent) or below zero, the
 * largest item takes it instead: no item's base goes negative.
 */
export function spread(total: Exact, weights: readonly Exact[]): Exact[] {
  if (weights.length === 0) return [];
  // Nothing to spread (most orders' insurance and other charges): every share is zero, as the division below would make it.
  if (total.isZero()) return weights.map(() => ZERO);
  const sum = sumExact(weights);
  const valued = weights.flatMap((weight, index) => (weight.isZero() ? [] : [index]));
  const rest = (taker: number) => {
    const shares = weights.map((weight, index) => (index === taker || sum.isZero() ? ZERO : total.times(weight).dividedToPlaces(sum, 2)));
    shares[taker] = total.minus(sumExact(shares));
    return shares;
  };
  const last = valued.length > 0 ? valued[valued.length - 1]! : weights.length - 1;
  const shares = rest(last);
  const taken = shares[last]!;
  if (valued.length === 0 || (!taken.isNegative() && (total.greaterThan(sum) || taken.lessThanOrEqualTo(weights[last]!)))) return shares;
  const largest = valued.reduce((best, index) => (weights[index]!.greaterThan(weights[best]!) ? index : best), valued[0]!);
  return rest(largest);
}

/**
 * An adjusted MVA (percent, 4 places): [(1 + MVA) × (1 − inter) / (1 − intra)] − 1, that is
 * in percents [(100 + MVA) × (100 − inter) − 100 × (100 − intra)] / (100 − intra), the
 * exact quotient rounded half-even once. An internal rate below 100 % (the UF table and
 * the rules refuse 100 %).
 */
export function adjustedMva(mva: Exact, interstate: Exact, internal: Exact): Exact {
  const rest = HUNDRED.minus(internal);
  return HUNDRED.plus(mva).times(HUNDRED.minus(interstate)).minus(HUNDRED.times(rest)).dividedToPlaces(rest, 4);
}

/** `rate` % of `base`, rounded half-even to cents. */
const value = (base: Exact, rate: Exact) => base.percent(rate).roundHalfEven(2);
/** What is left of a value after `reduction` % of it (unrounded). */
const reduced = (amount: Exact, reduction: Exact) => amount.percent(HUNDRED.minus(reduction));

function taxValue(rule: TaxRule | null, base: Exact, rate: Exact, cst: string | null = rule?.cst ?? null): TaxValue {
  return { cst, csosn: null, base, rate, value: value(base, rate), rule_id: rule?.id ?? null };
}

/** The default CFOP: resale within the state 5102, between states 6102, 6108 to a non-contributor, 5403/6403 with ST. */
function defaultCfop(interstate: boolean, st: boolean, buyer: TaxBuyer): string {
  if (interstate && buyer.ie_indicator === 9) return "6108";
  if (st) return interstate ? "6403" : "5403";
  return interstate ? "6102" : "5102";
}

function itemTaxes(
  input: TaxInput,
  item: TaxItemInput,
  shares: Pick<ItemTaxes, "freight_value" | "insurance_value" | "other_value" | "discount_value">,
): ItemTaxResult {
  const { issuer, buyer, settings } = input;
  const steps: TaxStep[] | null = input.explain ? [] : null;
  const facts: Facts = { date: input.date, issuer, buyer, item };
  const simples = SIMPLES.has(issuer.crt);
  const interstate = issuer.uf !== buyer.uf;
  const destination = input.states.get(buyer.uf) ?? null;
  const base = item.value.plus(shares.freight_value).plus(shares.insurance_value).plus(shares.other_value).minus(shares.discount_value);

  // IPI
  let ipi: TaxValue | null = null;
  const ipiRule = chooseRule("IPI", input.rules, facts, steps);
  if (!issuer.ipi_contributor) {
    steps?.push(notApplicable("IPI", "the issuer is not an IPI contributor"));
  } else {
    const rate = ipiRule?.rate ?? item.ipi_rate;
    const cst = ipiRule?.cst ?? "50";
    if (IPI_UNTAXED.has(cst)) {
      ipi = { cst, csosn: null, base: ZERO, rate: ZERO, value: ZERO, rule_id: ipiRule?.id ?? null };
    } else if (rate === null) {
      steps?.push(notApplicable("IPI", "no rule gives a rate and the product has no IPI rate"));
    } else {
      ipi = taxValue(ipiRule, base, rate, cst);
      if (!ipiRule) steps?.push(defaultStep("IPI", `the product's IPI rate, ${rate.toString()}%`, { rate: rate.toString() }));
    }
  }
  const ipiValue = ipi?.value ?? ZERO;

  // ICMS
  const icmsRule = chooseRule("ICMS", input.rules, facts, steps);
  const lawRate = interstateRate(issuer.uf, buyer.uf, item.origin);
  const rate = icmsRule?.rate ?? (lawRate !== null ? lawExact(lawRate) : (destination?.internal_rate ?? null));
  const cst = simples ? null : (icmsRule?.cst ?? "00");
  const csosn = simples ? (icmsRule?.csosn ?? "102") : null;
  const ipiInBase = buyer.final_consumer || buyer.ie_indicator === 9;
  const fullBase = ipiInBase ? base.plus(ipiValue) : base;
  const reduction = icmsRule?.base_reduction ?? null;
  const icmsBase = reduction ? reduced(fullBase, reduction).roundHalfEven(2) : fullBase;
  if (!icmsRule) {
    steps?.push(
      defaultStep(
        "ICMS",
        simples
          ? "no rule: CSOSN 102, taxed by the Simples Nacional without credit"
          : rate === null
            ? `no rule, and the table has no internal rate for ${buyer.uf}`
            : lawRate !== null
              ? `no rule: CST 00 at the interstate rate by law, ${lawRate}%`
              : `no rule: CST 00 at ${buyer.uf}'s internal rate, ${rate.toString()}%`,
        { uf: buyer.uf, rate: rate?.toString() ?? "" },
      ),
    );
  }
  const ownStated = !simples && cst !== null && OWN_ICMS_CST.has(cst) && rate !== null;
  const icms: IcmsTaxValue = ownStated
    ? {
        cst,
        csosn: null,
        base: icmsBase,
        rate,
        value: value(icmsBase, rate),
        rule_id: icmsRule?.id ?? null,
        base_reduction: reduction,
        credit_rate: null,
        credit_value: null,
      }
    : {
        cst,
        csosn,
        base: ZERO,
        rate: ZERO,
        value: ZERO,
        rule_id: icmsRule?.id ?? null,
        base_reduction: null,
        credit_rate: null,
        credit_value: null,
      };
  if (simples && csosn && CREDIT_CSOSN.has(csosn) && icmsRule?.credit_rate) {
    icms.credit_rate = icmsRule.credit_rate;
    icms.credit_value = value(base, icmsRule.credit_rate);
  }

  // FCP (own): the rule's rate, else within one state the UF's.
  let fcp: TaxValue | null = null;
  const fcpRate = icmsRule?.fcp_rate ?? (interstate ? null : (destination?.fcp_rate ?? null));
  if (ownStated && fcpRate && !fcpRate.isZero()) fcp = taxValue(icmsRule, icms.base, fcpRate, null);

  // ICMS-ST
  let icmsSt: StTaxValue | null = null;
  let fcpSt: TaxValue | null = null;
  const stCode = simples ? csosn : cst;
  const carriesSt =
    stCode !== null && (ST_CST.has(stCode) || ST_CSOSN.has(stCode) || ((stCode === "90" || stCode === "900") && icmsRule?.mva != null));
  if (carriesSt) {
    const internal = icmsRule?.st_internal_rate ?? destination?.internal_rate ?? null;
    if (internal === null) {
      steps?.push(notApplicable("ICMS", `ST: no internal rate for ${buyer.uf} in the rule or the table`, { uf: buyer.uf }));
    } else {
      let mva = icmsRule?.mva ?? ZERO;
      // An internal rate of 100 % leaves nothing to adjust by (the UF table and the rules refuse one; older rows may hold it).
      if (icmsRule?.adjust_mva && lawRate !== null && internal.lessThan(HUNDRED)) mva = adjustedMva(mva, lawExact(lawRate), internal);
      let stBase = base.plus(ipiValue).percent(HUNDRED.plus(mva));
      if (icmsRule?.st_base_reduction) stBase = reduced(stBase, icmsRule.st_base_reduction);
      stBase = stBase.roundHalfEven(2);
      // The own ICMS subtracted: the one stated, else (Simples, CST 30) what it would be at the operation's rate.
      const own = ownStated ? icms.value : rate === null ? ZERO : value(icmsBase, rate);
      const stValue = maxExact(ZERO, value(stBase, internal).minus(own));
      icmsSt = { cst, csosn, base: stBase, rate: internal, value: stValue, mva, rule_id: icmsRule?.id ?? null };
      const stFcpRate = icmsRule?.st_fcp_rate ?? null;
      if (stFcpRate && !stFcpRate.isZero()) {
        const gross = value(stBase, stFcpRate);
        const less = settings.fcp_st_minus_own_fcp && fcp ? fcp.value : ZERO;
        fcpSt = {
          cst: null,
          csosn: null,
          base: stBase,
          rate: stFcpRate,
          value: maxExact(ZERO, gross.minus(less)),
          rule_id: icmsRule?.id ?? null,
        };
      }
    }
  }

  // DIFAL: between states, to a non-contributor final consumer.
  let difal: DifalValue | null = null;
  if (interstate && buyer.final_consumer && buyer.ie_indicator === 9) {
    // DOUBLE: the rate the base is grossed up by (the FCP too when it is in the divisor).
    const divisorRate = destination?.fcp_in_divisor
      ? destination.internal_rate.plus(destination.fcp_rate)
      : (destination?.internal_rate ?? null);
    if (!destination || divisorRate === null) {
      steps?.push(notApplicable("ICMS", `DIFAL: the table has no row for ${buyer.uf}`, { uf: buyer.uf }));
    } else if (destination.difal_method === "DOUBLE" && !divisorRate.lessThan(HUNDRED)) {
      // Refused by the UF table; an older row may hold it: no base can be grossed up by 100 % or more.
      steps?.push(
        notApplicable("ICMS", `DIFAL: ${buyer.uf}'s rate in the divisor is 100% or more`, { uf: buyer.uf, rate: divisorRate.toString() }),
      );
    } else {
      const inter = lawExact(lawRate ?? 12);
      const intra = destination.internal_rate;
      const v = fullBase;
      const origin = value(v, inter);
      let difalBase: Exact;
      let difalValue: Exact;
      if (destination.difal_method === "SINGLE") {
        difalBase = v;
        difalValue = value(v, maxExact(ZERO, intra.minus(inter)));
      } else {
        // (v − origin) / (1 − rate %) = (v − origin) × 100 / (100 − rate), the rate below 100 %.
        difalBase = v.minus(origin).times(HUNDRED).dividedToPlaces(HUNDRED.minus(divisorRate), 2);
        difalValue = maxExact(ZERO, value(difalBase, intra).minus(origin));
      }
      difal = {
        base: difalBase,
        internal_rate: intra,
        interstate_rate: inter,
        method: destination.difal_method,
        value: difalValue,
        fcp: { base: difalBase, rate: destination.fcp_rate, value: value(difalBase, destination.fcp_rate) },
      };
    }
  }

  // PIS/COFINS
  let pis: TaxValue | null = null;
  let cofins: TaxValue | null = null;
  const pisRule = chooseRule("PIS_COFINS", input.rules, facts, steps);
  const regime = issuer.pis_cofins_regime === "NONE" ? null : REGIME_RATES[issuer.pis_cofins_regime];
  const pisRate = pisRule?.pis_rate ?? regime?.pis ?? null;
  const cofinsRate = pisRule?.cofins_rate ?? regime?.cofins ?? null;
  if (pisRate === null && cofinsRate === null) {
    steps?.push(notApplicable("PIS_COFINS", "no rule and the company's regime states none"));
  } else {
    const pisBase = settings.exclude_icms_from_pis_cofins ? base.minus(icms.value) : base;
    const pisCst = pisRule?.cst ?? "01";
    if (pisRate !== null) pis = taxValue(pisRule, pisBase, pisRate, pisCst);
    if (cofinsRate !== null) cofins = taxValue(pisRule, pisBase, cofinsRate, pisCst);
    if (!pisRule) {
      steps?.push(defaultStep("PIS_COFINS", `the company's regime, ${issuer.pis_cofins_regime}`, { regime: issuer.pis_cofins_regime }));
    }
  }

  // IBS/CBS (the 2026 test year), informative.
  let ibs: TaxValue | null = null;
  let cbs: TaxValue | null = null;
  const ibsRule = chooseRule("IBS_CBS", input.rules, facts, steps);
  if (!settings.ibs_cbs) {
    steps?.push(notApplicable("IBS_CBS", "the IBS/CBS setting is off"));
  } else {
    const ibsBase = base
      .minus(icms.value)
      .minus(pis?.value ?? ZERO)
      .minus(cofins?.value ?? ZERO);
    ibs = taxValue(ibsRule, ibsBase, ibsRule?.ibs_rate ?? TEST_YEAR.ibs);
    cbs = taxValue(ibsRule, ibsBase, ibsRule?.cbs_rate ?? TEST_YEAR.cbs);
  }

  const cfop = icmsRule?.cfop ?? defaultCfop(interstate, icmsSt !== null, buyer);
  return {
    taxes: {
      cfop,
      freight_value: shares.freight_value,
      insurance_value: shares.insurance_value,
      other_value: shares.other_value,
      discount_value: shares.discount_value,
      icms,
      fcp,
      icms_st: icmsSt,
      fcp_st: fcpSt,
      ipi,
      pis,
      cofins,
      difal,
      ibs,
      cbs,
    },
    steps,
  };
}

/** The order's taxes: every item's, the ICMSTot totals (sums of the rounded items) and vNF. */
export function calculateTaxes(input: TaxInput): TaxResult {
  const values = input.items.map((item) => item.value);
  const freight = spread(input.charges.freight, values);
  const insurance = spread(input.charges.insurance, values);
  const other = spread(input.charges.other, values);
  const discount = spread(input.charges.discount, values);
  const items = input.items.map((item, index) =>
    itemTaxes(input, item, {
      freight_value: freight[index]!,
      insurance_value: insurance[index]!,
      other_value: other[index]!,
      discount_value: discount[index]!.plus(item.discount),
    }),
  );
  const sum = (pick: (taxes: ItemTaxes) => Exact | null | undefined) => sumExact(items.map(({ taxes }) => pick(taxes) ?? ZERO));
  const totals: TaxTotals = {
    vBC: sum((t) => t.icms.base),
    vICMS: sum((t) => t.icms.value),
    vFCP: sum((t) => t.fcp?.value),
    vBCST: sum((t) => t.icms_st?.base),
    vST: sum((t) => t.icms_st?.value),
    vFCPST: sum((t) => t.fcp_st?.value),
    vIPI: sum((t) => t.ipi?.value),
    vPIS: sum((t) => t.pis?.value),
    vCOFINS: sum((t) => t.cofins?.value),
    vICMSUFDest: sum((t) => t.difal?.value),
    vFCPUFDest: sum((t) => t.difal?.fcp.value),
    vIBS: sum((t) => t.ibs?.value),
    vCBS: sum((t) => t.cbs?.value),
  };
  const invoice = sumExact(
    items.map(({ taxes }, index) =>
      input.items[index]!.value.minus(taxes.discount_value)
        .plus(taxes.freight_value)
        .plus(taxes.insurance_value)
        .plus(taxes.other_value)
        .plus(taxes.ipi?.value ?? ZERO)
        .plus(taxes.icms_st?.value ?? ZERO)
        .plus(taxes.fcp_st?.value ?? ZERO),
    ),
  );
  return { items, totals, invoice_value: invoice };
}
