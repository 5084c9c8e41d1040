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
 * a product that does not track stock moves nothing and needs no warehouse. The movements
 * are one statement (`moveOrderRecords`), which locks the records in the order of their ids
 * (two orders taking the same records wait instead of deadlocking) and moves them only when
 * all of them can: of two orders racing for the last units exactly one gets them, on one
 * instance or several. Not enough available is one error per short item
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

/** What the write knows of the items' products and of the org (server/orders/orders/references.ts). */
export interface StockFacts {
  products: ReadonlyMap<string, { track_stock: boolean; decimals: number; unit: string | null }>;
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

export interface StockResult {
  errors: FieldError[];
  /** By item index: the record it holds on and what it holds reserved there (0 once taken). */
  items: Map<number, { stockId: string; reserved: Money }>;
}

const keyOf = (key: { company_id: string; warehouse_id: string; product_id: string; product_variation_id: string | null }) =>
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

export async function moveOrderStock(db: Db, request: StockRequest, facts: StockFacts): Promise<StockResult> {
  const errors: FieldError[] = [];
  const items = new Map<number, { stockId: string; reserved: Money }>();
  const tracked = request.needs.filter((need) => facts.products.get(need.product_id)?.track_stock && need.quantity.greaterThan(0));
  const company = request.companyId ?? facts.defaults.company;
  const warehouse = request.warehouseId ?? facts.defaults.warehouse;
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
  if (errors.length > 0) return { errors, items };
  const keyed = tracked.map((need) => ({
    need,
    key: {
      company_id: company!,
      warehouse_id: need.warehouse_id ?? warehouse!,
      product_id: need.product_id,
      product_variation_id: need.product_variation_id,
    },
  }));
  const wants = new Map<string, OrderStockWant>();
  for (const { need, key } of keyed) {
    const want = wants.get(keyOf(key));
    wants.set(keyOf(key), { ...key, need: (want?.need ?? ZERO).plus(need.quantity) });
  }
  if (wants.size === 0 && request.held.length === 0) return { errors, items };
  const result = await moveOrderRecords(db, {
    orderId: request.orderId,
    wants: [...wants.values()],
    held: request.held,
    take: request.take,
  });
  const recordOf = new Map(result.rows.map((row) => [keyOf(row), row]));
  if (!result.moved) {
    // Short items named, with what the order could have had there: available plus what it holds (0 without a record, or a disabled one).
    for (const { need, key } of keyed) {
      const record = recordOf.get(keyOf(key));
      const want = wants.get(keyOf(key))!;
      const could = record?.active ? money(record.total).minus(money(record.reserved)).plus(money(record.held)) : ZERO;
      if (record && !record.active) {
        errors.push({
          path: `items.${need.index}.quantity`,
          message: "the stock record is disabled: enable it to move stock",
          code: "stock_inactive",
        });
      } else if (!record || want.need.greaterThan(could)) {
        errors.push({
          path: `items.${need.index}.quantity`,
          message: `is more than the ${could.toString()} available`,
          code: "insufficient_stock",
          params: { available: toJsonNumber(could) ?? 0, quantity: need.quantity.toNumber() },
        });
      }
    }
    // A disabled record the order only gives back to refuses too.
    if (errors.length === 0) {
      errors.push({
        path: "items",
        message: "a stock record the order holds on is disabled: enable it to move stock",
        code: "stock_inactive",
      });
    }
    return { errors, items };
  }
  for (const { need, key } of keyed) {
    const record = recordOf.get(keyOf(key));
    if (record) items.set(need.index, { stockId: record.id, reserved: request.take ? ZERO : need.quantity });
  }
  return { errors, items };
}
