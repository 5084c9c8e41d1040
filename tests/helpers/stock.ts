import { randomInt } from "node:crypto";
import { expect } from "vitest";
import { completeCnpj } from "@/server/lib/fiscal-number";
import { newOrg, unique, type TestOrg } from "./database";
import { call } from "./http";

const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");

/** A complete warehouse (create or update body). */
export const warehouseBody = (name: string) => ({
  name,
  address_type: "COMMERCIAL",
  street: "Rua das Indústrias",
  number: "1200",
  complement: "",
  neighborhood: "Distrito Industrial",
  city: "São José dos Campos",
  state: "SP",
  country: "BR",
  postal_code: "12240-000",
  active: true,
});

export interface StockKeyBody {
  company_id: string;
  warehouse_id: string;
  product_id: string;
}

/** What stock points to, in a fresh org: a company, two warehouses, products by unit (UN: whole, KG: 3 decimals), a variation. */
export interface StockWorld {
  org: TestOrg;
  headers: Record<string, string>;
  company: { id: string; name: string };
  warehouse: { id: string; name: string };
  otherWarehouse: { id: string; name: string };
  /** Unit UN (0 decimals), with a variation. */
  screw: { id: string; name: string; sku: string };
  screwBlue: { id: string; sku: string };
  /** Unit KG (3 decimals). */
  cement: { id: string; name: string };
  /** No unit: whole numbers. */
  drill: { id: string; name: string };
  /** The body of a movement of `product` (the screw by default) in the first warehouse. */
  key<Extra extends object = object>(overrides?: Extra): StockKeyBody & Extra;
  move(body: object, headers?: Record<string, string>): ReturnType<typeof call>;
}

export async function stockWorld(org?: TestOrg): Promise<StockWorld> {
  org ??= await newOrg();
  const headers = await org.bearer();
  const post = async (path: string, body: unknown) => {
    const answer = await call("POST", `/api/b2b${path}`, { headers, body });
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.json;
  };
  const company = await post("/companies", { name: unique("Distribuidora"), fiscal_registration_number: completeCnpj(`${digits(8)}0001`) });
  const warehouse = await post("/warehouses", warehouseBody(unique("CD Campinas")));
  const otherWarehouse = await post("/warehouses", warehouseBody(unique("CD Recife")));
  const un = await post("/measure-units", { abbreviation: "UN", description: "Unidade", decimals_for_quantity: 0, active: true });
  const kg = await post("/measure-units", { abbreviation: "KG", description: "Quilograma", decimals_for_quantity: 3, active: true });
  const screw = await post("/products", { name: unique("Parafuso"), measure_unit_id: un.id, attributes: { minimum_stock: 5 } });
  const screwBlue = await post(`/products/${screw.id}/variations`, { name: "Parafuso Azul", values: [] });
  const cement = await post("/products", { name: unique("Cimento"), measure_unit_id: kg.id });
  const drill = await post("/products", { name: unique("Furadeira") });
  const key = <Extra extends object = object>(overrides?: Extra): StockKeyBody & Extra => ({
    company_id: company.id as string,
    warehouse_id: warehouse.id as string,
    product_id: screw.id as string,
    ...(overrides as Extra),
  });
  return {
    org,
    headers,
    company,
    warehouse,
    otherWarehouse,
    screw,
    screwBlue,
    cement,
    drill,
    key,
    move: (body, moveHeaders = headers) => call("PUT", "/api/b2b/stock/movement", { headers: moveHeaders, body }),
  };
}

/**
 * The ledger of a record chains: each row starts where the one before ended, the first
 * from nothing (or from where an override found it), the last ends at the record's figures.
 */
export async function expectLedgerChains(org: TestOrg, stockId: string): Promise<number> {
  const rows = await org.db.stockMovement.findMany({ where: { stock_id: stockId }, orderBy: { seq: "asc" } });
  const record = await org.db.stockInventory.findUnique({ where: { id: stockId } });
  let total = "0";
  let reserved = "0";
  for (const row of rows) {
    expect(row.total_before.toString()).toBe(total);
    expect(row.reserved_before.toString()).toBe(reserved);
    expect(row.reserved_after.lessThanOrEqualTo(row.total_after)).toBe(true);
    expect(row.reserved_after.greaterThanOrEqualTo(0)).toBe(true);
    total = row.total_after.toString();
    reserved = row.reserved_after.toString();
  }
  if (record) {
    expect(record.total.toString()).toBe(total);
    expect(record.reserved.toString()).toBe(reserved);
  }
  return rows.length;
}

/**
 * Where an org's orders take stock (contract §10): a default warehouse (made here, or the
 * one given) and `quantity` of each product in (company, that warehouse), moved in over REST.
 * Answers the warehouse.
 */
export async function stockFor(
  headers: Record<string, string>,
  {
    company_id,
    products,
    quantity = 1000,
    warehouse,
  }: { company_id: string; products: Array<{ id: string }>; quantity?: number; warehouse?: { id: string; name: string } },
): Promise<{ id: string; name: string }> {
  const place =
    warehouse ??
    (await call("POST", "/api/b2b/warehouses", { headers, body: { ...warehouseBody(unique("CD Padrão")), is_default: true } })).json;
  expect(place.id, "a warehouse").toBeTruthy();
  for (const product of products) {
    const moved = await call("PUT", "/api/b2b/stock/movement", {
      headers,
      body: { company_id, warehouse_id: place.id, product_id: product.id, type: "INCREMENT", quantity, reason: "Estoque do teste" },
    });
    expect(moved.status, moved.text).toBe(200);
  }
  return place;
}
