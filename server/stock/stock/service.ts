import { recordAudit } from "../../audit/service";
import { mainImageUrlOf } from "../../catalog/products/service";
import type { Db } from "../../db/scoped";
import { preparedQuery, scopedQuery } from "../../db/sql";
import { writeContext } from "../../db/transaction";
import { AppError, type FieldError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import type { OneStatement } from "../../http/pipeline";
import { fieldErrors } from "../../http/problem";
import { isUuid } from "../../lib/ids";
import { decimalPlaces, money, toJsonNumber, type Money } from "../../lib/money";
import { paginate, type Page, type PageableDelegate } from "../../lib/paging";
import { normalizeSearch, escapeLike } from "../../lib/search";
import { emitEvent } from "../../webhooks/outbox";
import {
  internalMovementInput,
  MAX_STOCK,
  type InternalMovementInput,
  type InternalMovementRequest,
  type StockKey,
  type StockListInput,
  type StockMovement,
  type StockMovementInput,
  type StockMovementListInput,
  type StockOverrideInput,
  type StockRecord,
} from "./schemas";

/**
 * Stock (contract §5 Stock): one record per (company, warehouse, product, variation),
 * `0 <= reserved <= total`, and a ledger row for every change, in the change's
 * transaction.
 *
 * Concurrency: the database serializes. A movement is one statement — a conditional
 * single-row `UPDATE … WHERE <the invariant still holds after it> RETURNING` (an
 * `INSERT … ON CONFLICT DO UPDATE … WHERE` for INCREMENT, which creates a missing
 * record) whose CTE writes the ledger row from the figures it returned. PostgreSQL
 * row-locks the record for the rest of the transaction and re-checks the condition
 * on the newest version when a concurrent writer got there first, so no update is lost
 * and no interleaving breaks the invariant, whatever the number of processes; a CHECK
 * constraint holds it too. No in-process lock: two app instances share nothing but the
 * database.
 */

/** What a record shows of what it points to, read once per write. */
interface Parts {
  company: { id: string; name: string; fiscal_registration_number: string };
  warehouse: { id: string; name: string };
  product: {
    id: string;
    name: string;
    sku: string;
    images: unknown;
    minimum_stock: unknown;
    measure_unit: {
      id: string;
      abbreviation: string;
      decimals_for_quantity: number;
    } | null;
  };
  variation: {
    id: string;
    name: string;
    sku: string;
    product_id: string;
  } | null;
}

interface Figures {
  id: string;
  total: { toString(): string };
  reserved: { toString(): string };
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

const include = {
  company: {
    select: { id: true, name: true, fiscal_registration_number: true },
  },
  warehouse: { select: { id: true, name: true } },
  product: {
    select: {
      id: true,
      name: true,
      sku: true,
      images: true,
      attributes: true,
      measure_unit: {
        select: { id: true, abbreviation: true, decimals_for_quantity: true },
      },
    },
  },
  variation: { select: { id: true, name: true, sku: true, product_id: true } },
} satisfies Prisma.StockInventoryInclude;
type StockRow = Prisma.StockInventoryGetPayload<{ include: typeof include }>;

function minimumStockOf(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function toRecord(organizationId: string, parts: Parts, figures: Figures): StockRecord {
  const total = money(figures.total);
  const reserved = money(figures.reserved);
  const available = toJsonNumber(total.minus(reserved)) ?? 0;
  const minimum = minimumStockOf(parts.product.minimum_stock);
  return {
    id: figures.id,
    company: parts.company,
    warehouse: parts.warehouse,
    product: {
      id: parts.product.id,
      name: parts.product.name,
      sku: parts.variation?.sku ?? parts.product.sku,
      product_variation_id: parts.variation?.id ?? null,
      variation_name: parts.variation?.name ?? null,
      main_image_url: mainImageUrlOf({
        images: parts.product.images,
        organization_id: organizationId,
      }),
      measure_unit: parts.product.measure_unit,
    },
    active: figures.active,
    total: toJsonNumber(total) ?? 0,
    available,
    reserved: toJsonNumber(reserved) ?? 0,
    minimum_stock: minimum,
    low_stock: minimum !== null && available <= minimum,
    created_at: figures.created_at.toISOString(),
    updated_at: figures.updated_at.toISOString(),
  };
}

function rowToRecord(row: StockRow): StockRecord {
  const attributes = row.product.attributes as Record<string, unknown> | null;
  const parts: Parts = {
    company: row.company,
    warehouse: row.warehouse,
    product: { ...row.product, minimum_stock: attributes?.minimum_stock },
    variation: row.variation,
  };
  return toRecord(row.organization_id, parts, row);
}

const variationKeyOf = (key: StockKey) => key.product_variation_id ?? "";

/** What is available of figures: total less reserved. */
const availableOf = (figures: { total: { toString(): string }; reserved: { toString(): string } }): Money =>
  money(figures.total).minus(money(figures.reserved));

/**
 * Contract §7 `stock.low`: a change that takes a record's available quantity from above its
 * product's `minimum_stock` to at or below it emits the event, with the record as GET answers
 * it, in the change's transaction. Once per crossing: a change that starts at or below the
 * minimum emits nothing (the record has to climb above it first).
 */
async function emitStockLowWhenCrossed(db: Db, record: StockRecord, availableBefore: Money, availableAfter: Money): Promise<void> {
  if (record.minimum_stock === null) return;
  const minimum = money(record.minimum_stock);
  if (availableBefore.lessThanOrEqualTo(minimum) || availableAfter.greaterThan(minimum)) return;
  await emitEvent(db, {
    type: "stock.low",
    data: record,
    subject: { type: "stock", id: record.id },
  });
}

type PartsRow = {
  company: Parts["company"] | null;
  warehouse: Parts["warehouse"] | null;
  product: Parts["product"] | null;
  variation: Parts["variation"];
};

/** The columns `company`, `warehouse`, `product` (with its unit) and `variation` of a key, as JSON. */
function partsColumns(organization: Prisma.Sql, key: StockKey): Prisma.Sql {
  const variationId = key.product_variation_id ?? null;
  return Prisma.sql`
    (SELECT json_build_object('id', c.id, 'name', c.name, 'fiscal_registration_number', c.fiscal_registration_number)
       FROM companies c WHERE c.organization_id = ${organization} AND c.id = ${key.company_id}::uuid) AS company,
    (SELECT json_build_object('id', w.id, 'name', w.name)
       FROM warehouses w WHERE w.organization_id = ${organization} AND w.id = ${key.warehouse_id}::uuid) AS warehouse,
    (SELECT json_build_object('id', p.id, 'name', p.name, 'sku', p.sku, 'images', p.images,
              'minimum_stock', p.attributes -> 'minimum_stock',
              'measure_unit', CASE WHEN u.id IS NULL THEN NULL
                ELSE json_build_object('id', u.id, 'abbreviation', u.abbreviation, 'decimals_for_quantity', u.decimals_for_quantity) END)
       FROM products p LEFT JOIN measure_units u ON u.id = p.measure_unit_id
       WHERE p.organization_id = ${organization} AND p.id = ${key.product_id}::uuid) AS product,
    (SELECT json_build_object('id', v.id, 'name', v.name, 'sku', v.sku, 'product_id', v.product_id)
       FROM product_variations v WHERE v.organization_id = ${organization} AND v.id = ${variationId}::uuid) AS variation`;
}

/** The parts of a key as read, or a 422 error naming each field whose record the org does not have (or a variation of another product). */
function partsOf(row: PartsRow | undefined, key: StockKey, prefix = ""): { parts?: Parts; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const missing = (field: string, noun: string) =>
    errors.push({
      path: `${prefix}${field}`,
      message: `no ${noun} with this id exists`,
      code: "not_found_reference",
    });
  if (!row?.company) missing("company_id", "company");
  if (!row?.warehouse) missing("warehouse_id", "warehouse");
  if (!row?.product) missing("product_id", "product");
  if (key.product_variation_id && !row?.variation) missing("product_variation_id", "product variation");
  else if (row?.variation && row.product && row.variation.product_id !== row.product.id) {
    errors.push({
      path: `${prefix}product_variation_id`,
      message: "is a variation of another product",
      code: "variation_of_other_product",
    });
  }
  if (errors.length > 0 || !row?.company || !row.warehouse || !row.product) return { errors };
  return {
    parts: {
      company: row.company,
      warehouse: row.warehouse,
      product: row.product,
      variation: row.variation,
    },
    errors,
  };
}

/** Company, warehouse, product (with its unit) and variation of a key, in one query; 422 errors as partsOf. */
async function loadParts(db: Db, key: StockKey, prefix = ""): Promise<{ parts?: Parts; errors: FieldError[] }> {
  const [row] = await scopedQuery<PartsRow>(db, (organization) => Prisma.sql`SELECT ${partsColumns(organization, key)}`);
  return partsOf(row, key, prefix);
}

/** Quantities respect the decimals of the product's measure unit (whole numbers without one). */
function checkDecimals(parts: Parts, value: number, path: string): FieldError | undefined {
  const allowed = parts.product.measure_unit?.decimals_for_quantity ?? 0;
  if (decimalPlaces(value) <= allowed) return undefined;
  const unit = parts.product.measure_unit?.abbreviation;
  return {
    path,
    message:
      allowed === 0
        ? `must be a whole number${unit ? ` (unit ${unit})` : ""}`
        : `must have at most ${allowed} decimal places (unit ${unit})`,
    code: "too_many_decimals",
    params: { maximumDecimals: allowed },
  };
}

function invalid(errors: FieldError[]): AppError {
  return new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
}

/** Who the ledger names: a user, an access key or the system, and the request. */
interface LedgerActor {
  kind: string;
  id: string | null;
  requestId: string | null;
}

/** Who the ledger names: the transaction's user or access key, else the system. */
function actorOf(db: Db): LedgerActor {
  const { actor, requestId } = writeContext(db);
  return {
    kind: actor?.kind ?? "system",
    id: actor?.id ?? null,
    requestId: requestId ?? null,
  };
}

/** The figures of a movement: how it changes total and reserved. */
const deltas = {
  INCREMENT: (q: string) => ({ total: q, reserved: "0" }),
  DECREMENT: (q: string) => ({ total: `-${q}`, reserved: "0" }),
  RESERVE: (q: string) => ({ total: "0", reserved: q }),
  RELEASE: (q: string) => ({ total: "0", reserved: `-${q}` }),
  CONSUME: (q: string) => ({ total: `-${q}`, reserved: `-${q}` }),
} as const;

type Moved = {
  id: string;
  total: string;
  reserved: string;
  active: boolean;
  created_at: Date;
  updated_at: Date;
};

/** What the movement statement answers: the parts of the key, and the record's figures when it moved. */
type MovedRow = PartsRow & { [K in keyof Moved]: Moved[K] | null } & {
  inserted: boolean | null;
};

/** A checked movement, ready for its statement. */
interface Movement {
  input: InternalMovementRequest;
  quantity: string;
  delta: { total: string; reserved: string };
  key: StockKey & { variation: string | null; variationKey: string };
}

function checkedMovement(input: InternalMovementInput): Movement {
  const parsed = internalMovementInput.safeParse(input);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const movement = parsed.data;
  const quantity = money(movement.quantity).toFixed();
  return {
    input: movement,
    quantity,
    delta: deltas[movement.type](quantity),
    key: {
      ...movement,
      variation: movement.product_variation_id ?? null,
      variationKey: variationKeyOf(movement),
    },
  };
}

/**
 * The one statement of a movement: reads what the key points to, changes the record —
 * only when those references are the org's and the quantity has no more decimals than
 * the product's unit allows — and writes its ledger row.
 *
 * `alone`, for a movement made outside a transaction (`moveInOneStatement`): the statement
 * also re-checks the caller's credential (`credential`, a query that answers a row while it
 * holds), and moves only an existing record (INCREMENT too) and only when the move does
 * not take it to its low-stock mark (which emits an event); otherwise it changes nothing.
 */
function movementStatement(
  organization: Prisma.Sql,
  { input, quantity, delta, key }: Movement,
  actor: LedgerActor,
  alone?: { credential: Prisma.Sql },
): Prisma.Sql {
  // The references exist in the org, the variation is the product's, the unit allows the decimals (checkDecimals says why not).
  const allowed = Prisma.sql`
    SELECT 1 FROM parts
    WHERE company IS NOT NULL AND warehouse IS NOT NULL AND product IS NOT NULL
      AND (${key.variation}::uuid IS NULL OR variation ->> 'product_id' = product ->> 'id')
      AND scale(${quantity}::numeric) <= COALESCE((product -> 'measure_unit' ->> 'decimals_for_quantity')::int, 0)`;
  const ledger = Prisma.sql`
    INSERT INTO stock_movements (id, organization_id, stock_id, type, quantity, total_before, total_after, reserved_before, reserved_after,
                                 reason, reference_id, actor_kind, actor_id, request_id, created_at)
    SELECT gen_random_uuid(), ${organization}, moved.id, ${input.type}::"StockMovementType", ${quantity}::numeric,
           moved.total - ${delta.total}::numeric, moved.total, moved.reserved - ${delta.reserved}::numeric, moved.reserved,
           ${input.reason ?? null}, ${input.reference_id ?? null}, ${actor.kind}, ${actor.id}::uuid, ${actor.requestId}, now()
    FROM moved`;
  // Alone: the credential holds, and available goes from above the product's minimum_stock (a JSON number) to at or below it never.
  const aloneConditions = alone
    ? Prisma.sql`
              AND EXISTS (SELECT 1 FROM credential)
              AND NOT COALESCE((SELECT total - reserved > minimum AND total + ${delta.total}::numeric - reserved - ${delta.reserved}::numeric <= minimum
                                FROM (SELECT CASE WHEN json_typeof(product -> 'minimum_stock') = 'number'
                                                  THEN (product ->> 'minimum_stock')::numeric END AS minimum FROM parts) AS mark), false)`
    : Prisma.empty;
  const change =
    input.type === "INCREMENT" && !alone
      ? Prisma.sql`
          INSERT INTO stock_inventories AS s (id, organization_id, company_id, warehouse_id, product_id, product_variation_id, variation_key,
                                             total, reserved, active, created_at, updated_at)
          SELECT gen_random_uuid(), ${organization}, ${key.company_id}::uuid, ${key.warehouse_id}::uuid, ${key.product_id}::uuid,
                 ${key.variation}::uuid, ${key.variationKey}, ${quantity}::numeric, 0, true, now(), now()
          FROM allowed
          ON CONFLICT (organization_id, company_id, warehouse_id, product_id, variation_key) DO UPDATE
            SET total = s.total + EXCLUDED.total, updated_at = now()
            WHERE s.active AND s.total + EXCLUDED.total <= ${MAX_STOCK}
          RETURNING s.id, s.total, s.reserved, s.active, s.created_at, s.updated_at, (s.xmax = 0) AS inserted`
      : Prisma.sql`
          UPDATE stock_inventories
            SET total = total + ${delta.total}::numeric, reserved = reserved + ${delta.reserved}::numeric, updated_at = now()
            WHERE organization_id = ${organization} AND company_id = ${key.company_id}::uuid AND warehouse_id = ${key.warehouse_id}::uuid
              AND product_id = ${key.product_id}::uuid AND variation_key = ${key.variationKey}
              AND active
              AND reserved + ${delta.reserved}::numeric >= 0
              AND total + ${delta.total}::numeric >= reserved + ${delta.reserved}::numeric
              AND total + ${delta.total}::numeric <= ${MAX_STOCK}
              AND EXISTS (${allowed})${aloneConditions}
          RETURNING id, total, reserved, active, created_at, updated_at, false AS inserted`;
  return Prisma.sql`
    WITH parts AS (SELECT ${partsColumns(organization, key)}),
         ${alone ? Prisma.sql`credential AS (${alone.credential}),` : Prisma.empty}
         allowed AS (${allowed}),
         moved AS (${change}),
         logged AS (${ledger})
    SELECT parts.company, parts.warehouse, parts.product, parts.variation,
           moved.id, moved.total::text AS total, moved.reserved::text AS reserved, moved.active, moved.created_at, moved.updated_at, moved.inserted
    FROM parts LEFT JOIN moved ON true`;
}

/** What a movement statement answered: the errors of its references and decimals, and, when it moved, the record with its figures. */
function movedOf(
  organizationId: string,
  row: MovedRow | undefined,
  movement: Movement,
): { errors: FieldError[]; moved?: { record: StockRecord; figures: Moved; inserted: boolean } } {
  const { parts, errors } = partsOf(row, movement.input);
  const decimals = parts && checkDecimals(parts, movement.input.quantity, "quantity");
  if (decimals) errors.push(decimals);
  // Nothing moved when any of these holds (the statement checks the same).
  if (
    !parts ||
    errors.length > 0 ||
    !row?.id ||
    row.total === null ||
    row.reserved === null ||
    row.active === null ||
    !row.created_at ||
    !row.updated_at
  ) {
    return { errors };
  }
  const figures: Moved = {
    id: row.id,
    total: row.total,
    reserved: row.reserved,
    active: row.active,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  return { errors, moved: { record: toRecord(organizationId, parts, figures), figures, inserted: row.inserted === true } };
}

/**
 * Moves stock: INCREMENT (creates a missing record), DECREMENT, RESERVE, RELEASE, and
 * CONSUME (a reservation leaving with its goods), in one statement (`movementStatement`);
 * a movement that would break `0 <= reserved <= total` is 422 and changes nothing. Runs in
 * the caller's transaction (the request's, or an order's that reserves or takes stock,
 * server/orders/orders/stock-effects.ts):
 *
 *   await applyMovement(tx, { company_id, warehouse_id, product_id, type: "RESERVE", quantity: 2, reference_id: order.id });
 *
 * The ledger names who moved it from the transaction's write context (user or access key).
 */
export async function applyMovement(db: Db, input: InternalMovementInput): Promise<StockRecord> {
  const movement = checkedMovement(input);
  const [row] = await preparedQuery<MovedRow>(db, "stock-movement", (organization) =>
    movementStatement(organization, movement, actorOf(db)),
  );
  const { errors, moved } = movedOf(db.$organizationId, row, movement);
  // The caller's transaction is not left half-done: nothing moved.
  if (errors.length > 0) throw invalid(errors);
  if (!moved) throw await refusal(db, movement.input.type, movement.key, movement.input.quantity);
  const { record, figures } = moved;
  if (moved.inserted) await auditCreated(db, record);
  const { delta } = movement;
  const before = {
    total: money(figures.total).minus(delta.total),
    reserved: money(figures.reserved).minus(delta.reserved),
  };
  await emitStockLowWhenCrossed(db, record, availableOf(before), availableOf(figures));
  return record;
}

/**
 * PUT /stock/movement's common case, outside a transaction: the movement's one statement,
 * which also re-checks the credential (server/http/pipeline.ts, `runStatementFirst`).
 * Answers the record when it moved, or `undefined` when it changed nothing — a bad
 * reference, a refusal, a record to create, a low-stock event to emit, a credential that
 * no longer holds — and `applyMovement`, in a transaction, does it or says why not.
 */
export async function moveInOneStatement(write: OneStatement, input: StockMovementInput): Promise<StockRecord | undefined> {
  const movement = checkedMovement(input);
  const actor = { kind: write.actor.kind, id: write.actor.id, requestId: write.requestId ?? null };
  const [row] = await write.query<MovedRow>("stock-movement", (organization) =>
    movementStatement(organization, movement, actor, { credential: write.credential }),
  );
  return movedOf(write.organizationId, row, movement).moved?.record;
}

/** A record a movement or an override created: who created it goes to the audit log (its figures are the ledger's). */
function auditCreated(db: Db, record: StockRecord): Promise<void> {
  return recordAudit(db, {
    action: "create",
    entity: "stock",
    entityId: record.id,
    label: record.product.name,
    after: {
      company_id: record.company.id,
      warehouse_id: record.warehouse.id,
      product_id: record.product.id,
      product_variation_id: record.product.product_variation_id,
      active: record.active,
    },
  });
}

/** Why a movement changed nothing: no record (404), a disabled one, or figures it would break (422). */
async function refusal(db: Db, type: keyof typeof deltas, key: StockKey & { variationKey: string }, quantity: number): Promise<AppError> {
  const current = await db.stockInventory.findFirst({
    where: {
      company_id: key.company_id,
      warehouse_id: key.warehouse_id,
      product_id: key.product_id,
      variation_key: key.variationKey,
    },
    select: { total: true, reserved: true, active: true },
  });
  if (!current)
    return new AppError("not_found", "Stock not found: no record for this company, warehouse and product; INCREMENT creates it");
  if (!current.active) {
    return invalid([
      {
        path: "type",
        message: "the stock record is disabled: enable it to move stock",
        code: "stock_inactive",
      },
    ]);
  }
  const total = toJsonNumber(current.total) ?? 0;
  const reserved = toJsonNumber(current.reserved) ?? 0;
  const available = toJsonNumber(money(current.total).minus(current.reserved)) ?? 0;
  const byType: Record<keyof typeof deltas, FieldError> = {
    INCREMENT: {
      path: "quantity",
      message: `would take the total above ${MAX_STOCK}`,
      code: "too_big",
      params: { maximum: MAX_STOCK, total },
    },
    DECREMENT: {
      path: "quantity",
      message: `is more than the ${available} available`,
      code: "insufficient_stock",
      params: { available, quantity },
    },
    RESERVE: {
      path: "quantity",
      message: `is more than the ${available} available`,
      code: "insufficient_stock",
      params: { available, quantity },
    },
    RELEASE: {
      path: "quantity",
      message: `is more than the ${reserved} reserved`,
      code: "exceeds_reserved",
      params: { reserved, quantity },
    },
    CONSUME: {
      path: "quantity",
      message: `is more than the ${reserved} reserved`,
      code: "exceeds_reserved",
      params: { reserved, quantity },
    },
  };
  return invalid([byType[type]]);
}

async function findRow(db: Db, id: string): Promise<StockRow> {
  const row = isUuid(id) ? await db.stockInventory.findUnique({ where: { id }, include }) : null;
  if (!row) throw AppError.notFound("Stock");
  return row;
}

export async function getStock(db: Db, id: string): Promise<StockRecord> {
  return rowToRecord(await findRow(db, id));
}

/** GET /stock: filters by company, warehouse and product; `search` finds the product's name or SKU. */
export async function listStock(db: Db, input: StockListInput): Promise<Page<StockRecord>> {
  const search = normalizeSearch(input.search);
  const where: Prisma.StockInventoryWhereInput = {
    ...(input.company_id ? { company_id: input.company_id } : {}),
    ...(input.warehouse_id ? { warehouse_id: input.warehouse_id } : {}),
    ...(input.product_id ? { product_id: input.product_id } : {}),
    ...(search ? { product: { search_text: { contains: escapeLike(search) } } } : {}),
  };
  // The rows with what they point to: paginate passes where, order and page.
  const withParts: PageableDelegate<StockRow> = {
    findMany: ({ where, orderBy, skip, take }: Pick<Prisma.StockInventoryFindManyArgs, "where" | "orderBy" | "skip" | "take">) =>
      db.stockInventory.findMany({ where, orderBy, skip, take, include }),
    count: (args: Prisma.StockInventoryCountArgs) => db.stockInventory.count(args),
  };
  return paginate(withParts, input, {
    where,
    sortable: {
      product: (dir) => ({ product: { name: dir } }),
      total: (dir) => ({ total: dir }),
      reserved: (dir) => ({ reserved: dir }),
      active: (dir) => ({ active: dir }),
      created_at: (dir) => ({ created_at: dir }),
      updated_at: (dir) => ({ updated_at: dir }),
    },
    defaultSort: "product",
    toItem: (row: StockRow) => rowToRecord(row),
  });
}

/** PUT /stock/{id}/enable and /disable: the record with its new state (404 when missing). */
export async function setStockActive(db: Db, id: string, active: boolean): Promise<StockRecord> {
  const current = await findRow(db, id);
  if (current.active === active) return rowToRecord(current);
  const updated = await db.stockInventory.update({
    where: { id },
    data: { active },
    include,
  });
  await recordAudit(db, {
    action: active ? "enable" : "disable",
    entity: "stock",
    entityId: id,
    label: current.product.name,
    before: { active: current.active },
    after: { active },
  });
  return rowToRecord(updated);
}

/** DELETE /stock/{id}: 409 while anything is reserved (checked by the delete itself). Its ledger stays. */
export async function removeStock(db: Db, id: string): Promise<void> {
  const current = await findRow(db, id);
  const { count } = await db.stockInventory.deleteMany({
    where: { id, reserved: 0 },
  });
  if (count === 0) {
    throw new AppError(
      "stock_reserved",
      `The stock of "${current.product.name}" still has ${toJsonNumber(current.reserved)} reserved: release it first`,
      {
        params: { reserved: toJsonNumber(current.reserved) },
      },
    );
  }
  await recordAudit(db, {
    action: "delete",
    entity: "stock",
    entityId: id,
    label: current.product.name,
    before: rowToRecord(current),
  });
}

/** One line of an override as it would apply: the record now (if any) and its figures after. */
export interface OverridePlanItem {
  index: number;
  record: StockRecord | null;
  total_before: number;
  reserved_before: number;
  total_after: number;
  reserved_after: number;
}

/**
 * What PUT /stock/override would do, and every error of every line, without writing:
 * unknown references, too many decimals for the unit, reserved above total, a record
 * named twice. The panel shows it before applying a CSV file.
 */
export async function planOverride(db: Db, input: StockOverrideInput): Promise<{ items: OverridePlanItem[]; errors: FieldError[] }> {
  const errors: FieldError[] = [];
  const items: OverridePlanItem[] = [];
  const seen = new Map<string, number>();
  for (const [index, item] of input.items.entries()) {
    const prefix = `items.${index}.`;
    const key = `${item.company_id}/${item.warehouse_id}/${item.product_id}/${variationKeyOf(item)}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({
        path: `${prefix}product_id`,
        message: `names the same stock record as line ${first + 1}`,
        code: "duplicate",
      });
      continue;
    }
    seen.set(key, index);
    const loaded = await loadParts(db, item, prefix);
    errors.push(...loaded.errors);
    if (!loaded.parts) continue;
    for (const [field, value] of [
      ["total", item.total],
      ["reserved", item.reserved],
    ] as const) {
      const error = value === null || value === undefined ? undefined : checkDecimals(loaded.parts, value, `${prefix}${field}`);
      if (error) errors.push(error);
    }
    const row = await db.stockInventory.findFirst({
      where: {
        company_id: item.company_id,
        warehouse_id: item.warehouse_id,
        product_id: item.product_id,
        variation_key: variationKeyOf(item),
      },
      include,
    });
    const record = row ? rowToRecord(row) : null;
    const reservedAfter = item.reserved ?? record?.reserved ?? 0;
    if (money(reservedAfter).greaterThan(money(item.total))) {
      errors.push({
        path: `${prefix}${item.reserved === null || item.reserved === undefined ? "total" : "reserved"}`,
        message: `leaves ${reservedAfter} reserved of a total of ${item.total}`,
        code: "reserved_above_total",
        params: { total: item.total, reserved: reservedAfter },
      });
    }
    items.push({
      index,
      record,
      total_before: record?.total ?? 0,
      reserved_before: record?.reserved ?? 0,
      total_after: item.total,
      reserved_after: reservedAfter,
    });
  }
  return { items, errors };
}

/**
 * PUT /stock/override: sets the figures of each record (creating the missing ones), with
 * a ledger row each, all in the request's transaction; any error (every line checked
 * first) writes nothing. Records are locked in one order, so overrides never deadlock.
 */
export async function overrideStock(db: Db, input: StockOverrideInput): Promise<StockRecord[]> {
  const plan = await planOverride(db, input);
  if (plan.errors.length > 0) throw invalid(plan.errors);
  const actor = actorOf(db);
  const order = input.items
    .map((item, index) => ({
      item,
      index,
      key: `${item.company_id}/${item.warehouse_id}/${item.product_id}/${variationKeyOf(item)}`,
    }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const ids: string[] = new Array<string>(input.items.length);
  const availableBefore = new Map<string, Money>();
  const inserted = new Set<string>();
  for (const { item, index } of order) {
    const variation = item.product_variation_id ?? null;
    // Creates the record or locks it, answering its figures now (0 for a new one).
    const [locked] = await scopedQuery<{
      id: string;
      total: string;
      reserved: string;
      inserted: boolean;
    }>(
      db,
      (organization) => Prisma.sql`
      INSERT INTO stock_inventories AS s (id, organization_id, company_id, warehouse_id, product_id, product_variation_id, variation_key,
                                         total, reserved, active, created_at, updated_at)
      VALUES (gen_random_uuid(), ${organization}, ${item.company_id}::uuid, ${item.warehouse_id}::uuid, ${item.product_id}::uuid,
              ${variation}::uuid, ${variationKeyOf(item)}, 0, 0, true, now(), now())
      ON CONFLICT (organization_id, company_id, warehouse_id, product_id, variation_key) DO UPDATE SET updated_at = s.updated_at
      RETURNING s.id, s.total::text AS total, s.reserved::text AS reserved, (s.xmax = 0) AS inserted`,
    );
    if (!locked) throw new Error("the stock record was neither created nor found");
    const total = money(item.total).toFixed();
    const reserved = item.reserved === null || item.reserved === undefined ? locked.reserved : money(item.reserved).toFixed();
    if (money(reserved).greaterThan(total)) {
      throw invalid([
        {
          path: `items.${index}.total`,
          message: `leaves ${reserved} reserved of a total of ${total}`,
          code: "reserved_above_total",
        },
      ]);
    }
    await scopedQuery(
      db,
      (organization) => Prisma.sql`
      WITH moved AS (
        UPDATE stock_inventories SET total = ${total}::numeric, reserved = ${reserved}::numeric, updated_at = now()
        WHERE organization_id = ${organization} AND id = ${locked.id}::uuid
        RETURNING id
      )
      INSERT INTO stock_movements (id, organization_id, stock_id, type, quantity, total_before, total_after, reserved_before, reserved_after,
                                   reason, reference_id, actor_kind, actor_id, request_id, created_at)
      SELECT gen_random_uuid(), ${organization}, moved.id, 'OVERRIDE'::"StockMovementType", ${total}::numeric,
             ${locked.total}::numeric, ${total}::numeric, ${locked.reserved}::numeric, ${reserved}::numeric,
             ${input.reason ?? null}, NULL, ${actor.kind}, ${actor.id}::uuid, ${actor.requestId}, now()
      FROM moved
      RETURNING id`,
    );
    ids[index] = locked.id;
    if (locked.inserted) inserted.add(locked.id);
    availableBefore.set(locked.id, availableOf(locked));
  }
  const rows = await db.stockInventory.findMany({
    where: { id: { in: ids } },
    include,
  });
  const byId = new Map(rows.map((row) => [row.id, { record: rowToRecord(row), available: availableOf(row) }]));
  for (const id of ids) {
    const changed = byId.get(id);
    const before = availableBefore.get(id);
    if (changed && inserted.has(id)) await auditCreated(db, changed.record);
    if (changed && before) await emitStockLowWhenCrossed(db, changed.record, before, changed.available);
  }
  return ids.flatMap((id) => byId.get(id)?.record ?? []);
}

/** GET /stock/{id}/movements: the record's ledger, paged (oldest first unless `dir=desc`), with who made each. */
export async function listMovements(db: Db, input: StockMovementListInput): Promise<Page<StockMovement>> {
  await findRow(db, input.id);
  const page = await paginate(db.stockMovement, input, {
    where: { stock_id: input.id },
    sortable: { created_at: (dir) => ({ seq: dir }) },
    defaultSort: "created_at",
    toItem: (row: Prisma.StockMovementGetPayload<object>) => row,
  });
  const ids = (kind: string) => [
    ...new Set(page.items.filter((row) => row.actor_kind === kind && row.actor_id).map((row) => row.actor_id!)),
  ];
  // The rows an order caused name it by reference_id: answered as `order_id` while the order exists.
  const references = [...new Set(page.items.flatMap((row) => (row.reference_id && isUuid(row.reference_id) ? [row.reference_id] : [])))];
  const [users, keys, orders] = await Promise.all([
    ids("user").length
      ? db.user.findMany({
          where: { id: { in: ids("user") } },
          select: { id: true, name: true },
        })
      : [],
    ids("access_key").length
      ? db.accessKey.findMany({
          where: { id: { in: ids("access_key") } },
          select: { id: true, name: true },
        })
      : [],
    references.length ? db.order.findMany({ where: { id: { in: references } }, select: { id: true, number: true } }) : [],
  ]);
  const names = new Map([...users, ...keys].map((row) => [row.id, row.name]));
  const orderNumbers = new Map(orders.map((order) => [order.id, order.number]));
  return {
    ...page,
    items: page.items.map((row) => ({
      id: row.id,
      stock_id: row.stock_id,
      type: row.type,
      quantity: toJsonNumber(row.quantity) ?? 0,
      total_before: toJsonNumber(row.total_before) ?? 0,
      total_after: toJsonNumber(row.total_after) ?? 0,
      reserved_before: toJsonNumber(row.reserved_before) ?? 0,
      reserved_after: toJsonNumber(row.reserved_after) ?? 0,
      reason: row.reason,
      reference_id: row.reference_id,
      order_id: row.reference_id && orderNumbers.has(row.reference_id) ? row.reference_id : null,
      order_number: row.reference_id ? (orderNumbers.get(row.reference_id) ?? null) : null,
      actor: {
        kind: row.actor_kind === "user" || row.actor_kind === "access_key" ? row.actor_kind : "system",
        id: row.actor_id,
        name: row.actor_id ? (names.get(row.actor_id) ?? null) : null,
      },
      created_at: row.created_at.toISOString(),
    })),
  };
}

/** The stock of one product in every warehouse (the product page). */
export async function stockOfProduct(db: Db, productId: string): Promise<StockRecord[]> {
  if (!isUuid(productId)) return [];
  const rows = await db.stockInventory.findMany({
    where: { product_id: productId },
    include,
    orderBy: [{ warehouse: { name: "asc" } }, { company: { name: "asc" } }, { variation_key: "asc" }],
  });
  return rows.map(rowToRecord);
}

/** What an order needs of one stock record's key, summed over its items. */
export interface OrderStockWant {
  company_id: string;
  warehouse_id: string;
  product_id: string;
  product_variation_id: string | null;
  need: Money;
}

/** A record as an order's movements found it (under its lock) and left it. */
export interface OrderStockRow {
  id: string;
  company_id: string;
  warehouse_id: string;
  product_id: string;
  product_variation_id: string | null;
  variation_key: string;
  active: boolean;
  total: string;
  reserved: string;
  need: string;
  held: string;
  minimum_stock: string | null;
}

/**
 * An order's stock movements in one statement (contract §10; server/orders/orders/stock-effects.ts
 * decides what it needs): the records of `wants` (by key) and of `held` (by id) locked in the
 * order of their ids (two orders taking the same records wait for each other instead of
 * deadlocking), then — only when every record is enabled and has available what the order
 * reserves more, and every key wanted has a record — each moved from what the order holds
 * there to what it needs (RESERVE or RELEASE the difference), and with `take` what it needs
 * taken (CONSUME), each movement a ledger row naming the order. Answers each record as it
 * was found, and whether they moved; nothing moves otherwise.
 */
export async function moveOrderRecords(
  db: Db,
  request: { orderId: string; wants: OrderStockWant[]; held: Array<{ stockId: string; reserved: Money }>; take: boolean },
): Promise<{ moved: boolean; rows: OrderStockRow[] }> {
  const { wants, held } = request;
  const actor = actorOf(db);
  const reason = (what: string) => `Order ${request.orderId}: ${what}`;
  const rows = await preparedQuery<OrderStockRow & { ok: boolean }>(
    db,
    "order-stock",
    (organization) => Prisma.sql`
    WITH want AS (
      SELECT * FROM unnest(${wants.map((want) => want.company_id)}::uuid[], ${wants.map((want) => want.warehouse_id)}::uuid[],
                           ${wants.map((want) => want.product_id)}::uuid[], ${wants.map((want) => variationKeyOf(want))}::text[],
                           ${wants.map((want) => want.need.toFixed())}::numeric[])
        AS w(company_id, warehouse_id, product_id, variation_key, need)
    ), held AS (
      SELECT * FROM unnest(${held.map((entry) => entry.stockId)}::uuid[], ${held.map((entry) => entry.reserved.toFixed())}::numeric[])
        AS h(stock_id, held)
    ), locked AS (
      SELECT s.id, s.company_id, s.warehouse_id, s.product_id, s.product_variation_id, s.variation_key, s.active, s.total, s.reserved
      FROM stock_inventories s
      WHERE s.organization_id = ${organization}
        AND (s.id IN (SELECT stock_id FROM held)
             OR (s.company_id, s.warehouse_id, s.product_id, s.variation_key) IN (SELECT company_id, warehouse_id, product_id, variation_key FROM want))
      ORDER BY s.id
      FOR UPDATE
    ), plan AS (
      SELECT l.*, COALESCE(w.need, 0) AS need, COALESCE(h.held, 0) AS held,
             COALESCE(w.need, 0) - COALESCE(h.held, 0) AS delta,
             CASE WHEN ${request.take} THEN COALESCE(w.need, 0) ELSE 0 END AS consume
      FROM locked l
      LEFT JOIN want w ON (w.company_id, w.warehouse_id, w.product_id, w.variation_key) = (l.company_id, l.warehouse_id, l.product_id, l.variation_key)
      LEFT JOIN held h ON h.stock_id = l.id
    ), verdict AS (
      SELECT NOT EXISTS (SELECT 1 FROM plan WHERE (delta <> 0 OR consume > 0) AND (NOT active OR (delta > 0 AND total - reserved < delta)))
         AND NOT EXISTS (SELECT 1 FROM want w WHERE NOT EXISTS (
               SELECT 1 FROM locked l
               WHERE (l.company_id, l.warehouse_id, l.product_id, l.variation_key) = (w.company_id, w.warehouse_id, w.product_id, w.variation_key)))
         AS ok
    ), moved AS (
      UPDATE stock_inventories s
        SET total = s.total - p.consume, reserved = s.reserved + p.delta - p.consume, updated_at = now()
      FROM plan p, verdict v
      WHERE v.ok AND s.organization_id = ${organization} AND s.id = p.id AND (p.delta <> 0 OR p.consume > 0)
      RETURNING s.id
    ), logged AS (
      INSERT INTO stock_movements (id, organization_id, stock_id, type, quantity, total_before, total_after, reserved_before, reserved_after,
                                   reason, reference_id, actor_kind, actor_id, request_id, created_at)
      SELECT gen_random_uuid(), ${organization}, p.id, m.type::"StockMovementType", m.quantity, m.total_before, m.total_after,
             m.reserved_before, m.reserved_after, m.reason, ${request.orderId}, ${actor.kind}, ${actor.id}::uuid, ${actor.requestId}, now()
      FROM plan p
      JOIN moved ON moved.id = p.id
      CROSS JOIN LATERAL (VALUES
        (1, CASE WHEN p.delta > 0 THEN 'RESERVE' ELSE 'RELEASE' END, abs(p.delta), p.total, p.total, p.reserved, p.reserved + p.delta,
         CASE WHEN p.delta > 0 THEN ${reason("reserved")} ELSE ${reason("released")} END),
        (2, 'CONSUME', p.consume, p.total, p.total - p.consume, p.reserved + p.delta, p.reserved + p.delta - p.consume, ${reason("taken (invoiced)")})
      ) AS m(step, type, quantity, total_before, total_after, reserved_before, reserved_after, reason)
      WHERE m.quantity > 0
      ORDER BY p.id, m.step
    )
    SELECT p.id, p.company_id, p.warehouse_id, p.product_id, p.product_variation_id, p.variation_key, p.active,
           p.total::text AS total, p.reserved::text AS reserved, p.need::text AS need, p.held::text AS held,
           CASE WHEN jsonb_typeof(pr.attributes -> 'minimum_stock') = 'number' THEN (pr.attributes ->> 'minimum_stock') END AS minimum_stock,
           (SELECT ok FROM verdict) AS ok
    FROM plan p JOIN products pr ON pr.organization_id = ${organization} AND pr.id = p.product_id
    ORDER BY p.id`,
  );
  if (rows.length === 0) {
    // No record locked: it moved only when nothing was wanted.
    return { moved: wants.length === 0, rows: [] };
  }
  const moved = rows[0]!.ok;
  if (moved) await announceCrossings(db, rows);
  return { moved, rows: rows.map(({ ok: _ok, ...row }) => row) };
}

/** `stock.low` for each record an order's movements took from above its product's minimum to at or below it. */
async function announceCrossings(db: Db, rows: OrderStockRow[]): Promise<void> {
  for (const row of rows) {
    if (row.minimum_stock === null) continue;
    const before = money(row.total).minus(money(row.reserved));
    const delta = money(row.need).minus(money(row.held));
    // Taking what was reserved leaves available as it was: only the reservation's change moves it.
    const after = before.minus(delta);
    const minimum = money(row.minimum_stock);
    if (before.lessThanOrEqualTo(minimum) || after.greaterThan(minimum)) continue;
    const record = await getStock(db, row.id);
    await emitEvent(db, { type: "stock.low", data: record, subject: { type: "stock", id: record.id } });
  }
}
