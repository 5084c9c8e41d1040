import { z } from "zod";
import { queryBoolean } from "../../lib/paging";
import { attributes, requiredText } from "../../lib/schemas";

/** How a storefront shows the choices (interface.md observed COLOR). */
export const displayTypes = ["COLOR", "TEXT", "IMAGE", "SELECT"] as const;

/** The items of a list must differ (after trimming, ignoring case): one error per repeat. */
const distinct =
  <T>(key: (item: T) => string, path: (index: number) => PropertyKey[]) =>
  (list: T[], context: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      const value = key(item).toLowerCase();
      if (seen.has(value)) context.addIssue({ code: "custom", message: "is repeated", path: path(index) });
      seen.add(value);
    });
  };

export const variantOptionWrite = z.object({
  name: requiredText(100),
  /** A colour (#rrggbb), an image URL or a label, by `display_type`. */
  display_value: z.string().trim().max(500).default(""),
});

export const variationWrite = z.object({
  name: requiredText(),
  active: z.boolean({ message: "is required" }),
  values: z
    .array(requiredText(100), { message: "is required" })
    .min(1, "needs at least one value")
    .max(200)
    .superRefine(
      distinct(
        (value: string) => value,
        (index) => [index],
      ),
    ),
  is_searchable: z.boolean().default(false),
  display_type: z.enum(displayTypes, { message: `must be one of: ${displayTypes.join(", ")}` }).nullish(),
  variant_options: z
    .array(variantOptionWrite)
    .max(200)
    .default([])
    .superRefine(
      distinct(
        (option: { name: string }) => option.name,
        (index) => [index, "name"],
      ),
    ),
  attributes: attributes.default({}),
});
export type VariationWrite = z.input<typeof variationWrite>;
export type VariationWriteOutput = z.output<typeof variationWrite>;

export const variantOption = z.object({
  id: z.string(),
  name: z.string(),
  display_value: z.string(),
  order: z.number().int(),
});
export type VariantOption = z.output<typeof variantOption>;

export const variation = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  values: z.array(z.string()),
  is_searchable: z.boolean(),
  display_type: z.enum(displayTypes).nullable(),
  variant_options: z.array(variantOption),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Variation = z.output<typeof variation>;

export const variationListRecord = variation.omit({ created_at: true, updated_at: true });
export type VariationListRecord = z.output<typeof variationListRecord>;

export const variationFilters = z.object({
  active: queryBoolean.optional(),
});
