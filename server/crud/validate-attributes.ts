import type { Db } from "../db/scoped";
import { AppError, type FieldError } from "../errors";

const isoDate = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** An active custom field definition of an entity (contract §5). */
export type AttributeDefinition = { key: string; label: string; type: string; options: string[]; required: boolean };
type Definition = AttributeDefinition;

function typeError(definition: Definition, value: unknown): string | null {
  switch (definition.type) {
    case "STRING":
      return typeof value === "string" ? null : "must be a string";
    case "NUMBER":
      return typeof value === "number" && Number.isFinite(value) ? null : "must be a number";
    case "BOOLEAN":
      return typeof value === "boolean" ? null : "must be true or false";
    case "DATE":
      return typeof value === "string" && isoDate.test(value) && !Number.isNaN(Date.parse(value)) ? null : "must be a date (YYYY-MM-DD)";
    case "SELECT":
      return typeof value === "string" && definition.options.includes(value) ? null : `must be one of: ${definition.options.join(", ")}`;
    default:
      return null;
  }
}

/**
 * What is wrong with a record's `attributes` by the active custom field definitions of its
 * entity (contract §5): a missing required key or a value of the wrong type, naming the key.
 * Keys without a definition are kept as they are (free-form).
 */
export function attributeErrors(
  definitions: readonly AttributeDefinition[],
  attributes: Record<string, unknown> | undefined,
): FieldError[] {
  const values = attributes ?? {};
  const errors: FieldError[] = [];
  for (const definition of definitions) {
    const value = values[definition.key];
    if (value === undefined || value === null || value === "") {
      if (definition.required)
        errors.push({
          path: `attributes.${definition.key}`,
          message: "is required",
          code: "required",
          params: { label: definition.label },
        });
      continue;
    }
    const problem = typeError(definition, value);
    if (problem) {
      errors.push({
        path: `attributes.${definition.key}`,
        message: problem,
        code: "invalid_type",
        params: {
          label: definition.label,
          expected: definition.type,
          ...(definition.type === "SELECT" ? { values: definition.options } : {}),
        },
      });
    }
  }
  return errors;
}

/** `attributeErrors` on the definitions read now: 422 naming each key. */
export async function validateAttributes(db: Db, entity: string, attributes: Record<string, unknown> | undefined) {
  const definitions: Definition[] = await db.entityAttribute.findMany({
    where: { entity, active: true },
    orderBy: { created_at: "asc" },
    select: { key: true, label: true, type: true, options: true, required: true },
  });
  const errors = attributeErrors(definitions, attributes);
  if (errors.length > 0) {
    throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
  }
}
