import type { APIRequestContext } from "@playwright/test";
import { API, expect, expectProblem, test, unique, type Headers } from "../fixtures";

/**
 * The pricing contract over HTTP: /price-tables (POST 200), /discounts (POST 201 {id},
 * PUT 200 {id}), DELETE 204, 404 on unknown ids, 422 on unknown references, and
 * POST /prices/product/calculate (400 on bad input and without price; explain steps).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several resources
type Body = { id: string; [field: string]: any };

async function create(request: APIRequestContext, headers: Headers, path: string, data: object, status = 201): Promise<Body> {
  const response = await request.post(`${API}${path}`, { headers, data });
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

const tableBody = (over: object = {}) => ({
  name: unique("Tabela"),
  start_date: "2026-01-01",
  is_partner_specific: false,
  is_profile_specific: false,
  is_company_specific: false,
  is_payment_method_specific: false,
  ...over,
});

test.describe("price tables", () => {
  test("POST 200, GET with names, list with sizes, PUT 200, DELETE 204; 404 and 422", async ({ request, admin }) => {
    const product = await create(request, admin, "/products", { name: unique("Martelo"), price: 40 }, 200);
    const profile = await create(request, admin, "/profiles", { name: unique("Varejo"), active: true });
    const body = tableBody({
      is_profile_specific: true,
      profiles: [{ profile_id: profile.id }],
      criteria: [{ products: [{ product_id: product.id, price: 35 }] }],
    });
    const table = await create(request, admin, "/price-tables", body, 200);
    expect(table).toEqual({ id: expect.any(String), name: body.name, start_date: "2026-01-01", end_date: null, attributes: {} });
    const detail = await (await request.get(`${API}/price-tables/${table.id}`, { headers: admin })).json();
    expect(detail.profiles[0]).toMatchObject({ profile_id: profile.id, profile_name: profile.name });
    expect(detail.criteria[0]).toMatchObject({
      products_quantity: 1,
      products: [{ product_id: product.id, price: 35, base_price: 40, name: product.name, sku: product.sku }],
    });
    const list = await (
      await request.get(`${API}/price-tables?search=${encodeURIComponent(body.name)}&sort=start_date&dir=desc`, { headers: admin })
    ).json();
    expect(list).toMatchObject({
      currentPage: 0,
      perPage: 25,
      total: 1,
      items: [{ id: table.id, profile_size: 1, partner_size: 0, company_size: 0, payment_method_size: 0 }],
    });
    const put = await request.put(`${API}/price-tables/${table.id}`, { headers: admin, data: { ...body, end_date: "2026-12-31" } });
    expect(put.status()).toBe(200);
    expect(await put.json()).toMatchObject({ id: table.id, end_date: "2026-12-31" });
    await expectProblem(
      await request.post(`${API}/price-tables`, {
        headers: admin,
        data: tableBody({ criteria: [{ products: [{ product_id: crypto.randomUUID() }] }] }),
      }),
      422,
    );
    await expectProblem(await request.post(`${API}/price-tables`, { headers: admin, data: tableBody({ end_date: "2025-12-31" }) }), 422);
    expect((await request.delete(`${API}/price-tables/${table.id}`, { headers: admin })).status()).toBe(204);
    await expectProblem(await request.get(`${API}/price-tables/${table.id}`, { headers: admin }), 404);
    await expectProblem(await request.delete(`${API}/price-tables/${table.id}`, { headers: admin }), 404);
  });
});

test.describe("discounts", () => {
  test("POST 201 {id}, GET, list with quantities, PUT 200 {id}, DELETE 204; 404 and 422", async ({ request, admin }) => {
    const brand = await create(request, admin, "/brands", { name: unique("Tramontina"), active: true });
    await create(request, admin, "/products", { name: unique("Alicate"), price: 30, brand_id: brand.id }, 200);
    const body = {
      name: unique("Marca"),
      ranges: [{ minimum_quantity: 1, type: "PERCENTAGE", value: 5 }],
      criteria: [{ config: { brand_id: { values: [brand.id], type: "SQL" } } }],
    };
    const created = await create(request, admin, "/discounts", body);
    expect(created).toEqual({ id: expect.any(String) });
    const detail = await (await request.get(`${API}/discounts/${created.id}`, { headers: admin })).json();
    expect(detail.criteria[0]).toMatchObject({
      products_quantity: 1,
      config: { brand_id: { key: "brand_id", values: [brand.id], type: "SQL" } },
    });
    const list = await (await request.get(`${API}/discounts?search=${encodeURIComponent(body.name)}`, { headers: admin })).json();
    expect(list.items[0]).toMatchObject({
      id: created.id,
      partners_quantity: 0,
      profiles_quantity: 0,
      companies_quantity: 0,
      payment_methods_quantity: 0,
    });
    const put = await request.put(`${API}/discounts/${created.id}`, { headers: admin, data: { ...body, is_active: false } });
    expect(put.status()).toBe(200);
    expect(await put.json()).toEqual({ id: created.id });
    await expectProblem(
      await request.post(`${API}/discounts`, { headers: admin, data: { name: "x", partners: [{ partner_id: crypto.randomUUID() }] } }),
      422,
    );
    await expectProblem(await request.put(`${API}/discounts/${crypto.randomUUID()}`, { headers: admin, data: body }), 404);
    expect((await request.delete(`${API}/discounts/${created.id}`, { headers: admin })).status()).toBe(204);
    await expectProblem(await request.get(`${API}/discounts/${created.id}`, { headers: admin }), 404);
  });
});

test.describe("price calculation", () => {
  test("answers per contract §5 with explain steps; 400 on bad input and without price", async ({ request, admin }) => {
    const product = await create(request, admin, "/products", { name: unique("Trena"), price: 20 }, 200);
    const bare = await create(request, admin, "/products", { name: unique("Sem preço") }, 200);
    const discount = await create(request, admin, "/discounts", {
      name: unique("Leve 5"),
      ranges: [{ minimum_quantity: 5, type: "MONETARY", value: 2 }],
      criteria: [{ config: [{ key: "product_id", values: [product.id] }] }],
    });
    const answer = await request.post(`${API}/prices/product/calculate?explain=true`, {
      headers: admin,
      data: { product_id: product.id, quantity: 5 },
    });
    expect(answer.status()).toBe(200);
    const body = await answer.json();
    expect(body).toMatchObject({
      product_id: product.id,
      product_variation_id: null,
      quantity: 5,
      base_price: 20,
      price_table: null,
      discounts: [{ id: discount.id, type: "MONETARY", value: 2, amount: 10 }],
      unit_price: 18,
      total_value: 90,
      payment_method: null,
    });
    expect(body.steps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: "discount", id: discount.id, before: 20, after: 18, reason: expect.any(String) }),
      ]),
    );
    const few = await (
      await request.post(`${API}/prices/product/calculate?explain=true`, { headers: admin, data: { product_id: product.id, quantity: 4 } })
    ).json();
    expect(few.steps.find((step: { id: string }) => step.id === discount.id)).toMatchObject({ code: "no_range_reached" });
    await expectProblem(
      await request.post(`${API}/prices/product/calculate`, { headers: admin, data: { product_id: bare.id, quantity: 1 } }),
      400,
    );
    await expectProblem(await request.post(`${API}/prices/product/calculate`, { headers: admin, data: { product_id: product.id } }), 400);
    await expectProblem(
      await request.post(`${API}/prices/product/calculate`, { headers: admin, data: { product_id: crypto.randomUUID(), quantity: 1 } }),
      400,
    );
  });
});
