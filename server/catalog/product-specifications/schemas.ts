import { z } from "zod";
import { pagingInput } from "../../lib/paging";
import { attributes, clientId, requiredText } from "../../lib/schemas";

export const PRODUCT_SPECIFICATION_SORT = ["id", "name", "value", "is_searchable", "created_at"] as const;

/** Body of POST and PUT /products/{product_id}/specification (contract §5 "Product specification"). */
export const productSpecificationWrite = z.object({
  id: clientId,
  name: requiredText(100),
  value: requiredText(500),
  /** Searchable specifications are found by search and filter products by `criteria` (`name:value`). */
  is_searchable: z.boolean().default(false),
  attributes: attributes.default({}),
});
export type ProductSpecificationWrite = z.input<typeof productSpecificationWrite>;
export type ProductSpecificationWriteOutput = z.output<typeof productSpecificationWrite>;

export const productSpecification = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string(),
  value: z.string(),
  is_searchable: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductSpecification = z.output<typeof productSpecification>;

export const productSpecificationListInput = pagingInput(PRODUCT_SPECIFICATION_SORT).extend({ product_id: z.string() });
export const productSpecificationIds = z.object({ product_id: z.string(), id: z.string() });
