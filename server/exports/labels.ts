import en from "../../messages/en.json";
import ptBR from "../../messages/pt-BR.json";
import { agingBucket, agingMessage } from "../finance/financials/schemas";
import { eventKey } from "../webhooks/schemas";
import type { CsvLocale } from "./csv";

/**
 * The panel's own words for the values an export writes as the list shows them (a role,
 * a status type, a webhook event, an aging bucket), from the same message files, in the
 * export's locale.
 */
const words = { "pt-BR": ptBR, en } satisfies Record<CsvLocale, unknown>;

export type EnumName = keyof typeof en.enums;

/** A label looked up by a key made at run time; the code itself when the files have none. */
function lookup(labels: Record<string, string>, key: string, fallback: string): string {
  return Object.hasOwn(labels, key) ? labels[key]! : fallback;
}

/** An enum value's label ("SELLER" → "Vendedor"). */
export function enumLabel(locale: CsvLocale, name: EnumName, value: string): string {
  return lookup(words[locale].enums[name], value, value);
}

/** A webhook event type's label ("order.status-changed" → "Order status changed"). */
export function eventLabel(locale: CsvLocale, type: string): string {
  return lookup(words[locale].webhooks.eventTypes, eventKey(type), type);
}

/** How late a receivable is, as its list's aging column says it ("1–30 dias"). */
export function agingLabel(locale: CsvLocale, record: { due_date: string; overdue: boolean }): string {
  return words[locale].financials[agingMessage[agingBucket(record)]];
}

/** An import's kind or status as its list says it ("price-table-items" → "preços de tabela"). */
export function importLabel(locale: CsvLocale, group: "kinds" | "statuses", value: string): string {
  return lookup(words[locale].imports[group], value, value);
}
