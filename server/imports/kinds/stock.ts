import { skuKey } from "../../catalog/products/service";
import { digitsOnly } from "../../lib/fiscal-number";
import { overrideStock, planOverride } from "../../stock/stock/service";
import { stockOverrideInput, stockOverrideItem, type StockOverrideInput } from "../../stock/stock/schemas";
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
import { skuTargets } from "./skus";

/**
 * Stock balances (contract §14, what PUT /stock/override does): company by name or CNPJ,
 * warehouse by name, product or variation by SKU, the total (and the reserved quantity, kept
 * when absent). Checked and written by the override's own planner and writer, a thousand
 * records at a time in the import's one transaction.
 */

const COLUMNS = [
  { field: "company", pt: "Empresa", en: "Company", example: "Distribuidora Exemplo Ltda", aliases: ["CNPJ da empresa"] },
  { field: "warehouse", pt: "Depósito", en: "Warehouse", example: "Depósito Central", aliases: ["Armazém", "Almoxarifado"] },
  { field: "sku", pt: "SKU", en: "SKU", example: "FUR-650", aliases: ["Código", "Code"] },
  { field: "total", pt: "Quantidade", en: "Total", example: "120", aliases: ["Saldo", "Estoque", "Quantity"] },
  { field: "reserved", pt: "Reservado", en: "Reserved", example: "", aliases: ["Reserva"] },
  // The ids PUT /stock/override takes (and the stock list's export writes): a file of them imports as well.
  { field: "company_id", pt: "Id da empresa", en: "Company id", example: "", aliases: ["company_id"], hidden: true },
  { field: "warehouse_id", pt: "Id do depósito", en: "Warehouse id", example: "", aliases: ["warehouse_id"], hidden: true },
  { field: "product_id", pt: "Id do produto", en: "Product id", example: "", aliases: ["product_id"], hidden: true },
  { field: "product_variation_id", pt: "Id da variação", en: "Variation id", example: "", aliases: ["product_variation_id"], hidden: true },
] as const;

const FIELD_OF_PATH: Record<string, string> = {
  company_id: "company",
  warehouse_id: "warehouse",
  product_id: "sku",
  product_variation_id: "sku",
  total: "total",
  reserved: "reserved",
};

type Item = StockOverrideInput["items"][number];
const CHUNK = 1000;

export const stockImport: ImportKindSpec = {
  kind: "STOCK",
  slug: "stock",
  roles: ["ADMIN", "MANAGER"],
  columns: COLUMNS,
  required: ["total"],
  requiredOneOf: [
    ["company", "company_id"],
    ["warehouse", "warehouse_id"],
    ["sku", "product_id"],
  ],
  async recordsOf(db, keys) {
    const records = new Map<string, string>();
    for (const key of keys) {
      const [company_id, warehouse_id, product_id, variation] = key.split("/");
      const row = await db.stockInventory.findFirst({
        where: { company_id, warehouse_id, product_id, product_variation_id: variation || null },
        select: { id: true },
      });
      if (row) records.set(key, row.id);
    }
    return records;
  },
  async checker(db, { header }) {
    const companyRows = await db.company.findMany({ select: { id: true, name: true, fiscal_registration_number: true } });
    const companies = new NameIndex([
      ...companyRows,
      ...companyRows.map((row) => ({ id: row.id, name: row.fiscal_registration_number })),
      ...companyRows.map((row) => ({ id: row.id, name: row.id })),
    ]);
    const warehouseRows = await db.warehouse.findMany({ select: { id: true, name: true } });
    const warehouses = new NameIndex([...warehouseRows, ...warehouseRows.map((row) => ({ id: row.id, name: row.id }))]);
    const seen = new Map<string, number>();
    /** The fields of the file's columns (known once its first rows come). */
    let present = new Set<string>();
    const columnOf = (path: string) => {
      const field = path.split(".").at(-1) ?? "";
      // A file of ids: an id's error is on its own column; else on the name's.
      if (present.has(field)) return header(field);
      return header(FIELD_OF_PATH[field] ?? "sku");
    };
    return {
      async check(rows) {
        if (rows[0]) present = new Set(rows[0].cells.keys());
        const targets = await skuTargets(
          db,
          rows.map((row) => row.cells.get("sku")?.trim() ?? ""),
        );
        const staged: Array<{ line: number; errors: RowError[]; item?: Item }> = [];
        for (const [index, row] of rows.entries()) {
          if (index % 10 === 9) await breathe();
          const errors: RowError[] = [];
          const text = (field: string) => row.cells.get(field)?.trim() ?? "";
          const lookup = (field: string, noun: string, index: NameIndex, name: string) => {
            if (!name) {
              errors.push({ column: header(field), code: "required", message: "is required" });
              return undefined;
            }
            const found = index.find(name);
            if (typeof found === "string") {
              errors.push(nameError(header(field), noun, name, found));
              return undefined;
            }
            return found.id;
          };
          // By id where the file has the id's column and the row fills it, else by name.
          const byId = (field: string) => (row.cells.has(field) && text(field) !== "" ? text(field) : undefined);
          const companyText = byId("company_id") ?? text("company");
          const company = lookup(
            byId("company_id") ? "company_id" : "company",
            "company",
            companies,
            /^[\d.\-/\s]+$/.test(companyText) ? digitsOnly(companyText) : companyText,
          );
          const warehouseId = byId("warehouse_id");
          const warehouse = lookup(warehouseId ? "warehouse_id" : "warehouse", "warehouse", warehouses, warehouseId ?? text("warehouse"));
          const productId = byId("product_id");
          const sku = text("sku");
          const target = productId
            ? { product_id: productId, product_variation_id: byId("product_variation_id") ?? null }
            : sku
              ? targets.get(skuKey(sku))
              : undefined;
          if (!productId && !sku) errors.push({ column: header("sku"), code: "required", message: "is required" });
          else if (!target)
            errors.push({
              column: header("sku"),
              code: "not_found_reference",
              message: "no product or variation has this SKU",
              params: { sku },
            });
          const total = text("total") === "" ? undefined : cellValue(numberCell(text("total")), header("total"), errors);
          if (text("total") === "") errors.push({ column: header("total"), code: "required", message: "is required" });
          const reserved = text("reserved") === "" ? undefined : cellValue(numberCell(text("reserved")), header("reserved"), errors);
          if (errors.length > 0 || !company || !warehouse || !target || total === undefined) {
            staged.push({ line: row.line, errors });
            continue;
          }
          const parsed = stockOverrideItem.safeParse({
            company_id: company,
            warehouse_id: warehouse,
            ...target,
            total,
            ...(reserved === undefined ? {} : { reserved }),
          });
          if (!parsed.success) {
            staged.push({
              line: row.line,
              errors: schemaErrors(parsed.error, columnOf),
            });
            continue;
          }
          const key = `${company}/${warehouse}/${target.product_id}/${target.product_variation_id ?? ""}`;
          const first = seen.get(key);
          if (first) {
            staged.push({ line: row.line, errors: [repeatedKey(header("sku"), first)] });
            continue;
          }
          seen.set(key, row.line);
          staged.push({ line: row.line, errors: [], item: parsed.data });
        }
        const valid = staged.filter((entry) => entry.item);
        // The override's own planner: decimals of the unit, reserved above total, a disabled record.
        const plan =
          valid.length > 0 ? await planOverride(db, { items: valid.map((entry) => entry.item!), reason: null }) : { items: [], errors: [] };
        for (const error of plan.errors) {
          const index = Number(error.path.split(".")[1]);
          valid[index]?.errors.push({
            column: columnOf(error.path),
            code: error.code ?? "invalid",
            message: error.message,
            ...(error.params ? { params: error.params } : {}),
          });
        }
        const planned = new Map(plan.items.map((item) => [item.index, item]));
        return staged.map((entry): CheckedRow => {
          const index = valid.indexOf(entry);
          const item = planned.get(index);
          const invalid = entry.errors.length > 0 || !entry.item;
          const action = invalid
            ? "INVALID"
            : !item?.record
              ? "CREATE"
              : item.total_before === item.total_after && item.reserved_before === item.reserved_after
                ? "UNCHANGED"
                : "UPDATE";
          const key = entry.item
            ? `${entry.item.company_id}/${entry.item.warehouse_id}/${entry.item.product_id}/${entry.item.product_variation_id ?? ""}`
            : null;
          return {
            line: entry.line,
            action,
            key,
            targetId: invalid ? null : (item?.record?.id ?? null),
            data: invalid ? null : (entry.item as Record<string, unknown>),
            errors: entry.errors,
          };
        });
      },
    };
  },
  async apply(db, chunks) {
    const rows = await allRows(chunks);
    const counts = { created: 0, updated: 0, unchanged: 0 };
    for (let start = 0; start < rows.length; start += CHUNK) {
      const items = rows.slice(start, start + CHUNK).map((row) => row.data as Item);
      const plan = await planOverride(db, { items, reason: null });
      const changing = plan.items.filter((item) => {
        const same = item.record && item.total_before === item.total_after && item.reserved_before === item.reserved_after;
        if (same) counts.unchanged++;
        else if (item.record) counts.updated++;
        else counts.created++;
        return !same;
      });
      if (changing.length > 0)
        await overrideStock(
          db,
          stockOverrideInput.parse({ items: changing.map((item) => items[item.index]), reason: "Importação de planilha" }),
        );
    }
    return counts;
  },
};
