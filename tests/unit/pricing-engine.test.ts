/**
 * The price engine (server/pricing/engine.ts): one case per rule of contract §5 "Price
 * calculation" and §8 "Price calculation explained", then property-based invariants.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesCriteria } from "@/server/pricing/criteria";
import {
  calculatePrice,
  pickRange,
  type DiscountCandidate,
  type PaymentMethodCandidate,
  type PriceResult,
  type PriceTableCandidate,
  type PricingContext,
  type PricingInput,
  type PricingProduct,
} from "@/server/pricing/engine";
import { exact, Exact } from "@/server/lib/exact";

const PARTNER = "partner-1";
const PROFILE = "profile-1";
const COMPANY = "company-1";
const PIX = "pix-1";
const noFlags = {
  partner: false,
  profile: false,
  company: false,
  payment_method: false,
};
const noTargets = {
  partners: [],
  profiles: [],
  companies: [],
  payment_methods: [],
};

const product = (over: Partial<PricingProduct> = {}): PricingProduct => ({
  id: "p1",
  name: "Furadeira",
  sku: "FUR-1",
  brand_id: "brand-1",
  category_ids: ["cat-1"],
  specifications: [{ name: "Voltagem", value: "220V" }],
  price: exact(100),
  variation: null,
  ...over,
});

const table = (over: Partial<PriceTableCandidate> = {}): PriceTableCandidate => ({
  id: "t1",
  name: "Tabela",
  start_date: "2026-01-01",
  end_date: null,
  flags: noFlags,
  targets: noTargets,
  criteria: [
    {
      criteria_id: "c1",
      name: "Todos",
      rate_type: "DECREASE",
      value_type: "PERCENTAGE",
      value: exact(10),
      products: [],
    },
  ],
  ...over,
});

const discount = (over: Partial<DiscountCandidate> = {}): DiscountCandidate => ({
  id: "d1",
  name: "Desconto",
  is_active: true,
  start_date: null,
  end_date: null,
  minimum_value: null,
  maximum_value: null,
  is_discount_over_discount: false,
  flags: noFlags,
  targets: noTargets,
  ranges: [
    {
      minimum_quantity: exact(1),
      type: "PERCENTAGE",
      value: exact(10),
      is_product_value: false,
    },
  ],
  criteria: [],
  ...over,
});

const pix: PaymentMethodCandidate = {
  id: PIX,
  name: "PIX",
  adjustment_rate: exact(-5),
  installments: [],
};

function run(
  over: Partial<Omit<PricingInput, "context">> & {
    quantity?: number;
    date?: string;
    context?: Partial<PricingContext>;
  } = {},
) {
  return calculatePrice({
    product: over.product ?? product(),
    priceTables: over.priceTables ?? [],
    discounts: over.discounts ?? [],
    paymentMethod: over.paymentMethod ?? null,
    trace: over.trace,
    context: {
      quantity: exact(over.quantity ?? 1),
      date: over.date ?? "2026-06-15",
      ...over.context,
    },
  });
}

function ok(result: ReturnType<typeof calculatePrice>): PriceResult {
  if (!result.ok) throw new Error(`expected a price, got ${result.code}`);
  return result;
}

/** The answer without its steps: what must not depend on whether they were asked for. */
const withoutSteps = (result: ReturnType<typeof calculatePrice>) => {
  const { steps, ...rest } = result;
  return { rest, steps: steps.length };
};

/** The same input with and without the trace: the same answer; no steps without it. */
function expectSameUntraced(traced: ReturnType<typeof calculatePrice>, untraced: ReturnType<typeof calculatePrice>) {
  expect(withoutSteps(untraced).rest).toEqual(withoutSteps(traced).rest);
  expect(untraced.steps).toEqual([]);
  expect(traced.steps.length).toBeGreaterThan(0);
}

const stepOf = (result: PriceResult, id: string) => result.steps.find((step) => step.id === id);

describe("price engine: the rules, case by case", () => {
  const cases: Array<{
    rule: string;
    input: Parameters<typeof run>[0];
    unit: string;
    check?: (result: PriceResult) => void;
  }> = [
    { rule: "base price: the product's", input: {}, unit: "100" },
    {
      rule: "base price: the variation's overrides the product's",
      input: {
        product: product({
          variation: { id: "v1", name: "Azul", price: exact(120) },
        }),
      },
      unit: "120",
    },
    {
      rule: "base price: a variation without price uses the product's",
      input: {
        product: product({
          variation: { id: "v1", name: "Azul", price: null },
        }),
      },
      unit: "100",
    },
    {
      rule: "table: PERCENTAGE DECREASE over the base",
      input: { priceTables: [table()] },
      unit: "90",
    },
    {
      rule: "table: MONETARY INCREASE over the base",
      input: {
        priceTables: [
          table({
            criteria: [
              {
                criteria_id: "c",
                name: null,
                rate_type: "INCREASE",
                value_type: "MONETARY",
                value: exact(7.5),
                products: [],
              },
            ],
          }),
        ],
      },
      unit: "107.5",
    },
    {
      rule: "table: a listed product's own price wins over the rate",
      input: {
        priceTables: [
          table({
            criteria: [
              {
                criteria_id: "c",
                name: null,
                rate_type: "INCREASE",
                value_type: "PERCENTAGE",
                value: exact(50),
                products: [
                  {
                    product_id: "p1",
                    product_variation_id: null,
                    price: exact(80),
                  },
                ],
              },
            ],
          }),
        ],
      },
      unit: "80",
    },
    {
      rule: "table: a row for another product does not cover this one",
      input: {
        priceTables: [
          table({
            criteria: [
              {
                criteria_id: "c",
                name: null,
                rate_type: "INCREASE",
                value_type: "MONETARY",
                value: exact(1),
                products: [
                  {
                    product_id: "p2",
                    product_variation_id: null,
                    price: exact(1),
                  },
                ],
              },
            ],
          }),
        ],
      },
      unit: "100",
      check: (result) => expect(stepOf(result, "t1")?.code).toBe("product_not_covered"),
    },
    {
      rule: "table: out of its date range",
      input: { priceTables: [table({ start_date: "2026-07-01" })] },
      unit: "100",
      check: (result) => expect(stepOf(result, "t1")?.code).toBe("out_of_date_range"),
    },
    {
      rule: "table: end_date is inclusive",
      input: { priceTables: [table({ end_date: "2026-06-15" })] },
      unit: "90",
    },
    {
      rule: "table: partner flag without the partner",
      input: {
        priceTables: [
          table({
            flags: { ...noFlags, partner: true },
            targets: { ...noTargets, partners: [PARTNER] },
          }),
        ],
        context: { partner_id: "other" },
      },
      unit: "100",
      check: (result) =>
        expect(stepOf(result, "t1")).toMatchObject({
          code: "flags_not_matched",
          params: { flags: ["partner"] },
        }),
    },
    {
      rule: "table: partner > profile > company > payment method > general",
      input: {
        priceTables: [
          table({
            id: "general",
            criteria: [
              {
                criteria_id: "c",
                name: null,
                rate_type: "DECREASE",
                value_type: "MONETARY",
                value: exact(1),
                products: [],
              },
            ],
          }),
          table({
            id: "pix",
            flags: { ...noFlags, payment_method: true },
            targets: { ...noTargets, payment_methods: [PIX] },
            criteria: [
              {
                criteria_id: "c",
                name: null,
                rate_type: "DECREASE",
                value_type: "MONETARY",
                value: exact(2),
                products: [],
              },
            ],
          }),
          table({
            id: "company",
            flags: { ...noFlags, company: true },
            targets: { ...noTargets, companies: [COMPANY] },
            criteria: [
              {
                criteria_id: "c",
                name: null,
                rate_type: "DECREASE",
                value_type: "MONETARY",
                value: exact(3),
                products: [],
              },
            ],
          }),
          table({
            id: "profile",
            flags: { ...noFlags, profile: true },
            targets: { ...noTargets, profiles: [PROFILE] },
            criteria: [
              {
                criteria_id: "c",
                name: null,
                rate_type: "DECREASE",
                value_type: "MONETARY",
                value: exact(4),
                products: [],
              },
            ],
          }),
          table({
            id: "partner",
            flags: { ...noFlags, partner: true },
            targets: { ...noTargets, partners: [PARTNER] },
            criteria: [
              {
                criteria_id: "c",
                name: null,
                rate_type: "DECREASE",
                value_type: "MONETARY",
                value: exact(5),
                products: [],
              },
            ],
          }),
        ],
        context: {
          partner_id: PARTNER,
          profile_id: PROFILE,
          company_id: COMPANY,
          payment_method_id: PIX,
        },
      },
      unit: "95",
      check: (result) => {
        expect(result.price_table?.id).toBe("partner");
        for (const id of ["general", "pix", "company", "profile"]) expect(stepOf(result, id)?.code).toBe("beaten_by_more_specific_table");
      },
    },
    {
      rule: "table: ties by the latest start_date",
      input: {
        priceTables: [
          table({ id: "old", start_date: "2026-01-01" }),
          table({
            id: "new",
            start_date: "2026-03-01",
            criteria: [
              {
                criteria_id: "c",
                name: null,
                rate_type: "DECREASE",
                value_type: "PERCENTAGE",
                value: exact(20),
                products: [],
              },
            ],
          }),
        ],
      },
      unit: "80",
      check: (result) => expect(result.price_table?.id).toBe("new"),
    },
    {
      rule: "discount: a PERCENTAGE range",
      input: { discounts: [discount()] },
      unit: "90",
    },
    {
      rule: "discount: a MONETARY range",
      input: {
        discounts: [
          discount({
            ranges: [
              {
                minimum_quantity: exact(1),
                type: "MONETARY",
                value: exact(15),
                is_product_value: false,
              },
            ],
          }),
        ],
      },
      unit: "85",
    },
    {
      rule: "discount: is_product_value sets the unit price",
      input: {
        discounts: [
          discount({
            ranges: [
              {
                minimum_quantity: exact(1),
                type: "MONETARY",
                value: exact(70),
                is_product_value: true,
              },
            ],
          }),
        ],
      },
      unit: "70",
    },
    {
      rule: "discount: the largest minimum_quantity not above the quantity",
      input: {
        quantity: 12,
        discounts: [
          discount({
            ranges: [
              {
                minimum_quantity: exact(1),
                type: "PERCENTAGE",
                value: exact(5),
                is_product_value: false,
              },
              {
                minimum_quantity: exact(10),
                type: "PERCENTAGE",
                value: exact(10),
                is_product_value: false,
              },
              {
                minimum_quantity: exact(50),
                type: "PERCENTAGE",
                value: exact(20),
                is_product_value: false,
              },
            ],
          }),
        ],
      },
      unit: "90",
    },
    {
      rule: "discount: below the first range",
      input: {
        discounts: [
          discount({
            ranges: [
              {
                minimum_quantity: exact(5),
                type: "PERCENTAGE",
                value: exact(10),
                is_product_value: false,
              },
            ],
          }),
        ],
      },
      unit: "100",
      check: (result) => expect(stepOf(result, "d1")?.code).toBe("no_range_reached"),
    },
    {
      rule: "discount: inactive",
      input: { discounts: [discount({ is_active: false })] },
      unit: "100",
      check: (result) => expect(stepOf(result, "d1")?.code).toBe("inactive"),
    },
    {
      rule: "discount: out of date range",
      input: { discounts: [discount({ end_date: "2026-06-14" })] },
      unit: "100",
      check: (result) => expect(stepOf(result, "d1")?.code).toBe("out_of_date_range"),
    },
    {
      rule: "discount: profile flag matched",
      input: {
        discounts: [
          discount({
            flags: { ...noFlags, profile: true },
            targets: { ...noTargets, profiles: [PROFILE] },
          }),
        ],
        context: { profile_id: PROFILE },
      },
      unit: "90",
    },
    {
      rule: "discount: company flag without a company",
      input: {
        discounts: [
          discount({
            flags: { ...noFlags, company: true },
            targets: { ...noTargets, companies: [COMPANY] },
          }),
        ],
      },
      unit: "100",
      check: (result) => expect(stepOf(result, "d1")?.code).toBe("flags_not_matched"),
    },
    {
      rule: "discount: below minimum_value (price × quantity)",
      input: {
        quantity: 2,
        discounts: [discount({ minimum_value: exact(201) })],
      },
      unit: "100",
      check: (result) => expect(stepOf(result, "d1")?.code).toBe("below_minimum_value"),
    },
    {
      rule: "discount: above maximum_value",
      input: {
        quantity: 2,
        discounts: [discount({ maximum_value: exact(199.99) })],
      },
      unit: "100",
      check: (result) => expect(stepOf(result, "d1")?.code).toBe("above_maximum_value"),
    },
    {
      rule: "discount: criteria matched by brand and specification (accents and case ignored)",
      input: {
        discounts: [
          discount({
            criteria: [
              {
                criteria_id: "c",
                name: null,
                entries: [
                  { key: "brand_id", values: ["BRAND-1"] },
                  { key: "specification:voltagem", values: ["220v"] },
                ],
              },
            ],
          }),
        ],
      },
      unit: "90",
    },
    {
      rule: "discount: criteria not matched (every entry must hold)",
      input: {
        discounts: [
          discount({
            criteria: [
              {
                criteria_id: "c",
                name: null,
                entries: [
                  { key: "brand_id", values: ["brand-1"] },
                  { key: "category_id", values: ["cat-2"] },
                ],
              },
            ],
          }),
        ],
      },
      unit: "100",
      check: (result) => expect(stepOf(result, "d1")?.code).toBe("criteria_not_matched"),
    },
    {
      rule: "discount: the largest wins when they do not stack",
      input: {
        discounts: [
          discount({ id: "small" }),
          discount({
            id: "large",
            ranges: [
              {
                minimum_quantity: exact(1),
                type: "MONETARY",
                value: exact(25),
                is_product_value: false,
              },
            ],
          }),
        ],
      },
      unit: "75",
      check: (result) => {
        expect(result.discounts.map((item) => item.id)).toEqual(["large"]);
        expect(stepOf(result, "small")?.code).toBe("beaten_by_larger_discount");
      },
    },
    {
      rule: "discount: is_discount_over_discount stacks over the price left",
      input: {
        discounts: [discount({ id: "a" }), discount({ id: "b", is_discount_over_discount: true })],
      },
      unit: "81",
    },
    {
      rule: "discount: never below zero",
      input: {
        discounts: [
          discount({
            ranges: [
              {
                minimum_quantity: exact(1),
                type: "MONETARY",
                value: exact(500),
                is_product_value: false,
              },
            ],
          }),
        ],
      },
      unit: "0",
    },
    {
      rule: "payment method: adjustment_rate applies last",
      input: {
        discounts: [discount()],
        paymentMethod: pix,
        context: { payment_method_id: PIX },
      },
      unit: "85.5",
    },
    {
      rule: "rounding: half-even once at the end (0.125 → 0.12)",
      input: { product: product({ price: exact("0.125") }) },
      unit: "0.12",
    },
    {
      rule: "rounding: half-even once at the end (0.135 → 0.14)",
      input: { product: product({ price: exact("0.135") }) },
      unit: "0.14",
    },
    {
      rule: "rounding: no rounding in between (33.335 − 0.5% − 0.5% stays exact until the end)",
      input: {
        product: product({ price: exact("33.335") }),
        discounts: [
          discount({
            ranges: [
              {
                minimum_quantity: exact(1),
                type: "PERCENTAGE",
                value: exact("0.5"),
                is_product_value: false,
              },
            ],
          }),
          discount({
            id: "d2",
            is_discount_over_discount: true,
            ranges: [
              {
                minimum_quantity: exact(1),
                type: "PERCENTAGE",
                value: exact("0.5"),
                is_product_value: false,
              },
            ],
          }),
        ],
      },
      unit: "33",
      check: (result) => expect(result.exact.unit_price.toString()).toBe("33.002483375"),
    },
  ];

  for (const testCase of cases) {
    it(testCase.rule, () => {
      const result = ok(run(testCase.input));
      expectSameUntraced(result, run({ ...testCase.input, trace: false }));
      expect(result.unit_price.toString()).toBe(exact(testCase.unit).toString());
      testCase.check?.(result);
    });
  }

  it("no price anywhere: a failure with the steps", () => {
    const result = run({ product: product({ price: null }) });
    expect(result).toMatchObject({ ok: false, code: "no_price" });
    expect(result.steps[0]).toMatchObject({
      rule: "base_price",
      code: "no_base_price",
    });
  });

  it("a table's own price gives a price to a product without one; a rate cannot", () => {
    const rate = run({
      product: product({ price: null }),
      priceTables: [table()],
    });
    expect(rate.ok).toBe(false);
    expect(rate.steps.find((step) => step.id === "t1")?.code).toBe("no_base_price");
    const own = ok(
      run({
        product: product({ price: null }),
        priceTables: [
          table({
            criteria: [
              {
                criteria_id: "c",
                name: null,
                rate_type: "INCREASE",
                value_type: "MONETARY",
                value: exact(0),
                products: [
                  {
                    product_id: "p1",
                    product_variation_id: null,
                    price: exact(42),
                  },
                ],
              },
            ],
          }),
        ],
      }),
    );
    expect(own.unit_price.toNumber()).toBe(42);
  });

  it("the total and installments are the rounded unit price × quantity (as an order line totals); discount amounts from exact values", () => {
    const card: PaymentMethodCandidate = {
      id: "card",
      name: "Cartão",
      adjustment_rate: exact(0),
      installments: [
        { sequence: 3, tax: exact(0), discount: exact(0), due_date_delay: 30 },
        { sequence: 1, tax: exact(0), discount: exact(0), due_date_delay: 0 },
      ],
    };
    const result = ok(
      run({
        product: product({ price: exact("10.005") }),
        quantity: 3,
        paymentMethod: card,
        context: { payment_method_id: "card" },
        discounts: [
          discount({
            ranges: [
              {
                minimum_quantity: exact(1),
                type: "MONETARY",
                value: exact("0.001"),
                is_product_value: false,
              },
            ],
          }),
        ],
      }),
    );
    expect(result.unit_price.toString()).toBe("10"); // 10.004 → 10.00
    expect(result.total_value.toString()).toBe("30"); // 10.00 × 3, not 10.004 × 3 = 30.012 → 30.01
    expect(result.exact.total_value.toString()).toBe("30.012");
    expect(result.discounts[0]?.amount.toString()).toBe("0"); // 0.003 → 0.00
    expect(result.payment_method?.installments.map((item) => [item.sequence, item.value.toString()])).toEqual([
      [1, "30"],
      [3, "10"],
    ]);
    const chosen = run({
      paymentMethod: card,
      context: { payment_method_id: "card", installments: 12 },
    });
    expect(chosen).toMatchObject({
      ok: false,
      code: "installments_not_offered",
    });
  });

  it("criteria ids and SKUs compare case-insensitively", () => {
    expect(matchesCriteria([{ key: "sku", values: ["fur-1"] }], product())).toBe(true);
    expect(matchesCriteria([{ key: "product_id", values: ["P1"] }], product())).toBe(true);
    expect(matchesCriteria([{ key: "specification:Cor", values: ["azul"] }], product())).toBe(false);
  });
});

// ---- properties ----

const amount = fc.integer({ min: 0, max: 1_000_000 }).map((cents) => new Exact(BigInt(cents), 2));
const rangeArb = fc.record({
  minimum_quantity: fc.integer({ min: 0, max: 100 }).map((value) => exact(value)),
  type: fc.constantFrom("PERCENTAGE" as const, "MONETARY" as const),
  value: fc.integer({ min: 0, max: 10_000 }).map((value) => new Exact(BigInt(value), 2)),
  is_product_value: fc.boolean(),
});
const discountArb = fc.record({
  id: fc.uuid(),
  over: fc.boolean(),
  ranges: fc.array(rangeArb, { minLength: 1, maxLength: 4 }),
});
const tableArb = fc.record({
  id: fc.uuid(),
  rate_type: fc.constantFrom("INCREASE" as const, "DECREASE" as const),
  value_type: fc.constantFrom("MONETARY" as const, "PERCENTAGE" as const),
  value: fc.integer({ min: 0, max: 20_000 }).map((value) => new Exact(BigInt(value), 2)),
  own: fc.option(amount, { nil: null }),
});

function scenario(
  base: Exact,
  tables: Array<typeof tableArb extends fc.Arbitrary<infer T> ? T : never>,
  discounts: Array<typeof discountArb extends fc.Arbitrary<infer T> ? T : never>,
  quantity: number,
  rate: number,
) {
  return {
    product: product({ price: base }),
    priceTables: tables.map((item) =>
      table({
        id: item.id,
        criteria: [
          {
            criteria_id: item.id,
            name: null,
            rate_type: item.rate_type,
            value_type: item.value_type,
            value: item.value,
            products: item.own
              ? [
                  {
                    product_id: "p1",
                    product_variation_id: null,
                    price: item.own,
                  },
                ]
              : [],
          },
        ],
      }),
    ),
    discounts: discounts.map((item) =>
      discount({
        id: item.id,
        is_discount_over_discount: item.over,
        ranges: item.ranges,
      }),
    ),
    paymentMethod: { ...pix, adjustment_rate: exact(rate) },
    context: {
      quantity: exact(quantity),
      date: "2026-06-15",
      payment_method_id: PIX,
    },
  };
}

describe("price engine: properties", () => {
  const input = fc.tuple(
    amount,
    fc.array(tableArb, { maxLength: 3 }),
    fc.array(discountArb, { maxLength: 5 }),
    fc.integer({ min: 1, max: 200 }),
    fc.integer({ min: -100, max: 50 }),
  );

  it("the price is never negative", () => {
    fc.assert(
      fc.property(input, ([base, tables, discounts, quantity, rate]) => {
        const result = ok(calculatePrice(scenario(base, tables, discounts, quantity, rate)));
        expect(result.unit_price.isNegative()).toBe(false);
        expect(result.total_value.isNegative()).toBe(false);
        for (const step of result.steps) if (step.after) expect(step.after.isNegative()).toBe(false);
      }),
    );
  });

  it("the trace changes nothing but the steps: without it, the same answer and no steps", () => {
    fc.assert(
      fc.property(input, ([base, tables, discounts, quantity, rate]) => {
        const given = scenario(base, tables, discounts, quantity, rate);
        expectSameUntraced(calculatePrice(given), calculatePrice({ ...given, trace: false }));
      }),
    );
  });

  it("a larger quantity never picks a smaller range", () => {
    fc.assert(
      fc.property(
        fc.array(rangeArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 150 }),
        (ranges, a, b) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          const first = pickRange(ranges, exact(small));
          const second = pickRange(ranges, exact(large));
          if (first) expect(second && second.minimum_quantity.greaterThanOrEqualTo(first.minimum_quantity)).toBe(true);
        },
      ),
    );
  });

  it("discounts stack only where allowed: at most one applied discount does not stack", () => {
    fc.assert(
      fc.property(input, ([base, tables, discounts, quantity, rate]) => {
        const result = ok(calculatePrice(scenario(base, tables, discounts, quantity, rate)));
        const applied = result.discounts.map((item) => discounts.find((candidate) => candidate.id === item.id)!);
        expect(applied.filter((item) => !item.over).length).toBeLessThanOrEqual(1);
        if (discounts.every((item) => !item.over)) expect(result.discounts.length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("rounding happens once: the unit price is the exact one rounded half-even, the total that price × quantity to the cent", () => {
    fc.assert(
      fc.property(input, ([base, tables, discounts, quantity, rate]) => {
        const result = ok(calculatePrice(scenario(base, tables, discounts, quantity, rate)));
        expect(result.unit_price.equals(result.exact.unit_price.roundHalfEven(2))).toBe(true);
        expect(result.total_value.equals(result.unit_price.times(exact(quantity)).roundHalfEven(2))).toBe(true);
        expect(result.steps.filter((step) => step.rule === "rounding")).toHaveLength(1);
        // No step before the last carries a rounded-away figure the exact one lacks.
        const beforeRounding = result.steps.at(-1)!.before!;
        expect(beforeRounding.equals(result.exact.unit_price)).toBe(true);
      }),
    );
  });
});
