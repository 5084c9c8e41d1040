import type { z } from "zod";
import type { Principal } from "../auth/principal";
import { alternativeUnits } from "../catalog/alternative-units/service";
import { brands } from "../catalog/brands/service";
import { categories } from "../catalog/categories/service";
import { measureUnits } from "../catalog/measure-units/service";
import { product, productListInput } from "../catalog/products/schemas";
import { listProducts } from "../catalog/products/service";
import { profiles } from "../catalog/profiles/service";
import { variations } from "../catalog/variations/service";
import { warehouses } from "../catalog/warehouses/service";
import type { Db } from "../db/scoped";
import { everyRow } from "../lib/crud";
import type { Page, PagingInput } from "../lib/paging";
import { companies } from "../parties/companies/service";
import { partners } from "../parties/partners/service";
import { sellers } from "../parties/sellers/service";
import { deliveryMethods } from "../settings/delivery-methods/service";
import { entityAttributes } from "../settings/entity-attributes/service";
import { paymentMethods } from "../settings/payment-methods/service";
import { statusCrud } from "../settings/statuses/service";
import { orderListInput, orderListRecord } from "../orders/orders/schemas";
import { orderScope } from "../orders/orders/scope";
import { listOrders } from "../orders/orders/service";
import { coupons } from "../orders/coupons/service";

/** A list that can be exported: its columns and every row its filters select. */
export interface Exportable {
  columns: string[];
  /** `principal`: who exports (lists that depend on the caller, like a SELLER's orders). */
  rows(db: Db, query: Record<string, unknown>, principal: Principal): AsyncGenerator<Record<string, unknown>>;
}

function exportable<Input extends PagingInput, Item extends object>(resource: {
  listInput: z.ZodType<Input>;
  listRecord: z.ZodObject<z.ZodRawShape>;
  service: { list(db: Db, input: Input): Promise<Page<Item>> };
}): Exportable {
  return {
    columns: Object.keys(resource.listRecord.shape),
    async *rows(db, query) {
      for await (const row of everyRow(resource.service.list, db, resource.listInput.parse(query))) yield row as Record<string, unknown>;
    },
  };
}

/** The lists staff can export, by the name in GET /exports/{resource} (the list's REST path). */
export const exportables: Record<string, Exportable> = {
  brands: exportable(brands),
  profiles: exportable(profiles),
  "measure-units": exportable(measureUnits),
  products: exportable({ listInput: productListInput, listRecord: product, service: { list: listProducts } }),
  "alternative-units": exportable(alternativeUnits),
  warehouses: exportable(warehouses),
  variations: exportable(variations),
  categories: exportable(categories),
  companies: exportable(companies),
  sellers: exportable(sellers),
  partners: exportable(partners),
  statuses: exportable(statusCrud),
  "payment-methods": exportable(paymentMethods),
  "delivery-methods": exportable(deliveryMethods),
  "entity-attributes": exportable(entityAttributes),
  coupons: exportable(coupons),
  orders: {
    columns: Object.keys(orderListRecord.shape),
    async *rows(db, query, principal) {
      const scope = await orderScope(db, principal);
      for await (const row of everyRow((listDb, input) => listOrders(listDb, scope, input), db, orderListInput.parse(query))) yield row;
    },
  },
};
