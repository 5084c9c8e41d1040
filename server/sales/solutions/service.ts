import { Prisma } from "../../generated/prisma/client";
import { defineCrud, driverRead } from "../../crud/crud";
import { solution, solutionFilters, solutionWrite } from "./schemas";

/** Sales channels (contract §7): a plain lookup; a channel that sales came through cannot be deleted (409). */
export const solutionCrud = defineCrud({
  noun: "Sales channel",
  entity: "solution",
  path: "/solutions",
  tag: "Sales channels",
  model: (db) => db.solution,
  read: driverRead("Solution", Prisma.SolutionScalarFieldEnum),
  write: solutionWrite,
  detail: solution,
  listRecord: solution,
  filters: { schema: solutionFilters, where: ({ active }) => (active === undefined ? {} : { active }) },
  searchFields: (input) => [input.name],
  sortable: ["id", "name", "active", "created_at"],
  defaultSort: "name",
  usedBy: [{ label: "sales", count: (db, id) => db.sale.count({ where: { solution_id: id } }) }],
});
