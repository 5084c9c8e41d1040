import { Prisma, type Brand as BrandRow } from "../../generated/prisma/client";
import { AppError } from "../../errors";
import { imageReferenceErrors } from "../../files/resource-files/service";
import { defineCrud, driverRead } from "../../crud/crud";
import { refreshProductsOfBrand } from "../products/search-index";
import { brand, brandFilters, brandListRecord, brandWrite, type Brand } from "./schemas";

type Image = { resource_file_id: string; main: boolean };

export function toBrand(row: BrandRow): Brand {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    images: row.images as Image[],
    attributes: row.attributes as Record<string, unknown>,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const brands = defineCrud({
  noun: "Brand",
  entity: "brand",
  path: "/brands",
  tag: "Brands",
  model: (db) => db.brand,
  read: driverRead("Brand", Prisma.BrandScalarFieldEnum),
  write: brandWrite,
  detail: brand,
  listRecord: brandListRecord,
  filters: {
    schema: brandFilters,
    where: ({ active }) => (active === undefined ? {} : { active }),
  },
  searchFields: (input) => [input.name],
  // Each image is a picture of the org's files (contract §5).
  beforeWrite: async (db, input) => {
    const errors = await imageReferenceErrors(
      db,
      input.images.map((image, index) => ({ path: `images.${index}.resource_file_id`, id: image.resource_file_id })),
    );
    if (errors.length > 0) throw AppError.fields(errors);
  },
  usedBy: [{ label: "products", count: (db, id) => db.product.count({ where: { brand_id: id } }) }],
  // Products are found by their brand's name: a new name re-indexes them.
  afterUpdate: async (db, before, after) => {
    if (before.name !== after.name) await refreshProductsOfBrand(db, after.id);
  },
  sortable: ["id", "name", "active"],
  defaultSort: "name",
  toDetail: toBrand,
  listSelect: ["id", "name", "active", "images"],
  toListRecord: (row) => {
    const images = row.images as Image[];
    return {
      id: row.id,
      name: row.name,
      active: row.active,
      resource_file_id: (images.find((image) => image.main) ?? images[0])?.resource_file_id ?? null,
    };
  },
});
