import { skuKey } from "../../catalog/products/service";
import type { Db } from "../../db/scoped";
import { priceTableCriteriaWrite, priceTableProductWrite, priceTableWrite, type PriceTable } from "../../pricing/price-tables/schemas";
import { getPriceTable, updatePriceTable } from "../../pricing/price-tables/service";
import { numberCell } from "../cells";
import {
  cellValue,
  NameIndex,
  nameError,
  repeatedKey,
  schemaErrors,
  type CheckedRow,
  type ImportKindSpec,
  type RowError,
  allRows,
  breathe,
} from "./kind";
import { skuTargets, type SkuTarget } from "./skus";

/**
 * A price table's own prices (contract §14): table by name, product or variation by SKU, its
 * price. A product the table lists keeps its place and gets the price; one it does not list is
 * added to the table's "Importação" criteria (no rate of its own; made when needed, another
 * after each 10,000 products). Each table is written once, by PUT /price-tables/{id}'s writer,
 * so it is checked and audited as that write is.
 */

const COLUMNS = [
  { field: "table", pt: "Tabela", en: "Table", example: "Atacado SP", aliases: ["Tabela de preço", "Price table"] },
  { field: "sku", pt: "SKU", en: "SKU", example: "FUR-650", aliases: ["Código", "Code"] },
  { field: "price", pt: "Preço", en: "Price", example: "1.199,90", aliases: ["Valor"] },
] as const;

export const IMPORT_CRITERIA = "Importação";
const CRITERIA_LIMIT = 10_000;

const targetKey = (target: SkuTarget) => `${target.product_id}:${target.product_variation_id ?? ""}`;

/** The table's own prices by product and variation (the first criteria that lists it). */
function pricesOf(table: PriceTable): Map<string, number | null> {
  const prices = new Map<string, number | null>();
  for (const criteria of table.criteria) {
    for (const product of criteria.products) {
      const key = `${product.product_id}:${product.product_variation_id ?? ""}`;
      if (!prices.has(key)) prices.set(key, product.price);
    }
  }
  return prices;
}

interface ItemFields {
  table_id: string;
  sku: string;
  product_id: string;
  product_variation_id: string | null;
  price: number;
}

export const priceTableItemsImport: ImportKindSpec = {
  kind: "PRICE_TABLE_ITEMS",
  slug: "price-table-items",
  roles: ["ADMIN", "MANAGER"],
  columns: COLUMNS,
  required: ["table", "sku", "price"],
  // A price row's key starts with its table's id.
  recordsOf: (_db, keys) => Promise.resolve(new Map(keys.map((key) => [key, key.split(":")[0]!]))),
  async checker(db, { header }) {
    const tables = new NameIndex(await db.priceTable.findMany({ select: { id: true, name: true } }));
    const prices = new Map<string, Map<string, number | null>>();
    const seen = new Map<string, number>();
    return {
      async check(rows) {
        const targets = await skuTargets(
          db,
          rows.map((row) => row.cells.get("sku")?.trim() ?? ""),
        );
        const checked: CheckedRow[] = [];
        for (const [index, row] of rows.entries()) {
          if (index % 10 === 9) await breathe();
          const errors: RowError[] = [];
          const tableName = row.cells.get("table")?.trim() ?? "";
          const sku = row.cells.get("sku")?.trim() ?? "";
          const priceText = row.cells.get("price")?.trim() ?? "";
          let tableId: string | undefined;
          if (!tableName) errors.push({ column: header("table"), code: "required", message: "is required" });
          else {
            const found = tables.find(tableName);
            if (typeof found === "string") errors.push(nameError(header("table"), "price table", tableName, found));
            else tableId = found.id;
          }
          const target = sku ? targets.get(skuKey(sku)) : undefined;
          if (!sku) errors.push({ column: header("sku"), code: "required", message: "is required" });
          else if (!target) {
            errors.push({
              column: header("sku"),
              code: "not_found_reference",
              message: "no product or variation has this SKU",
              params: { sku },
            });
          }
          const price = priceText === "" ? undefined : cellValue(numberCell(priceText), header("price"), errors);
          if (priceText === "") errors.push({ column: header("price"), code: "required", message: "is required" });
          if (target && price !== undefined) {
            const parsed = priceTableProductWrite.safeParse({ ...target, price });
            if (!parsed.success)
              errors.push(...schemaErrors(parsed.error, (path) => (path.startsWith("price") ? header("price") : header("sku"))));
          }
          const key = tableId && target ? `${tableId}:${targetKey(target)}` : null;
          const first = key ? seen.get(key) : undefined;
          if (first) errors.push(repeatedKey(header("sku"), first));
          else if (key) seen.set(key, row.line);
          let action: CheckedRow["action"] = "INVALID";
          if (errors.length === 0 && tableId && target && price !== undefined) {
            if (!prices.has(tableId)) prices.set(tableId, pricesOf(await getPriceTable(db, tableId)));
            const current = prices.get(tableId)?.get(targetKey(target));
            action = current === undefined ? "CREATE" : current === price ? "UNCHANGED" : "UPDATE";
          }
          checked.push({
            line: row.line,
            action,
            key,
            targetId: errors.length > 0 ? null : (tableId ?? null),
            data:
              errors.length > 0 || !tableId || !target || price === undefined
                ? null
                : ({ table_id: tableId, sku, ...target, price } satisfies ItemFields),
            errors,
          });
        }
        return checked;
      },
    };
  },
  async apply(db: Db, chunks) {
    const rows = await allRows(chunks);
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const byTable = new Map<string, ItemFields[]>();
    for (const row of rows) {
      const item = row.data as unknown as ItemFields;
      byTable.set(item.table_id, [...(byTable.get(item.table_id) ?? []), item]);
    }
    for (const [tableId, items] of byTable) {
      const table = await getPriceTable(db, tableId);
      const write = priceTableWrite.parse(table);
      const listed = new Map<string, { criteria: number; product: number }>();
      write.criteria.forEach((criteria, index) =>
        criteria.products.forEach((product, position) => {
          const key = `${product.product_id}:${product.product_variation_id ?? ""}`;
          if (!listed.has(key)) listed.set(key, { criteria: index, product: position });
        }),
      );
      let changed = false;
      for (const item of items) {
        const key = targetKey(item);
        const place = listed.get(key);
        if (place) {
          const product = write.criteria[place.criteria]!.products[place.product]!;
          if (product.price === item.price) counts.unchanged++;
          else {
            product.price = item.price;
            counts.updated++;
            changed = true;
          }
          continue;
        }
        let target = write.criteria.findLast(
          (criteria) => criteria.name?.startsWith(IMPORT_CRITERIA) && criteria.products.length < CRITERIA_LIMIT,
        );
        if (!target) {
          const made = write.criteria.filter((criteria) => criteria.name?.startsWith(IMPORT_CRITERIA)).length;
          const created = priceTableCriteriaWrite.parse({
            name: made === 0 ? IMPORT_CRITERIA : `${IMPORT_CRITERIA} ${made + 1}`,
            value: 0,
          });
          write.criteria.push(created);
          target = created;
        }
        target.products.push({
          product_id: item.product_id,
          product_variation_id: item.product_variation_id,
          price: item.price,
          attributes: {},
        });
        listed.set(key, { criteria: write.criteria.indexOf(target), product: target.products.length - 1 });
        counts.created++;
        changed = true;
      }
      if (changed) await updatePriceTable(db, tableId, write);
    }
    return counts;
  },
};
