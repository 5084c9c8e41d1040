import { z } from "zod";
import { queryBoolean } from "../../lib/paging";
import { attributes, clientId, requiredText, uuid } from "../../lib/schemas";

export const brandImage = z.object({
  resource_file_id: uuid,
  main: z.boolean().default(false),
});

export const brandWrite = z.object({
  id: clientId,
  name: requiredText(),
  active: z.boolean({ message: "is required" }),
  images: z.array(brandImage).max(20).default([]),
  attributes: attributes.default({}),
});
export type BrandWrite = z.input<typeof brandWrite>;
export type BrandWriteOutput = z.output<typeof brandWrite>;

export const brand = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  images: z.array(brandImage),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Brand = z.output<typeof brand>;

/** PUT answers the images as `image` (interface.md). */
export const brandUpdated = brand.omit({ images: true }).extend({ image: z.array(brandImage) });

export const brandListRecord = z.object({
  id: z.string(),
  name: z.string(),
  resource_file_id: z.string().nullable(),
  active: z.boolean(),
});
export type BrandListRecord = z.output<typeof brandListRecord>;

export const brandFilters = z.object({
  active: queryBoolean.optional(),
});
