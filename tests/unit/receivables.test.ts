import { describe, expect, it } from "vitest";
import { money } from "@/server/lib/money";
import { installmentDueDates, installmentError, offeredInstallments, receivablesOf, rulesOf } from "@/server/finance/receivables";

const base = new Date("2026-03-01T12:00:00Z");
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("receivables of a payment", () => {
  it("splits 100.00 in 3: 33.33, 33.33, 33.34 (the last absorbs the rounding)", () => {
    const receivables = receivablesOf(money(100), 3, base, { condition: null, installments: [] });
    expect(receivables.map((receivable) => receivable.value.toFixed(2))).toEqual(["33.33", "33.33", "33.34"]);
    expect(receivables.map((receivable) => receivable.installment)).toEqual([1, 2, 3]);
  });

  it("splits 0.05 in 4: 0.01, 0.01, 0.01, 0.02; and 1000.00 in 7: 142.85 × 6 and 142.90 (shares rounded down, never above the last)", () => {
    expect(receivablesOf(money("0.05"), 4, base, { condition: null, installments: [] }).map((r) => r.value.toFixed(2))).toEqual([
      "0.01",
      "0.01",
      "0.01",
      "0.02",
    ]);
    const seven = receivablesOf(money(1000), 7, base, { condition: null, installments: [] }).map((r) => r.value.toFixed(2));
    expect(seven).toEqual(["142.85", "142.85", "142.85", "142.85", "142.85", "142.85", "142.90"]);
  });

  it("refuses a split with an installment below a cent or the method's minimum, and more installments than the method lists", () => {
    const method = (minimum: string | null, sequences = 12) => ({
      condition: null,
      installments: Array.from({ length: sequences }, (_, index) => ({ sequence: index + 1 })),
      minimum_installment_value: minimum,
    });
    // 0.10 in 12 was eleven 0.01 and a last −0.01; 1.00 in 120, 0.01 each and a last of −0.19.
    expect(installmentError(method(null), money("0.10"), 12, "payments.0.installments")).toMatchObject({
      path: "payments.0.installments",
      code: "installment_below_minimum",
      params: { minimum: 0.01, installment: 0, maximum: 10 },
    });
    expect(installmentError(method(null, 120), money("1.00"), 120, "p")).toMatchObject({ code: "installment_below_minimum" });
    expect(installmentError(method(null, 120), money("1.20"), 120, "p")).toBeUndefined();
    expect(installmentError(method("50.00"), money("299.99"), 6, "p")).toMatchObject({
      params: { minimum: 50, installment: 49.99, maximum: 5 },
    });
    expect(installmentError(method("50.00"), money("300.00"), 6, "p")).toBeUndefined();
    expect(installmentError(method(null, 3), money(100), 4, "p")).toMatchObject({ code: "too_big", params: { maximum: 3 } });
  });

  it("due dates from the condition: the first after due_date days, the next every subsequent_due_date days", () => {
    const dates = installmentDueDates(
      base,
      { condition: { type: "INSTALLMENTS", due_date: { value: 10 }, subsequent_due_date: { value: 15 } }, installments: [] },
      3,
    );
    expect(dates).toEqual([day("2026-03-11"), day("2026-03-26"), day("2026-04-10")]);
  });

  it("without a condition: due at once, then every 30 days", () => {
    expect(installmentDueDates(base, { condition: null, installments: [] }, 2)).toEqual([day("2026-03-01"), day("2026-03-31")]);
  });

  it("an installment the method lists is due its due_date_delay days after the purchase", () => {
    const rules = {
      condition: { due_date: { value: 5 }, subsequent_due_date: { value: 20 } },
      installments: [
        { sequence: 1, due_date_delay: 30 },
        { sequence: 2, due_date_delay: 60 },
      ],
    };
    expect(installmentDueDates(base, rules, 3)).toEqual([day("2026-03-31"), day("2026-04-30"), day("2026-05-20")]);
    expect(offeredInstallments(rules)).toEqual([1, 2]);
    expect(offeredInstallments({ condition: null, installments: [] })).toEqual([1]);
  });

  it("a count the method does not list is not offered (the price engine could not price it)", () => {
    const method = { condition: null, installments: [{ sequence: 1 }, { sequence: 6 }], minimum_installment_value: null };
    expect(offeredInstallments(rulesOf(method))).toEqual([1, 6]);
    expect(installmentError(method, money(600), 6, "payments.0.installments")).toBeUndefined();
    expect(installmentError(method, money(600), 3, "payments.0.installments")).toEqual({
      path: "payments.0.installments",
      message: "the payment method offers 1, 6 installments",
      code: "installments_not_offered",
      params: { offered: [1, 6] },
    });
    expect(installmentError(method, money(600), 7, "payments.0.installments")).toMatchObject({ code: "too_big", params: { maximum: 6 } });
  });
});
