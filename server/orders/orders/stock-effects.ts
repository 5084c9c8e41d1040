import type { Db } from "../../db/scoped";
import type { FieldError } from "../../errors";
import { money, toJsonNumber, ZERO, type Money } from "../../lib/money";
import { moveOrderRecords, type OrderStockWant } from "../../stock/stock/service";

/**
 * What an order's write does to stock (contract §10), in the write's transaction, under
 * the order's row lock: from what the order holds now (`held`, by stock record) to what it
 * must hold (`needs`, its items): the difference reserved or released, record by record,
 * and on entering INVOICED what it holds taken (CONSUME: reserved and total both go down).
 *
 * An item's record is (the order's company, else the default company; the item's
 * warehouse, else the order's, else the default warehouse; product; variation). An item of
 * a product that does not track stock moves nothing and needs no warehouse. The writer
 * plans first, on what it read (`planOrderStock`: which record each item holds on, refusing
 * what cannot be), writes its rows, and moves last (`applyOrderStock`): one statement that
 * locks the records in the order of their ids (two orders taking the same records wait
 * instead of deadlocking) and moves them only when all of them can, so of two orders racing
 * for the last units exactly one gets them, on one instance or several, and the records stay
 * locked only from there to the commit. Not enough available is one error per short item
 * (`items.N.quantity`, with what the order could have: `params.available`); the caller then
 * throws, and the transaction writes nothing.
 */

/** What an item must hold: its quantity of its product (and variation), from its warehouse when it names one. */
export interface StockNeed {
  index: number;
  product_id: string;
  product_variation_id: string | null;
  warehouse_id: string | null;
  quantity: Money;
}

/** What an order holds reserved on a record. */
export interface HeldStock {
  stockId: string;
  reserved: Money;
}

/** What the write knows of the items' products, their stock records and the org (server/orders/orders/references.ts). */
export interface StockFacts {
  products: ReadonlyMap<string, { track_stock: boolean; decimals: number; unit: string | null }>;
  /** The org's stock records of the items' products, by key (company/warehouse/product/variation). */
  records: ReadonlyMap<string, string>;
  defaults: { company: string | null; warehouse: string | null };
}

export interface StockRequest {
  orderId: string;
  companyId: string | null;
  warehouseId: string | null;
  needs: StockNeed[];
  held: HeldStock[];
  /** The order enters INVOICED (or later): what it needs is reserved, then taken. */
  take: boolean;
}

/** What an order's write will do to stock: what each item will hold, and the movements, decided before anything is written. */
export interface StockPlan {
  errors: FieldError[];
  /** By item index: the record it holds on and what it holds reserved there (0 once taken). */
  items: Map<number, { stockId: string; reserved: Money }>;
  request: StockRequest;
  wants: OrderStockWant[];
  /** Each item's key, for naming what is short. */
  keyed: Array<{ need: StockNeed; key: string }>;
}

/** A stock record's key: company/warehouse/product/variation (none: ""). */
export const stockKeyOf = (key: { company_id: string; warehouse_id: string; product_id: string; product_variation_id: string | null }) =>
  [key.company_id, key.warehouse_id, key.product_id, key.product_variation_id ?? ""].join("/");

/** An item's quantity finer than its product's unit allows. */
function decimalsError(index: number, quantity: Money, product: { decimals: number; unit: string | null }): FieldError | null {
  if (quantity.decimalPlaces() <= product.decimals) return null;
  return {
    path: `items.${index}.quantity`,
    message:
      product.decimals === 0
        ? `must be a whole number${product.unit ? ` (unit ${product.unit})` : ""}`
        : `must have at most ${product.decimals} decimal places (unit ${product.unit})`,
    code: "too_many_decimals",
    params: { maximumDecimals: product.decimals },
  };
}

const shortError = (need: StockNeed, could: Money): FieldError => ({
  path: `items.${need.index}.quantity`,
  message: `is more than the ${could.toString()} available`,
  code: "insufficient_stock",
  params: { available: toJsonNumber(could) ?? 0, quantity: need.quantity.toNumber() },
});

/**
 * The plan of an order's stock, on what the write read: each tracked item's record (an item
 * whose key has no record is short: nothing is available there) and what it will hold. Its
 * errors (no company or warehouse to take from, a quantity finer than the unit, no record)
 * refuse the write before anything is written; the movements themselves are `applyOrderStock`.
 */
export function planOrderStock(request: StockRequest, facts: StockFacts): StockPlan {
  const errors: FieldError[] = [];
  const items = new Map<number, { stockId: string; reserved: Money }>();
  const tracked = request.needs.filter((need) => facts.products.get(need.product_id)?.track_stock && need.quantity.greaterThan(0));
  const company = request.companyId ?? facts.defaults.company;
  const warehouse = request.warehouseId ?? facts.defaults.warehouse;
  const plan = (wants: OrderStockWant[] = [], keyed: StockPlan["keyed"] = []): StockPlan => ({ errors, items, request, wants, keyed });
  if (tracked.length > 0 && !company) {
    errors.push({
      path: "company_id",
      message: "names no company to take the stock from, and the organization has no default company",
      code: "no_stock_company",
    });
  }
  if (tracked.some((need) => !need.warehouse_id && !warehouse)) {
    errors.push({
      path: "warehouse_id",
      message: "names no warehouse to take the stock from, and the organization has no default warehouse",
      code: "no_stock_warehouse",
    });
  }
  for (const need of tracked) {
    const product = facts.products.get(need.product_id);
    const finer = product && decimalsError(need.index, need.quantity, product);
    if (finer) errors.push(finer);
  }
  if (errors.length > 0 || !company) return plan();
  const wants = new Map<string, OrderStockWant>();
  const keyed = tracked.map((need) => {
    const parts = {
      company_id: company,
      warehouse_id: need.warehouse_id ?? warehouse ?? "",
      product_id: need.product_id,
      product_variation_id: need.product_variation_id,
    };
    const key = stockKeyOf(parts);
    wants.set(key, { ...parts, need: (wants.get(key)?.need ?? ZERO).plus(need.quantity) });
    return { need, key };
  });
  for (const { need, key } of keyed) {
    const stockId = facts.records.get(key);
    if (!stockId) errors.push(shortError(need, ZERO));
    else items.set(need.index, { stockId, reserved: request.take ? ZERO : need.quantity });
  }
  return plan([...wants.values()], keyed);
}

/**
 * The movements of a plan, in one statement (`moveOrderRecords`), which locks the records in
 * the order of their ids and moves them only when all of them can: the writer runs it last,
 * so an order holds its records' locks only from here to its commit. Answers the errors of
 * what could not move: each short item with what the order could have had there (available
 * plus what it holds; 0 on a disabled record), or the disabled record it only gives back to.
 */
export async function applyOrderStock(db: Db, plan: StockPlan): Promise<FieldError[]> {
  const { request, wants, keyed } = plan;
  if (wants.length === 0 && request.held.length === 0) return [];
  const result = await moveOrderRecords(db, { orderId: request.orderId, wants, held: request.held, take: request.take });
  if (result.moved) return [];
  const recordOf = new Map(result.rows.map((row) => [stockKeyOf(row), row]));
  const wantOf = new Map(wants.map((want) => [stockKeyOf(want), want]));
  const errors = keyed.flatMap(({ need, key }): FieldError[] => {
    const record = recordOf.get(key);
    if (record && !record.active) {
      return [
        { path: `items.${need.index}.quantity`, message: "the stock record is disabled: enable it to move stock", code: "stock_inactive" },
      ];
    }
    const could = record ? money(record.total).minus(money(record.reserved)).plus(money(record.held)) : ZERO;
    return !record || (wantOf.get(key)?.need ?? ZERO).greaterThan(could) ? [shortError(need, could)] : [];
  });
  return errors.length > 0
    ? errors
    : [{ path: "items", message: "a stock record the order holds on is disabled: enable it to move stock", code: "stock_inactive" }];
}
