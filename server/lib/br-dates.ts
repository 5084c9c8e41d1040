/**
 * Dates as printed documents show them (the order PDF, the DANFE): São Paulo time, dd/mm/aaaa,
 * with hh:mm (and :ss) where a moment is meant.
 */
const SAO_PAULO = { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" } as const;
const dateFormat = new Intl.DateTimeFormat("pt-BR", SAO_PAULO);
const minuteFormat = new Intl.DateTimeFormat("pt-BR", { ...SAO_PAULO, hour: "2-digit", minute: "2-digit" });
const secondFormat = new Intl.DateTimeFormat("pt-BR", { ...SAO_PAULO, hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** "28/11/2026". */
export const brDate = (iso: string) => dateFormat.format(new Date(iso));
/** "28/11/2026, 10:00" (with seconds: "28/11/2026, 10:00:05"). */
export const brDateTime = (iso: string, seconds = false) => (seconds ? secondFormat : minuteFormat).format(new Date(iso));
