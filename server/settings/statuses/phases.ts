/**
 * An order's phases (contract §10), shared by the order writer and the panel: each ORDER
 * status has one, and the phase decides what happens to the order's stock and receivables.
 *
 * - OPEN, CONFIRMED: the items' quantities are reserved.
 * - INVOICED, SHIPPED, DELIVERED: the goods left — entering any of them from a reserving phase
 *   takes the reserved stock (it needs an invoice) and makes the receivables of the payments.
 * - CANCELED: nothing held; entering it releases the reservations, cancels the unpaid
 *   receivables and gives the coupons' uses back.
 *
 * Phases only move forward, in this order, skipping allowed; CANCELED only from OPEN or
 * CONFIRMED. Moving between statuses of one phase is free. From INVOICED on (and once
 * canceled) only the status and the attributes of an order change.
 */
export const PHASES = ["OPEN", "CONFIRMED", "INVOICED", "SHIPPED", "DELIVERED", "CANCELED"] as const;
export type Phase = (typeof PHASES)[number];

/** The phases whose orders hold their items' stock reserved. */
export const reserves = (phase: Phase) => phase === "OPEN" || phase === "CONFIRMED";

/** The phases whose orders took their items' stock (the goods left). */
export const tookStock = (phase: Phase) => phase === "INVOICED" || phase === "SHIPPED" || phase === "DELIVERED";

/** The phases in which only an order's status and attributes change. */
export const isLocked = (phase: Phase) => !reserves(phase);

/** Whether an order may move from one phase to another (staying in a phase always may). */
export function canMove(from: Phase, to: Phase): boolean {
  if (from === to) return true;
  if (to === "CANCELED") return reserves(from);
  if (from === "CANCELED") return false;
  return PHASES.indexOf(to) > PHASES.indexOf(from);
}

/** The phases an order in `from` may move to, in order (itself left out). */
export function nextPhases(from: Phase): Phase[] {
  return PHASES.filter((to) => to !== from && canMove(from, to));
}
