import type { Db } from "../../db/scoped";
import { AppError, type FieldError } from "../../errors";
import { money, toJsonNumber, ZERO, type Money } from "../../lib/money";
import { applyMovement } from "../../stock/stock/service";

/**
 * What an order's write does to stock (contract §10), in the write's transaction, under
 * the order's row lock: from what the order holds now (`held`, by stock record) to what it
 * must hold (`needs`, its items): the difference reserved or released, record by record,
 * and on entering INVOICED what it holds taken (CONSUME: reserved and total both go down).
 *
 * An item's record is (the order's company, else the default company; the item's
 * warehouse, else the order's, else the default warehouse; product; variation). An item of
 * a product that does not track stock moves nothing and needs no warehouse. Each movement
 * is `applyMovement`'s one conditional statement, in the order of the records' ids (two
 * orders taking the same records lock them in one order, so they wait instead of
 * deadlocking): of two orders racing for the last units exactly one gets them, on one
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

interface Key {
  company_id: string;
  warehouse_id: string;
  product_id: string;
  product_variation_id: string | null;
}

const keyOf = (key: Key) => [key.company_id, key.warehouse_id, key.product_id, key.product_variation_id ?? ""].join("/");

export async function moveOrderStock(db: Db, request: StockRequest): Promise<StockResult> {
  const errors: FieldError[] = [];
  const items = new Map<number, { stockId: string; reserved: Money }>();

  // 1. The record of each item of a product that tracks stock.
  const productIds = [...new Set(request.needs.map((need) => need.product_id))];
  const tracking = productIds.length
    ? new Set(
        (await db.product.findMany({ where: { id: { in: productIds }, track_stock: true }, select: { id: true } })).map(
          (product) => product.id,
        ),
      )
    : new Set<string>();
  const tracked = request.needs.filter((need) => tracking.has(need.product_id) && need.quantity.greaterThan(0));
  const [company, warehouse] = await Promise.all([
    request.companyId || tracked.length === 0
      ? request.companyId
      : db.company.findFirst({ where: { is_default: true }, select: { id: true } }).then((row) => row?.id ?? null),
    request.warehouseId || !tracked.some((need) => !need.warehouse_id)
      ? request.warehouseId
      : db.warehouse.findFirst({ where: { is_default: true }, select: { id: true } }).then((row) => row?.id ?? null),
  ]);
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

  // 2. The records: what they are, and what each must hold for this order.
  const distinct = [...new Map(keyed.map(({ key }) => [keyOf(key), key])).values()];
  const records = distinct.length
    ? await db.stockInventory.findMany({
        where: {
          OR: distinct.map((key) => ({
            company_id: key.company_id,
            warehouse_id: key.warehouse_id,
            product_id: key.product_id,
            variation_key: key.product_variation_id ?? "",
          })),
        },
        select: {
          id: true,
          company_id: true,
          warehouse_id: true,
          product_id: true,
          product_variation_id: true,
          variation_key: true,
          total: true,
          reserved: true,
        },
      })
    : [];
  const recordOf = new Map(records.map((record) => [keyOf({ ...record, product_variation_id: record.product_variation_id }), record]));
  const heldOf = new Map(request.held.map((held) => [held.stockId, held.reserved]));
  const neededOf = new Map<string, Money>();
  const keyOfRecord = new Map<string, Key>();
  const short = new Set<string>();
  const refusals = new Map<string, FieldError>();
  for (const { need, key } of keyed) {
    const record = recordOf.get(keyOf(key));
    if (!record) {
      short.add(keyOf(key));
      continue;
    }
    neededOf.set(record.id, (neededOf.get(record.id) ?? ZERO).plus(need.quantity));
    keyOfRecord.set(record.id, key);
  }

  // 3. The movements, record by record in the order of their ids.
  const ids = [...new Set([...neededOf.keys(), ...heldOf.keys()])].sort();
  const reason = (what: string) => `Order ${request.orderId}: ${what}`;
  const heldRecords = ids.some((id) => !keyOfRecord.has(id))
    ? await db.stockInventory.findMany({
        where: { id: { in: ids.filter((id) => !keyOfRecord.has(id)) } },
        select: { id: true, company_id: true, warehouse_id: true, product_id: true, product_variation_id: true },
      })
    : [];
  for (const record of heldRecords) keyOfRecord.set(record.id, { ...record });
  for (const id of ids) {
    const key = keyOfRecord.get(id);
    if (!key) continue; // a record deleted since: nothing is reserved on it any more
    const need = neededOf.get(id) ?? ZERO;
    const held = heldOf.get(id) ?? ZERO;
    const delta = need.minus(held);
    const movement = { ...key, reference_id: request.orderId };
    if (delta.greaterThan(0)) {
      const refused = await tryMovement(db, { ...movement, type: "RESERVE", quantity: delta.toNumber(), reason: reason("reserved") });
      if (refused?.code === "insufficient_stock") short.add(keyOf(key));
      else if (refused) refusals.set(keyOf(key), refused);
      if (refused) continue;
    } else if (delta.lessThan(0)) {
      await applyMovement(db, { ...movement, type: "RELEASE", quantity: delta.negated().toNumber(), reason: reason("released") });
    }
    if (request.take && need.greaterThan(0)) {
      await applyMovement(db, { ...movement, type: "CONSUME", quantity: need.toNumber(), reason: reason("taken (invoiced)") });
    }
  }

  // 4. Short items named, with what the order could have had (and the other refusals of
  // their records: a disabled record, a quantity finer than the product's unit); otherwise
  // what each item holds.
  if (short.size > 0 || refusals.size > 0) {
    const available = await availableFor(db, [...short], recordOf, heldOf);
    for (const { need, key } of keyed) {
      const refusal = refusals.get(keyOf(key));
      if (refusal) errors.push({ ...refusal, path: `items.${need.index}.quantity` });
      if (!short.has(keyOf(key))) continue;
      const could = available.get(keyOf(key)) ?? ZERO;
      errors.push({
        path: `items.${need.index}.quantity`,
        message: `is more than the ${could.toString()} available`,
        code: "insufficient_stock",
        params: { available: toJsonNumber(could) ?? 0, quantity: need.quantity.toNumber() },
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

/**
 * A RESERVE the record may refuse: nothing when it moved; why not when it did not (no record
 * or not enough available: `insufficient_stock`; a disabled record; a quantity with more
 * decimals than the product's unit allows). Nothing moved then.
 */
async function tryMovement(db: Db, input: Parameters<typeof applyMovement>[1]): Promise<FieldError | null> {
  try {
    await applyMovement(db, input);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "not_found") return { path: "quantity", message: "no stock", code: "insufficient_stock" };
    const refusal = error.errors?.[0];
    if (refusal && ["insufficient_stock", "stock_inactive", "too_many_decimals"].includes(refusal.code ?? "")) return refusal;
    throw error;
  }
}

/** What an order could have of each short key: the record's available now plus what the order holds there (0 without a record). */
async function availableFor(
  db: Db,
  keys: string[],
  recordOf: Map<string, { id: string; total: { toString(): string }; reserved: { toString(): string } }>,
  heldOf: Map<string, Money>,
): Promise<Map<string, Money>> {
  const ids = keys.flatMap((key) => (recordOf.get(key) ? [recordOf.get(key)!.id] : []));
  const fresh = ids.length
    ? await db.stockInventory.findMany({ where: { id: { in: ids } }, select: { id: true, total: true, reserved: true, active: true } })
    : [];
  return new Map(
    keys.map((key) => {
      const record = recordOf.get(key);
      const now = record && fresh.find((row) => row.id === record.id);
      if (!record || !now || !now.active) return [key, ZERO];
      return [
        key,
        money(now.total)
          .minus(money(now.reserved))
          .plus(heldOf.get(record.id) ?? ZERO),
      ];
    }),
  );
}
