/** Lower-case and strip accents, so "São Paulo" and "sao paulo" compare equal. */
export function normalizeSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/** Digits and the marks people type around them: 12.345.678/0001-90, 01310-100, (11) 98765-4321, +55 11 ... */
const IDENTIFIER = /^[\d\s.\-/()+]+$/;

/**
 * The digits of an identifier as people type it with its mask (a CNPJ/CPF, a CEP, a phone,
 * an NF-e key in groups), or null for anything else: a text of at least five digits and
 * nothing but digits and mask marks, with at least one mark.
 */
export function identifierDigits(text: string): string | null {
  const trimmed = text.trim();
  if (!IDENTIFIER.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  return digits.length >= 5 && digits !== trimmed ? digits : null;
}

/**
 * The stored `search_text` of a record: its name-like fields, normalized, and the bare
 * digits of each identifier among them, so a CEP, a phone or a CNPJ is found with its mask
 * or without it.
 */
export function searchText(values: Array<string | null | undefined>): string {
  const present = values.filter((value): value is string => Boolean(value));
  const digits = present.flatMap((value) => identifierDigits(value) ?? []);
  return normalizeSearch([...present, ...digits].join(" "));
}

/** `%`, `_` and `\` stand for themselves in a search, not for LIKE's wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The filter of a list's `search`: its normalized words anywhere in `search_text` (nothing
 * when empty); an identifier typed with its mask is looked for by its digits.
 */
export function searchWhere(search: string): { search_text?: { contains: string } } {
  const normalized = identifierDigits(search) ?? normalizeSearch(search);
  return normalized ? { search_text: { contains: escapeLike(normalized) } } : {};
}
