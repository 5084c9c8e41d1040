import { TIME_ZONE } from "@/i18n/locales";

/**
 * Dates and times typed by people, read the way the panel shows them (lib/format.ts): the
 * day first (dd/mm/aaaa, in both languages) and 24-hour times. The values are the API's:
 * a calendar date `YYYY-MM-DD` and a time of day `HH:MM`.
 */

export type DateParseError = "invalid" | "impossible";
export type DateParseResult = { ok: true; value: string | null } | { ok: false; error: DateParseError };

/** 31/12/2026, 1/2/2026, 01.02.2026, 01-02-26. */
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/;
/** 31122026: the digits alone. */
const DIGITS = /^(\d{2})(\d{2})(\d{4})$/;
/** 2026-12-31, pasted from the API or a spreadsheet. */
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The `YYYY-MM-DD` of a day, or null when the calendar has no such day (31/02). */
function calendarDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** True for a `YYYY-MM-DD` the calendar has. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = ISO.exec(value);
  return match !== null && calendarDay(Number(match[1]), Number(match[2]), Number(match[3])) === value;
}

/**
 * Reads a typed date: day, month and year (two-digit years are this century's), or an ISO
 * date. Blank is `null`; a day the calendar lacks (31/02/2026) is "impossible", anything
 * else that is not a date "invalid".
 */
export function parseDateInput(text: string): DateParseResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: null };
  const iso = ISO.exec(trimmed);
  const dayFirst = DAY_FIRST.exec(trimmed) ?? DIGITS.exec(trimmed);
  let year: number, month: number, day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) {
    const [, dd = "", mm = "", yyyy = ""] = dayFirst;
    [year, month, day] = [Number(yyyy.length === 2 ? `20${yyyy}` : yyyy), Number(mm), Number(dd)];
  } else return { ok: false, error: "invalid" };
  const value = calendarDay(year, month, day);
  return value === null ? { ok: false, error: "impossible" } : { ok: true, value };
}

/** 14:30, 9:05, 14h30, 14h, 1430. */
const TIME = /^(\d{1,2})(?:[:h](\d{2}))?h?$|^(\d{2})(\d{2})$/;

/**
 * Reads a typed time of day (24 h) as `HH:MM`. Blank is `null`. `24:00`, the end of the
 * day, only where `endOfDay` allows it (a closing time).
 */
export function parseTimeInput(text: string, { endOfDay = false }: { endOfDay?: boolean } = {}): DateParseResult {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === "") return { ok: true, value: null };
  const match = TIME.exec(trimmed);
  if (!match) return { ok: false, error: "invalid" };
  const hour = Number(match[1] ?? match[3]);
  const minute = Number(match[2] ?? match[4] ?? 0);
  const fits = minute <= 59 && (hour <= 23 || (endOfDay && hour === 24 && minute === 0));
  return fits ? { ok: true, value: `${pad(hour)}:${pad(minute)}` } : { ok: false, error: "impossible" };
}

const days = new Map<string, Intl.DateTimeFormat>();

/**
 * Today as `YYYY-MM-DD` where the back office lives (Brazil's time zone), not in UTC: at
 * 23:30 in São Paulo it is still today there, though already tomorrow in UTC.
 */
export function today(now: Date = new Date(), timeZone: string = TIME_ZONE): string {
  let format = days.get(timeZone);
  if (!format)
    days.set(
      timeZone,
      (format = new Intl.DateTimeFormat("en-US", {
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        timeZone,
      })),
    );
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day (`YYYY-MM-DD`) an instant the API answers falls on in Brazil: what a date input shows of it. */
export function dayOf(instant: string): string {
  return today(new Date(instant));
}
