import { randomInt, randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { completeCnpj } from "../../server/lib/fiscal-number";
import { API, expect, expectProblem, login, test, unique, type Headers } from "../fixtures";
import { shipment } from "../ui/order-data";

/**
 * Two instances of the app on one PostgreSQL (contract §6; issue 6 "Scaling out"; issue 10
 * stock): tokens, revocations and idempotency keys hold across them, and stock movements
 * split between them never lose an update, nor do orders racing for the last units (the shared rate-limit counts:
 * tests/integration/lifecycle.test.ts; everything else of REST: tests/integration).
 */
const second = process.env.E2E_SECOND_URL;
test.skip(!second, "needs PostgreSQL: a second instance runs only there (TEST_DATABASE_URL)");

test.describe("two instances on one database", () => {
  test.beforeAll(async ({ request }) => {
    for (let attempt = 0; attempt < 120; attempt++) {
      const ready = await request.get(`${second}/api/ready`).then(
        (response) => response.ok(),
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error("the second instance did not become ready");
  });

  test("a token from one instance works on the other; a key revoked on one is refused by the other at once", async ({ request, admin }) => {
    const token = await login(request);
    expect((await request.get(`${second}${API}/brands`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

    const created = await request.post(`${API}/access-keys`, { headers: admin, data: { name: unique("Scale key"), role: "ADMIN" } });
    const key = await created.json();
    const viaSecond = { "x-service-access-key-token": key.token, "x-service-access-key-code": key.code };
    expect((await request.get(`${second}${API}/brands`, { headers: viaSecond })).status()).toBe(200); // cached there now
    expect((await request.delete(`${API}/access-keys/${key.id}`, { headers: admin })).status()).toBe(204);
    // Writes re-check the key in their transaction: refused at once, no new admin key minted.
    await expectProblem(
      await request.post(`${second}${API}/access-keys`, { headers: viaSecond, data: { name: unique("Minted"), role: "ADMIN" } }),
      401,
    );
    await expect
      .poll(async () => (await request.get(`${second}${API}/brands`, { headers: viaSecond })).status(), { timeout: 2_000 })
      .toBe(401);
  });

  test("an Idempotency-Key used on one instance replays on the other", async ({ request, admin }) => {
    const headers = { ...admin, "idempotency-key": randomUUID() };
    const data = { name: unique("Scale brand"), active: true };
    const first = await request.post(`${API}/brands`, { headers, data });
    const again = await request.post(`${second}${API}/brands`, { headers, data });
    expect(first.status()).toBe(201);
    expect(again.status()).toBe(201);
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    expect((await again.json()).id).toBe((await first.json()).id);
  });

  test("40 concurrent DECREMENT 1 on 25 split between both: exactly 25 succeed and 15 are 422", async ({ request, admin }) => {
    const { move } = await world(request, admin);
    const record = await (await move({ type: "INCREMENT", quantity: 25 })).json();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => move({ type: "DECREMENT", quantity: 1 }, index % 2 ? second : "")),
    );
    const statuses = answers.map((answer) => answer.status());
    expect(statuses.filter((status) => status === 200)).toHaveLength(25);
    expect(statuses.filter((status) => status === 422)).toHaveLength(15);
    const after = await (await request.get(`${API}/stock/${record.id}/movements?dir=desc&perPage=100`, { headers: admin })).json();
    expect(after.total).toBe(26);
    expect(after.items[0]).toMatchObject({ total_after: 0 });
  });

  test("10 orders racing for the last 5 units, split between both: exactly 5 are written and reserve them, 5 are refused whole (422)", async ({
    request,
    admin,
  }) => {
    const { key, move } = await world(request, admin);
    const record = await (await move({ type: "INCREMENT", quantity: 5 })).json();
    const partner = await post(request, admin, "/partners", {
      name: unique("Cliente"),
      fiscal_registration_number: completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`),
    });
    // Contract §10: an open order reserves its items where it says (its company and warehouse).
    const order = {
      partner_id: partner.id,
      company_id: key.company_id,
      warehouse_id: key.warehouse_id,
      negotiation_date: "2026-05-01T12:00:00.000Z",
      order_value: 10,
      discount_value: 0,
      freight_value: 0,
      total_value: 10,
      ...shipment,
      items: [{ product_id: key.product_id, unit_value: 10, quantity: 1 }],
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => request.post(`${index % 2 ? second : ""}${API}/orders`, { headers: admin, data: order })),
    );
    const statuses = answers.map((answer) => answer.status());
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    const after = await (
      await request.get(`${API}/stock?product_id=${key.product_id}&warehouse_id=${key.warehouse_id}`, { headers: admin })
    ).json();
    expect(after.items).toEqual([expect.objectContaining({ id: record.id, total: 5, reserved: 5, available: 0 })]);
    const ledger = await (await request.get(`${API}/stock/${record.id}/movements?perPage=100`, { headers: admin })).json();
    expect(ledger.items.filter((row: { type: string }) => row.type === "RESERVE")).toHaveLength(5);
  });

  test("concurrent INCREMENTs and RESERVE/RELEASE races split between both: no lost update, reserved never above total", async ({
    request,
    admin,
  }) => {
    const { move, key } = await world(request, admin);
    const bases = ["", second!];
    const increments = await Promise.all(
      Array.from({ length: 20 }, (_, index) => move({ type: "INCREMENT", quantity: 1 }, bases[index % 2])),
    );
    expect(increments.map((answer) => answer.status())).toEqual(Array.from({ length: 20 }, () => 200));
    const moves = Array.from({ length: 40 }, (_, index) => ["RESERVE", "RELEASE", "RESERVE", "DECREMENT"][index % 4]!);
    const answers = await Promise.all(moves.map((type, index) => move({ type, quantity: 1 }, bases[index % 2])));
    const ok = (type: string) => answers.filter((answer, index) => answer.status() === 200 && moves[index] === type).length;
    for (const answer of answers) expect([200, 422]).toContain(answer.status());
    const list = await (await request.get(`${API}/stock?product_id=${key.product_id}`, { headers: admin })).json();
    expect(list.items[0]).toMatchObject({ total: 20 - ok("DECREMENT"), reserved: ok("RESERVE") - ok("RELEASE") });
    expect(list.items[0].reserved).toBeLessThanOrEqual(list.items[0].total);
  });

  test("an Idempotency-Key retry of a stock movement on the other instance replays: the movement applies once", async ({
    request,
    admin,
  }) => {
    const { move, key } = await world(request, admin);
    const headers = { ...admin, "idempotency-key": randomUUID() };
    const data = { ...key, type: "INCREMENT", quantity: 3 };
    const first = await request.put(`${API}/stock/movement`, { headers, data });
    const again = await request.put(`${second}${API}/stock/movement`, { headers, data });
    expect(first.status()).toBe(200);
    expect(again.status()).toBe(200);
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    expect((await (await move({ type: "INCREMENT", quantity: 1 })).json()).total).toBe(4);
  });
});

async function post(request: APIRequestContext, headers: Headers, path: string, data: object) {
  const response = await request.post(`${API}${path}`, { headers, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

/** A company, a warehouse and a product of the demo org, named for this test, and a movement of their record through either instance. */
async function world(request: APIRequestContext, headers: Headers) {
  const company = await post(request, headers, "/companies", {
    name: unique("Distribuidora"),
    fiscal_registration_number: completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`),
  });
  const warehouse = await post(request, headers, "/warehouses", {
    name: unique("CD"),
    address_type: "COMMERCIAL",
    street: "Rua A",
    number: "1",
    complement: "",
    neighborhood: "Centro",
    city: "Campinas",
    state: "SP",
    country: "BR",
    postal_code: "13010-000",
    active: true,
  });
  const product = await post(request, headers, "/products", { name: unique("Fio Flexível") });
  const key = { company_id: company.id, warehouse_id: warehouse.id, product_id: product.id };
  const move = (body: object, base = "") => request.put(`${base}${API}/stock/movement`, { headers, data: { ...key, ...body } });
  return { key, move };
}
