import { z } from "zod";
import { queryBoolean } from "../../lib/paging";
import { attributes, requiredText, uuid } from "../../lib/schemas";

const optionalText = (max: number) => z.string().trim().max(max).nullish();
const texts = (max: number, items: number) => z.array(requiredText(max)).max(items).default([]);

export const specificationItemWrite = z.object({
  /** Kept when given (an edit), generated when absent. */
  id: uuid.optional(),
  name: requiredText(100),
  type: optionalText(40),
  values: texts(100, 200),
  is_searchable: z.boolean().default(false),
});

export const specificationWrite = z.object({
  name: requiredText(100),
  items: z.array(specificationItemWrite).max(100).default([]),
});

export const categoryWrite = z.object({
  /** The parent category; required, and null for a top-level category (contract §5). */
  root_id: z
    .uuid({
      error: (issue) => (issue.input === undefined ? "is required (null for a top-level category)" : "must be a category id or null"),
    })
    .nullable(),
  name: requiredText(),
  active: z.boolean({ message: "is required" }),
  characteristics: optionalText(5000),
  seo_title: optionalText(200),
  seo_description: optionalText(1000),
  seo_meta_keywords: texts(100, 50),
  is_solution_specific: z.boolean().default(false),
  /** Sales channels (solution ids of the org). */
  solutions: z.array(uuid).max(100).default([]),
  image_resource_id: uuid.nullish(),
  specifications: z.array(specificationWrite).max(50).default([]),
  attributes: attributes.default({}),
});
export type CategoryWrite = z.input<typeof categoryWrite>;
export type CategoryWriteOutput = z.output<typeof categoryWrite>;

export const specificationItem = z.object({
  id: z.string(),
  category_id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  values: z.array(z.string()),
  is_searchable: z.boolean(),
});
export const specification = z.object({ name: z.string(), items: z.array(specificationItem) });
export type Specification = z.output<typeof specification>;

export const category = z.object({
  id: z.string(),
  root_id: z.string().nullable(),
  name: z.string(),
  active: z.boolean(),
  characteristics: z.string().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  seo_meta_keywords: z.array(z.string()),
  /** Position among its siblings (response only: a new category goes last). */
  order: z.number().int(),
  is_solution_specific: z.boolean(),
  solutions: z.array(z.string()),
  image_resource_id: z.string().nullable(),
  specifications: z.array(specification),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.output<typeof category>;

/** interface.md's list record, field for field. */
export const categoryListRecord = category.pick({
  id: true,
  root_id: true,
  name: true,
  active: true,
  characteristics: true,
  seo_title: true,
  seo_description: true,
  seo_meta_keywords: true,
  order: true,
  image_resource_id: true,
  attributes: true,
});
export type CategoryListRecord = z.output<typeof categoryListRecord>;

/** The list value of `root_id` that asks for the top-level categories. */
export const TOP_LEVEL = "null";

export const categoryFilters = z.object({
  /** Children of this category; `null` for the top-level ones. */
  root_id: z.string().optional(),
  only_active: queryBoolean.default(false),
  /** Beyond the interface: true, the active ones; false, the inactive ones only (with only_active, none). */
  active: queryBoolean.optional(),
});

/** One node of the panel's tree (every category of the org, without the details). */
export const categoryNode = category.pick({ id: true, root_id: true, name: true, active: true, order: true });
export type CategoryNode = z.output<typeof categoryNode>;
