/*
 * Orders are numbered per org ("Pedido nº 1.234") from the org's own PostgreSQL sequence
 * (`order_number_<org id without dashes>`, made with the org: `createOrderNumberSequence`):
 * never reused, distinct on every instance, and no transaction waits for another to take
 * one (a number taken by an order whose transaction then fails is skipped, not reused). The
 * writer takes the next one in the order's INSERT (write-order.ts, `writeRows`).
 */

const NUMBER_TEXT = /^(?:pedido|order)?\s*(?:n\.?\s*[º°o]?\.?|#)?\s*(\d{1,3}(?:\.\d{3})+|\d{1,3}(?:,\d{3})+|\d{1,10})$/i;

/**
 * An order number as people type it ("1234", "1.234", "nº 1.234", "#1,234", "Pedido 1234"),
 * or null when the text is not one.
 */
export function orderNumberOf(text: string): number | null {
  const match = NUMBER_TEXT.exec(text.trim());
  if (!match?.[1]) return null;
  const number = Number(match[1].replace(/[.,]/g, ""));
  return Number.isSafeInteger(number) && number > 0 && number <= 2_147_483_647 ? number : null;
}
