import { z } from "zod";
import { queryBoolean } from "../../lib/paging";
import { attributes, requiredText } from "../../lib/schemas";

/**
 * The product as far as the reference data needs it (contract §5 "Product"); the products
 * issue grows it with prices, images, brand and categories.
 */
export const productWrite = z.object({
  name: requiredText(),
  /** Unique in the org; generated from the name when absent or empty (a PUT without it keeps the stored one). */
  sku: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((sku) => sku || undefined),
  active: z.boolean().default(true),
  attributes: attributes.default({}),
});
export type ProductWrite = z.input<typeof productWrite>;
export type ProductWriteOutput = z.output<typeof productWrite>;

export const product = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  active: z.boolean(),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.output<typeof product>;

export const productListRecord = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  active: z.boolean(),
});
export type ProductListRecord = z.output<typeof productListRecord>;

export const productFilters = z.object({
  only_active: queryBoolean.default(false),
  /** Only these products (interface.md: `product_ids`, repeatable in the query string). */
  product_ids: z.array(z.string()).max(100).optional(),
});
