import { z } from "zod";
import { moneyInput } from "../../lib/money";
import { pagingInput } from "../../lib/paging";
import { attributes, clientId, requiredText, uuid } from "../../lib/schemas";

export const PRODUCT_VARIATION_SORT = ["id", "name", "sku", "price", "active", "created_at"] as const;

/** One chosen value of a variation (colour: "Azul"): a value that variation offers. */
export const variationValueWrite = z.object({
  variation_id: uuid,
  value: requiredText(100),
});

/** Body of POST and PUT /products/{product_id}/variations (contract §5 "Product variation"). */
export const productVariationWrite = z.object({
  id: clientId,
  name: requiredText(200),
  /** Unique in the org among products and variations; generated from the product's SKU and the values when absent. */
  sku: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((sku) => sku || undefined),
  /** Overrides the product's price; null or absent: the product's price applies. */
  price: moneyInput.nullish(),
  active: z.boolean().default(true),
  values: z
    .array(variationValueWrite)
    .max(20)
    .default([])
    .refine((values) => new Set(values.map((value) => value.variation_id)).size === values.length, "names a variation twice"),
  attributes: attributes.default({}),
});
export type ProductVariationWrite = z.input<typeof productVariationWrite>;
export type ProductVariationWriteOutput = z.output<typeof productVariationWrite>;

export const productVariation = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string(),
  sku: z.string(),
  price: z.number().nullable(),
  /** What it sells for: its own price, else the product's (null: without price). */
  effective_price: z.number().nullable(),
  active: z.boolean(),
  values: z.array(z.object({ variation_id: z.string(), variation_name: z.string().nullable(), value: z.string() })),
  attributes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductVariation = z.output<typeof productVariation>;

export const productVariationListInput = pagingInput(PRODUCT_VARIATION_SORT).extend({ product_id: z.string() });
export const productVariationIds = z.object({ product_id: z.string(), id: z.string() });
