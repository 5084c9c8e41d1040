import type { z } from "zod";
import { alternativeUnits } from "../catalog/alternative-units/service";
import { brands } from "../catalog/brands/service";
import { categories } from "../catalog/categories/service";
import { measureUnits } from "../catalog/measure-units/service";
import { products } from "../catalog/products/service";
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

/** A list that can be exported: its columns and every row its filters select. */
export interface Exportable {
  columns: string[];
  rows(db: Db, query: Record<string, unknown>): AsyncGenerator<Record<string, unknown>>;
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
  products: exportable(products),
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
};
