import { z } from "zod";
import { isValidGtin, normalizeNcm } from "../../lib/gtin";
import { decimalPlaces, moneyInput } from "../../lib/money";
import { pagingInput, queryBoolean } from "../../lib/paging";
import { attributes, clientId, requiredText, uuid } from "../../lib/schemas";
import { cestField, originField, taxRate } from "../../taxes/fields";

/** Fields a product list may be sorted by (and a search with `can_use_customized_sort`). */
export const PRODUCT_SORT = ["id", "name", "sku", "price", "active", "created_at", "updated_at"] as const;

export const productImageWrite = z.object({
  resource_file_id: uuid,
  main: z.boolean().default(false),
  /** Position among the images (0 first); the list order when absent. */
  order: z.number().int().min(0).max(1000).optional(),
});

const distinctIds = (ids: string[]) => new Set(ids).size === ids.length;

/** Body of POST and PUT /products (contract §5, §8). */
export const productWrite = z.object({
  id: clientId,
  name: requiredText(200),
  /** Unique in the org (case-insensitively); generated when absent or empty (a PUT without it keeps the stored one). */
  sku: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((sku) => sku || undefined),
  description: z.string().trim().max(20_000).nullish(),
  brand_id: uuid.nullish(),
  category_ids: z
    .array(uuid)
    .max(50)
    .default([])
    .refine(distinctIds, "lists a category twice")
    .meta({ override: { uniqueItems: true } }),
  measure_unit_id: uuid.nullish(),
  /** The base price (BRL); null or absent: the product is "without price". */
  price: moneyInput.nullish(),
  ean: z.string().trim().refine(isValidGtin, "must be a GTIN-8, 12, 13 or 14 with a valid check digit").nullish(),
  ncm: z
    .string()
    .trim()
    // 8 digits, dots and spaces between them as staff type them ("8467.21.00").
    .meta({ override: { type: "string", pattern: "^[\\s.]*(\\d[\\s.]*){8}$", maxLength: 20 } })
    .max(20)
    .transform(normalizeNcm)
    .refine((value) => /^\d{8}$/.test(value), "must be 8 digits (e.g. 8467.21.00)")
    .nullish(),
  /** Beyond the interface (contract §12): the CEST, 7 digits ("28.038.00"); null clears it. Kept when absent. */
  cest: cestField.nullable().optional(),
  /** Beyond the interface (contract §12): the NF-e's origin, 0–8 (0 national; 1, 2, 3 and 8 imported: 4 % between states). Kept when absent; 0 for a new product. */
  origin: originField.optional(),
  /** Beyond the interface (contract §12): the TIPI's IPI rate in percent; null clears it. Kept when absent. */
  ipi_rate: taxRate.nullable().optional(),
  /** Kilograms. */
  weight: z
    .number({ message: "must be a number" })
    .finite("must be a finite number")
    .min(0, "must not be negative")
    .max(1_000_000, "is too large")
    .refine((value) => decimalPlaces(value) <= 3, "must have at most 3 decimal places")
    .meta({ override: { multipleOf: 0.001 } })
    .nullish(),
  active: z.boolean().default(true),
  /** Beyond the interface (contract §10): whether orders move this product's stock (false: services, made to order). Kept when absent; true for a new product. */
  track_stock: z.boolean({ message: "must be true or false" }).optional(),
  images: z
    .array(productImageWrite)
    .max(20, "at most 20 images")
    .default([])
    .refine((images) => distinctIds(images.map((image) => image.resource_file_id)), "lists a file twice")
    .refine((images) => images.filter((image) => image.main).length <= 1, "has more than one main image"),
  attributes: attributes.default({}),
});
export type ProductWrite = z.input<typeof productWrite>;
export type ProductWriteOutput = z.output<typeof productWrite>;

export const productImage = z.object({
  resource_file_id: z.string(),
  main: z.boolean(),
  order: z.number().int(),
  /** Where the image is served (no credentials needed). */
  url: z.string(),
});
export type ProductImage = z.output<typeof productImage>;

const named = z.object({ id: z.string(), name: z.string() });

/** A product as the API answers it. */
export const product = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  description: z.string().nullable(),
  brand_id: z.string().nullable(),
  category_ids: z.array(z.string()),
  measure_unit_id: z.string().nullable(),
  price: z.number().nullable(),
  ean: z.string().nullable(),
  ncm: z.string().nullable(),
  /** Beyond the interface (contract §12). */
  cest: z.string().nullable(),
  origin: z.number().int(),
  ipi_rate: z.number().nullable(),
  weight: z.number().nullable(),
  active: z.boolean(),
  track_stock: z.boolean(),
  images: z.array(productImage),
  main_image_url: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  /** Read only: the names of what the ids point to. */
  brand: named.nullable(),
  categories: z.array(named),
  measure_unit: z.object({ id: z.string(), abbreviation: z.string(), decimals_for_quantity: z.number().int() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.output<typeof product>;

/** `summary=true`: what a storefront's list needs (contract §5). */
export const productSummary = product.pick({ id: true, name: true, sku: true, price: true, active: true, main_image_url: true });
export type ProductSummary = z.output<typeof productSummary>;

/** A list item: the product, or its summary. */
export const productListRecord = z.union([product, productSummary]);
export type ProductListRecord = z.output<typeof productListRecord>;

/**
 * `criteria` filters by searchable specifications, `name:value` (repeatable; every one
 * must match). Compared without accents or case.
 */
const criteria = z
  .array(
    z
      .string()
      .max(200)
      .regex(/^[^:]+:.+$/, "must be name:value"),
  )
  .max(20)
  .optional();

export const productFilters = z.object({
  only_active: queryBoolean.default(false),
  /** Beyond the interface: true, the active ones; false, the inactive ones only (with only_active, none). */
  active: queryBoolean.optional(),
  category_id: uuid.optional(),
  brand_id: uuid.optional(),
  /** Only these products (repeatable in the query string). */
  product_ids: z.array(z.string()).max(100).optional(),
  criteria,
  /** More words to find, like `search` (both must match). */
  arguments: z.string().max(200).optional(),
  summary: queryBoolean.default(false),
  only_with_price: queryBoolean.default(false),
});

export const productListInput = pagingInput(PRODUCT_SORT).extend(productFilters.shape);
export type ProductListInput = z.output<typeof productListInput>;

/** POST /products/search: the query parameters (contract §5 "Product search"). */
export const productSearchInput = pagingInput(PRODUCT_SORT, { perPage: 3 }).extend({
  brand_id: uuid.optional(),
  category_id: uuid.optional(),
  criteria,
  arguments: z.string().max(200).optional(),
  only_with_price: queryBoolean.default(false),
  can_use_customized_sort: queryBoolean.default(false),
});
export type ProductSearchInput = z.output<typeof productSearchInput>;

export const productSelectInput = z.object({ ids: z.array(z.string()).min(1, "is required").max(200) });

export const mainImage = z.object({ product_id: z.string(), resource_file_id: z.string(), url: z.string() });

export const skuRequest = z.object({
  name: z.string().trim().max(200).optional(),
  brand_id: uuid.nullish(),
  category_id: uuid.nullish(),
});
