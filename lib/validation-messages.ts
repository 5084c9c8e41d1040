import { createFormat } from "@/lib/format";
import type { Locale } from "@/i18n/locales";

/**
 * Validation messages in the active language. The server's zod schemas (shared with the
 * forms) carry English messages; zod 4 keeps each issue's code and parameters, and the
 * server's 422 answers will carry them too (`code`, `params`). A message is translated
 * from its code and parameters; custom rules, which have no telling code, are recognised
 * by their English text; anything else is shown in English as it came.
 */
export interface IssueLike {
  message: string;
  code?: string;
  /** zod's parameters (minimum, maximum, origin, format, expected, received, input...). */
  [param: string]: unknown;
}

/** Translates a `validation.*` message; `has` tells whether a key exists. */
export interface ValidationTranslator {
  (key: string, values?: Record<string, string | number>): string;
  has: (key: string) => boolean;
}

type Translation = { key: string; values?: Record<string, string | number> };

/** Messages of the server's schemas and services, by their English text. */
const exact: Record<string, string> = {
  "is required": "required",
  "is required (null for a top-level category)": "required",
  "is required unless price_type is FREE": "required",
  "must not be empty": "required",
  "must not be negative": "notNegative",
  "must be a whole number": "wholeNumber",
  "must be true or false": "boolean",
  "must be a number": "notANumber",
  "must be a string": "text",
  "is repeated": "repeated",
  "is too large": "tooLarge",
  "must be a time HH:MM": "time",
  "must be a date (YYYY-MM-DD)": "date",
  "must be a date that exists": "date",
  "is set through PUT /partners/{id}/credit": "setThroughCredit",
  "must be between the years 1900 and 2999": "yearRange",
  "needs at least one value": "atLeastOne",
  "a SELECT needs at least one option": "selectNeedsOptions",
  "must start with a letter and hold only letters, digits and _": "identifier",
  "must be a colour as #rrggbb": "color",
  "must be a UUID": "uuid",
  "must be an http or https URL": "url",
  "must be a category id or null": "invalid",
  "must be a number from 0 (Sunday) to 6": "invalid",
  "a status cannot be both initial and final": "initialAndFinal",
  "you cannot change your own role": "ownRole",
  "you cannot deactivate yourself": "deactivateSelf",
  "a category can't be its own ancestor": "ownAncestor",
  "must be a GTIN-8, 12, 13 or 14 with a valid check digit": "gtin",
  "must be 8 digits (e.g. 8467.21.00)": "ncm",
  "must be a finite number": "finite",
  "lists a category twice": "listedTwice",
  "lists a file twice": "listedTwice",
  "names a variation twice": "listedTwice",
  "has more than one main image": "oneMain",
  "must be an image (PNG, JPEG, GIF or WebP)": "notAnImage",
  "is already used by another product or variation": "skuTaken",
  "must be the Inscrição Estadual (2 to 14 digits) or ISENTO": "stateRegistration",
  "must be a boleto bar code (44 digits) or linha digitável (47 digits) with valid check digits": "boleto",
  "must be a PIX BR Code whose CRC16 checks": "brCode",
};

const patterns: Array<[RegExp, (match: RegExpExecArray) => Translation]> = [
  [/^must not be less than (\w+)$/, (m) => ({ key: "notLessThanField", values: { field: m[1]! } })],
  [/^must be before (\w+)$/, (m) => ({ key: "beforeField", values: { field: m[1]! } })],
  [/^must not be before (\w+)$/, (m) => ({ key: "notBeforeField", values: { field: m[1]! } })],
  [/^a percentage must be at most (\d+)$/, (m) => ({ key: "atMost", values: { maximum: Number(m[1]) } })],
  [/^must be at most (\d+) characters$/, (m) => ({ key: "tooLong", values: { maximum: Number(m[1]) } })],
  [/^must be at least (-?[\d.]+)$/, (m) => ({ key: "atLeast", values: { minimum: Number(m[1]) } })],
  [/^must be at most (-?[\d.]+)$/, (m) => ({ key: "atMost", values: { maximum: Number(m[1]) } })],
  [/^must be greater than (-?[\d.]+)$/, (m) => ({ key: "greaterThan", values: { minimum: Number(m[1]) } })],
  [
    /^must be (?:from|between) (-?[\d.]+) (?:to|and) (-?[\d.]+)$/,
    (m) => ({ key: "between", values: { minimum: Number(m[1]), maximum: Number(m[2]) } }),
  ],
  [/^must be (?:one of: .+|[A-Z_]+(?:, [A-Z_]+)*(?: or [A-Z_]+)?)$/, () => ({ key: "oneOf" })],
  [/^overlaps (\S+)–(\S+) on (\w+)$/, (m) => ({ key: "overlaps", values: { from: m[1]!, to: m[2]!, weekday: m[3]! } })],
  [/^no [\w ]+ with this id exists$/, () => ({ key: "not_found_reference" })],
  [/^must have at most (\d+) decimal places$/, (m) => ({ key: "maxDecimals", values: { maximum: Number(m[1]) } })],
  [/^must be one of the values of (.+?): /, (m) => ({ key: "variationValue", values: { name: m[1]! } })],
  [/^must be a valid (CPF|CNPJ)$/, (m) => ({ key: "fiscalOne", values: { kind: m[1]! } })],
  [/^must be a valid (CPF or CNPJ|CNPJ or CPF)$/, () => ({ key: "fiscalEither" })],
  [/(?:is|resolves to \S+,) a loopback, private, link-local or reserved address$/, () => ({ key: "urlRefused" })],
  [/^the host \S+ does not resolve$/, () => ({ key: "urlUnresolved" })],
];

function fromText(message: string): Translation | undefined {
  const key = exact[message];
  if (key) return { key };
  for (const [pattern, translate] of patterns) {
    const match = pattern.exec(message);
    if (match) return translate(match);
  }
  // "<Custom field label> is required": the label is the server's, the rest is known.
  for (const [text, tail] of Object.entries(exact)) {
    if (message.endsWith(` ${text}`)) return { key: tail };
  }
  return undefined;
}

const number = (value: unknown) => (typeof value === "number" || typeof value === "bigint" ? Number(value) : undefined);
const isBlank = (value: unknown) => value === undefined || value === null || value === "";

function fromCode(issue: IssueLike): Translation | undefined {
  const { code } = issue;
  const minimum = number(issue.minimum);
  const maximum = number(issue.maximum);
  switch (code) {
    case "required":
    case "not_found_reference":
    case "duplicate":
    case "in_use":
      return { key: code };
    case "invalid_type": {
      if (issue.received === "NaN") return { key: "notANumber" };
      if (issue.expected === "int") return { key: "wholeNumber" };
      if (!("input" in issue) || isBlank(issue.input)) return { key: "required" };
      if (issue.expected === "number") return { key: "notANumber" };
      if (issue.expected === "boolean") return { key: "boolean" };
      if (issue.expected === "string") return { key: "text" };
      return { key: "invalid" };
    }
    case "too_small":
      if (minimum === undefined) return { key: "invalid" };
      if (issue.origin === "string") return minimum <= 1 ? { key: "required" } : { key: "tooShort", values: { minimum } };
      if (issue.origin === "array" || issue.origin === "set")
        return minimum <= 1 ? { key: "atLeastOne" } : { key: "minItems", values: { minimum } };
      if (minimum === 0 && issue.inclusive !== false) return { key: "notNegative" };
      return issue.inclusive === false ? { key: "greaterThan", values: { minimum } } : { key: "atLeast", values: { minimum } };
    case "too_big":
      if (maximum === undefined) return { key: "invalid" };
      if (issue.origin === "string") return { key: "tooLong", values: { maximum } };
      if (issue.origin === "array" || issue.origin === "set") return { key: "maxItems", values: { maximum } };
      return issue.inclusive === false ? { key: "lessThan", values: { maximum } } : { key: "atMost", values: { maximum } };
    case "invalid_format":
      switch (issue.format) {
        case "email":
          return { key: "email" };
        case "uuid":
        case "guid":
          return { key: "uuid" };
        case "url":
          return { key: "url" };
        case "date":
        case "datetime":
          return { key: "date" };
        default:
          return { key: "format" };
      }
    case "invalid_value":
      return { key: "oneOf" };
    case "not_multiple_of":
      return { key: "multipleOf", values: { divisor: number(issue.divisor) ?? 1 } };
    // The order flow's refusals (contract §10): short stock, a move without its NF-e, coupons, installments.
    case "insufficient_stock":
      return { key: "insufficientStock", values: { available: number(issue.available) ?? 0 } };
    case "installment_below_minimum":
      return {
        key: "installmentBelowMinimum",
        values: { installment: number(issue.installment) ?? 0, minimum: number(issue.minimum) ?? 0.01 },
      };
    case "installments_not_offered":
      return { key: "installmentsNotOffered", values: { offered: Array.isArray(issue.offered) ? issue.offered.join(", ") : "1" } };
    // Contract §11: a quotation past its last day, told as dd/mm/aaaa (both languages write days so).
    case "quotation_expired":
      return {
        key: code,
        values: {
          valid_until: String(issue.valid_until ?? "")
            .split("-")
            .reverse()
            .join("/"),
        },
      };
    case "invoice_required":
    case "no_stock_company":
    case "no_stock_warehouse":
    case "coupon_inactive":
    case "coupon_expired":
    case "coupon_not_started":
    case "coupon_used_up":
    case "phase_required":
    case "phase_not_allowed":
      return { key: code };
    case "invalid_union":
    case "unrecognized_keys":
    case "invalid_key":
    case "invalid_element":
      return { key: "invalid" };
    default:
      return undefined;
  }
}

/**
 * One issue's message in the active language. `fieldLabel` names the fields a message
 * refers to ("must not be less than minimum_value" → "… Valor mínimo"), never the raw key.
 */
export function localizeIssue(issue: IssueLike, t: ValidationTranslator, locale: Locale, fieldLabel: (field: string) => string): string {
  // A missing or mistyped value is told by its code (an "is required" schema message also
  // covers "abc" in a number field); otherwise the server's own words are the more precise.
  const byCode = fromCode(issue);
  const byText = fromText(issue.message);
  // A reference left unchosen (a select or lookup sends "" until something is picked) is told as a choice to make, not a UUID.
  const unchosen = issue.code === "invalid_format" && (issue.format === "uuid" || issue.format === "guid") && isBlank(issue.input);
  const translation = unchosen ? { key: "chooseOne" } : issue.code === "invalid_type" ? (byCode ?? byText) : (byText ?? byCode);
  if (!translation || !t.has(translation.key)) return issue.message;
  const format = createFormat(locale);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(translation.values ?? {})) {
    if (name === "field") values[name] = fieldLabel(String(value));
    else if (name === "weekday") values[name] = t.has(`weekday.${value}`) ? t(`weekday.${value}`) : String(value);
    else values[name] = typeof value === "number" ? format.number(value, { maxDecimals: 6 }) : value;
  }
  return t(translation.key, values);
}
