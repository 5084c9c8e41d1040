import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { TestOrg } from "./database";
import { call } from "./http";
import { stockFor } from "./stock";

/** Valid CNPJs, one per partner a test makes. */
export const CNPJS = ["11222333000181", "11444777000161", "06990590000123", "60746948000112"];

/** A catalog, a partner, payment methods, a company, a seller and a sales channel of `org`, made over REST. */
export async function salesSetup(org: TestOrg) {
  const headers = await org.bearer();
  const post = async (path: string, body: unknown) => {
    const answer = await call("POST", `/api/b2b${path}`, { headers, body });
    expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(300);
    return answer.json;
  };
  const partner = await post("/partners", {
    name: "Mercado Bom Preço",
    fiscal_registration_number: CNPJS[0],
    email: "compras@bompreco.example",
    phone: "1633334444",
    addresses: [
      {
        name: "Matriz",
        type: "COMMERCIAL",
        street: "Rua XV de Novembro",
        number: "100",
        neighborhood: "Centro",
        city: "Ribeirão Preto",
        state: "SP",
        postal_code: "14010-000",
        country: "BR",
        is_default: true,
      },
    ],
  });
  const otherPartner = await post("/partners", { name: "Atacadão Norte", fiscal_registration_number: CNPJS[1] });
  const drill = await post("/products", { name: `Furadeira ${randomUUID().slice(0, 6)}`, price: 459.9 });
  const saw = await post("/products", { name: `Serra ${randomUUID().slice(0, 6)}`, price: 89.9 });
  const card = await post("/payment-methods", {
    name: "Cartão de crédito",
    type: "CREDIT_CARD",
    active: true,
    condition: { type: "INSTALLMENTS", due_date: { type: "DELAY", value: 30 }, subsequent_due_date: { type: "DELAY", value: 30 } },
    installments: [1, 2, 3].map((sequence) => ({ sequence, tax: 0, discount: 0, due_date_delay: 30 * sequence })),
  });
  const pix = await post("/payment-methods", { name: "PIX", type: "PIX", active: true });
  const boleto = await post("/payment-methods", {
    name: "Boleto 28 dias",
    type: "BOLETO",
    active: true,
    condition: { type: "IN_FULL", due_date: { type: "DELAY", value: 28 } },
  });
  const company = await post("/companies", { name: "Distribuidora Matriz", fiscal_registration_number: CNPJS[2] });
  const seller = await post("/sellers", { name: "Ana Vendas", email: `ana-${randomUUID().slice(0, 6)}@example.com` });
  const channel = await post("/solutions", { name: "Loja virtual", metadata: { url: "https://loja.example" } });
  // A sale's order reserves stock (contract §10): a default warehouse, with plenty of both products.
  const warehouse = await stockFor(headers, { company_id: company.id, products: [drill, saw] });
  return { headers, post, partner, otherPartner, drill, saw, card, pix, boleto, company, warehouse, seller, channel };
}
export type SalesSetup = Awaited<ReturnType<typeof salesSetup>>;

/**
 * A sale worked out by hand:
 *   drill 2 × 459.90 − 19.80 = 900.00; saw 3 × 89.90 = 269.70; freight 30.30
 *   full_value = 900.00 + 269.70 + 30.30 = 1200.00; discount 100.00 → total_value 1100.00
 *   payments: card 1000.00 in 3 (333.33, 333.33, 333.34) + PIX 100.00
 */
export function saleBody(setup: SalesSetup, overrides: Record<string, unknown> = {}) {
  return {
    external_id: `EXT-${randomUUID().slice(0, 8)}`,
    partner_id: setup.partner.id,
    company_id: setup.company.id,
    seller_id: setup.seller.id,
    created_at: "2026-03-01T12:00:00.000Z",
    updated_by: "checkout",
    full_value: 1200,
    total_value: 1100,
    origin: { solution_id: setup.channel.id, attributes: { campaign: "verao" } },
    items: [
      { product_id: setup.drill.id, quantity: 2, unit_value: 459.9, discount: 19.8, total_value: 900, unit: "UN" },
      { product_id: setup.saw.id, quantity: 3, unit_value: 89.9, unit: "UN" },
    ],
    freight: { amount: 30.3 },
    discount: [{ type: "PROMOTION", amount: 100 }],
    payments: [
      {
        payment_method_id: setup.card.id,
        amount: 1000,
        installments: 3,
        transaction_id: "tx-123",
        card: {
          brand: "VISA",
          holder: "ANA SILVA",
          number: "4111 1111 1111 1111",
          expiration_month: "12",
          expiration_year: "2030",
          nsu: "99",
          tid: "T1",
        },
      },
      { payment_method_id: setup.pix.id, amount: 100 },
    ],
    ...overrides,
  };
}

export async function createSale(setup: SalesSetup, overrides: Record<string, unknown> = {}) {
  const answer = await call("POST", "/api/b2b/sales", { headers: setup.headers, body: saleBody(setup, overrides) });
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
}
