/**
 * The tax engine (server/taxes/engine.ts): contract §12's acceptance figures to the cent,
 * one case per rule (rates by law, rule choice, ST, FCP, DIFAL, Simples Nacional, the
 * settings), then property-based invariants over random orders.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adjustedMva,
  calculateTaxes,
  spread,
  type StateTaxes,
  type TaxInput,
  type TaxItemInput,
  type TaxRule,
} from "@/server/taxes/engine";
import { interstateRate, ufOf, type Uf } from "@/server/taxes/states";
import { Exact, exact, sumExact } from "@/server/lib/exact";
import { rule } from "../helpers/tax-rules";

const item = (over: Partial<TaxItemInput> = {}): TaxItemInput => ({
  product_id: "p1",
  ncm: "84672100",
  cest: null,
  origin: 0,
  ipi_rate: null,
  value: exact("100.00"),
  discount: exact(0),
  ...over,
});

const state = (internal: string, fcp = "0", over: Partial<StateTaxes> = {}): StateTaxes => ({
  internal_rate: exact(internal),
  fcp_rate: exact(fcp),
  difal_method: "SINGLE",
  fcp_in_divisor: false,
  ...over,
});

const input = (over: Partial<TaxInput> = {}): TaxInput => ({
  date: "2026-11-28",
  issuer: { id: "c1", uf: "SP", crt: 3, pis_cofins_regime: "CUMULATIVE", ipi_contributor: true },
  buyer: { uf: "SP", ie_indicator: 1, final_consumer: false },
  items: [item()],
  charges: { freight: exact(0), insurance: exact(0), other: exact(0), discount: exact(0) },
  rules: [],
  states: new Map<Uf, StateTaxes>([["SP", state("18")]]),
  settings: { exclude_icms_from_pis_cofins: false, fcp_st_minus_own_fcp: true, ibs_cbs: false },
  ...over,
});

const cents = (value: { toFixed(places: number): string } | null | undefined) => value?.toFixed(2);

describe("contract §12 acceptance", () => {
  const sale = (buyer: TaxInput["buyer"]) =>
    calculateTaxes(
      input({
        issuer: { id: "c1", uf: "SP", crt: 3, pis_cofins_regime: "CUMULATIVE", ipi_contributor: true },
        buyer,
        items: [item({ value: exact("34.58"), ipi_rate: exact(15) })],
        states: new Map([["BA", state("20.5")]]),
      }),
    );

  it("1 × 34.58, Lucro Presumido, interstate 7 %, IPI 15 %, to a final consumer", () => {
    const result = sale({ uf: "BA", ie_indicator: 9, final_consumer: true });
    const taxes = result.items[0]!.taxes;
    expect(cents(taxes.ipi?.value)).toBe("5.19");
    expect(cents(taxes.icms.base)).toBe("39.77");
    expect(taxes.icms.rate.toString()).toBe("7");
    expect(cents(taxes.icms.value)).toBe("2.78");
    expect(cents(taxes.pis?.value)).toBe("0.22");
    expect(cents(taxes.cofins?.value)).toBe("1.04");
    expect(cents(result.invoice_value)).toBe("39.77");
    expect(taxes.cfop).toBe("6108");
  });

  it("the same sale to a contributor buying for resale: ICMS base 34.58, ICMS 2.42", () => {
    const taxes = sale({ uf: "BA", ie_indicator: 1, final_consumer: false }).items[0]!.taxes;
    expect(cents(taxes.icms.base)).toBe("34.58");
    expect(cents(taxes.icms.value)).toBe("2.42");
    expect(taxes.difal).toBeNull();
    expect(taxes.cfop).toBe("6102");
  });

  it("22 × 116.41 with IPI 30 %, ICMS 12 %, ST MVA 50 % at 30 %, FCP-ST 2 %", () => {
    const result = calculateTaxes(
      input({
        issuer: { id: "c1", uf: "SP", crt: 3, pis_cofins_regime: "NON_CUMULATIVE", ipi_contributor: true },
        buyer: { uf: "SP", ie_indicator: 1, final_consumer: false },
        items: [item({ value: exact("2561.02"), ipi_rate: exact(30) })],
        rules: [
          rule({ id: "st", tax: "ICMS", cst: "10", rate: exact(12), mva: exact(50), st_internal_rate: exact(30), st_fcp_rate: exact(2) }),
        ],
      }),
    );
    const taxes = result.items[0]!.taxes;
    expect(cents(taxes.ipi?.value)).toBe("768.31");
    expect(cents(taxes.icms.value)).toBe("307.32");
    expect(cents(taxes.icms_st?.base)).toBe("4994.00");
    expect(cents(taxes.icms_st?.value)).toBe("1190.88");
    expect(cents(taxes.fcp_st?.value)).toBe("99.88");
    expect(cents(result.invoice_value)).toBe("4620.09");
    expect(cents(taxes.pis?.value)).toBe("42.26");
    expect(cents(taxes.cofins?.value)).toBe("194.64");
    expect(taxes.cfop).toBe("5403");
    expect(cents(result.totals.vST)).toBe("1190.88");
  });

  it("adjusted MVA 50 % from 12 % into a 19 % state: 62.96 %", () => {
    expect(adjustedMva(exact(50), exact(12), exact(19)).toFixed(2)).toBe("62.96");
  });

  it("reduced base 33.33 % of 100.00 at 18 %: base 66.67, ICMS 12.00", () => {
    const taxes = calculateTaxes(
      input({
        issuer: { id: "c1", uf: "SP", crt: 3, pis_cofins_regime: "NONE", ipi_contributor: false },
        rules: [rule({ id: "r", tax: "ICMS", cst: "20", rate: exact(18), base_reduction: exact("33.33") })],
      }),
    ).items[0]!.taxes;
    expect(cents(taxes.icms.base)).toBe("66.67");
    expect(cents(taxes.icms.value)).toBe("12.00");
    expect(taxes.icms.cst).toBe("20");
  });
});

describe("rates by law", () => {
  it("4 % for imported origins, 7 % from the South and South-East to the rest and ES, 12 % otherwise", () => {
    expect(interstateRate("SP", "BA", 1)).toBe(4);
    expect(interstateRate("SP", "BA", 8)).toBe(4);
    expect(interstateRate("SP", "BA", 5)).toBe(7);
    expect(interstateRate("SP", "ES", 0)).toBe(7);
    expect(interstateRate("ES", "SP", 0)).toBe(12);
    expect(interstateRate("SP", "RJ", 0)).toBe(12);
    expect(interstateRate("BA", "PE", 0)).toBe(12);
    expect(interstateRate("SP", "SP", 1)).toBeNull();
  });

  it("reads a UF as written in an address", () => {
    expect(ufOf("sp")).toBe("SP");
    expect(ufOf("Sao Paulo")).toBe("SP");
    expect(ufOf(" Espírito Santo ")).toBe("ES");
    expect(ufOf("Narnia")).toBeNull();
  });

  it("within one state without a rule: CST 00 at the table's internal rate", () => {
    const taxes = calculateTaxes(input()).items[0]!.taxes;
    expect(taxes.icms.cst).toBe("00");
    expect(cents(taxes.icms.value)).toBe("18.00");
    expect(taxes.cfop).toBe("5102");
  });
});

describe("choosing a rule", () => {
  const icmsOf = (rules: TaxRule[], over: Partial<TaxInput> = {}) => calculateTaxes(input({ rules, explain: true, ...over })).items[0]!;

  it("the rule with the most matchers wins, every other is explained", () => {
    const result = icmsOf([
      rule({ id: "general", tax: "ICMS", rate: exact(18) }),
      rule({ id: "ncm", tax: "ICMS", rate: exact(12), ncm_prefixes: ["8467"] }),
      rule({ id: "ncm-uf", tax: "ICMS", rate: exact(7), ncm_prefixes: ["84"], destination_states: ["SP"] }),
      rule({ id: "other-ncm", tax: "ICMS", rate: exact(4), ncm_prefixes: ["22"] }),
      rule({ id: "off", tax: "ICMS", rate: exact(4), active: false }),
    ]);
    expect(result.taxes.icms.rule_id).toBe("ncm-uf");
    expect(cents(result.taxes.icms.value)).toBe("7.00");
    const codes = Object.fromEntries(result.steps!.filter((s) => s.tax === "ICMS").map((s) => [s.rule_id, s.code]));
    expect(codes).toEqual({
      general: "beaten_by_more_specific_rule",
      ncm: "beaten_by_more_specific_rule",
      "ncm-uf": "applied",
      "other-ncm": "ncm_not_matched",
      off: "inactive",
    });
  });

  it("ties: the latest start date, then the longest NCM prefix", () => {
    expect(
      icmsOf([
        rule({ id: "old", tax: "ICMS", rate: exact(18), ncm_prefixes: ["846721"], start_date: "2025-01-01" }),
        rule({ id: "new", tax: "ICMS", rate: exact(17), ncm_prefixes: ["84"], start_date: "2026-01-01" }),
      ]).taxes.icms.rule_id,
    ).toBe("new");
    expect(
      icmsOf([
        rule({ id: "short", tax: "ICMS", rate: exact(18), ncm_prefixes: ["84"] }),
        rule({ id: "long", tax: "ICMS", rate: exact(17), ncm_prefixes: ["846721"] }),
      ]).taxes.icms.rule_id,
    ).toBe("long");
  });

  it("out of its dates, another company's or another UF's rule does not apply", () => {
    const result = icmsOf([
      rule({ id: "expired", tax: "ICMS", rate: exact(1), end_date: "2026-01-01" }),
      rule({ id: "company", tax: "ICMS", rate: exact(2), company_ids: ["c2"] }),
      rule({ id: "from-rj", tax: "ICMS", rate: exact(3), origin_states: ["RJ"] }),
    ]);
    expect(result.taxes.icms.rule_id).toBeNull();
    expect(result.steps!.filter((s) => s.tax === "ICMS" && !s.applied).map((s) => s.code)).toEqual([
      "out_of_date_range",
      "company_not_matched",
      "origin_state_not_matched",
    ]);
  });

  it("explain and no explain give the same figures", () => {
    const rules = [rule({ id: "st", tax: "ICMS", cst: "10", mva: exact(40), st_internal_rate: exact(18) })];
    const explained = calculateTaxes(input({ rules, explain: true }));
    const plain = calculateTaxes(input({ rules }));
    expect(plain.items[0]!.steps).toBeNull();
    expect(JSON.stringify(plain.items[0]!.taxes)).toBe(JSON.stringify(explained.items[0]!.taxes));
    expect(plain.invoice_value.toString()).toBe(explained.invoice_value.toString());
  });
});

describe("ST, FCP and DIFAL", () => {
  it("adjusts the MVA between states when the rule asks", () => {
    const taxes = calculateTaxes(
      input({
        buyer: { uf: "MG", ie_indicator: 1, final_consumer: false },
        issuer: { id: "c1", uf: "SP", crt: 3, pis_cofins_regime: "NONE", ipi_contributor: false },
        rules: [rule({ id: "st", tax: "ICMS", cst: "10", mva: exact(50), adjust_mva: true, st_internal_rate: exact(19) })],
      }),
    ).items[0]!.taxes;
    expect(taxes.icms.rate.toString()).toBe("12");
    expect(taxes.icms_st?.mva.toString()).toBe("62.963");
    expect(cents(taxes.icms_st?.base)).toBe("162.96");
    // 162.96 × 19 % = 30.96 − own 12.00
    expect(cents(taxes.icms_st?.value)).toBe("18.96");
    expect(taxes.cfop).toBe("6403");
  });

  it("ST never goes below zero, and the FCP-ST subtracts the own FCP per the setting", () => {
    const rules = [
      rule({
        id: "st",
        tax: "ICMS",
        cst: "10",
        rate: exact(18),
        fcp_rate: exact(2),
        mva: exact(0),
        st_internal_rate: exact(10),
        st_fcp_rate: exact(2),
      }),
    ];
    const on = calculateTaxes(input({ rules })).items[0]!.taxes;
    expect(cents(on.icms_st?.value)).toBe("0.00");
    expect(cents(on.fcp?.value)).toBe("2.00");
    expect(cents(on.fcp_st?.value)).toBe("0.00");
    const off = calculateTaxes(
      input({ rules, settings: { exclude_icms_from_pis_cofins: false, fcp_st_minus_own_fcp: false, ibs_cbs: false } }),
    ).items[0]!.taxes;
    expect(cents(off.fcp_st?.value)).toBe("2.00");
  });

  it("DIFAL single and double base to a non-contributor in another state, not in the invoice", () => {
    const base = {
      issuer: { id: "c1", uf: "SP", crt: 3, pis_cofins_regime: "NONE", ipi_contributor: false } as const,
      buyer: { uf: "BA", ie_indicator: 9, final_consumer: true } as const,
    };
    const single = calculateTaxes(input({ ...base, states: new Map([["BA", state("20.5", "2")]]) }));
    const singleDifal = single.items[0]!.taxes.difal!;
    expect(cents(singleDifal.value)).toBe("13.50");
    expect(cents(singleDifal.fcp.value)).toBe("2.00");
    expect(cents(single.invoice_value)).toBe("100.00");
    const double = calculateTaxes(input({ ...base, states: new Map([["BA", state("20.5", "2", { difal_method: "DOUBLE" })]]) }));
    const doubleDifal = double.items[0]!.taxes.difal!;
    // (100 − 7) / (1 − 0.205) = 116.98; × 20.5 % = 23.98 − 7.00
    expect(cents(doubleDifal.base)).toBe("116.98");
    expect(cents(doubleDifal.value)).toBe("16.98");
    expect(cents(double.totals.vICMSUFDest)).toBe("16.98");
    const divisor = calculateTaxes(
      input({ ...base, states: new Map([["BA", state("20.5", "2", { difal_method: "DOUBLE", fcp_in_divisor: true })]]) }),
    );
    // (100 − 7) / (1 − 0.225) = 120.00
    expect(cents(divisor.items[0]!.taxes.difal!.base)).toBe("120.00");
  });
});

describe("Simples Nacional and the settings", () => {
  const simples = { id: "c1", uf: "SP", crt: 1, pis_cofins_regime: "NONE", ipi_contributor: false } as const;

  it("states no own ICMS; CSOSN 101 gives the credit; ST subtracts what it would owe", () => {
    const credit = calculateTaxes(
      input({ issuer: simples, rules: [rule({ id: "sn", tax: "ICMS", csosn: "101", credit_rate: exact("1.25") })] }),
    );
    const taxes = credit.items[0]!.taxes;
    expect(taxes.icms.csosn).toBe("101");
    expect(cents(taxes.icms.value)).toBe("0.00");
    expect(cents(taxes.icms.credit_value)).toBe("1.25");
    expect(taxes.pis).toBeNull();
    expect(cents(credit.totals.vICMS)).toBe("0.00");
    const st = calculateTaxes(
      input({
        issuer: simples,
        rules: [rule({ id: "sn-st", tax: "ICMS", csosn: "202", rate: exact(18), mva: exact(40), st_internal_rate: exact(18) })],
      }),
    ).items[0]!.taxes;
    // 140.00 × 18 % = 25.20 − 18.00 that it would owe
    expect(cents(st.icms_st?.value)).toBe("7.20");
    expect(cents(calculateTaxes(input({ issuer: simples })).items[0]!.taxes.icms.value)).toBe("0.00");
  });

  it("excludes the ICMS from the PIS/COFINS base (STF Tema 69) when set", () => {
    const taxes = calculateTaxes(input({ settings: { exclude_icms_from_pis_cofins: true, fcp_st_minus_own_fcp: true, ibs_cbs: false } }))
      .items[0]!.taxes;
    expect(cents(taxes.pis?.base)).toBe("82.00");
    expect(cents(taxes.pis?.value)).toBe("0.53");
  });

  it("IBS/CBS of the 2026 test year, informative", () => {
    const result = calculateTaxes(input({ settings: { exclude_icms_from_pis_cofins: false, fcp_st_minus_own_fcp: true, ibs_cbs: true } }));
    const taxes = result.items[0]!.taxes;
    // 100 − 18 − 0.65 − 3.00 = 78.35
    expect(cents(taxes.cbs?.base)).toBe("78.35");
    expect(cents(taxes.cbs?.value)).toBe("0.71");
    expect(cents(taxes.ibs?.value)).toBe("0.08");
    expect(cents(result.invoice_value)).toBe("100.00");
  });

  it("an issuer that is no IPI contributor states no IPI", () => {
    const taxes = calculateTaxes(input({ issuer: { ...simples, crt: 3 }, items: [item({ ipi_rate: exact(10) })] })).items[0]!.taxes;
    expect(taxes.ipi).toBeNull();
  });
});

describe("spreading the order's charges", () => {
  it("in proportion to the items' values, the last taking the rest", () => {
    expect(spread(exact("10.00"), [exact(1), exact(1), exact(1)]).map(cents)).toEqual(["3.33", "3.33", "3.34"]);
    expect(spread(exact("5.00"), [exact(0), exact(0)]).map(cents)).toEqual(["0.00", "5.00"]);
    // An item of no value (a gift) takes no share, not even the rounding's cent.
    expect(spread(exact("1.00"), [exact(1), exact(1), exact(1), exact(0)]).map(cents)).toEqual(["0.33", "0.33", "0.34", "0.00"]);
    // A rest that would take a last item of a cent past its worth goes to the largest item.
    const shares = spread(exact("32355.22"), [exact("202.41"), exact("22185.77"), exact("42322.25"), exact("0.01")]);
    expect(shares[3]!.lessThanOrEqualTo(exact("0.01"))).toBe(true);
    expect(shares.every((share) => !share.isNegative())).toBe(true);
    expect(sumExact(shares).toFixed(2)).toBe("32355.22");
  });
});

describe("properties", () => {
  const amount = (max: number) => fc.integer({ min: 0, max }).map((c) => new Exact(BigInt(c), 2));
  const rate = fc.integer({ min: 0, max: 300000 }).map((r) => new Exact(BigInt(r), 4));
  const ufs: Uf[] = ["SP", "RJ", "BA", "MG", "RS", "ES", "AM"];
  const orders = fc.record({
    values: fc.array(amount(10_000_000), { minLength: 1, maxLength: 8 }),
    freight: amount(100_000),
    insurance: amount(10_000),
    other: amount(10_000),
    discountShare: fc.integer({ min: 0, max: 100 }),
    ipi: rate,
    mva: rate,
    cst: fc.constantFrom("00", "10", "20", "70", "90", "40"),
    crt: fc.constantFrom(1 as const, 3 as const),
    from: fc.constantFrom(...ufs),
    to: fc.constantFrom(...ufs),
    ie: fc.constantFrom(1 as const, 2 as const, 9 as const),
    finalConsumer: fc.boolean(),
    origin: fc.integer({ min: 0, max: 8 }),
  });

  it("items add up to the totals, vNF is Σ of its parts, and explain changes nothing", () => {
    fc.assert(
      fc.property(orders, (o) => {
        const items = o.values.map((value, index) => item({ product_id: `p${index}`, value, ipi_rate: o.ipi, origin: o.origin }));
        const gross = sumExact(o.values);
        const discount = gross.times(exact(o.discountShare)).dividedToPlaces(200, 2);
        const taxInput = input({
          issuer: { id: "c1", uf: o.from, crt: o.crt, pis_cofins_regime: "NON_CUMULATIVE", ipi_contributor: true },
          buyer: { uf: o.to, ie_indicator: o.ie, final_consumer: o.finalConsumer },
          items,
          charges: { freight: o.freight, insurance: o.insurance, other: o.other, discount },
          rules: [
            rule({
              id: "icms",
              tax: "ICMS",
              cst: o.cst,
              csosn: "202",
              base_reduction: o.cst === "20" || o.cst === "70" ? exact(10) : null,
              mva: o.mva,
              st_internal_rate: exact(18),
              st_fcp_rate: exact(2),
            }),
          ],
          states: new Map(ufs.map((uf) => [uf, state("18", "1", { difal_method: uf === "BA" ? "DOUBLE" : "SINGLE" })])),
        });
        const result = calculateTaxes(taxInput);
        const explained = calculateTaxes({ ...taxInput, explain: true });
        expect(JSON.stringify(explained.items.map((i) => i.taxes))).toBe(JSON.stringify(result.items.map((i) => i.taxes)));
        const taxes = result.items.map((i) => i.taxes);
        expect(sumExact(taxes.map((t) => t.freight_value)).toString()).toBe(o.freight.toString());
        expect(sumExact(taxes.map((t) => t.discount_value)).toString()).toBe(discount.toString());
        expect(sumExact(taxes.map((t) => t.icms.value)).toString()).toBe(result.totals.vICMS.toString());
        expect(sumExact(taxes.map((t) => t.icms_st?.value ?? exact(0))).toString()).toBe(result.totals.vST.toString());
        const expected = gross
          .minus(discount)
          .plus(o.freight)
          .plus(o.insurance)
          .plus(o.other)
          .plus(result.totals.vIPI)
          .plus(result.totals.vST)
          .plus(result.totals.vFCPST);
        expect(result.invoice_value.toString()).toBe(expected.toString());
        for (const t of taxes) {
          for (const v of [t.icms.value, t.ipi?.value, t.icms_st?.value, t.fcp_st?.value, t.pis?.value, t.cofins?.value, t.difal?.value]) {
            if (v) expect(v.equals(v.roundHalfEven(2))).toBe(true);
            if (v) expect(v.isNegative()).toBe(false);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
