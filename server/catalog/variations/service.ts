import { randomUUID } from "node:crypto";
import { Prisma, type Variation as VariationRow } from "../../generated/prisma/client";
import { defineCrud, driverRead } from "../../crud/crud";
import { variation, variationFilters, variationListRecord, variationWrite, type VariantOption } from "./schemas";

export const variations = defineCrud({
  noun: "Variation",
  entity: "variation",
  path: "/variations",
  tag: "Variations",
  model: (db) => db.variation,
  read: driverRead("Variation", Prisma.VariationScalarFieldEnum),
  write: variationWrite,
  detail: variation,
  listRecord: variationListRecord,
  filters: {
    schema: variationFilters,
    where: ({ active }) => (active === undefined ? {} : { active }),
  },
  searchFields: (input) => [input.name, ...input.values],
  sortable: ["id", "name", "active", "is_searchable", "display_type"],
  defaultSort: "name",
  /** Options get an id and their position as `order`; an option kept by name keeps its id. */
  toData: async (input, db, id) => {
    const stored = id ? ((await db.variation.findFirst({ where: { id } })) as VariationRow | null) : null;
    const previous = new Map(((stored?.variant_options ?? []) as VariantOption[]).map((option) => [option.name.toLowerCase(), option.id]));
    const variant_options: VariantOption[] = input.variant_options.map((option, order) => ({
      id: previous.get(option.name.toLowerCase()) ?? randomUUID(),
      name: option.name,
      display_value: option.display_value,
      order,
    }));
    return { ...input, display_type: input.display_type ?? null, variant_options };
  },
});
