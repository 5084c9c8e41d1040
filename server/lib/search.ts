/** Lower-case and strip accents, so "São Paulo" and "sao paulo" compare equal. */
export function normalizeSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().trim();
}

/** The stored `search_text` of a record: its name-like fields, normalized. */
export function searchText(values: Array<string | null | undefined>): string {
  return normalizeSearch(values.filter(Boolean).join(" "));
}
