import { randomInt } from "node:crypto";
import { expect } from "vitest";
import { completeCnpj } from "@/server/lib/fiscal-number";
import { nfeCheckDigit } from "@/server/lib/nfe-key";
import { unique, type TestOrg } from "./database";
import { PNG, upload } from "./files";
import { call } from "./http";
import { stockFor } from "./stock";

export { upload };

/**
 * What an order needs, made over REST in a fresh org: a partner, a company, a seller, two
 * products (one with a unit and an image), a payment method with 3 installments, a
 * delivery method and files (an XML, a PDF).
 */
const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");
export const newCnpj = () => completeCnpj(`${digits(8)}0001`);

/** A fresh valid NF-e access key (random data, computed check digit). */
export function nfeKey(): string {
  const data = `35${digits(4)}${newCnpj()}55001${digits(9)}1${digits(8)}`;
  return data + String(nfeCheckDigit(data));
}

const PDF = Buffer.from("%PDF-1.4\n%fake danfe\n");

export type Fixtures = Awaited<ReturnType<typeof orderFixtures>>;

export async function orderFixtures(org: TestOrg) {
  const headers = await org.bearer();
  const post = async (path: string, body: unknown) => {
    const answer = await call("POST", `/api/b2b${path}`, { headers, body });
    expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(300);
    return answer.json;
  };
  const [image, xml, danfe] = await upload(org, [
    { name: "foto.png", type: "image/png", bytes: PNG },
    { name: "nfe.xml", type: "application/xml", bytes: "<nfeProc/>" },
    { name: "danfe.pdf", type: "application/pdf", bytes: PDF },
  ]);
  const unit = await post("/measure-units", {
    abbreviation: "CX",
    description: "Caixa",
    decimals_for_quantity: 0,
    active: true,
  });
  const drill = await post("/products", {
    name: unique("Furadeira"),
    price: 459.9,
    measure_unit_id: unit.id,
    images: [{ resource_file_id: image, main: true }],
  });
  const saw = await post("/products", { name: unique("Serra"), price: 120 });
  const company = await post("/companies", {
    name: unique("Distribuidora"),
    fiscal_registration_number: newCnpj(),
  });
  // The seller may go 5 % below the customer's price (contract §11): orderBody's drill is 2.15 % below, so it is not held.
  const seller = await post("/sellers", {
    name: unique("Vendedor"),
    email: "vendedor@example.com",
    max_discount_percent: 5,
  });
  const partner = await post("/partners", {
    name: unique("Cliente"),
    fiscal_registration_number: newCnpj(),
  });
  const method = await post("/payment-methods", {
    name: unique("Boleto"),
    type: "BOLETO",
    installments: [{ sequence: 1 }, { sequence: 2 }, { sequence: 3 }],
  });
  const delivery = await post("/delivery-methods", {
    name: unique("Transportadora"),
    type: "CARRIER",
    price_type: "FIXED",
    price: 30,
    period_type: "DAYS",
    period_start: 2,
    period_end: 5,
  });
  // Orders reserve and take stock (contract §10): a default warehouse, with plenty of both products.
  const warehouse = await stockFor(headers, { company_id: company.id, products: [drill, saw] });
  const statuses = (await call("GET", "/api/b2b/status?perPage=100", { headers })).json.items as Array<{
    id: string;
    title: string;
    type: string;
    is_final: boolean;
    is_initial: boolean;
  }>;
  const status = (type: string, title: string) => statuses.find((entry) => entry.type === type && entry.title === title)!.id;
  return {
    headers,
    post,
    image: image!,
    xml: xml!,
    danfe: danfe!,
    unit,
    drill,
    saw,
    company,
    warehouse,
    seller,
    partner,
    method,
    delivery,
    status,
  };
}

/** A valid create body: two items (2 × 459.90 − 19.80, 3 × 120), discount 10, freight 30. */
export function orderBody(f: Fixtures, overrides: Record<string, unknown> = {}) {
  return {
    partner_id: f.partner.id,
    company_id: f.company.id,
    seller_id: f.seller.id,
    negotiation_date: "2026-03-10T14:30:00.000Z",
    order_value: 1260,
    discount_value: 10,
    freight_value: 30,
    total_value: 1280,
    shipment_address_name: "Matriz",
    shipment_address_type: "COMMERCIAL",
    shipment_street: "Avenida Paulista",
    shipment_number: "1000",
    shipment_complement: "Sala 12",
    shipment_neighborhood: "Bela Vista",
    shipment_city: "São Paulo",
    shipment_state: "SP",
    shipment_postal_code: "01310-100",
    shipment_country: "BR",
    shipment_contact_name: "Ana",
    shipment_contact_number: "+55 11 99999-0000",
    observation: "Entregar pela manhã",
    delivery_method_id: f.delivery.id,
    items: [
      {
        product_id: f.drill.id,
        unit_value: 459.9,
        quantity: 2,
        discount: 19.8,
        total_value: 900,
      },
      { product_id: f.saw.id, unit_value: 120, quantity: 3, unit: "UN" },
    ],
    ...overrides,
  };
}

/** A receivable of the fixtures' partner (POST /financials): open, nothing paid, due in 2099 unless `overrides` say. */
export function receivableOf(f: Fixtures, value: number, overrides: Record<string, unknown> = {}) {
  return f.post("/financials", {
    partner_id: f.partner.id,
    value,
    paying_off_value: 0,
    paying_off_date: null,
    reversed_value: 0,
    reversed_date: null,
    due_date: "2099-01-10T12:00:00Z",
    status: f.status("FINANCIAL", "open"),
    type: "BOLETO",
    ...overrides,
  });
}
