import type { ImportKind } from "../../generated/prisma/enums";
import { IMPORT_SLUGS, type ImportSlug } from "../schemas";
import type { ImportKindSpec } from "./kind";
import { partnersImport } from "./partners";
import { priceTableItemsImport } from "./price-table-items";
import { productsImport } from "./products";
import { stockImport } from "./stock";

/** Every kind of import (contract §14), by its name in paths. */
export const IMPORT_KINDS = {
  products: productsImport,
  partners: partnersImport,
  "price-table-items": priceTableItemsImport,
  stock: stockImport,
} as const satisfies Record<ImportSlug, ImportKindSpec>;

export { IMPORT_SLUGS, type ImportSlug };

export function kindSpec(kind: ImportKind): ImportKindSpec {
  return Object.values(IMPORT_KINDS).find((spec) => spec.kind === kind)!;
}
