import { describe, expect, it } from "vitest";
import { money } from "@/server/lib/money";
import { installmentDueDates, maxInstallments, receivablesOf } from "@/server/sales/sales/receivables";

const base = new Date("2026-03-01T12:00:00Z");
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("receivables of a payment", () => {
  it("splits 100.00 in 3: 33.33, 33.33, 33.34 (the last absorbs the rounding)", () => {
    const receivables = receivablesOf(money(100), 3, base, { condition: null, installments: [] });
    expect(receivables.map((receivable) => receivable.value.toFixed(2))).toEqual(["33.33", "33.33", "33.34"]);
    expect(receivables.map((receivable) => receivable.installment)).toEqual([1, 2, 3]);
  });

  it("splits 0.05 in 4: 0.01, 0.01, 0.01, 0.02; and 1000.00 in 7: 142.86 × 6 and 142.84", () => {
    expect(receivablesOf(money("0.05"), 4, base, { condition: null, installments: [] }).map((r) => r.value.toFixed(2))).toEqual([
      "0.01",
      "0.01",
      "0.01",
      "0.02",
    ]);
    const seven = receivablesOf(money(1000), 7, base, { condition: null, installments: [] }).map((r) => r.value.toFixed(2));
    expect(seven).toEqual(["142.86", "142.86", "142.86", "142.86", "142.86", "142.86", "142.84"]);
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
    expect(maxInstallments(rules)).toBe(2);
    expect(maxInstallments({ condition: null, installments: [] })).toBe(1);
  });
});
