import { z } from "zod";
import { TIME_ZONE } from "../../i18n/locales";

/**
 * The business calendar of the analytics: calendar days as the back office lives them,
 * in Brazil's time zone, written `YYYY-MM-DD`. Day arithmetic is done on these strings
 * (as UTC dates, where every day has 24 hours).
 */
export const BUSINESS_TIME_ZONE = TIME_ZONE;

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The business day of an instant. */
export function dayOf(instant: Date): string {
  return dayFormat.format(instant);
}

export function today(): string {
  return dayOf(new Date());
}

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return iso(utc(day) + days * DAY_MS);
}

/** Days from `from` to `to` (to − from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** Every day of [start, final], in order. */
export function daysOf(start: string, final: string): string[] {
  return Array.from({ length: daysBetween(start, final) + 1 }, (_, index) => addDays(start, index));
}

export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function nextMonth(day: string): string {
  const date = new Date(utc(monthOf(day)));
  date.setUTCMonth(date.getUTCMonth() + 1);
  return iso(date.getTime());
}

export function yearOf(day: string): string {
  return `${day.slice(0, 4)}-01-01`;
}

export function nextYear(day: string): string {
  return `${Number(day.slice(0, 4)) + 1}-01-01`;
}

/** A database DATE (read as UTC midnight) as a day. */
export function dayOfDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The years every date and date-time a request carries must fall in (the document states them). */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;
const YEAR_RANGE = `must be between the years ${FIRST_YEAR} and ${LAST_YEAR}`;
/** The start of a date or date-time within those years, as a JSON Schema pattern. */
const DAY_START = "(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])";
const inYears = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

/** A calendar day that exists (`2025-02-29` does not). */
function existingDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  return match !== null && !Number.isNaN(utc(value)) && iso(utc(value)) === value;
}

function validDay(value: string): boolean {
  return existingDay(value) && inYears(Number(value.slice(0, 4)));
}

/**
 * A calendar date `YYYY-MM-DD` (interface convention 6) that exists, from 1900 to 2999: every
 * day a request carries, query or body, is checked so before it reaches the database.
 */
export const dateInput = z
  .string({ message: "must be a date (YYYY-MM-DD)" })
  .regex(ISO_DAY, "must be a date (YYYY-MM-DD)")
  .refine(existingDay, { message: "must be a date that exists", abort: true })
  .refine((value) => inYears(Number(value.slice(0, 4))), YEAR_RANGE)
  .meta({ override: { type: "string", format: "date", pattern: `^${DAY_START}$` } });

/** An optional date: empty, null or absent is null (the panel's empty date input sends ""). */
export const optionalDate = z
  .union([z.literal(""), dateInput])
  .nullish()
  .transform((value) => value || null);

/** An ISO 8601 date-time with its offset, from 1900 to 2999, kept as sent (a text). */
export const dateTimeText = (message = "must be an ISO 8601 date-time") =>
  z
    .string({ message })
    .refine((value) => z.iso.datetime({ offset: true }).safeParse(value).success, { message, abort: true })
    .refine((value) => inYears(Number(value.slice(0, 4))), YEAR_RANGE)
    .meta({ override: { type: "string", format: "date-time", pattern: `^${DAY_START}T` } });

/**
 * A moment of a request: an ISO 8601 date-time with its offset, or a calendar date, which
 * means that day in Brazil (America/Sao_Paulo): its first moment there ("2026-11-26" →
 * 2026-11-26T03:00Z). From 1900 to 2999.
 */
export const dateTimeInput = z
  .union([dateTimeText(), dateInput], { message: "must be a date-time (ISO 8601, e.g. 2026-03-01T12:00:00Z) or a date (YYYY-MM-DD)" })
  .transform((value) => (value.length === 10 ? startOfDay(value) : new Date(value)));

/** The end of a period: a date-time, or a calendar date counted whole (to its last moment in Brazil). */
export const periodEndInput = z
  .union([dateTimeText(), dateInput], { message: "must be a date-time (ISO 8601) or a date (YYYY-MM-DD)" })
  .transform((value) => (value.length === 10 ? endOfDay(value) : new Date(value)));

/**
 * A date parameter: a calendar day (`2025-03-31`) or an ISO 8601 date-time with its
 * offset (`2025-03-31T10:00:00-03:00`), which stands for its business day.
 */
export const dayInput = z
  .string()
  .trim()
  .refine((value) => (ISO_DAY.test(value) ? validDay(value) : z.iso.datetime({ offset: true }).safeParse(value).success), {
    message: "must be a date (YYYY-MM-DD) or an ISO 8601 date-time",
    abort: true,
  })
  .transform((value) => (ISO_DAY.test(value) ? value : dayOf(new Date(value))))
  .refine(validDay, { message: YEAR_RANGE })
  .meta({
    override: {
      type: "string",
      format: "date",
      // The years the server takes, 1900 to 2999 (a date-time also starts so).
      pattern: `^${DAY_START}`,
      description: "YYYY-MM-DD from 1900 to 2999, or an ISO 8601 date-time (its day in Brazil's time zone)",
    },
  });

/** A period of whole days, both ends included. */
export interface Period {
  start: string;
  final: string;
}

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** How far the business time zone is from UTC at an instant, in ms (São Paulo: −3 h). */
function zoneOffset(ms: number): number {
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a business day starts: "2026-11-26" → 2026-11-26T03:00:00Z. A calendar date a
 * person types (a payment date, a due date, a period's first day) means that day in Brazil.
 */
export function startOfDay(day: string): Date {
  const midnight = utc(day);
  // A day the calendar lacks is no instant (an Invalid Date, as `new Date` gives), never a throw.
  if (Number.isNaN(midnight)) return new Date(Number.NaN);
  // The offset at the guess, then at the answer (a day whose start crosses a DST change).
  const first = midnight - zoneOffset(midnight);
  return new Date(midnight - zoneOffset(first));
}

/** The last millisecond of a business day: a period's last day counts whole. */
export function endOfDay(day: string): Date {
  if (Number.isNaN(utc(day))) return new Date(Number.NaN);
  return new Date(startOfDay(addDays(day, 1)).getTime() - 1);
}
