import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { isUuid } from "../../lib/ids";
import { transactionReads } from "../../db/sql";
import type { Prisma } from "../../generated/prisma/client";
import { money, ZERO, type Money } from "../../lib/money";
import { creditStanding, overdueDays } from "../../parties/partners/credit";
import { MAX_PRICE_ITEMS } from "../../pricing/prices/schemas";
import { calculateProductPrices } from "../../pricing/prices/service";
import { commercialSettingsOf } from "../../settings/commercial/service";
import type { HOLD_REASONS, HoldPreview, HoldPreviewInput } from "./schemas";
import { scopeWhere, type OrderScope } from "../../auth/scope";
import { orderFigures, spreadOverLines } from "./totals";

/**
 * Contract §11: the holds an order gets when it enters OPEN or CONFIRMED (or changes its
 * terms there) — a blocked partner, exposure above the partner's limit, a receivable
 * overdue past the org's tolerance, an item priced further below the partner's price than
 * the seller may go — and the customer's price of each item (`list_unit_value`, the price
 * engine's unit price for the partner, quantity and the order's first payment method).
 * Decided inside the order's transaction by the one writer, with the row of a partner that
 * has a limit locked: two orders racing for the last of a limit decide one after the other.
 */

export type HoldReason = (typeof HOLD_REASONS)[number];

/** A hold as the writer keeps it: the reason, what was found, since when. */
export interface HoldState {
  reason: HoldReason;
  details: Prisma.JsonValue;
  created_at: Date;
}

/** What a decision reads of an order. */
export interface HoldSubject {
  /** The order decided on (left out of the partner's exposure); null for one not written yet. */
  orderId: string | null;
  partnerId: string;
  sellerId: string | null;
  total: Money;
  /** The order's own discount (`discount_value`; a sale's `discount[]`), spread over the items before their prices are compared. */
  discount: Money;
  items: ReadonlyArray<{ product_id: string; unit_value: string; quantity: string; discount: string; list_unit_value: string | null }>;
}

/** What the writer read with the order's references (server/orders/orders/references.ts), so a decision reads only the credit. */
export interface HoldFacts {
  partnerHasLimit: boolean;
  /** The seller's `max_discount_percent` (null: no seller). */
  sellerMaxDiscount: Money | null;
  overdueToleranceDays: number;
}

/** The percent `part` is below `whole`, to two places (half-even). */
const percentBelow = (part: Money, whole: Money) => ZERO.plus(1).minus(part.div(whole)).times(100).toDecimalPlaces(2);

/**
 * The holds the order gets now, in the order of `HOLD_REASONS` (none: it goes on). The
 * writer decides with the row of a partner that has a limit locked; a preview (`lock: false`) reads as it stands.
 */
export async function decideHolds(
  db: Db,
  subject: HoldSubject,
  options: { now?: Date; lock?: boolean; facts?: HoldFacts } = {},
): Promise<Array<Omit<HoldState, "created_at">>> {
  const now = options.now ?? new Date();
  const { facts } = options;
  // Only a partner with a limit has a race to lose: the writer, which read whether it has one, locks only then.
  const lock = (options.lock ?? true) && (facts?.partnerHasLimit ?? true);
  const standing = await creditStanding(db, subject.partnerId, { now, excludeOrder: subject.orderId, lock });
  if (!standing) return [];
  const holds: Array<Omit<HoldState, "created_at">> = [];
  if (standing.blocked) holds.push({ reason: "CREDIT_BLOCKED", details: {} });
  const exposure = standing.exposure.plus(subject.total);
  if (standing.limit !== null && exposure.greaterThan(standing.limit)) {
    holds.push({
      reason: "CREDIT_LIMIT",
      details: {
        limit: standing.limit.toNumber(),
        exposure: exposure.toNumber(),
        order_value: subject.total.toNumber(),
        excess: exposure.minus(standing.limit).toNumber(),
      },
    });
  }
  if (standing.oldestDue !== null) {
    const tolerance = facts?.overdueToleranceDays ?? (await commercialSettingsOf(db)).overdue_tolerance_days;
    const days = overdueDays(standing.oldestDue, now);
    if (days > tolerance) holds.push({ reason: "OVERDUE", details: { days, value: standing.overdue.toNumber(), tolerance } });
  }
  const limit = !subject.sellerId
    ? null
    : facts
      ? facts.sellerMaxDiscount
      : await db.seller
          .findUnique({ where: { id: subject.sellerId }, select: { max_discount_percent: true } })
          .then((seller) => (seller ? money(seller.max_discount_percent) : null));
  const discount = limit === null ? null : discountHold(limit, subject.items, subject.discount);
  if (discount) holds.push(discount);
  return holds;
}

/**
 * `DISCOUNT`: the items whose net unit price — the line less its share of the order's own
 * discount (spread in proportion to the lines, as contract §12 spreads it), over the
 * quantity — is below the customer's price by more than the seller's limit.
 */
function discountHold(limit: Money, items: HoldSubject["items"], orderDiscount: Money): Omit<HoldState, "created_at"> | null {
  const floorRate = ZERO.plus(1).minus(limit.div(100));
  const { lines } = orderFigures({ items });
  const shares = spreadOverLines(orderDiscount, lines);
  const below = items.flatMap((item, index) => {
    if (item.list_unit_value === null) return [];
    const list = money(item.list_unit_value);
    const quantity = money(item.quantity);
    if (!list.greaterThan(0) || !quantity.greaterThan(0)) return [];
    const net = (lines[index] ?? ZERO).minus(shares[index] ?? ZERO).div(quantity);
    if (!net.lessThan(list.times(floorRate))) return [];
    return [
      {
        index,
        product_id: item.product_id,
        list_unit_value: list.toNumber(),
        net_unit_value: net.toDecimalPlaces(2).toNumber(),
        discount_percent: percentBelow(net, list).toNumber(),
      },
    ];
  });
  return below.length ? { reason: "DISCOUNT", details: { max_discount_percent: limit.toNumber(), items: below } } : null;
}

/** The holds kept after a decision: a reason found again keeps when it began; its details are the new ones. */
export function mergeHolds(
  current: readonly HoldState[],
  found: ReadonlyArray<Omit<HoldState, "created_at">>,
  now = new Date(),
): HoldState[] {
  return found.map((hold) => ({ ...hold, created_at: current.find((held) => held.reason === hold.reason)?.created_at ?? now }));
}

/** What an order's customer pays for each item by the price engine (contract §5 calculation), or null where it has no price. */
export async function customerPrices(
  db: Db,
  order: {
    partnerId: string;
    companyId: string | null;
    payment: { payment_method_id: string; installments: number } | null;
    items: ReadonlyArray<{ product_id: string; product_variation_id: string | null; quantity: string }>;
  },
  today = new Date(),
): Promise<Array<string | null>> {
  const prices: Array<string | null> = [];
  for (let start = 0; start < order.items.length; start += MAX_PRICE_ITEMS) {
    const chunk = order.items.slice(start, start + MAX_PRICE_ITEMS);
    const answer = await calculateProductPrices(
      db,
      transactionReads(db),
      {
        items: chunk.map((item) => ({
          product_id: item.product_id,
          product_variation_id: item.product_variation_id ?? undefined,
          quantity: Number(item.quantity),
        })),
        partner_id: order.partnerId,
        company_id: order.companyId ?? undefined,
        payment_method_id: order.payment?.payment_method_id,
        installments: order.payment?.installments,
        explain: false,
        taxes: false,
      },
      today,
    );
    for (const [index] of chunk.entries()) {
      const priced = answer.items[index];
      prices.push(priced && !("error" in priced) ? money(priced.unit_price).toFixed(2) : null);
    }
  }
  return prices;
}

/**
 * The order form's warning before saving (tRPC `orders.previewHolds`): the holds an order
 * with these terms would get now, decided as the writer decides them (the customer's prices
 * by the engine, the partner's exposure without this order) but without locking or writing.
 */
export async function previewHolds(db: Db, scope: OrderScope, input: HoldPreviewInput): Promise<HoldPreview> {
  // The order being edited must be one the caller reads: its total is left out of the exposure, which would tell it.
  if (input.id && (!isUuid(input.id) || (await db.order.count({ where: { id: input.id, ...scopeWhere(scope) } })) === 0)) {
    throw AppError.notFound("Order");
  }
  const sellerId = scope.kind === "all" ? (input.seller_id ?? null) : scope.sellerId;
  const payment = input.payment_method_id ? { payment_method_id: input.payment_method_id, installments: input.installments ?? 1 } : null;
  const items = input.items.map((item) => ({
    product_id: item.product_id,
    product_variation_id: item.product_variation_id ?? null,
    quantity: money(item.quantity).toFixed(4),
    unit_value: money(item.unit_value).toFixed(2),
    discount: money(item.discount).toFixed(2),
  }));
  const prices = await customerPrices(db, { partnerId: input.partner_id, companyId: input.company_id ?? null, payment, items });
  const holds = await decideHolds(
    db,
    {
      orderId: input.id ?? null,
      partnerId: input.partner_id,
      sellerId,
      total: money(input.total_value),
      discount: money(input.discount_value ?? 0),
      items: items.map((item, index) => ({ ...item, list_unit_value: prices[index] ?? null })),
    },
    { lock: false },
  );
  return { holds: holds.map((hold) => ({ reason: hold.reason, details: asRecord(hold.details) })) };
}

const asRecord = (value: Prisma.JsonValue): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? { ...value } : {};
