/** Lower-case and strip accents, so "São Paulo" and "sao paulo" compare equal. */
export function normalizeSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/** The stored `search_text` of a record: its name-like fields, normalized. */
export function searchText(values: Array<string | null | undefined>): string {
  return normalizeSearch(values.filter(Boolean).join(" "));
}

/** `%`, `_` and `\` stand for themselves in a search, not for LIKE's wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The filter of a list's `search`: its normalized words anywhere in `search_text` (nothing when empty). */
export function searchWhere(search: string): { search_text?: { contains: string } } {
  const normalized = normalizeSearch(search);
  return normalized ? { search_text: { contains: escapeLike(normalized) } } : {};
}
