import { z } from "zod";
import { decimalPlaces } from "../../lib/money";
import { pagingInput } from "../../lib/paging";
import { uuid } from "../../lib/schemas";

/** Quantities are stored with 6 decimals; a product's unit may allow fewer (checked by the service). */
export const STOCK_DECIMALS = 6;
/** The largest total a record may hold (numeric(18, 6) holds 12 integer digits: room to spare). */
export const MAX_STOCK = 100_000_000_000;

export const STOCK_MOVEMENT_TYPES = ["INCREMENT", "DECREMENT", "RESERVE", "RELEASE"] as const;
export type StockMovementType = (typeof STOCK_MOVEMENT_TYPES)[number];
/**
 * The movements the server makes itself, beyond those of PUT /stock/movement: CONSUME, a
 * reservation leaving with its goods (an order entering INVOICED: reserved and total both go
 * down by the quantity).
 */
export const INTERNAL_MOVEMENT_TYPES = [...STOCK_MOVEMENT_TYPES, "CONSUME"] as const;
export type InternalMovementType = (typeof INTERNAL_MOVEMENT_TYPES)[number];
/** Kinds of ledger rows: the movements, the figures an override set, and what orders took. */
export const STOCK_LEDGER_TYPES = [...STOCK_MOVEMENT_TYPES, "OVERRIDE", "CONSUME"] as const;

/** A finite quantity with at most 6 decimals, between `min` and MAX_STOCK (the unit's decimals are the service's check). */
const quantity = (options: { positive: boolean }) =>
  z
    .number({ message: "must be a number" })
    .finite("must be a finite number")
    .refine((value) => (options.positive ? value > 0 : value >= 0), options.positive ? "must be greater than 0" : "must not be negative")
    .refine((value) => value <= MAX_STOCK, `must be at most ${MAX_STOCK}`)
    .refine((value) => decimalPlaces(value) <= STOCK_DECIMALS, {
      message: `must have at most ${STOCK_DECIMALS} decimal places`,
      params: { maximumDecimals: STOCK_DECIMALS },
    })
    // The rules above are refinements: the document states them as JSON Schema.
    .meta({
      override: {
        ...(options.positive ? { exclusiveMinimum: 0 } : { minimum: 0 }),
        maximum: MAX_STOCK,
        multipleOf: 10 ** -STOCK_DECIMALS,
      },
    });

/** What names one stock record: company, warehouse, product and (optionally) its variation. */
export const stockKey = z.object({
  company_id: uuid,
  warehouse_id: uuid,
  product_id: uuid,
  product_variation_id: uuid.nullish(),
});
export type StockKey = z.output<typeof stockKey>;

/** PUT /stock/movement (contract §5 Stock). */
export const stockMovementInput = stockKey.extend({
  type: z.enum(STOCK_MOVEMENT_TYPES, { message: `must be one of: ${STOCK_MOVEMENT_TYPES.join(", ")}` }),
  quantity: quantity({ positive: true }),
  reason: z.string().trim().max(500).nullish(),
  /** What caused it (an order, a sale, a count): the caller's own id, kept in the ledger. */
  reference_id: z.string().trim().max(200).nullish(),
});
export type StockMovementInput = z.input<typeof stockMovementInput>;
export type StockMovementRequest = z.output<typeof stockMovementInput>;

/** A movement the server makes (`applyMovement`): those of the REST interface, and CONSUME. */
export const internalMovementInput = stockMovementInput.extend({ type: z.enum(INTERNAL_MOVEMENT_TYPES) });
export type InternalMovementInput = z.input<typeof internalMovementInput>;
export type InternalMovementRequest = z.output<typeof internalMovementInput>;

export const stockOverrideItem = stockKey.extend({
  total: quantity({ positive: false }),
  /** Absent: the record keeps its reservations (0 for a new record). */
  reserved: quantity({ positive: false }).nullish(),
});

/** PUT /stock/override: the figures to set, in one transaction. */
export const stockOverrideInput = z.object({
  items: z.array(stockOverrideItem).min(1, "must list at least one record").max(1000, "at most 1000 records at once"),
  reason: z.string().trim().max(500).nullish(),
});
export type StockOverrideInput = z.output<typeof stockOverrideInput>;

/** A stock record (interface "Stock inventory (list record)"), plus what the panel needs to show it. */
export const stockRecord = z.object({
  id: z.string(),
  company: z.object({ id: z.string(), name: z.string(), fiscal_registration_number: z.string() }),
  warehouse: z.object({ id: z.string(), name: z.string() }),
  product: z.object({
    id: z.string(),
    name: z.string(),
    sku: z.string(),
    product_variation_id: z.string().nullable(),
    /** The variation's name (null for the product itself). */
    variation_name: z.string().nullable(),
    main_image_url: z.string().nullable(),
    /** Decimals of the product's measure unit (0 without one): what quantities may have. */
    measure_unit: z.object({ id: z.string(), abbreviation: z.string(), decimals_for_quantity: z.number().int() }).nullable(),
  }),
  active: z.boolean(),
  total: z.number(),
  available: z.number(),
  reserved: z.number(),
  /** The product's `minimum_stock` attribute, when it has one (contract §7 `stock.low`). */
  minimum_stock: z.number().nullable(),
  /** Whether `available` is at or below `minimum_stock`. */
  low_stock: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StockRecord = z.output<typeof stockRecord>;

/** How the panel (and its CSV export) names a record's product: "Parafuso — Azul". */
export const productNameOf = (record: Pick<StockRecord, "product">) =>
  record.product.variation_name ? `${record.product.name} — ${record.product.variation_name}` : record.product.name;

export const STOCK_SORT = ["product", "total", "reserved", "active", "created_at", "updated_at"] as const;

export const stockListInput = pagingInput(STOCK_SORT).extend({
  company_id: uuid.optional(),
  warehouse_id: uuid.optional(),
  product_id: uuid.optional(),
});
export type StockListInput = z.output<typeof stockListInput>;

/** One row of a record's ledger. */
export const stockMovement = z.object({
  id: z.string(),
  stock_id: z.string(),
  type: z.enum(STOCK_LEDGER_TYPES),
  /** The quantity moved; for OVERRIDE, the total set. */
  quantity: z.number(),
  total_before: z.number(),
  total_after: z.number(),
  reserved_before: z.number(),
  reserved_after: z.number(),
  reason: z.string().nullable(),
  reference_id: z.string().nullable(),
  /** The order that moved it (its reservation, release or what it took), when one did. */
  order_id: z.string().nullable(),
  /** That order's number in the org ("Pedido nº 1.234"). */
  order_number: z.number().int().nullable(),
  /** Who made it: a user, an access key, or the system (first-start data, the CLI). */
  actor: z.object({ kind: z.enum(["user", "access_key", "system"]), id: z.string().nullable(), name: z.string().nullable() }),
  created_at: z.string(),
});
export type StockMovement = z.output<typeof stockMovement>;

export const STOCK_MOVEMENT_SORT = ["created_at"] as const;

export const stockMovementListInput = pagingInput(STOCK_MOVEMENT_SORT).extend({ id: z.string() });
export type StockMovementListInput = z.output<typeof stockMovementListInput>;
