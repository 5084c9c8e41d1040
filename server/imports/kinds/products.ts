import { createProducts, loadInOrder, lockSkus, skuKey, updateProducts, writeOf } from "../../catalog/products/service";
import { productWrite, type Product, type ProductWriteOutput } from "../../catalog/products/schemas";
import { createProductVariation, getProductVariation, updateProductVariation } from "../../catalog/product-variations/service";
import { productVariationWrite, type ProductVariation, type ProductVariationWriteOutput } from "../../catalog/product-variations/schemas";
import type { Db } from "../../db/scoped";
import { refreshStatistics, transactionReads } from "../../db/sql";
import { booleanCell, numberCell } from "../../imports/cells";
import {
  cellValue,
  NameIndex,
  nameError,
  repeatedKey,
  schemaErrors,
  type CheckedRow,
  type ImportKindSpec,
  type RowError,
  type SheetRow,
  type StoredRow,
  breathe,
} from "./kind";

/**
 * Products (contract §14): matched by SKU (case-insensitively, as the SKU's uniqueness is);
 * brand, category and unit by name; a row that names a parent SKU is a variation of that
 * product (its name, SKU, price and active; the parent may be a row of the same file). A row
 * is checked as POST or PUT /products checks a body: the stored product with the file's
 * columns over it. A column the file lacks keeps what the product has; an empty cell clears an
 * optional field.
 */

const COLUMNS = [
  { field: "name", pt: "Nome", en: "Name", example: "Furadeira de Impacto 650W", aliases: ["Descrição", "Produto", "Description"] },
  { field: "sku", pt: "SKU", en: "SKU", example: "FUR-650", aliases: ["Código", "Code", "Referência"] },
  { field: "parent_sku", pt: "SKU pai", en: "Parent SKU", example: "", aliases: ["Código pai"] },
  { field: "brand", pt: "Marca", en: "Brand", example: "Bosch" },
  { field: "category", pt: "Categoria", en: "Category", example: "Ferramentas" },
  { field: "ncm", pt: "NCM", en: "NCM", example: "8467.21.00" },
  { field: "cest", pt: "CEST", en: "CEST", example: "" },
  { field: "origin", pt: "Origem", en: "Origin", example: "0" },
  { field: "unit", pt: "Unidade", en: "Unit", example: "UN" },
  { field: "price", pt: "Preço", en: "Price", example: "1.234,56", aliases: ["Preço de venda", "Valor"] },
  { field: "weight", pt: "Peso", en: "Weight", example: "2,1", aliases: ["Peso (kg)"] },
  { field: "ean", pt: "EAN", en: "EAN", example: "7891234567895", aliases: ["GTIN", "Código de barras", "Barcode"] },
  { field: "active", pt: "Ativo", en: "Active", example: "Sim" },
] as const;

/** The REST field each column feeds (a reference's name feeds its id). */
const FIELD_OF_PATH: Record<string, string> = {
  name: "name",
  sku: "sku",
  brand_id: "brand",
  category_ids: "category",
  measure_unit_id: "unit",
  price: "price",
  weight: "weight",
  ean: "ean",
  ncm: "ncm",
  cest: "cest",
  origin: "origin",
  active: "active",
};

/** What a row says of its product: the REST fields of the file's columns, references resolved. */
type ProductFields = Partial<
  Pick<
    ProductWriteOutput,
    "name" | "brand_id" | "category_ids" | "measure_unit_id" | "price" | "ean" | "ncm" | "cest" | "origin" | "weight" | "active"
  >
> & {
  sku: string;
};

interface VariationFields {
  variation: true;
  parent_key: string;
  name?: string;
  sku: string;
  price?: number | null;
  active?: boolean;
}

const sameCategories = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

/** The product's write with the file's fields over it. */
function overlay(current: Product | null, fields: ProductFields): Record<string, unknown> {
  const base: Record<string, unknown> = current ? writeOf(current) : {};
  return { ...base, ...fields };
}

/** Whether the write changes nothing the file can say of the product. */
function unchanged(current: Product, input: ProductWriteOutput): boolean {
  return (
    current.name === input.name &&
    current.sku === input.sku &&
    current.brand_id === (input.brand_id ?? null) &&
    sameCategories(current.category_ids, input.category_ids) &&
    current.measure_unit_id === (input.measure_unit_id ?? null) &&
    current.price === (input.price ?? null) &&
    current.ean === (input.ean ?? null) &&
    current.ncm === (input.ncm ?? null) &&
    current.cest === (input.cest === undefined ? current.cest : input.cest) &&
    current.origin === (input.origin ?? current.origin) &&
    current.weight === (input.weight ?? null) &&
    current.active === input.active
  );
}

/** A variation's write: the stored one with the file's fields over it. */
function variationWrite(current: ProductVariation | null, fields: VariationFields): Record<string, unknown> {
  return {
    name: fields.name ?? current?.name,
    sku: fields.sku,
    price: fields.price === undefined ? (current?.price ?? null) : fields.price,
    active: fields.active ?? current?.active ?? true,
    values: current?.values.map(({ variation_id, value }) => ({ variation_id, value })) ?? [],
    attributes: current?.attributes ?? {},
  };
}

const sameVariation = (current: ProductVariation, input: ProductVariationWriteOutput) =>
  current.name === input.name && current.sku === input.sku && current.price === (input.price ?? null) && current.active === input.active;

async function loadCategories(db: Db): Promise<NameIndex> {
  const rows = await db.category.findMany({ select: { id: true, name: true, root_id: true } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (row: { name: string; root_id: string | null }, depth = 0): string => {
    const parent = row.root_id ? byId.get(row.root_id) : undefined;
    return parent && depth < 20 ? `${pathOf(parent, depth + 1)} > ${row.name}` : row.name;
  };
  // A category by its name, or by its path ("Ferramentas > Elétricas") where names repeat.
  return new NameIndex([...rows, ...rows.filter((row) => row.root_id).map((row) => ({ id: row.id, name: pathOf(row) }))]);
}

interface Known {
  products: Map<string, { id: string }>;
  variations: Map<string, { id: string; product_id: string }>;
}

async function knownSkus(db: Db, keys: string[]): Promise<Known> {
  const [products, variations] = await Promise.all([
    db.product.findMany({ where: { sku_key: { in: keys } }, select: { id: true, sku_key: true } }),
    db.productVariation.findMany({ where: { sku_key: { in: keys } }, select: { id: true, sku_key: true, product_id: true } }),
  ]);
  return {
    products: new Map(products.map((row) => [row.sku_key, { id: row.id }])),
    variations: new Map(variations.map((row) => [row.sku_key, { id: row.id, product_id: row.product_id }])),
  };
}

export const productsImport: ImportKindSpec = {
  kind: "PRODUCTS",
  slug: "products",
  roles: ["ADMIN", "MANAGER"],
  columns: COLUMNS,
  required: ["name", "sku"],
  async recordsOf(db, keys) {
    const [products, variations] = await Promise.all([
      db.product.findMany({ where: { sku_key: { in: [...keys] } }, select: { id: true, sku_key: true } }),
      db.productVariation.findMany({ where: { sku_key: { in: [...keys] } }, select: { product_id: true, sku_key: true } }),
    ]);
    return new Map([
      ...variations.map((row) => [row.sku_key, row.product_id] as const),
      ...products.map((row) => [row.sku_key, row.id] as const),
    ]);
  },
  async checker(db, { header }) {
    const [brands, categories, units] = await Promise.all([
      db.brand.findMany({ select: { id: true, name: true } }).then((rows) => new NameIndex(rows)),
      loadCategories(db),
      db.measureUnit
        .findMany({ select: { id: true, abbreviation: true } })
        .then((rows) => new NameIndex(rows.map((row) => ({ id: row.id, name: row.abbreviation })))),
    ]);
    /** Every SKU of the file so far: its first line, and whether that row makes a product. */
    const seen = new Map<string, { line: number; product: boolean }>();
    const columnOf = (path: string) => {
      const field = FIELD_OF_PATH[path.split(".")[0] ?? ""];
      return field ? header(field) : null;
    };

    function fieldsOf(row: SheetRow, errors: RowError[]): ProductFields | VariationFields | undefined {
      const cell = (field: string) => row.cells.get(field);
      const text = (field: string) => cell(field)?.trim();
      const sku = text("sku") ?? "";
      if (!sku) {
        errors.push({ column: header("sku"), code: "required", message: "is required (rows are matched by SKU)" });
        return undefined;
      }
      const parent = text("parent_sku");
      const number = (field: string) => {
        const value = text(field);
        if (value === undefined) return undefined;
        return value === "" ? null : cellValue(numberCell(value), header(field), errors);
      };
      const active = text("active");
      const activeValue = active === undefined || active === "" ? undefined : cellValue(booleanCell(active), header("active"), errors);
      if (parent) {
        return {
          variation: true,
          parent_key: skuKey(parent),
          sku,
          ...(cell("name") === undefined ? {} : { name: cell("name") }),
          ...(cell("price") === undefined ? {} : { price: number("price") }),
          ...(activeValue === undefined ? {} : { active: activeValue }),
        };
      }
      const fields: ProductFields = { sku };
      if (cell("name") !== undefined) fields.name = cell("name");
      const reference = (field: string, noun: string, index: NameIndex) => {
        const name = text(field);
        if (name === undefined) return undefined;
        if (name === "") return null;
        const found = index.find(name);
        if (typeof found === "string") {
          errors.push(nameError(header(field), noun, name, found));
          return undefined;
        }
        return found.id;
      };
      const brand = reference("brand", "brand", brands);
      if (brand !== undefined) fields.brand_id = brand;
      const category = reference("category", "category", categories);
      if (category !== undefined) fields.category_ids = category ? [category] : [];
      const unit = reference("unit", "measure unit", units);
      if (unit !== undefined) fields.measure_unit_id = unit;
      for (const field of ["ncm", "cest", "ean"] as const) {
        const value = text(field);
        if (value !== undefined) fields[field] = value === "" ? null : value;
      }
      const price = number("price");
      if (price !== undefined) fields.price = price;
      const weight = number("weight");
      if (weight !== undefined) fields.weight = weight;
      const origin = text("origin");
      if (origin !== undefined && origin !== "") {
        const value = cellValue(numberCell(origin), header("origin"), errors);
        if (value !== undefined) fields.origin = value;
      }
      if (activeValue !== undefined) fields.active = activeValue;
      return fields;
    }

    return {
      async check(rows) {
        const keys = rows.flatMap((row) => {
          const sku = row.cells.get("sku")?.trim();
          const parent = row.cells.get("parent_sku")?.trim();
          return [sku, parent].filter((value): value is string => Boolean(value)).map(skuKey);
        });
        const known = await knownSkus(db, [...new Set(keys)]);
        const currentProducts = new Map(
          (
            await loadInOrder(
              transactionReads(db),
              [...known.products.values()].map((row) => row.id),
            )
          ).map((product) => [product.id, product]),
        );
        const checked: CheckedRow[] = [];
        for (const [index, row] of rows.entries()) {
          if (index % 10 === 9) await breathe();
          const errors: RowError[] = [];
          const fields = fieldsOf(row, errors);
          if (!fields) {
            checked.push({ line: row.line, action: "INVALID", key: null, targetId: null, data: null, errors });
            continue;
          }
          const key = skuKey(fields.sku);
          const isVariation = "variation" in fields;
          const first = seen.get(key);
          if (first) errors.push(repeatedKey(header("sku"), first.line));
          else seen.set(key, { line: row.line, product: !isVariation });
          let action: CheckedRow["action"] = "INVALID";
          let targetId: string | null = null;
          if (isVariation) {
            const parentProduct = known.products.get(fields.parent_key);
            const parentInFile = seen.get(fields.parent_key);
            if (!parentProduct && !parentInFile?.product) {
              errors.push({
                column: header("parent_sku"),
                code: "not_found_reference",
                message: "no product has this SKU, in the catalog or on an earlier line",
                params: { sku: row.cells.get("parent_sku")?.trim() },
              });
            }
            if (known.products.has(key)) {
              errors.push({ column: header("sku"), code: "duplicate", message: "is the SKU of a product, not of a variation" });
            }
            const variation = known.variations.get(key);
            if (variation && parentProduct && variation.product_id !== parentProduct.id) {
              errors.push({
                column: header("parent_sku"),
                code: "invalid",
                message: "the variation of this SKU belongs to another product",
              });
            }
            const current = variation ? await getProductVariation(db, variation.product_id, variation.id) : null;
            const input = productVariationWrite.safeParse(variationWrite(current, fields));
            if (!input.success) errors.push(...schemaErrors(input.error, columnOf));
            else if (current) {
              targetId = current.id;
              action =
                current.name === input.data.name &&
                current.sku === input.data.sku &&
                current.price === (input.data.price ?? null) &&
                current.active === input.data.active
                  ? "UNCHANGED"
                  : "UPDATE";
            } else action = "CREATE";
          } else {
            if (known.variations.has(key)) {
              errors.push({ column: header("sku"), code: "duplicate", message: "is the SKU of a variation (name its parent in SKU pai)" });
            }
            const found = known.products.get(key);
            const current = found ? (currentProducts.get(found.id) ?? null) : null;
            const input = productWrite.safeParse(overlay(current, fields));
            if (!input.success) errors.push(...schemaErrors(input.error, columnOf));
            else if (current) {
              targetId = current.id;
              action = unchanged(current, input.data) ? "UNCHANGED" : "UPDATE";
            } else action = "CREATE";
          }
          checked.push({
            line: row.line,
            action: errors.length > 0 ? "INVALID" : action,
            key,
            targetId: errors.length > 0 ? null : targetId,
            data: fields as unknown as Record<string, unknown>,
            errors,
          });
        }
        return checked;
      },
    };
  },
  async apply(db, chunks) {
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const variationRows: StoredRow[] = [];
    let written = 0;
    for await (const chunk of chunks) {
      // Every 4,000 rows written, the planner learns how large the tables have grown (server/db/sql.ts).
      if (written >= 4000) {
        await refreshStatistics(db, ["products", "product_categories"]);
        written = 0;
      }
      const productRows = chunk.filter((row) => !("variation" in row.data));
      variationRows.push(...chunk.filter((row) => "variation" in row.data));
      // Decided on the records as they stand now, their SKUs locked: a SKU created since the check (or by an import applied
      // at the same time) is updated, not created twice, and two imports of one record write it one after the other.
      await lockSkus(
        db,
        productRows.map((row) => row.key ?? ""),
      );
      const found = await db.product.findMany({
        where: { sku_key: { in: productRows.map((row) => row.key ?? "") } },
        select: { id: true, sku_key: true },
      });
      const idOf = new Map(found.map((row) => [row.sku_key, row.id]));
      const currents = new Map((await loadInOrder(transactionReads(db), [...idOf.values()])).map((product) => [product.id, product]));
      const creates: Array<ProductWriteOutput & { sku: string }> = [];
      const updates: Array<{ before: Product; input: ProductWriteOutput & { sku: string } }> = [];
      for (const [index, row] of productRows.entries()) {
        if (index % 100 === 99) await breathe();
        const id = idOf.get(row.key ?? "");
        const current = id ? (currents.get(id) ?? null) : null;
        const input = productWrite.parse(overlay(current, row.data as ProductFields)) as ProductWriteOutput & { sku: string };
        if (!current) creates.push(input);
        else if (unchanged(current, input)) counts.unchanged++;
        else updates.push({ before: current, input });
      }
      counts.created += await createProducts(db, creates);
      counts.updated += await updateProducts(db, updates);
      written += creates.length + updates.length;
    }
    for (const row of variationRows) {
      const fields = row.data as unknown as VariationFields;
      const parent = await db.product.findFirst({ where: { sku_key: fields.parent_key }, select: { id: true } });
      if (!parent) throw new Error(`the parent of the variation on line ${row.line} is gone`);
      const existing = await db.productVariation.findFirst({ where: { sku_key: row.key ?? "" }, select: { id: true, product_id: true } });
      const current = existing ? await getProductVariation(db, existing.product_id, existing.id) : null;
      const input = productVariationWrite.parse(variationWrite(current, fields));
      if (!current) {
        await createProductVariation(db, parent.id, input);
        counts.created++;
      } else if (sameVariation(current, input)) {
        counts.unchanged++;
      } else {
        await updateProductVariation(db, current.product_id, current.id, input);
        counts.updated++;
      }
    }
    return counts;
  },
};
