import { randomInt } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { completeCnpj } from "../../server/lib/fiscal-number";
import { API, expect, expectProblem, test, unique, type Headers } from "../fixtures";

const newCnpj = () => completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`);

async function created(request: APIRequestContext, headers: Headers, path: string, data: object, status = 201) {
  const response = await request.post(`${API}${path}`, { headers, data });
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

/** A partner, a product, a card and a PIX payment method and a sales channel of the default org. */
async function checkout(request: APIRequestContext, admin: Headers) {
  const partner = await created(request, admin, "/partners", { name: unique("Cliente"), fiscal_registration_number: newCnpj() });
  const product = await created(request, admin, "/products", { name: unique("Parafusadeira"), price: 100 }, 200);
  const card = await created(request, admin, "/payment-methods", {
    name: unique("Cartão"),
    type: "CREDIT_CARD",
    installments: [1, 2].map((sequence) => ({ sequence, due_date_delay: 30 * sequence })),
  });
  const pix = await created(request, admin, "/payment-methods", { name: unique("PIX"), type: "PIX" });
  const channel = await created(request, admin, "/solutions", { name: unique("Loja"), metadata: { url: "https://loja.example" } });
  return { partner, product, card, pix, channel };
}

test.describe("sales", () => {
  test("POST 200 (order and receivables), GET detail, list with filters, capture 200 then 204", async ({ request, admin }) => {
    const { partner, product, card, pix, channel } = await checkout(request, admin);
    // 3 × 100.00 − 10.00 = 290.00; freight 10.00 → full 300.00; discount 0.01 → total 299.99 = card 199.99 (100.00 + 99.99) + PIX 100.00.
    const body = {
      partner_id: partner.id,
      created_at: "2026-02-10T15:00:00Z",
      updated_by: "loja",
      full_value: 300,
      total_value: 299.99,
      origin: { solution_id: channel.id, attributes: {} },
      items: [{ product_id: product.id, quantity: 3, unit_value: 100, discount: 10, total_value: 290 }],
      freight: { amount: 10 },
      discount: [{ type: "CUPOM", amount: 0.01 }],
      payments: [
        { payment_method_id: card.id, amount: 199.99, installments: 2, transaction_id: "tx-e2e" },
        { payment_method_id: pix.id, amount: 100 },
      ],
    };
    const sale = await created(request, admin, "/sales", body, 200);
    expect(sale).toMatchObject({
      partner_id: partner.id,
      full_value: 300,
      total_value: 299.99,
      total_discount: 0.01,
      quotation: false,
      order_id: expect.any(String),
    });
    const detail = await (await request.get(`${API}/sales/${sale.id}`, { headers: admin })).json();
    expect(detail.origin).toMatchObject({ id: channel.id, name: channel.name });
    expect(detail.items[0]).toMatchObject({ product_name: product.name, total_value: 290 });
    expect(
      detail.financials.map((financial: { value: number; due_date: string }) => [financial.value, financial.due_date.slice(0, 10)]),
    ).toEqual([
      [100, "2026-02-10"],
      [100, "2026-03-12"],
      [99.99, "2026-04-11"],
    ]);

    const list = await (
      await request.get(`${API}/sales?partner_id=${partner.id}&quotation=false&start_date=2026-02-01&final_date=2026-02-28`, {
        headers: admin,
      })
    ).json();
    expect(list).toMatchObject({ currentPage: 0, perPage: 25, total: 1 });
    expect(list.items[0]).toMatchObject({
      id: sale.id,
      partner_name: partner.name,
      items_quantity: 1,
      origin_name: channel.name,
      status: { title: "pending" },
    });

    const captured = await request.put(`${API}/sales/capture`, { headers: admin, data: { sale_id: sale.id } });
    expect(captured.status(), await captured.text()).toBe(200);
    expect(await captured.json()).toMatchObject({ gateway: "manual", capture_reference: "manual:tx-e2e", captured_at: expect.any(String) });
    const again = await request.put(`${API}/sales/capture`, { headers: admin, data: { sale_id: sale.id } });
    expect(again.status()).toBe(204);
    expect(await again.text()).toBe("");
  });

  test("400 for totals and references, 404 for a foreign or unknown sale, 400 capture without card", async ({
    request,
    admin,
    otherAdmin,
  }) => {
    const { partner, product, pix } = await checkout(request, admin);
    const body = {
      partner_id: partner.id,
      created_at: "2026-02-10T15:00:00Z",
      updated_by: "loja",
      full_value: 100,
      total_value: 100,
      items: [{ product_id: product.id, quantity: 1, unit_value: 100 }],
      payments: [{ payment_method_id: pix.id, amount: 100 }],
    };
    const wrong = await expectProblem(
      await request.post(`${API}/sales`, { headers: admin, data: { ...body, full_value: 90, total_value: 90 } }),
      400,
    );
    expect(wrong.errors?.map((error) => error.path).sort()).toEqual(["full_value", "payments"]);
    const unknown = await expectProblem(
      await request.post(`${API}/sales`, { headers: admin, data: { ...body, partner_id: crypto.randomUUID() } }),
      400,
    );
    expect(unknown.errors?.map((error) => error.path)).toEqual(["partner_id"]);
    const quotation = await created(request, admin, "/sales", { ...body, quotation: true }, 200);
    expect(quotation.order_id).toBeNull();
    await expectProblem(await request.put(`${API}/sales/capture`, { headers: admin, data: { sale_id: quotation.id } }), 400);
    await expectProblem(await request.put(`${API}/sales/capture`, { headers: admin, data: { sale_id: crypto.randomUUID() } }), 404);
    await expectProblem(await request.get(`${API}/sales/${quotation.id}`, { headers: otherAdmin }), 404);
    await expectProblem(await request.put(`${API}/sales/capture`, { headers: otherAdmin, data: { sale_id: quotation.id } }), 404);
  });

  test("solutions: CRUD and paged list", async ({ request, admin }) => {
    const name = unique("Aplicativo");
    const channel = await created(request, admin, "/solutions", { name, metadata: { os: "android" } });
    expect(channel).toMatchObject({ name, metadata: { os: "android" }, active: true });
    const list = await (await request.get(`${API}/solutions?search=${encodeURIComponent(name)}`, { headers: admin })).json();
    expect(list).toMatchObject({ total: 1, items: [{ id: channel.id }] });
    const updated = await request.put(`${API}/solutions/${channel.id}`, { headers: admin, data: { name, active: false } });
    expect((await updated.json()).active).toBe(false);
    await expectProblem(await request.post(`${API}/solutions`, { headers: admin, data: {} }), 422);
    expect((await request.delete(`${API}/solutions/${channel.id}`, { headers: admin })).status()).toBe(204);
    await expectProblem(await request.get(`${API}/solutions/${channel.id}`, { headers: admin }), 404);
  });
});
