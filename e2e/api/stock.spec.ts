import { randomInt, randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { API, expect, expectProblem, test, unique, type Headers } from "../fixtures";

/**
 * Stock over REST (interface.md "Stock", contract §5 Stock; issue 10): exact statuses of
 * every operation, and concurrent movements that never lose an update — on PostgreSQL
 * also split between two app instances (E2E_SECOND_URL, as in scale-out.spec.ts).
 */

/** Check digits of a CNPJ (base of 12 digits). */
function cnpj(): string {
  const base = Array.from({ length: 8 }, () => randomInt(10)).join("") + "0001";
  const digit = (digits: string) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = [...digits].reduce((sum, char, index) => sum + Number(char) * weights[index]!, 0) % 11;
    return rest < 2 ? "0" : String(11 - rest);
  };
  const first = base + digit(base);
  return first + digit(first);
}

async function post(request: APIRequestContext, headers: Headers, path: string, data: object) {
  const response = await request.post(`${API}${path}`, { headers, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

/** A company, a warehouse and a product (unit of 2 decimals) of the default org, named for this test. */
async function world(request: APIRequestContext, headers: Headers) {
  const company = await post(request, headers, "/companies", {
    name: unique("Distribuidora"),
    fiscal_registration_number: cnpj(),
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
  const unit = await post(request, headers, "/measure-units", {
    abbreviation: `M${randomUUID().slice(0, 6).toUpperCase()}`,
    description: "Metro",
    decimals_for_quantity: 2,
    active: true,
  });
  const product = await post(request, headers, "/products", {
    name: unique("Fio Flexível"),
    measure_unit_id: unit.id,
  });
  const key = {
    company_id: company.id,
    warehouse_id: warehouse.id,
    product_id: product.id,
  };
  const move = (body: object, base = "") =>
    request.put(`${base}${API}/stock/movement`, {
      headers,
      data: { ...key, ...body },
    });
  return { company, warehouse, product, key, move };
}

test.describe("stock", () => {
  test("PUT /stock/movement 200 with the record; 404 on a missing record; 422 for what breaks the invariants", async ({
    request,
    admin,
  }) => {
    const { key, move, product, warehouse } = await world(request, admin);
    await expectProblem(await move({ type: "DECREMENT", quantity: 1 }), 404);
    const created = await move({
      type: "INCREMENT",
      quantity: 12.5,
      reason: "Compra",
      reference_id: "NF-7",
    });
    expect(created.status()).toBe(200);
    const record = await created.json();
    expect(record).toMatchObject({
      company: { id: key.company_id },
      warehouse: { id: warehouse.id, name: warehouse.name },
      product: {
        id: product.id,
        name: product.name,
        sku: product.sku,
        product_variation_id: null,
        main_image_url: null,
      },
      active: true,
      total: 12.5,
      reserved: 0,
      available: 12.5,
    });
    expect(await (await move({ type: "RESERVE", quantity: 2.25 })).json()).toMatchObject({ reserved: 2.25, available: 10.25 });
    await expectProblem(await move({ type: "DECREMENT", quantity: 10.26 }), 422);
    await expectProblem(await move({ type: "RELEASE", quantity: 3 }), 422);
    await expectProblem(await move({ type: "INCREMENT", quantity: 0.001 }), 422);
    await expectProblem(await move({ type: "INCREMENT", quantity: "1" }), 422);
    await expectProblem(await move({ product_id: randomUUID(), type: "INCREMENT", quantity: 1 }), 422);

    const ledger = await request.get(`${API}/stock/${record.id}/movements?dir=desc`, { headers: admin });
    expect(ledger.status()).toBe(200);
    expect(await ledger.json()).toMatchObject({
      currentPage: 0,
      total: 2,
      items: [
        {
          type: "RESERVE",
          quantity: 2.25,
          reserved_before: 0,
          reserved_after: 2.25,
          actor: { kind: "user" },
        },
        {
          type: "INCREMENT",
          quantity: 12.5,
          total_before: 0,
          total_after: 12.5,
          reason: "Compra",
          reference_id: "NF-7",
        },
      ],
    });
    const list = await request.get(`${API}/stock?product_id=${product.id}&warehouse_id=${warehouse.id}&company_id=${key.company_id}`, {
      headers: admin,
    });
    expect(list.status()).toBe(200);
    expect(await list.json()).toMatchObject({
      currentPage: 0,
      perPage: 25,
      total: 1,
      items: [{ id: record.id, total: 12.5 }],
    });
  });

  test("enable and disable 200 with the record, 404; DELETE 204, 409 while reserved, 404", async ({ request, admin }) => {
    const { move } = await world(request, admin);
    const record = await (await move({ type: "INCREMENT", quantity: 3 })).json();
    const disabled = await request.put(`${API}/stock/${record.id}/disable`, {
      headers: admin,
    });
    expect(disabled.status()).toBe(200);
    expect(await disabled.json()).toMatchObject({
      id: record.id,
      active: false,
    });
    await expectProblem(await move({ type: "INCREMENT", quantity: 1 }), 422);
    const enabled = await request.put(`${API}/stock/${record.id}/enable`, {
      headers: admin,
    });
    expect(enabled.status()).toBe(200);
    expect(await enabled.json()).toMatchObject({ id: record.id, active: true });
    await expectProblem(
      await request.put(`${API}/stock/${randomUUID()}/enable`, {
        headers: admin,
      }),
      404,
    );
    await expectProblem(
      await request.put(`${API}/stock/${randomUUID()}/disable`, {
        headers: admin,
      }),
      404,
    );

    await move({ type: "RESERVE", quantity: 1 });
    await expectProblem(await request.delete(`${API}/stock/${record.id}`, { headers: admin }), 409);
    await move({ type: "RELEASE", quantity: 1 });
    const removed = await request.delete(`${API}/stock/${record.id}`, {
      headers: admin,
    });
    expect(removed.status()).toBe(204);
    await expectProblem(await request.delete(`${API}/stock/${record.id}`, { headers: admin }), 404);
  });

  test("PUT /stock/override 200 with the array of records; 422 writes nothing", async ({ request, admin }) => {
    const { key, move } = await world(request, admin);
    const existing = await (await move({ type: "INCREMENT", quantity: 10 })).json();
    const answer = await request.put(`${API}/stock/override`, {
      headers: admin,
      data: { items: [{ ...key, total: 4, reserved: 1 }] },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    expect(await answer.json()).toEqual([
      expect.objectContaining({
        id: existing.id,
        total: 4,
        reserved: 1,
        available: 3,
      }),
    ]);
    const invalid = await expectProblem(
      await request.put(`${API}/stock/override`, {
        headers: admin,
        data: {
          items: [
            { ...key, total: 9 },
            { ...key, total: 1, reserved: 2, product_id: randomUUID() },
          ],
        },
      }),
      422,
    );
    expect(invalid.errors?.map((error) => error.path)).toEqual(["items.1.product_id"]);
    expect(
      (
        await (
          await request.get(`${API}/stock/${existing.id}/movements`, {
            headers: admin,
          })
        ).json()
      ).total,
    ).toBe(2);
  });

  test("another org sees none of it: lists are empty, ids are 404, references are 422", async ({ request, admin, otherAdmin }) => {
    const { key, move } = await world(request, admin);
    const record = await (await move({ type: "INCREMENT", quantity: 1 })).json();
    expect(
      (
        await (
          await request.get(`${API}/stock?product_id=${key.product_id}`, {
            headers: otherAdmin,
          })
        ).json()
      ).total,
    ).toBe(0);
    await expectProblem(
      await request.put(`${API}/stock/${record.id}/disable`, {
        headers: otherAdmin,
      }),
      404,
    );
    await expectProblem(
      await request.get(`${API}/stock/${record.id}/movements`, {
        headers: otherAdmin,
      }),
      404,
    );
    await expectProblem(
      await request.delete(`${API}/stock/${record.id}`, {
        headers: otherAdmin,
      }),
      404,
    );
    await expectProblem(
      await request.put(`${API}/stock/movement`, {
        headers: otherAdmin,
        data: { ...key, type: "DECREMENT", quantity: 1 },
      }),
      422,
    );
  });

  test("40 concurrent DECREMENT 1 on 25: exactly 25 succeed and 15 are 422", async ({ request, admin }) => {
    await fortyOnTwentyFive(request, admin, [""]);
  });
});

/** 40 concurrent DECREMENT 1 on a total of 25, sent in turn to each base. */
async function fortyOnTwentyFive(request: APIRequestContext, admin: Headers, bases: string[]) {
  const { move } = await world(request, admin);
  const record = await (await move({ type: "INCREMENT", quantity: 25 })).json();
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, index) => move({ type: "DECREMENT", quantity: 1 }, bases[index % bases.length])),
  );
  const statuses = answers.map((answer) => answer.status());
  expect(statuses.filter((status) => status === 200)).toHaveLength(25);
  expect(statuses.filter((status) => status === 422)).toHaveLength(15);
  const after = await (await request.get(`${API}/stock/${record.id}/movements?dir=desc&perPage=100`, { headers: admin })).json();
  expect(after.total).toBe(26);
  expect(after.items[0]).toMatchObject({ total_after: 0 });
}

test.describe("stock on two instances sharing one PostgreSQL", () => {
  const second = process.env.E2E_SECOND_URL;
  test.skip(!second, "needs PostgreSQL: a second instance runs only there (TEST_DATABASE_URL)");

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

  test("40 concurrent DECREMENT 1 on 25 split between both: exactly 25 succeed and 15 are 422", async ({ request, admin }) => {
    await fortyOnTwentyFive(request, admin, ["", second!]);
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
    const list = await (
      await request.get(`${API}/stock?product_id=${key.product_id}`, {
        headers: admin,
      })
    ).json();
    expect(list.items[0]).toMatchObject({
      total: 20 - ok("DECREMENT"),
      reserved: ok("RESERVE") - ok("RELEASE"),
    });
    expect(list.items[0].reserved).toBeLessThanOrEqual(list.items[0].total);
  });

  test("an Idempotency-Key retry on the other instance replays: the movement applies once", async ({ request, admin }) => {
    const { move, key } = await world(request, admin);
    const headers = { ...admin, "idempotency-key": randomUUID() };
    const data = { ...key, type: "INCREMENT", quantity: 3 };
    const first = await request.put(`${API}/stock/movement`, { headers, data });
    const again = await request.put(`${second}${API}/stock/movement`, {
      headers,
      data,
    });
    expect(first.status()).toBe(200);
    expect(again.status()).toBe(200);
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    expect((await (await move({ type: "INCREMENT", quantity: 1 })).json()).total).toBe(4);
  });
});
