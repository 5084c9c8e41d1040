import { randomInt } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { completeCnpj } from "../../server/lib/fiscal-number";
import { nfeCheckDigit } from "../../server/lib/nfe-key";
import { API, expect, expectProblem, test, unique, type Headers } from "../fixtures";

/** The orders REST contract with its exact status codes (interface "Orders", "Order payments"; contract §5, §7). */
const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");
const nfeKey = () => {
  const data = `35${digits(4)}${completeCnpj(`${digits(8)}0001`)}55001${digits(9)}1${digits(8)}`;
  return data + String(nfeCheckDigit(data));
};

async function fixtures(request: APIRequestContext, headers: Headers) {
  const post = async (path: string, data: object) => {
    const response = await request.post(`${API}${path}`, { headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const tag = unique("Contrato");
  const partner = await post("/partners", {
    name: `Cliente ${tag}`,
    fiscal_registration_number: completeCnpj(`${digits(8)}0001`),
  });
  const product = await post("/products", {
    name: `Produto ${tag}`,
    price: 10,
  });
  const method = await post("/payment-methods", {
    name: `Pix ${tag}`,
    type: "PIX",
  });
  const body = (overrides: object = {}) => ({
    partner_id: partner.id,
    negotiation_date: "2026-05-01T12:00:00.000Z",
    order_value: 30,
    discount_value: 0,
    total_value: 30,
    ...Object.fromEntries(
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
    ),
    items: [{ product_id: product.id, unit_value: 10, quantity: 3 }],
    ...overrides,
  });
  return { partner, product, method, body };
}

test("orders: POST 201, GET 200, PUT 200, list 200, DELETE 204; 422 totals and keys; 404 foreign", async ({
  request,
  admin,
  otherAdmin,
}) => {
  const { partner, body } = await fixtures(request, admin);
  const created = await request.post(`${API}/orders`, {
    headers: admin,
    data: body({ invoices: [{ invoice_key: nfeKey() }] }),
  });
  expect(created.status()).toBe(201);
  const order = await created.json();
  expect(order).toMatchObject({
    partner_id: partner.id,
    total_value: 30,
    items: [expect.objectContaining({ quantity: 3, unit_value: 10 })],
  });

  const detail = await request.get(`${API}/orders/${order.id}`, {
    headers: admin,
  });
  expect(detail.status()).toBe(200);
  expect((await detail.json()).items[0]).toMatchObject({
    productName: expect.stringContaining("Produto"),
    unitValue: 10,
    quantity: 3,
  });

  const updated = await request.put(`${API}/orders/${order.id}`, {
    headers: admin,
    data: body({
      order_value: 20,
      total_value: 20,
      items: [{ product_id: order.items[0].product_id, unit_value: 10, quantity: 2 }],
    }),
  });
  expect(updated.status()).toBe(200);
  expect(await updated.json()).not.toHaveProperty("items");

  const list = await request.get(`${API}/orders?partner_id=${partner.id}`, {
    headers: admin,
  });
  expect(list.status()).toBe(200);
  expect(await list.json()).toMatchObject({
    currentPage: 0,
    perPage: 25,
    total: 1,
  });

  const off = await expectProblem(
    await request.post(`${API}/orders`, {
      headers: admin,
      data: body({ order_value: 30.02, total_value: 30.02 }),
    }),
    422,
  );
  expect(off.errors?.map((error) => error.path)).toEqual(["order_value"]);
  await expectProblem(
    await request.post(`${API}/orders`, {
      headers: admin,
      data: body({ invoices: [{ invoice_key: "1".repeat(44) }] }),
    }),
    422,
  );
  await expectProblem(
    await request.post(`${API}/orders`, {
      headers: admin,
      data: body({ total_value: 1e999 }),
    }),
    422,
  );
  await expectProblem(await request.get(`${API}/orders/${order.id}`, { headers: otherAdmin }), 404);

  const removed = await request.delete(`${API}/orders/${order.id}`, {
    headers: admin,
  });
  expect(removed.status()).toBe(204);
  await expectProblem(await request.get(`${API}/orders/${order.id}`, { headers: admin }), 404);
});

test("order payments: 201, 200, 204; 422 and 404", async ({ request, admin, otherAdmin }) => {
  const { method, body } = await fixtures(request, admin);
  const order = await (await request.post(`${API}/orders`, { headers: admin, data: body() })).json();
  const base = `${API}/orders/${order.id}/payments`;
  const created = await request.post(base, {
    headers: admin,
    data: { payment_method_id: method.id, amount: 30, installments: 1 },
  });
  expect(created.status()).toBe(201);
  const payment = await created.json();
  expect((await request.get(`${base}/${payment.id}`, { headers: admin })).status()).toBe(200);
  expect(await (await request.get(base, { headers: admin })).json()).toMatchObject({ total: 1 });
  expect(
    (
      await request.put(`${base}/${payment.id}`, {
        headers: admin,
        data: { payment_method_id: method.id, amount: 15, installments: 1 },
      })
    ).status(),
  ).toBe(200);
  await expectProblem(
    await request.post(base, {
      headers: admin,
      data: { payment_method_id: method.id, amount: 0, installments: 1 },
    }),
    422,
  );
  await expectProblem(
    await request.post(base, {
      headers: admin,
      data: { payment_method_id: method.id, amount: 1, installments: 2 },
    }),
    422,
  );
  await expectProblem(await request.get(base, { headers: otherAdmin }), 404);
  expect((await request.delete(`${base}/${payment.id}`, { headers: admin })).status()).toBe(204);
});

test("custom order report: PUT 204, 422; DELETE 204, twice (idempotent)", async ({ request, admin }) => {
  const put = (content: string) =>
    request.put(`${API}/orders/report/jrxml`, {
      headers: admin,
      data: { name: "Pedido", content },
    });
  expect((await put('<?xml version="1.0"?><jasperReport name="Pedido"/>')).status()).toBe(204);
  await expectProblem(await put("<jasperReport>"), 422);
  await expectProblem(await put("<report/>"), 422);
  expect((await request.delete(`${API}/orders/report/jrxml`, { headers: admin })).status()).toBe(204);
  // Idempotent: nothing left to remove is still 204 (the interface lists no 404 here).
  expect((await request.delete(`${API}/orders/report/jrxml`, { headers: admin })).status()).toBe(204);
});

test("coupons: 201, 409 for a code in another case, 422 on an order when inactive; 204", async ({ request, admin }) => {
  const code = `E2E${randomInt(1e9)}`;
  const created = await request.post(`${API}/coupons`, {
    headers: admin,
    data: { code, name: "Cupom", value: 5, active: false },
  });
  expect(created.status()).toBe(201);
  const coupon = await created.json();
  await expectProblem(
    await request.post(`${API}/coupons`, {
      headers: admin,
      data: { code: code.toLowerCase(), name: "x", value: 1 },
    }),
    409,
  );
  const { body } = await fixtures(request, admin);
  await expectProblem(
    await request.post(`${API}/orders`, {
      headers: admin,
      data: body({ coupons: [{ coupon_id: coupon.id }] }),
    }),
    422,
  );
  expect((await request.delete(`${API}/coupons/${coupon.id}`, { headers: admin })).status()).toBe(204);
});
