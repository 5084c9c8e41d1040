import { Prisma } from "../../generated/prisma/client";
import { defineCrud } from "../../lib/crud";
import { warehouse, warehouseFilters, warehouseListRecord, warehouseWrite } from "./schemas";

export const warehouses = defineCrud({
  noun: "Warehouse",
  entity: "warehouse",
  path: "/warehouses",
  tag: "Warehouses",
  model: (db) => db.warehouse,
  read: { table: "warehouses", fields: Prisma.WarehouseScalarFieldEnum },
  write: warehouseWrite,
  detail: warehouse,
  listRecord: warehouseListRecord,
  filters: {
    schema: warehouseFilters,
    where: ({ active }) => (active === undefined ? {} : { active }),
  },
  searchFields: (input) => [input.name, input.city, input.state, input.neighborhood, input.postal_code],
  sortable: ["id", "name", "city", "state", "country", "postal_code", "active"],
  defaultSort: "name",
});
