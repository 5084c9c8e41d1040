import { activeWhere } from "../../lib/paging";
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/scoped";
import { scopedExecute } from "../../db/sql";
import { refreshProductsOfCategory } from "../products/search-index";
import { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";
import { imageReferenceErrors } from "../../files/resource-files/service";
import { defineCrud, driverRead } from "../../crud/crud";
import { isUuid } from "../../lib/ids";
import {
  category,
  categoryFilters,
  categoryListRecord,
  categoryWrite,
  TOP_LEVEL,
  type CategoryNode,
  type CategoryWriteOutput,
} from "./schemas";

/** More levels than any real catalog: a longer walk means the stored tree is broken. */
const MAX_DEPTH = 1000;
/** The panel's tree loads the whole catalog; beyond this it is not a catalog anymore. */
const MAX_TREE_SIZE = 10_000;

/** 422 when the image is not a picture of the org's files (contract §5). */
async function checkImage(db: Db, input: CategoryWriteOutput): Promise<void> {
  if (!input.image_resource_id) return;
  const errors = await imageReferenceErrors(db, [{ path: "image_resource_id", id: input.image_resource_id }]);
  if (errors.length > 0) throw AppError.fields(errors);
}

/** 422 when `root_id` is the category itself or one of its descendants. */
async function refuseCycle(db: Db, input: CategoryWriteOutput, id?: string): Promise<void> {
  if (!id || input.root_id === null) return;
  let ancestor: string | null = input.root_id;
  for (let depth = 0; ancestor !== null && depth < MAX_DEPTH; depth++) {
    if (ancestor === id) throw AppError.invalid("root_id", "a category can't be its own ancestor");
    const parent: { root_id: string | null } | null = await db.category.findFirst({ where: { id: ancestor }, select: { root_id: true } });
    ancestor = parent?.root_id ?? null;
  }
}

/** The next position among the children of `root_id` (1 for the first). */
async function nextOrder(db: Db, root_id: string | null): Promise<number> {
  const { _max } = await db.category.aggregate({ where: { root_id }, _max: { order: true } });
  return (_max.order ?? 0) + 1;
}

function listWhere(input: { root_id?: string; only_active: boolean; active?: boolean }): object {
  const { root_id } = input;
  const active = activeWhere(input);
  if (root_id === undefined || root_id === "") return active;
  if (root_id === TOP_LEVEL) return { ...active, root_id: null };
  return isUuid(root_id) ? { ...active, root_id } : { id: { in: [] } };
}

const crud = defineCrud({
  noun: "Category",
  entity: "category",
  path: "/categories",
  tag: "Categories",
  model: (db) => db.category,
  read: driverRead("Category", Prisma.CategoryScalarFieldEnum),
  write: categoryWrite,
  detail: category,
  listRecord: categoryListRecord,
  filters: { schema: categoryFilters, where: listWhere },
  searchFields: (input) => [input.name, ...input.seo_meta_keywords],
  sortable: ["id", "root_id", "name", "active", "order", "seo_title"],
  defaultSort: "name",
  references: [
    { field: "root_id", noun: "category", model: (db) => db.category },
    // Sales channels of the org (contract §5).
    { field: "solutions", noun: "solution", model: (db) => db.solution },
  ],
  usedBy: [
    { label: "subcategories", count: (db, id) => db.category.count({ where: { root_id: id } }) },
    { label: "products", count: (db, id) => db.productCategory.count({ where: { category_id: id } }) },
  ],
  // Products are found by their categories' names: a new name re-indexes them.
  afterUpdate: async (db, before, after) => {
    if (before.name !== after.name) await refreshProductsOfCategory(db, after.id);
  },
  beforeWrite: async (db, input, id) => {
    await checkImage(db, input);
    await refuseCycle(db, input, id);
  },
  /**
   * A PUT replaces the whole record (absent optional fields become null). A new category
   * goes last among its siblings, and so does one moved under another parent.
   */
  toData: async (input, db, id) => {
    const stored = id ? await db.category.findFirst({ where: { id }, select: { root_id: true, order: true } }) : null;
    const categoryId = id ?? randomUUID();
    return {
      ...input,
      ...(id ? {} : { id: categoryId }),
      characteristics: input.characteristics ?? null,
      seo_title: input.seo_title ?? null,
      seo_description: input.seo_description ?? null,
      image_resource_id: input.image_resource_id ?? null,
      order: stored && stored.root_id === input.root_id ? stored.order : await nextOrder(db, input.root_id),
      specifications: input.specifications.map((specification) => ({
        name: specification.name,
        items: specification.items.map((item) => ({
          id: item.id ?? randomUUID(),
          category_id: categoryId,
          name: item.name,
          type: item.type ?? null,
          values: item.values,
          is_searchable: item.is_searchable,
        })),
      })),
    };
  },
});

export const categories = {
  ...crud,
  service: {
    ...crud.service,
    /**
     * Moves in one org's tree happen one at a time (a lock held until the write's
     * transaction ends), so two concurrent moves cannot close a cycle that each check
     * alone would miss.
     */
    async update(db: Db, id: string, input: CategoryWriteOutput) {
      await scopedExecute(
        db,
        (organization) => Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('category-tree:' || ${organization}::text))`,
      );
      return crud.service.update(db, id, input);
    },
    /** Every category of the org as tree nodes, siblings in their order. */
    async tree(db: Db): Promise<CategoryNode[]> {
      return db.category.findMany({
        select: { id: true, root_id: true, name: true, active: true, order: true },
        orderBy: [{ order: "asc" }, { name: "asc" }, { id: "asc" }],
        take: MAX_TREE_SIZE,
      });
    },
  },
};
