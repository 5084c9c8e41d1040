import { randomInt } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { completeCnpj } from "../../server/lib/fiscal-number";
import { nfeCheckDigit } from "../../server/lib/nfe-key";
import { API, expect, unique, type Headers } from "../fixtures";

/** A fresh valid CNPJ (branch 0001). */
export const newCnpj = () => completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`);

/** POSTs to the REST interface and answers the created record (any 2xx). */
export async function post(request: APIRequestContext, headers: Headers, path: string, data: object) {
  const response = await request.post(`${API}${path}`, { headers, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

interface Named {
  id: string;
  name: string;
}

/** The org's default company and warehouse (the demo data sets both): where orders take stock from. */
export async function stockSource(request: APIRequestContext, headers: Headers): Promise<{ company: Named; warehouse: Named }> {
  const list = async (path: string) => {
    const response = await request.get(`${API}${path}?perPage=100`, { headers });
    expect(response.status()).toBe(200);
    return (await response.json()).items as Array<Named & { is_default: boolean }>;
  };
  const [companies, warehouses] = await Promise.all([list("/companies"), list("/warehouses")]);
  const company = companies.find((row) => row.is_default);
  const warehouse = warehouses.find((row) => row.is_default);
  if (!company || !warehouse) throw new Error("the org has no default company or warehouse");
  return { company, warehouse };
}

/** Puts `quantity` of a product in stock where the org's orders take it from (contract §10: orders reserve their items). */
export async function stockUp(request: APIRequestContext, headers: Headers, productId: string, quantity: number) {
  const { company, warehouse } = await stockSource(request, headers);
  const response = await request.put(`${API}/stock/movement`, {
    headers,
    data: { company_id: company.id, warehouse_id: warehouse.id, product_id: productId, type: "INCREMENT", quantity },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { company, warehouse };
}

/** The delivery fields POST /orders requires, filled. */
export const shipment = Object.fromEntries(
  [
    "address_name",
    "address_type",
    "street",
    "number",
    "complement",
    "neighborhood",
    "city",
    "state",
    "postal_code",
    "country",
    "contact_name",
    "contact_number",
  ].map((field) => [`shipment_${field}`, "x"]),
);

/**
 * An order made over REST for a partner of its own (or the one given): one product, 2 × 80,
 * freight 20 (total 180), negotiated on `negotiation_date`; `extra` fields go in the body as they are.
 */
export async function newOrder(
  request: APIRequestContext,
  headers: Headers,
  {
    partner,
    negotiation_date = "2026-05-01T12:00:00.000Z",
    extra = {},
  }: { partner?: Named; negotiation_date?: string; extra?: object } = {},
): Promise<{ partner: Named; product: Named; order: { id: string } }> {
  const tag = unique("Pedido");
  const buyer =
    partner ??
    (await post(request, headers, "/partners", {
      name: `Cliente ${tag}`,
      fiscal_registration_number: newCnpj(),
    }));
  const product = await post(request, headers, "/products", {
    name: `Parafusadeira ${tag}`,
    price: 80,
  });
  await stockUp(request, headers, product.id, 10);
  const order = await post(request, headers, "/orders", {
    partner_id: buyer.id,
    negotiation_date,
    order_value: 160,
    discount_value: 0,
    freight_value: 20,
    total_value: 180,
    ...shipment,
    items: [{ product_id: product.id, unit_value: 80, quantity: 2 }],
    ...extra,
  });
  return { partner: buyer, product, order };
}

/** A fresh valid NF-e access key (random data, computed check digit). */
export function nfeKey(): string {
  const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");
  const data = `35${digits(4)}${newCnpj()}55001${digits(9)}1${digits(8)}`;
  return data + String(nfeCheckDigit(data));
}

/** A boleto's linha digitável whose check digits hold (bank 104). */
export const BANK_LINE = "10492006506100010004200997263900989810000021403";
/** A PIX copia e cola (BR Code) whose CRC16 checks. */
export const BR_CODE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
