import { z } from "zod";
import { ruleIssue, type FieldError } from "../../errors";
import { queryBoolean } from "../../lib/paging";
import { attributes, clientId, requiredText } from "../../lib/schemas";

/** The entities whose `attributes` custom field definitions can check. */
export const attributeEntities = [
  "order",
  "sale",
  "product",
  "partner",
  "category",
  "brand",
  "company",
  "seller",
  "profile",
  "measure_unit",
  "alternative_unit",
  "warehouse",
  "variation",
  "status",
  "payment_method",
  "delivery_method",
  "financial",
  "price_table",
  "discount",
] as const;
export const attributeEntity = z.enum(attributeEntities, { message: `must be one of: ${attributeEntities.join(", ")}` });
export type AttributeEntity = z.output<typeof attributeEntity>;

export const attributeTypes = ["STRING", "NUMBER", "BOOLEAN", "DATE", "SELECT"] as const;
export const attributeType = z.enum(attributeTypes, { message: `must be one of: ${attributeTypes.join(", ")}` });
export type AttributeType = z.output<typeof attributeType>;

/** The cross-field rule of this write, as JSON Schema (`bodyRules` of its create and update). */
export const optionsOfSelect = {
  allOf: [
    {
      if: { properties: { type: { const: "SELECT" } }, required: ["type"] },
      then: { properties: { options: { minItems: 1 } }, required: ["options"] },
    },
  ],
};

export const entityAttributeWrite = z.object({
  id: clientId,
  entity: attributeEntity,
  /** The key inside `attributes`: a letter, then letters, digits or `_`. */
  key: z
    .string({ message: "is required" })
    .trim()
    .min(1, "is required")
    .max(64, "must be at most 64 characters")
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, "must start with a letter and hold only letters, digits and _"),
  label: requiredText(120),
  type: attributeType,
  /** The choices of a SELECT (required and non-empty there; ignored for other types). */
  options: z.array(z.string().trim().min(1, "must not be empty").max(200)).max(200).default([]),
  required: z.boolean({ message: "must be true or false" }).default(false),
  active: z.boolean({ message: "must be true or false" }).default(true),
  attributes: attributes.default({}),
});
// `entityAttributeRules`, stated in the document: a SELECT has options.
export type EntityAttributeWrite = z.input<typeof entityAttributeWrite>;
export type EntityAttributeWriteOutput = z.output<typeof entityAttributeWrite>;

export function entityAttributeRules(input: Pick<EntityAttributeWriteOutput, "type" | "options">): FieldError[] {
  const errors: FieldError[] = [];
  if (input.type === "SELECT" && input.options.length === 0)
    errors.push({ path: "options", message: "a SELECT needs at least one option", code: "required" });
  const seen = new Set<string>();
  input.options.forEach((option, index) => {
    if (seen.has(option)) errors.push({ path: `options.${index}`, message: "is repeated", code: "repeated", params: { value: option } });
    seen.add(option);
  });
  return errors;
}

export const entityAttributeForm = entityAttributeWrite.superRefine((input, ctx) => {
  for (const error of entityAttributeRules(input)) ctx.addIssue(ruleIssue(error));
});

export const entityAttribute = z.object({
  id: z.string(),
  entity: z.string(),
  key: z.string(),
  label: z.string(),
  type: attributeType,
  options: z.array(z.string()),
  required: z.boolean(),
  active: z.boolean(),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type EntityAttribute = z.output<typeof entityAttribute>;

export const entityAttributeListRecord = entityAttribute;
export type EntityAttributeListRecord = EntityAttribute;

export const entityAttributeFilters = z.object({
  entity: attributeEntity.optional(),
  active: queryBoolean.optional(),
});
