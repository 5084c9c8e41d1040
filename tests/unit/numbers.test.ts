import { describe, expect, it } from "vitest";
import { createFormat } from "@/lib/format";
import { formatDecimalInput, parseDecimal } from "@/lib/numbers";

const money = { decimals: 2, excess: "round" } as const;
const quantity = (decimals: number) => ({ decimals, excess: "reject" }) as const;

describe("parseDecimal", () => {
  it("reads Brazilian input", () => {
    expect(parseDecimal("45,90", "pt-BR", money)).toEqual({ ok: true, value: 45.9 });
    expect(parseDecimal("500,00", "pt-BR", money)).toEqual({ ok: true, value: 500 });
    expect(parseDecimal("1.234,56", "pt-BR", money)).toEqual({ ok: true, value: 1234.56 });
    expect(parseDecimal("1.234.567,8", "pt-BR", money)).toEqual({ ok: true, value: 1234567.8 });
    expect(parseDecimal("R$ 1.234,56", "pt-BR", money)).toEqual({ ok: true, value: 1234.56 });
    expect(parseDecimal("1.234", "pt-BR", money)).toEqual({ ok: true, value: 1234 });
    expect(parseDecimal(",5", "pt-BR", money)).toEqual({ ok: true, value: 0.5 });
    expect(parseDecimal("12,", "pt-BR", money)).toEqual({ ok: true, value: 12 });
    expect(parseDecimal("007", "pt-BR", money)).toEqual({ ok: true, value: 7 });
    expect(parseDecimal("5,5 %", "pt-BR", quantity(4))).toEqual({ ok: true, value: 5.5 });
  });

  it("reads English input", () => {
    expect(parseDecimal("45.90", "en", money)).toEqual({ ok: true, value: 45.9 });
    expect(parseDecimal("1,234.56", "en", money)).toEqual({ ok: true, value: 1234.56 });
    expect(parseDecimal("R$1,234.56", "en", money)).toEqual({ ok: true, value: 1234.56 });
    expect(parseDecimal("1,234", "en", money)).toEqual({ ok: true, value: 1234 });
  });

  it("refuses the other language's decimal separator instead of misreading it", () => {
    expect(parseDecimal("45.90", "pt-BR", money)).toEqual({ ok: false, error: "invalid" });
    expect(parseDecimal("45,90", "en", money)).toEqual({ ok: false, error: "invalid" });
    expect(parseDecimal("1.23,4", "pt-BR", money)).toEqual({ ok: false, error: "invalid" });
    expect(parseDecimal("1,2,3", "pt-BR", money)).toEqual({ ok: false, error: "invalid" });
  });

  it("reads negatives, blanks and garbage", () => {
    expect(parseDecimal("-5,5", "pt-BR", quantity(2))).toEqual({ ok: true, value: -5.5 });
    expect(parseDecimal("−5", "pt-BR", quantity(2))).toEqual({ ok: true, value: -5 });
    expect(parseDecimal("+3", "en", quantity(0))).toEqual({ ok: true, value: 3 });
    expect(parseDecimal("-0", "en", quantity(0))).toEqual({ ok: true, value: 0 });
    expect(Object.is((parseDecimal("-0,00", "pt-BR", money) as { value: number }).value, 0)).toBe(true);
    expect(parseDecimal("", "pt-BR", money)).toEqual({ ok: true, value: null });
    expect(parseDecimal("   ", "en", money)).toEqual({ ok: true, value: null });
    for (const garbage of ["abc", "12a", "1e5", "--5", "5-", ",", "R$", "1 2x", "0x10", "Infinity", "NaN"]) {
      expect(parseDecimal(garbage, "pt-BR", money), garbage).toMatchObject({ ok: false });
    }
  });

  it("rounds money half away from zero on the digits, not on floats", () => {
    expect(parseDecimal("1,005", "pt-BR", money)).toEqual({ ok: true, value: 1.01 });
    expect(parseDecimal("1.005", "en", money)).toEqual({ ok: true, value: 1.01 });
    expect(parseDecimal("2,675", "pt-BR", money)).toEqual({ ok: true, value: 2.68 });
    expect(parseDecimal("0,125", "pt-BR", money)).toEqual({ ok: true, value: 0.13 });
    expect(parseDecimal("-0,125", "pt-BR", money)).toEqual({ ok: true, value: -0.13 });
    expect(parseDecimal("9,995", "pt-BR", money)).toEqual({ ok: true, value: 10 });
    expect(parseDecimal("999,999", "pt-BR", money)).toEqual({ ok: true, value: 1000 });
    expect(parseDecimal("45,904", "pt-BR", money)).toEqual({ ok: true, value: 45.9 });
  });

  it("refuses more decimals than a quantity's unit allows", () => {
    expect(parseDecimal("2,5", "pt-BR", quantity(0))).toEqual({ ok: false, error: "decimals" });
    expect(parseDecimal("2,500", "pt-BR", quantity(3))).toEqual({ ok: true, value: 2.5 });
    expect(parseDecimal("2,5001", "pt-BR", quantity(3))).toEqual({ ok: false, error: "decimals" });
    expect(parseDecimal("12", "pt-BR", quantity(0))).toEqual({ ok: true, value: 12 });
  });

  it("refuses numbers too long to be kept exactly", () => {
    expect(parseDecimal("1234567890123,45", "pt-BR", money)).toEqual({ ok: true, value: 1234567890123.45 });
    expect(parseDecimal("12345678901234,56", "pt-BR", money)).toEqual({ ok: false, error: "too_large" });
  });
});

describe("formatDecimalInput", () => {
  it("shows back what will be saved, in each language", () => {
    expect(formatDecimalInput(45.9, "pt-BR", 2)).toBe("45,90");
    expect(formatDecimalInput(1234.56, "pt-BR", 2)).toBe("1.234,56");
    expect(formatDecimalInput(1234.56, "en", 2)).toBe("1,234.56");
    expect(formatDecimalInput(5.5, "pt-BR", 0, 4)).toBe("5,5");
    expect(formatDecimalInput(-5, "en", 0, 4)).toBe("-5");
  });

  it("round-trips through parseDecimal", () => {
    for (const value of [0, 0.1, 0.01, 45.9, 1234.56, 999999.99, 1234567890.12]) {
      for (const locale of ["pt-BR", "en"] as const) {
        expect(parseDecimal(formatDecimalInput(value, locale, 2), locale, money)).toEqual({ ok: true, value });
      }
    }
  });
});

describe("createFormat", () => {
  const pt = createFormat("pt-BR");
  const en = createFormat("en");
  const space = (text: string) => text.replace(/\s/g, " ");

  it("formats money in BRL", () => {
    expect(space(pt.money(45.9))).toBe("R$ 45,90");
    expect(space(pt.money(1234.56))).toBe("R$ 1.234,56");
    expect(en.money(1234.56)).toBe("R$1,234.56");
  });

  it("formats dates day first with a 24 h clock, in Brazil's time zone", () => {
    expect(pt.date("2025-01-31")).toBe("31/01/2025");
    expect(en.date("2025-01-31")).toBe("31/01/2025");
    expect(pt.date("2025-11-22T02:30:00.000Z")).toBe("21/11/2025");
    expect(pt.dateTime("2025-11-22T19:45:00.000Z")).toBe("22/11/2025 16:45");
    expect(en.dateTime("2025-11-22T19:45:00.000Z")).toBe("22/11/2025 16:45");
    expect(pt.date(null)).toBe("—");
  });

  it("formats numbers and percents", () => {
    expect(pt.number(1234.5)).toBe("1.234,5");
    expect(en.number(1234.5)).toBe("1,234.5");
    expect(pt.percent(5.5)).toBe("5,5%");
    expect(en.percent(-5, { signed: true })).toBe("-5%");
    expect(pt.percent(2, { signed: true })).toBe("+2%");
  });
});
