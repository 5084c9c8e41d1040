import { matchesCriteria, type CriteriaEntry, type ProductFacts } from "@/server/pricing/criteria";
import { percentOf, roundMoney, ZERO, type Money } from "@/server/lib/money";

/**
 * THE ORACLE (issue 45): the price engine as it was before its arithmetic moved to integers,
 * kept verbatim in the test tree — decimal.js throughout, a step object per rule — so the
 * differential test (tests/unit/pricing-differential.test.ts) can hold the engine of
 * server/pricing/engine.ts to it, to the cent, on generated cases. Not used by the app.
 *
 * The price engine (contract §5 "Price calculation", §8 "Price calculation explained").
 * Pure: it is given the product, the candidate price tables and discounts, the payment
 * method and the context, and answers the price with one step per rule it considered,
 * applied or not and why. No database, no clock (the date is in the context). Amounts
 * are exact decimals throughout (server/lib/money.ts) and rounded half-even to cents
 * once, at the end.
 *
 * The rules, in order:
 * 1. Base price: the variation's price, else the product's (it may have none).
 * 2. Price table: of the tables in their date range whose specificity flags all match
 *    the context and that cover the product, the most specific wins (partner > profile >
 *    company > payment method > general, flags weighed in that order), ties by the latest
 *    start_date. A table covers a product through its criteria: a row for the variation
 *    first, then a row for the product, then a criteria listing no products (every
 *    product). A row with its own `price` sets the price; otherwise the criteria's rate
 *    changes the base price (INCREASE/DECREASE, MONETARY or PERCENTAGE).
 * 3. Discounts: active, in date range, flags matched, the product matching one of their
 *    criteria (or no criteria), a range reached (the largest `minimum_quantity` not above
 *    the quantity) and the line (price × quantity) within `minimum_value`/`maximum_value`.
 *    Each one's amount is figured on the price after the table. Of those that do not
 *    stack (`is_discount_over_discount` false) only the largest applies; the stacking ones
 *    all apply after it, each over the price left by the previous ones (largest first).
 *    A discount never takes the price below zero.
 * 4. Payment method: its `adjustment_rate` (percent; negative lowers the price) applies
 *    last; its installment options are figured from the total.
 * 5. Rounding: unit price, total (unit price × quantity, exact) and every amount
 *    answered are rounded half-even to 2 places, once.
 */

export type Flag = "partner" | "profile" | "company" | "payment_method";
export const FLAGS: readonly Flag[] = ["partner", "profile", "company", "payment_method"];

/** The partners, profiles, companies and payment methods a table or discount names (ids). */
export interface Targets {
  partners: readonly string[];
  profiles: readonly string[];
  companies: readonly string[];
  payment_methods: readonly string[];
}

export interface PricingContext {
  partner_id?: string | null;
  profile_id?: string | null;
  company_id?: string | null;
  payment_method_id?: string | null;
  installments?: number | null;
  quantity: Money;
  /** YYYY-MM-DD */
  date: string;
}

export interface PricingProduct extends ProductFacts {
  name: string;
  price: Money | null;
  variation: { id: string; name: string; price: Money | null } | null;
}

export interface PriceTableCandidate {
  id: string;
  name: string;
  start_date: string;
  end_date: string | null;
  flags: Record<Flag, boolean>;
  targets: Targets;
  criteria: Array<{
    criteria_id: string;
    name: string | null;
    rate_type: "INCREASE" | "DECREASE";
    value_type: "MONETARY" | "PERCENTAGE";
    value: Money;
    /** Empty: the criteria covers every product. */
    products: Array<{
      product_id: string;
      product_variation_id: string | null;
      price: Money | null;
    }>;
  }>;
}

export interface DiscountRange {
  minimum_quantity: Money;
  type: "PERCENTAGE" | "MONETARY";
  value: Money;
  /** The range's value is the unit price itself (the discount is what it takes off). */
  is_product_value: boolean;
}

export interface DiscountCandidate {
  id: string;
  name: string;
  is_active: boolean;
  start_date: string | null;
  end_date: string | null;
  minimum_value: Money | null;
  maximum_value: Money | null;
  is_discount_over_discount: boolean;
  flags: Record<Flag, boolean>;
  targets: Targets;
  ranges: DiscountRange[];
  criteria: Array<{
    criteria_id: string;
    name: string | null;
    entries: CriteriaEntry[];
  }>;
}

export interface PaymentMethodCandidate {
  id: string;
  name: string;
  adjustment_rate: Money | null;
  installments: Array<{
    sequence: number;
    tax: Money;
    discount: Money;
    due_date_delay: number;
  }>;
}

/** Why a rule applied or not: a code (the panel words it) and its figures. */
export type StepCode =
  | "base_price"
  | "no_base_price"
  | "applied"
  | "out_of_date_range"
  | "flags_not_matched"
  | "product_not_covered"
  | "beaten_by_more_specific_table"
  | "inactive"
  | "criteria_not_matched"
  | "no_range_reached"
  | "below_minimum_value"
  | "above_maximum_value"
  | "no_amount"
  | "beaten_by_larger_discount"
  | "rounded";

export interface Step {
  rule: "base_price" | "price_table" | "discount" | "payment_method" | "rounding";
  id: string | null;
  name: string | null;
  /** The unit price before and after the rule, exact (null while there is none). */
  before: Money | null;
  after: Money | null;
  reason: string;
  code: StepCode;
  params: Record<string, string | number | string[]>;
}

export interface AppliedDiscount {
  id: string;
  name: string;
  type: "PERCENTAGE" | "MONETARY";
  value: Money;
  /** Taken off the line (unit amount × quantity), rounded. */
  amount: Money;
}

export interface PriceResult {
  ok: true;
  base_price: Money | null;
  price_table: { id: string; name: string; price: Money } | null;
  discounts: AppliedDiscount[];
  unit_price: Money;
  total_value: Money;
  payment_method: {
    id: string;
    adjustment_rate: Money;
    installments: Array<{
      sequence: number;
      value: Money;
      due_date_delay: number;
    }>;
  } | null;
  /** The unit price and total before the one rounding. */
  exact: { unit_price: Money; total_value: Money };
  steps: Step[];
}

export interface PriceFailure {
  ok: false;
  code: "no_price" | "installments_not_offered";
  message: string;
  steps: Step[];
}

export interface PricingInput {
  product: PricingProduct;
  priceTables: readonly PriceTableCandidate[];
  discounts: readonly DiscountCandidate[];
  paymentMethod: PaymentMethodCandidate | null;
  context: PricingContext;
  /**
   * Whether to answer the steps (default true). Without them the result is the same,
   * figured without formatting a word of the explanation; `steps` is empty.
   */
  trace?: boolean;
}

const FLAG_WEIGHT: Record<Flag, number> = {
  partner: 8,
  profile: 4,
  company: 2,
  payment_method: 1,
};

function contextIdOf(context: PricingContext, flag: Flag): string | null | undefined {
  if (flag === "partner") return context.partner_id;
  if (flag === "profile") return context.profile_id;
  if (flag === "company") return context.company_id;
  return context.payment_method_id;
}

function targetsOf(targets: Targets, flag: Flag): readonly string[] {
  if (flag === "partner") return targets.partners;
  if (flag === "profile") return targets.profiles;
  if (flag === "company") return targets.companies;
  return targets.payment_methods;
}

/** The flags set on a table or discount that the context does not satisfy. */
export function unmatchedFlags(flags: Record<Flag, boolean>, targets: Targets, context: PricingContext): Flag[] {
  return FLAGS.filter((flag) => {
    if (!flags[flag]) return false;
    const id = contextIdOf(context, flag);
    return !id || !targetsOf(targets, flag).includes(id);
  });
}

/** How specific a table is: partner > profile > company > payment method, weighed in that order. */
export function specificity(flags: Record<Flag, boolean>): number {
  return FLAGS.reduce((score, flag) => score + (flags[flag] ? FLAG_WEIGHT[flag] : 0), 0);
}

export function inDateRange(date: string, start: string | null, end: string | null): boolean {
  return (start === null || start <= date) && (end === null || date <= end);
}

/** The range a quantity reaches: the largest `minimum_quantity` not above it. */
export function pickRange(ranges: readonly DiscountRange[], quantity: Money): DiscountRange | null {
  let picked: DiscountRange | null = null;
  for (const range of ranges) {
    if (range.minimum_quantity.greaterThan(quantity)) continue;
    if (!picked || range.minimum_quantity.greaterThan(picked.minimum_quantity)) picked = range;
  }
  return picked;
}

/** What a range takes off one unit of `price`, never more than the price. */
export function discountPerUnit(range: DiscountRange, price: Money): Money {
  const raw = range.is_product_value ? price.minus(range.value) : range.type === "PERCENTAGE" ? percentOf(price, range.value) : range.value;
  if (raw.isZero() || raw.isNegative()) return ZERO;
  return raw.greaterThan(price) ? price : raw;
}

/** Zero for a negative amount (`isNegative` compares without making a decimal, as `lessThan(ZERO)` would). */
const clampAtZero = (value: Money) => (value.isNegative() ? ZERO : value);

/** A table's price for the product, or why it does not cover it. */
function tablePrice(
  table: PriceTableCandidate,
  product: PricingProduct,
  base: Money | null,
): { price: Money; criteria: string | null; how: "own_price" | "rate" } | { code: "product_not_covered" | "no_base_price" } {
  const variationId = product.variation?.id ?? null;
  type Row = PriceTableCandidate["criteria"][number]["products"][number];
  let match: {
    criteria: PriceTableCandidate["criteria"][number];
    row: Row | null;
  } | null = null;
  let rank = 0;
  for (const criteria of table.criteria) {
    if (criteria.products.length === 0) {
      if (rank < 1) {
        match = { criteria, row: null };
        rank = 1;
      }
      continue;
    }
    for (const row of criteria.products) {
      if (row.product_id !== product.id) continue;
      const rowRank = row.product_variation_id === null ? 2 : row.product_variation_id === variationId ? 3 : 0;
      if (rowRank > rank) {
        match = { criteria, row };
        rank = rowRank;
      }
    }
  }
  if (!match) return { code: "product_not_covered" };
  const label = match.criteria.name ?? match.criteria.criteria_id;
  if (match.row?.price) return { price: match.row.price, criteria: label, how: "own_price" };
  if (!base) return { code: "no_base_price" };
  const { rate_type, value_type, value } = match.criteria;
  const change = value_type === "PERCENTAGE" ? percentOf(base, value) : value;
  const price = clampAtZero(rate_type === "INCREASE" ? base.plus(change) : base.minus(change));
  return { price, criteria: label, how: "rate" };
}

const FLAG_TEXT: Record<Flag, string> = {
  partner: "partner",
  profile: "profile",
  company: "company",
  payment_method: "payment method",
};

function flagsReason(flags: Flag[]): string {
  return `not for this ${flags.map((flag) => FLAG_TEXT[flag]).join(", ")}`;
}

export function calculatePrice(input: PricingInput): PriceResult | PriceFailure {
  const { product, context } = input;
  const tracing = input.trace !== false;
  const steps: Step[] = [];
  /** A step's explanation, figured only when tracing (formatting figures is most of what a trace costs). */
  const explain = (step: Step, why: () => Partial<Step>) => {
    if (tracing) Object.assign(step, why());
  };
  const record = (step: Step) => {
    if (tracing) steps.push(step);
  };
  const variationPrice = product.variation?.price ?? null;
  const base = variationPrice ?? product.price;
  record({
    rule: "base_price",
    id: variationPrice ? product.variation!.id : product.id,
    name: variationPrice ? product.variation!.name : product.name,
    before: null,
    after: base,
    reason: base ? (variationPrice ? "the variation's price" : "the product's price") : "the product has no price of its own",
    code: base ? "base_price" : "no_base_price",
    params: {},
  });

  // 2. Price tables.
  let price = base;
  const eligible: Array<{
    table: PriceTableCandidate;
    price: Money;
    criteria: string | null;
    how: string;
  }> = [];
  const tableSteps = new Map<string, Step>();
  for (const table of input.priceTables) {
    const step: Step = {
      rule: "price_table",
      id: table.id,
      name: table.name,
      before: base,
      after: base,
      reason: "",
      code: "applied",
      params: {},
    };
    tableSteps.set(table.id, step);
    record(step);
    const flags = unmatchedFlags(table.flags, table.targets, context);
    if (!inDateRange(context.date, table.start_date, table.end_date)) {
      explain(step, () => ({
        code: "out_of_date_range",
        reason: `valid from ${table.start_date}${table.end_date ? ` to ${table.end_date}` : ""}`,
        params: {
          start_date: table.start_date,
          end_date: table.end_date ?? "",
        },
      }));
    } else if (flags.length > 0) {
      explain(step, () => ({
        code: "flags_not_matched",
        reason: flagsReason(flags),
        params: { flags },
      }));
    } else {
      const found = tablePrice(table, product, base);
      if ("code" in found) {
        explain(step, () => ({
          code: found.code,
          reason:
            found.code === "no_base_price"
              ? "its criteria change a base price the product does not have"
              : "none of its criteria covers the product",
        }));
      } else {
        eligible.push({ table, ...found });
      }
    }
  }
  eligible.sort(
    (a, b) =>
      specificity(b.table.flags) - specificity(a.table.flags) ||
      (a.table.start_date < b.table.start_date ? 1 : a.table.start_date > b.table.start_date ? -1 : 0) ||
      (a.table.id < b.table.id ? -1 : a.table.id > b.table.id ? 1 : 0),
  );
  const winner = eligible[0];
  let priceTable: PriceResult["price_table"] = null;
  for (const candidate of eligible) {
    const step = tableSteps.get(candidate.table.id)!;
    if (candidate === winner) {
      price = candidate.price;
      priceTable = {
        id: candidate.table.id,
        name: candidate.table.name,
        price: candidate.price,
      };
      explain(step, () => ({
        after: candidate.price,
        code: "applied",
        reason:
          candidate.how === "own_price"
            ? `the product's own price in criteria ${candidate.criteria}`
            : `the rate of criteria ${candidate.criteria}`,
        params: { criteria: candidate.criteria ?? "" },
      }));
    } else {
      explain(step, () => ({
        code: "beaten_by_more_specific_table",
        reason: `${winner!.table.name} is more specific or more recent`,
        params: { winner: winner!.table.name },
      }));
    }
  }

  if (!price) {
    return {
      ok: false,
      code: "no_price",
      message: "The product has no price: neither its own nor one from a price table",
      steps,
    };
  }
  const afterTable = price;

  // 3. Discounts.
  const line = afterTable.times(context.quantity);
  const applicable: Array<{
    discount: DiscountCandidate;
    range: DiscountRange;
    amount: Money;
    step: Step;
  }> = [];
  for (const discount of input.discounts) {
    const step: Step = {
      rule: "discount",
      id: discount.id,
      name: discount.name,
      before: afterTable,
      after: afterTable,
      reason: "",
      code: "applied",
      params: {},
    };
    record(step);
    const flags = unmatchedFlags(discount.flags, discount.targets, context);
    const { minimum_value: minimum, maximum_value: maximum } = discount;
    // The range last of the cheap checks: comparing decimals is most of a discount's cost.
    let range: DiscountRange | null = null;
    if (!discount.is_active)
      explain(step, () => ({
        code: "inactive",
        reason: "the discount is not active",
      }));
    else if (!inDateRange(context.date, discount.start_date, discount.end_date)) {
      explain(step, () => ({
        code: "out_of_date_range",
        reason:
          `valid ${discount.start_date ? `from ${discount.start_date}` : ""}${discount.end_date ? ` to ${discount.end_date}` : ""}`.trim(),
        params: {
          start_date: discount.start_date ?? "",
          end_date: discount.end_date ?? "",
        },
      }));
    } else if (flags.length > 0)
      explain(step, () => ({
        code: "flags_not_matched",
        reason: flagsReason(flags),
        params: { flags },
      }));
    else if (discount.criteria.length > 0 && !discount.criteria.some((criteria) => matchesCriteria(criteria.entries, product))) {
      explain(step, () => ({
        code: "criteria_not_matched",
        reason: "the product matches none of its criteria",
      }));
    } else if (!(range = pickRange(discount.ranges, context.quantity))) {
      explain(step, () => {
        const smallest = discount.ranges.reduce<Money | null>(
          (min, item) => (min === null || item.minimum_quantity.lessThan(min) ? item.minimum_quantity : min),
          null,
        );
        return {
          code: "no_range_reached",
          reason: smallest ? `the quantity is below the first range (${smallest.toString()})` : "the discount has no ranges",
          params: { minimum_quantity: smallest ? smallest.toNumber() : 0 },
        };
      });
    } else if (minimum && line.lessThan(minimum)) {
      explain(step, () => ({
        code: "below_minimum_value",
        reason: `the line's value is below the minimum of ${minimum.toString()}`,
        params: { minimum_value: minimum.toNumber() },
      }));
    } else if (maximum && line.greaterThan(maximum)) {
      explain(step, () => ({
        code: "above_maximum_value",
        reason: `the line's value is above the maximum of ${maximum.toString()}`,
        params: { maximum_value: maximum.toNumber() },
      }));
    } else {
      const amount = discountPerUnit(range, afterTable);
      if (amount.isZero())
        explain(step, () => ({
          code: "no_amount",
          reason: "its range takes nothing off this price",
        }));
      else applicable.push({ discount, range, amount, step });
    }
  }
  const byAmount = (a: (typeof applicable)[number], b: (typeof applicable)[number]) =>
    b.amount.comparedTo(a.amount) || (a.discount.id < b.discount.id ? -1 : a.discount.id > b.discount.id ? 1 : 0);
  // Of those that do not stack only the largest matters: one pass, not a sort.
  const single = applicable.filter((item) => !item.discount.is_discount_over_discount);
  const best = single.reduce<(typeof applicable)[number] | undefined>(
    (top, item) => (top === undefined || byAmount(item, top) < 0 ? item : top),
    undefined,
  );
  const stacking = applicable.filter((item) => item.discount.is_discount_over_discount).sort(byAmount);
  const applied: AppliedDiscount[] = [];
  const apply = (item: (typeof applicable)[number], over: boolean) => {
    const before = price!;
    // The first one applied is figured on the price it was ordered by: its amount is known.
    const amount = before === afterTable ? item.amount : discountPerUnit(item.range, before);
    price = clampAtZero(before.minus(amount));
    explain(item.step, () => ({
      before,
      after: price,
      code: "applied",
      reason: `${item.range.is_product_value ? "sets the price to" : "takes off"} ${item.range.type === "PERCENTAGE" && !item.range.is_product_value ? `${item.range.value.toString()}%` : item.range.value.toString()} from ${item.range.minimum_quantity.toString()} units${over ? ", over the other discounts" : ""}`,
      params: {
        minimum_quantity: item.range.minimum_quantity.toNumber(),
        value: item.range.value.toNumber(),
        type: item.range.type,
      },
    }));
    applied.push({
      id: item.discount.id,
      name: item.discount.name,
      type: item.range.type,
      value: item.range.value,
      amount: roundMoney(amount.times(context.quantity)),
    });
  };
  if (best) apply(best, false);
  for (const item of single) {
    if (item === best) continue;
    explain(item.step, () => ({
      code: "beaten_by_larger_discount",
      reason: `${best!.discount.name} takes off more and does not stack`,
      params: { winner: best!.discount.name },
    }));
  }
  for (const item of stacking) apply(item, true);

  // 4. Payment method.
  let paymentMethod: PriceResult["payment_method"] = null;
  let unit: Money = price;
  const method = input.paymentMethod;
  if (method) {
    const rate = method.adjustment_rate ?? ZERO;
    const before = unit;
    unit = clampAtZero(before.plus(percentOf(before, rate)));
    record({
      rule: "payment_method",
      id: method.id,
      name: method.name,
      before,
      after: unit,
      reason: rate.isZero() ? "the payment method does not adjust the price" : `adjusts the price by ${rate.toString()}%`,
      code: "applied",
      params: { adjustment_rate: rate.toNumber() },
    });
  }
  // 5. Rounding, once: the unit price to the cent, half-even; the total is that price times
  // the quantity, to the cent, as an order line of that price totals (server/orders/orders/totals.ts).
  const unitPrice = roundMoney(unit);
  const totalValue = roundMoney(unitPrice.times(context.quantity));
  if (method) {
    const options =
      method.installments.length > 0
        ? [...method.installments].sort((a, b) => a.sequence - b.sequence)
        : [{ sequence: 1, tax: ZERO, discount: ZERO, due_date_delay: 0 }];
    const chosen = context.installments ? options.filter((option) => option.sequence === context.installments) : options;
    if (chosen.length === 0) {
      return {
        ok: false,
        code: "installments_not_offered",
        message: `The payment method does not offer ${context.installments} installments`,
        steps,
      };
    }
    paymentMethod = {
      id: method.id,
      adjustment_rate: method.adjustment_rate ?? ZERO,
      installments: chosen.map((option) => ({
        sequence: option.sequence,
        value: roundMoney(totalValue.plus(percentOf(totalValue, option.tax.minus(option.discount))).dividedBy(option.sequence)),
        due_date_delay: option.due_date_delay,
      })),
    };
  }

  record({
    rule: "rounding",
    id: null,
    name: null,
    before: unit,
    after: unitPrice,
    reason: "rounded half-even to 2 decimal places, once; the total is that price times the quantity",
    code: "rounded",
    params: { total_value: totalValue.toNumber() },
  });
  return {
    ok: true,
    base_price: base ? roundMoney(base) : null,
    price_table: priceTable ? { ...priceTable, price: roundMoney(priceTable.price) } : null,
    discounts: applied,
    unit_price: unitPrice,
    total_value: totalValue,
    payment_method: paymentMethod,
    exact: { unit_price: unit, total_value: unit.times(context.quantity) },
    steps,
  };
}
