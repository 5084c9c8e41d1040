import type { z } from "zod";
import { accessKey, accessKeyListInput } from "../access-keys/schemas";
import { listAccessKeys } from "../access-keys/service";
import type { Principal } from "../auth/principal";
import { alternativeUnits } from "../catalog/alternative-units/service";
import { brands } from "../catalog/brands/service";
import { categories } from "../catalog/categories/service";
import { measureUnits } from "../catalog/measure-units/service";
import { product, productListInput, type ProductListRecord } from "../catalog/products/schemas";
import { listProducts } from "../catalog/products/service";
import { profiles } from "../catalog/profiles/service";
import { variations } from "../catalog/variations/service";
import { warehouses } from "../catalog/warehouses/service";
import type { Db } from "../db/scoped";
import { commissionListInput, commissionRecord } from "../finance/commissions/schemas";
import { listCommissions } from "../finance/commissions/service";
import { financialListInput, financialListRecord, type FinancialListRecord } from "../finance/financials/schemas";
import { listFinancials } from "../finance/financials/service";
import type { Role } from "../generated/prisma/enums";
import { everyRow } from "../crud/crud";
import { sortNamesOf, type Page, type PagingInput } from "../lib/paging";
import { coupons } from "../orders/coupons/service";
import { orderListInput, orderListRecord } from "../orders/orders/schemas";
import { orderScope, type OrderScope } from "../auth/scope";
import { listOrders } from "../orders/orders/service";
import { companies } from "../parties/companies/service";
import { partners } from "../parties/partners/service";
import { sellers } from "../parties/sellers/service";
import { discountListInput, discountListRecord } from "../pricing/discounts/schemas";
import { listDiscounts } from "../pricing/discounts/service";
import { priceTableListInput, priceTableListRecord } from "../pricing/price-tables/schemas";
import { listPriceTables } from "../pricing/price-tables/service";
import { importListInput, type ImportListInput } from "../imports/schemas";
import { listImports } from "../imports/service";
import { saleListInput, saleListRecord, type SaleListRecord } from "../sales/sales/schemas";
import { listSales } from "../sales/sales/service";
import { solutionCrud } from "../sales/solutions/service";
import { deliveryMethods } from "../settings/delivery-methods/service";
import { entityAttributes } from "../settings/entity-attributes/service";
import { paymentMethods } from "../settings/payment-methods/service";
import { statusCrud } from "../settings/statuses/service";
import { productNameOf, stockListInput, stockRecord, type StockRecord } from "../stock/stock/schemas";
import { listStock } from "../stock/stock/service";
import { user, userListInput } from "../users/schemas";
import { listUsers } from "../users/service";
import { webhook, webhookListInput, type Webhook } from "../webhooks/schemas";
import { listWebhooks } from "../webhooks/service";
import type { CsvLocale } from "./csv";
import { agingLabel, enumLabel, eventLabel, importLabel, type EnumName } from "./labels";

/** Who exports, and in which language (lists that depend on the caller, like a SELLER's orders). */
export interface ExportContext {
  principal: Principal;
  locale: CsvLocale;
}

/** A list that can be exported: its columns and every row its filters select, as the list shows them. */
export interface Exportable {
  columns: string[];
  /** The fields `sort` takes (the list's own, as on GET of the list). */
  sorts: readonly string[];
  /** Only these roles may export it (the list's own); every role when absent. */
  roles?: readonly Role[];
  /** Like the list itself, refused to an access key (401). */
  bearerOnly?: boolean;
  rows(db: Db, query: Record<string, unknown>, context: ExportContext): AsyncGenerator<Record<string, unknown>>;
}

type Row = Record<string, unknown>;

interface ExportOptions<Item> {
  roles?: readonly Role[];
  bearerOnly?: boolean;
  /** Columns whose codes the list shows by their label (`{ type: "statusType" }`). */
  enums?: Record<string, EnumName>;
  /** The row as the list shows it (names for ids, labels for codes); made once per export. */
  present?: (db: Db, context: ExportContext) => Promise<(item: Item) => Row>;
}

/**
 * A list as its export: every row its filters select, in the columns the list answers. A
 * list a SELLER sees only part of (its seller's orders, sales and receivables) gets the
 * caller's scope, as the list itself does.
 */
function exportable<Input extends PagingInput, Item extends Row>(
  resource: {
    listInput: z.ZodType<Input>;
    listRecord: z.ZodObject<z.ZodRawShape>;
    service: { list(db: Db, input: Input, scope: OrderScope): Promise<Page<Item>> };
  },
  options: ExportOptions<Item> = {},
): Exportable {
  const { enums = {}, present, roles, bearerOnly } = options;
  return {
    columns: Object.keys(resource.listRecord.shape),
    sorts: sortNamesOf(resource.listInput),
    roles,
    bearerOnly,
    async *rows(db, query, context) {
      const shown = present ? await present(db, context) : (item: Item): Row => item;
      const scope = await orderScope(db, context.principal);
      const list = (listDb: Db, input: Input) => resource.service.list(listDb, input, scope);
      for await (const item of everyRow(list, db, resource.listInput.parse(query))) {
        const row = shown(item);
        for (const [column, name] of Object.entries(enums)) {
          const value = row[column];
          if (typeof value === "string") row[column] = enumLabel(context.locale, name, value);
        }
        yield row;
      }
    },
  };
}

const ADMIN_ONLY: readonly Role[] = ["ADMIN"];

/** A product as its list shows it: the brand and the categories by name. */
const presentProduct = async () => (item: ProductListRecord) =>
  "categories" in item
    ? { ...item, brand: item.brand?.name ?? null, categories: item.categories.map((category) => category.name).join(", ") }
    : item;

/** A sale as its list shows it: the status by its title, the channel and payments by name. */
const presentSale = async () => (sale: SaleListRecord) => ({
  ...sale,
  status: sale.status.title,
  origin: sale.origin.name,
  payments: sale.payments.map((payment) => payment.name).join(", "),
});

/** A receivable as its list shows it: the status by its title, how late it is by its aging bucket. */
async function presentFinancial(db: Db, context: ExportContext) {
  const statuses = await db.status.findMany({ where: { type: "FINANCIAL" }, select: { id: true, title: true } });
  const titles = new Map(statuses.map((status) => [status.id, status.title]));
  return (record: FinancialListRecord) => ({
    ...record,
    status: titles.get(record.status) ?? record.status,
    overdue: agingLabel(context.locale, record),
  });
}

/** A stock record as its list shows it: the product, warehouse and company by name. */
const presentStock = async () => (record: StockRecord) => ({
  ...record,
  product: productNameOf(record),
  warehouse: record.warehouse.name,
  company: record.company.name,
});

/** A webhook endpoint as its list shows it: its events by their labels. */
const presentWebhook = async (_db: Db, context: ExportContext) => (hook: Webhook) => ({
  ...hook,
  events: hook.events.map((type) => eventLabel(context.locale, type)).join(", "),
});

/** The imports as their list shows them (a SELLER's own): what each file did, in words. */
const importsExport: Exportable = {
  columns: [
    "file_name",
    "kind",
    "status",
    "rows",
    "create",
    "update",
    "unchanged",
    "invalid",
    "errors_total",
    "created_by",
    "created_at",
    "applied_at",
  ],
  sorts: sortNamesOf(importListInput),
  roles: ["ADMIN", "MANAGER", "SELLER"],
  async *rows(db, query, context) {
    const list = (listDb: Db, input: ImportListInput) => listImports(listDb, context.principal, input);
    for await (const item of everyRow(list, db, importListInput.parse(query))) {
      const done = item.result;
      yield {
        file_name: item.file_name,
        kind: importLabel(context.locale, "kinds", item.kind),
        status: importLabel(context.locale, "statuses", item.status),
        rows: item.progress.rows_read,
        create: done ? done.created : item.counts.create,
        update: done ? done.updated : item.counts.update,
        unchanged: done ? done.unchanged : item.counts.unchanged,
        invalid: done ? done.skipped : item.counts.invalid,
        errors_total: item.errors_total,
        created_by: item.created_by.name,
        created_at: item.created_at,
        applied_at: item.applied_at,
      };
    }
  },
};

/** The lists staff can export, by the name in GET /exports/{resource} (the list's REST path). */
export const exportables: Record<string, Exportable> = {
  brands: exportable(brands),
  profiles: exportable(profiles),
  "measure-units": exportable(measureUnits),
  products: exportable(
    { listInput: productListInput, listRecord: product, service: { list: (db, input) => listProducts(db, input) } },
    { present: presentProduct },
  ),
  "alternative-units": exportable(alternativeUnits),
  warehouses: exportable(warehouses),
  variations: exportable(variations, { enums: { display_type: "displayType" } }),
  categories: exportable(categories),
  companies: exportable(companies),
  sellers: exportable(sellers),
  partners: exportable(partners),
  statuses: exportable(statusCrud, { enums: { type: "statusType" } }),
  "payment-methods": exportable(paymentMethods, { enums: { type: "paymentMethodType" } }),
  "delivery-methods": exportable(deliveryMethods, { enums: { type: "deliveryType" } }),
  "entity-attributes": exportable(entityAttributes, { enums: { entity: "attributeEntity", type: "attributeType" } }),
  coupons: exportable(coupons, { enums: { type: "couponType" } }),
  solutions: exportable(solutionCrud),
  discounts: exportable({ listInput: discountListInput, listRecord: discountListRecord, service: { list: listDiscounts } }),
  "price-tables": exportable({ listInput: priceTableListInput, listRecord: priceTableListRecord, service: { list: listPriceTables } }),
  sales: exportable(
    { listInput: saleListInput, listRecord: saleListRecord, service: { list: (db, input, scope) => listSales(db, scope, input) } },
    { present: presentSale },
  ),
  financials: exportable(
    {
      listInput: financialListInput,
      listRecord: financialListRecord,
      service: { list: (db, input, scope) => listFinancials(db, input, scope) },
    },
    { present: presentFinancial, bearerOnly: true },
  ),
  stock: exportable({ listInput: stockListInput, listRecord: stockRecord, service: { list: listStock } }, { present: presentStock }),
  webhooks: exportable(
    { listInput: webhookListInput, listRecord: webhook, service: { list: listWebhooks } },
    { present: presentWebhook, roles: ADMIN_ONLY },
  ),
  "access-keys": exportable(
    { listInput: accessKeyListInput, listRecord: accessKey, service: { list: listAccessKeys } },
    { enums: { role: "role" }, roles: ADMIN_ONLY },
  ),
  users: exportable(
    { listInput: userListInput, listRecord: user, service: { list: listUsers } },
    { enums: { role: "role" }, roles: ADMIN_ONLY },
  ),
  imports: importsExport,
  commissions: exportable({
    listInput: commissionListInput,
    listRecord: commissionRecord,
    service: { list: (db, input, scope) => listCommissions(db, scope, input) },
  }),
  orders: exportable({
    listInput: orderListInput,
    listRecord: orderListRecord,
    service: { list: (db, input, scope) => listOrders(db, scope, input) },
  }),
};
