import { activeWhere } from "../../lib/paging";
import { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { defineCrud, driverRead } from "../../crud/crud";
import { measureUnit, measureUnitFilters, measureUnitListRecord, measureUnitWrite, type MeasureUnitWriteOutput } from "./schemas";

/** One unit per abbreviation in an org ("UN" twice would make every picker ambiguous). */
async function refuseDuplicateAbbreviation(db: Db, input: MeasureUnitWriteOutput, id?: string) {
  const same = await db.measureUnit.count({
    where: { abbreviation: { equals: input.abbreviation, mode: "insensitive" }, ...(id ? { NOT: { id } } : {}) },
  });
  if (same > 0)
    throw new AppError("duplicate", `A measure unit with the abbreviation "${input.abbreviation}" already exists`, {
      params: { field: "abbreviation" },
    });
}

const crud = defineCrud({
  noun: "Measure unit",
  entity: "measure_unit",
  path: "/measure-units",
  tag: "Measure units",
  model: (db) => db.measureUnit,
  read: driverRead("MeasureUnit", Prisma.MeasureUnitScalarFieldEnum),
  write: measureUnitWrite,
  detail: measureUnit,
  listRecord: measureUnitListRecord,
  filters: {
    schema: measureUnitFilters,
    where: activeWhere,
  },
  searchFields: (input) => [input.abbreviation, input.description],
  sortable: ["id", "abbreviation", "description", "decimals_for_quantity", "active"],
  defaultSort: "abbreviation",
  beforeWrite: refuseDuplicateAbbreviation,
  usedBy: [
    { label: "alternative units", count: (db, id) => db.alternativeUnit.count({ where: { unit_id: id } }) },
    { label: "products", count: (db, id) => db.product.count({ where: { measure_unit_id: id } }) },
  ],
});

export const measureUnits = {
  ...crud,
  service: {
    ...crud.service,
    /** A PUT without `attributes` keeps the stored ones (they are write only, so a client cannot echo them). */
    async update(db: Db, id: string, input: MeasureUnitWriteOutput) {
      if (input.attributes !== undefined) return crud.service.update(db, id, input);
      const stored = await crud.service.find(db, id);
      return crud.service.update(db, id, { ...input, attributes: stored.attributes as Record<string, unknown> });
    },
    /** PUT /measure-units/{id}/enable and /disable: the unit with its new `active`. */
    setActive: crud.service.setActive,
  },
};
