import { afterEach, describe, expect, it, vi } from "vitest";
import { isIsoDate, parseDateInput, parseTimeInput, today } from "@/lib/dates";
import { createFormat } from "@/lib/format";

describe("parseDateInput", () => {
  it("reads the day first, as the panel writes dates", () => {
    expect(parseDateInput("15/03/2026")).toEqual({
      ok: true,
      value: "2026-03-15",
    });
    expect(parseDateInput(" 1/2/2026 ")).toEqual({
      ok: true,
      value: "2026-02-01",
    });
    expect(parseDateInput("01.02.2026")).toEqual({
      ok: true,
      value: "2026-02-01",
    });
    expect(parseDateInput("01-02-2026")).toEqual({
      ok: true,
      value: "2026-02-01",
    });
    expect(parseDateInput("15032026")).toEqual({
      ok: true,
      value: "2026-03-15",
    });
    expect(parseDateInput("15/03/26")).toEqual({
      ok: true,
      value: "2026-03-15",
    });
  });

  it("reads an ISO date pasted from the API", () => {
    expect(parseDateInput("2026-03-15")).toEqual({
      ok: true,
      value: "2026-03-15",
    });
  });

  it("is null when blank", () => {
    expect(parseDateInput("")).toEqual({ ok: true, value: null });
    expect(parseDateInput("   ")).toEqual({ ok: true, value: null });
  });

  it("refuses days the calendar lacks, leap years counted", () => {
    expect(parseDateInput("31/02/2026")).toEqual({
      ok: false,
      error: "impossible",
    });
    expect(parseDateInput("29/02/2026")).toEqual({
      ok: false,
      error: "impossible",
    });
    expect(parseDateInput("29/02/2028")).toEqual({
      ok: true,
      value: "2028-02-29",
    });
    expect(parseDateInput("29/02/2100")).toEqual({
      ok: false,
      error: "impossible",
    });
    expect(parseDateInput("29/02/2000")).toEqual({
      ok: true,
      value: "2000-02-29",
    });
    expect(parseDateInput("31/04/2026")).toEqual({
      ok: false,
      error: "impossible",
    });
    expect(parseDateInput("00/01/2026")).toEqual({
      ok: false,
      error: "impossible",
    });
    expect(parseDateInput("12/13/2026")).toEqual({
      ok: false,
      error: "impossible",
    });
    expect(parseDateInput("2026-02-30")).toEqual({
      ok: false,
      error: "impossible",
    });
  });

  it("refuses what is not a date, the month-first English order included when it cannot be a day-first date", () => {
    expect(parseDateInput("abc")).toEqual({ ok: false, error: "invalid" });
    expect(parseDateInput("15/03")).toEqual({ ok: false, error: "invalid" });
    expect(parseDateInput("15/03/202")).toEqual({
      ok: false,
      error: "invalid",
    });
    expect(parseDateInput("2026/03/15")).toEqual({
      ok: false,
      error: "invalid",
    });
    expect(parseDateInput("03/15/2026")).toEqual({
      ok: false,
      error: "impossible",
    });
  });

  it("round-trips with the panel's date format in both languages", () => {
    for (const locale of ["pt-BR", "en"] as const) {
      const shown = createFormat(locale).date("2026-03-15");
      expect(shown).toBe("15/03/2026");
      expect(parseDateInput(shown)).toEqual({ ok: true, value: "2026-03-15" });
    }
  });
});

describe("isIsoDate", () => {
  it("accepts only calendar days as YYYY-MM-DD", () => {
    expect(isIsoDate("2026-03-15")).toBe(true);
    expect(isIsoDate("2026-02-31")).toBe(false);
    expect(isIsoDate("15/03/2026")).toBe(false);
    expect(isIsoDate("2026-03-15T00:00:00Z")).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe("parseTimeInput", () => {
  it("reads 24-hour times", () => {
    expect(parseTimeInput("14:30")).toEqual({ ok: true, value: "14:30" });
    expect(parseTimeInput("9:05")).toEqual({ ok: true, value: "09:05" });
    expect(parseTimeInput("14h30")).toEqual({ ok: true, value: "14:30" });
    expect(parseTimeInput("14h")).toEqual({ ok: true, value: "14:00" });
    expect(parseTimeInput("8")).toEqual({ ok: true, value: "08:00" });
    expect(parseTimeInput("1430")).toEqual({ ok: true, value: "14:30" });
    expect(parseTimeInput("00:00")).toEqual({ ok: true, value: "00:00" });
    expect(parseTimeInput("")).toEqual({ ok: true, value: null });
  });

  it("refuses hours and minutes that do not exist, and 24:00 except as the end of the day", () => {
    expect(parseTimeInput("25:00")).toEqual({ ok: false, error: "impossible" });
    expect(parseTimeInput("14:60")).toEqual({ ok: false, error: "impossible" });
    expect(parseTimeInput("24:00")).toEqual({ ok: false, error: "impossible" });
    expect(parseTimeInput("24:00", { endOfDay: true })).toEqual({
      ok: true,
      value: "24:00",
    });
    expect(parseTimeInput("24:30", { endOfDay: true })).toEqual({
      ok: false,
      error: "impossible",
    });
    expect(parseTimeInput("2:30 PM")).toEqual({ ok: false, error: "invalid" });
    expect(parseTimeInput("abc")).toEqual({ ok: false, error: "invalid" });
  });
});

describe("today", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is the day in São Paulo, not in UTC: at 23:30 there it is still that day", () => {
    vi.useFakeTimers();
    // 23:30 on 15 March 2026 in São Paulo (UTC−3) is 02:30 on the 16th in UTC.
    vi.setSystemTime(new Date("2026-03-15T23:30:00-03:00"));
    expect(new Date().toISOString().slice(0, 10)).toBe("2026-03-16");
    expect(today()).toBe("2026-03-15");
  });

  it("turns at midnight in São Paulo", () => {
    expect(today(new Date("2026-03-16T00:00:00-03:00"))).toBe("2026-03-16");
    expect(today(new Date("2026-03-15T23:59:59-03:00"))).toBe("2026-03-15");
    expect(today(new Date("2026-12-31T23:30:00-03:00"))).toBe("2026-12-31");
  });

  it("follows another time zone when asked", () => {
    expect(today(new Date("2026-03-16T02:30:00Z"), "UTC")).toBe("2026-03-16");
  });
});
