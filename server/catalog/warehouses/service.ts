import { Prisma } from "../../generated/prisma/client";
import { defineCrud, driverRead } from "../../crud/crud";
import { clearOtherDefault } from "../../crud/default-record";
import { warehouse, warehouseFilters, warehouseListRecord, warehouseWrite } from "./schemas";

export const warehouses = defineCrud({
  noun: "Warehouse",
  entity: "warehouse",
  path: "/warehouses",
  tag: "Warehouses",
  model: (db) => db.warehouse,
  read: driverRead("Warehouse", Prisma.WarehouseScalarFieldEnum),
  write: warehouseWrite,
  detail: warehouse,
  listRecord: warehouseListRecord,
  filters: {
    schema: warehouseFilters,
    where: ({ active }) => (active === undefined ? {} : { active }),
  },
  searchFields: (input) => [input.name, input.city, input.state, input.neighborhood, input.postal_code],
  sortable: ["id", "name", "city", "state", "country", "postal_code", "active", "is_default"],
  defaultSort: "name",
  writeDescription:
    "Beyond the interface (contract §10): `is_default` makes this the warehouse orders take stock from when neither the item nor " +
    "the order names one; at most one per organization (setting it clears the other); kept when absent.",
  beforeWrite: async (db, input, id) => {
    if (input.is_default) await clearOtherDefault(db, "warehouses", id);
  },
});
