import { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";
import { defineCrud, driverRead } from "../../crud/crud";
import {
  entityAttribute,
  entityAttributeFilters,
  entityAttributeListRecord,
  entityAttributeRules,
  entityAttributeWrite,
  optionsOfSelect,
} from "./schemas";

/**
 * Custom field definitions (contract §5). `validate.ts` checks an entity's `attributes`
 * against its active definitions on every write of that entity.
 */
export const entityAttributes = defineCrud({
  bodyRules: optionsOfSelect,
  noun: "Entity attribute",
  path: "/entity-attributes",
  tag: "Entity attributes",
  model: (db) => db.entityAttribute,
  read: driverRead("EntityAttribute", Prisma.EntityAttributeScalarFieldEnum),
  write: entityAttributeWrite,
  detail: entityAttribute,
  listRecord: entityAttributeListRecord,
  filters: {
    schema: entityAttributeFilters,
    where: ({ entity, active }) => ({ ...(entity ? { entity } : {}), ...(active === undefined ? {} : { active }) }),
  },
  searchFields: (input) => [input.label, input.key, input.entity],
  sortable: ["id", "entity", "key", "label", "type", "required", "active", "created_at"],
  defaultSort: "label",
  beforeWrite: async (_db, input) => {
    const errors = entityAttributeRules(input);
    if (errors.length > 0) {
      throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
    }
  },
  toData: (input) => ({ ...input, options: input.type === "SELECT" ? input.options : [] }),
});
