/**
 * Orders over REST (interface "Orders", "Order payments"; contract §5 Status and Custom
 * order report, §7 totals, status history, payments, invoices, attachments, coupons).
 */
import { randomUUID } from "node:crypto";
import { transaction } from "@/server/db/transaction";
import { describe, expect, it } from "vitest";
import { encrypt } from "@/server/lib/encryption";
import { newOrg, unique, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { nfeKey, orderBody, orderFixtures, upload, type Fixtures } from "../helpers/orders";
import { saleBody, salesSetup } from "../helpers/sales";

const API = "/api/b2b";
const paths = (problem: { errors?: Array<{ path: string }> }) => (problem.errors ?? []).map((error) => error.path).sort();

async function setup(): Promise<{ org: TestOrg; f: Fixtures }> {
  const org = await newOrg();
  return { org, f: await orderFixtures(org) };
}

async function createOrder(f: Fixtures, overrides: Record<string, unknown> = {}) {
  const answer = await call("POST", `${API}/orders`, {
    headers: f.headers,
    body: orderBody(f, overrides),
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.json as { id: string; [field: string]: unknown };
}

describe("orders", { timeout: 120_000 }, () => {
  it("create 201 (create response), detail with every part, update 200 (replacing lists), list filters, delete 204", async () => {
    const { f } = await setup();
    const key = nfeKey();
    const created = await call("POST", `${API}/orders`, {
      headers: f.headers,
      body: orderBody(f, {
        attachments: [f.xml],
        invoices: [
          {
            invoice_key: key,
            invoice_number: "123",
            xml_resource_id: f.xml,
            danfe_resource_id: f.danfe,
          },
        ],
      }),
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id;
    expect(created.json).toMatchObject({
      origin: "ADMIN",
      partner_id: f.partner.id,
      company_id: f.company.id,
      seller_id: f.seller.id,
      negotiation_date: "2026-03-10T14:30:00.000Z",
      total_value: 1280,
      order_value: 1260,
      discount_value: 10,
      shipment_street: "Avenida Paulista",
      quotation: false,
      attachments: [f.xml],
      invoices: [
        {
          invoice_key: key,
          xml_resource_id: f.xml,
          danfe_resource_id: f.danfe,
        },
      ],
    });
    expect(created.json).not.toHaveProperty("shipment_city");
    expect(created.json.items).toEqual([
      {
        id: expect.any(String),
        order_id: id,
        product_id: f.drill.id,
        unit_value: 459.9,
        quantity: 2,
        unit: "CX",
        discount: 19.8,
        product_variation_id: null,
        attributes: {},
      },
      {
        id: expect.any(String),
        order_id: id,
        product_id: f.saw.id,
        unit_value: 120,
        quantity: 3,
        unit: "UN",
        discount: 0,
        product_variation_id: null,
        attributes: {},
      },
    ]);

    const detail = (await call("GET", `${API}/orders/${id}`, { headers: f.headers })).json;
    expect(detail).toMatchObject({
      id,
      company: {
        id: f.company.id,
        name: f.company.name,
        fiscal_registration_number: f.company.fiscal_registration_number,
      },
      shipment_city: "São Paulo",
      freight_value: 30,
      delivery_method_name: f.delivery.name,
      delivery_method_type: "CARRIER",
      delivery_method_price_type: "FIXED",
      delivery_method_period_type: "DAYS",
      delivery_method_period_start: "2",
      delivery_method_period_end: "5",
      status: f.status("ORDER", "new"),
      attachments: [{ file_id: f.xml, name: "nfe.xml", type: "application/xml" }],
      invoices: [
        {
          invoice_key: key,
          xml_resource_id: f.xml,
          xml_file_name: "nfe.xml",
          xml_file_type: "application/xml",
          danfe_resource_id: f.danfe,
          danfe_file_name: "danfe.pdf",
          danfe_file_type: "application/pdf",
        },
      ],
      statuses: [
        {
          status_id: f.status("ORDER", "new"),
          created_at: expect.any(String),
          actor_name: expect.any(String),
        },
      ],
      coupons: [],
      payments: [],
      resume_fields: [],
    });
    expect(detail.items[0]).toMatchObject({
      orderId: id,
      productId: f.drill.id,
      productName: f.drill.name,
      sku: f.drill.sku,
      unit: "CX",
      unitValue: 459.9,
      quantity: 2,
      discount: 19.8,
      totalValue: 900,
    });
    expect(detail.items[0].image).toBe(f.drill.main_image_url);
    expect(detail.items[1]).toMatchObject({
      productName: f.saw.name,
      image: null,
      totalValue: 360,
    });

    const update = await call("PUT", `${API}/orders/${id}`, {
      headers: f.headers,
      body: {
        ...orderBody(f, {
          order_value: 240,
          total_value: 260,
          items: [{ product_id: f.saw.id, unit_value: 120, quantity: 2 }],
          invoices: [],
          attachments: [],
        }),
        payments: [{ payment_method_id: f.method.id, amount: 260, installments: 2 }],
        discounts: [{ type: "COMMERCIAL", amount: 10 }],
        quotation: true,
      },
    });
    expect(update.status, update.text).toBe(200);
    expect(update.json).not.toHaveProperty("items");
    expect(update.json).toMatchObject({
      id,
      total_value: 260,
      quotation: true,
      invoices: [],
      attachments: [],
    });
    const after = (await call("GET", `${API}/orders/${id}`, { headers: f.headers })).json;
    expect(after.items).toHaveLength(1);
    expect(after.payments).toEqual([
      expect.objectContaining({
        orderId: id,
        paymentMethodId: f.method.id,
        amount: 260,
        installments: 2,
        attributes: {},
      }),
    ]);
    expect(after.discounts).toEqual([{ type: "COMMERCIAL", amount: 10 }]);

    // A PUT without lists keeps them.
    const keep = await call("PUT", `${API}/orders/${id}`, {
      headers: f.headers,
      body: {
        ...orderBody(f, { order_value: 240, total_value: 260 }),
        items: undefined,
        observation: "x",
      },
    });
    expect(keep.status, keep.text).toBe(200);
    expect((await call("GET", `${API}/orders/${id}`, { headers: f.headers })).json.items).toHaveLength(1);

    const other = await createOrder(f, {
      negotiation_date: "2026-04-01T10:00:00.000Z",
      seller_id: null,
    });
    const list = async (query: string) => (await call("GET", `${API}/orders?${query}`, { headers: f.headers })).json;
    expect((await list("")).total).toBe(2);
    expect((await list(`partner_id=${f.partner.id}`)).total).toBe(2);
    expect((await list("start_date=2026-03-10&end_date=2026-03-10")).items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await list("start_date=2026-03-11")).items.map((item: { id: string }) => item.id)).toEqual([other.id]);
    expect((await list("quotation=true")).items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await list(`seller_id=${f.seller.id}`)).total).toBe(1);
    expect((await list(`status=${f.status("ORDER", "new")}`)).total).toBe(2);
    expect((await list(`status=${f.status("ORDER", "confirmed")}`)).total).toBe(0);
    const page = await list("sort=negotiation_date&dir=desc&perPage=1");
    expect(page).toMatchObject({ currentPage: 0, perPage: 1, total: 2 });
    expect(page.items[0]).toMatchObject({
      id: other.id,
      status: f.status("ORDER", "new"),
      shipment_city: "São Paulo",
      partner_name: f.partner.name,
      status_title: "new",
      freight_value: 30,
    });
    expectProblem(await call("GET", `${API}/orders?sort=nope`, { headers: f.headers }), 422);
    expectProblem(
      await call("GET", `${API}/orders?start_date=10/03/2026`, {
        headers: f.headers,
      }),
      422,
    );

    const removed = await call("DELETE", `${API}/orders/${id}`, {
      headers: f.headers,
    });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expectProblem(await call("GET", `${API}/orders/${id}`, { headers: f.headers }), 404);
    expectProblem(await call("DELETE", `${API}/orders/${id}`, { headers: f.headers }), 404);
  });

  it("keeps the customer's purchase order: answered by the detail and the list, kept by a PUT that omits it, copied by a duplicate", async () => {
    const { org, f } = await setup();
    const created = await createOrder(f, { purchase_order: " PC-2026/0042 " });
    const read = async () => (await call("GET", `${API}/orders/${created.id}`, { headers: f.headers })).json;
    expect((await read()).purchase_order).toBe("PC-2026/0042");
    const listed = (await call("GET", `${API}/orders?partner_id=${f.partner.id}`, { headers: f.headers })).json.items;
    expect(listed.find((order: { id: string }) => order.id === created.id)?.purchase_order).toBe("PC-2026/0042");
    const kept = await call("PUT", `${API}/orders/${created.id}`, {
      headers: f.headers,
      body: orderBody(f, { observation: "Entregar pela manhã" }),
    });
    expect(kept.status, kept.text).toBe(200);
    expect((await read()).purchase_order).toBe("PC-2026/0042");
    const copy = await (await org.as()).orders.duplicateQuotation({ id: created.id });
    expect(copy.purchase_order).toBe("PC-2026/0042");
    const cleared = await call("PUT", `${API}/orders/${created.id}`, { headers: f.headers, body: orderBody(f, { purchase_order: null }) });
    expect(cleared.status, cleared.text).toBe(200);
    expect((await read()).purchase_order).toBeNull();
    expectProblem(await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { purchase_order: "x".repeat(61) }) }), 422);
  });

  it("checks totals within 0.01 and names the field (422)", async () => {
    const { f } = await setup();
    const offBy = async (overrides: Record<string, unknown>) =>
      paths(
        expectProblem(
          await call("POST", `${API}/orders`, {
            headers: f.headers,
            body: orderBody(f, overrides),
          }),
          422,
        ),
      );
    expect(await offBy({ order_value: 1260.02, total_value: 1280.02 })).toEqual(["order_value"]);
    expect(await offBy({ total_value: 1280.02 })).toEqual(["total_value"]);
    expect(await offBy({ freight_value: 0 })).toEqual(["total_value"]);
    expect(
      await offBy({
        items: [
          {
            product_id: f.drill.id,
            unit_value: 459.9,
            quantity: 2,
            discount: 19.8,
            total_value: 900.02,
          },
          { product_id: f.saw.id, unit_value: 120, quantity: 3 },
        ],
      }),
    ).toEqual(["items.0.total_value"]);
    expect(
      await offBy({
        items: [{ product_id: f.saw.id, unit_value: 1, quantity: 1, discount: 2 }],
        order_value: 0,
        total_value: 20,
      }),
    ).toEqual(["items.0.discount", "order_value"]);
    expect(
      await offBy({
        items: [{ product_id: f.saw.id, unit_value: 1, quantity: 0 }],
      }),
    ).toContain("items.0.quantity");
    // Within 0.01 is accepted.
    await createOrder(f, { order_value: 1260.01, total_value: 1280 });
    // Without items, only the total rule holds.
    await createOrder(f, {
      items: undefined,
      order_value: 50,
      discount_value: 0,
      freight_value: undefined,
      total_value: 50,
    });
  });

  it("refuses references that are not the org's (422 per field)", async () => {
    const { f } = await setup();
    const { f: theirs } = await setup();
    const problem = expectProblem(
      await call("POST", `${API}/orders`, {
        headers: f.headers,
        body: orderBody(f, {
          partner_id: theirs.partner.id,
          company_id: theirs.company.id,
          seller_id: theirs.seller.id,
          delivery_method_id: theirs.delivery.id,
          status: theirs.status("ORDER", "new"),
          attachments: [theirs.xml],
          invoices: [
            {
              invoice_key: nfeKey(),
              xml_resource_id: theirs.xml,
              danfe_resource_id: theirs.danfe,
            },
          ],
          payments: [{ payment_method_id: theirs.method.id, amount: 10 }],
          coupons: [{ coupon_id: randomUUID() }],
          items: [
            { product_id: theirs.drill.id, unit_value: 630, quantity: 2 },
            { product_id: f.saw.id, unit_value: 0, quantity: 1 },
          ],
        }),
      }),
      422,
    );
    expect(paths(problem)).toEqual(
      [
        "attachments.0",
        "company_id",
        "coupons.0.coupon_id",
        "delivery_method_id",
        "invoices.0.danfe_resource_id",
        "invoices.0.xml_resource_id",
        "items.0.product_id",
        "partner_id",
        "payments.0.payment_method_id",
        "seller_id",
        "status",
      ].sort(),
    );
  });

  it("appends the status history, refuses statuses of other types, moves phases forward only and locks an order from INVOICED on (409)", async () => {
    const { org, f } = await setup();
    const order = await createOrder(f);
    const body = orderBody(f);
    const put = (extra: Record<string, unknown>) =>
      call("PUT", `${API}/orders/${order.id}`, {
        headers: f.headers,
        body: { ...body, ...extra },
      });
    expect(paths(expectProblem(await put({ status: f.status("SALE", "paid") }), 422))).toEqual(["status"]);
    expect((await put({ status: f.status("ORDER", "confirmed") })).status).toBe(200);
    expect((await put({ status: f.status("ORDER", "confirmed") })).status).toBe(200);
    // Invoicing needs an NF-e invoice on the order (contract §10).
    expect(paths(expectProblem(await put({ status: f.status("ORDER", "invoiced") }), 422))).toEqual(["invoices"]);
    const invoices = [{ invoice_key: nfeKey() }];
    expect((await put({ status: f.status("ORDER", "invoiced"), invoices })).status).toBe(200);
    const detail = (await call("GET", `${API}/orders/${order.id}`, { headers: f.headers })).json;
    expect(detail.statuses.map((entry: { status_id: string }) => entry.status_id)).toEqual([
      f.status("ORDER", "new"),
      f.status("ORDER", "confirmed"),
      f.status("ORDER", "invoiced"),
    ]);
    expect(detail.status_detail.phase).toBe("INVOICED");

    // From INVOICED on only the status and the attributes change.
    expectProblem(await put({ observation: "changed", invoices }), 409);
    expectProblem(await put({ items: [{ product_id: f.saw.id, unit_value: 420, quantity: 3 }], invoices }), 409);
    expect((await put({ attributes: { nota: "ok" }, invoices })).status).toBe(200);
    expectProblem(await call("DELETE", `${API}/orders/${order.id}`, { headers: f.headers }), 409);
    expectProblem(
      await call("POST", `${API}/orders/${order.id}/payments`, {
        headers: f.headers,
        body: { payment_method_id: f.method.id, amount: 1, installments: 1 },
      }),
      409,
    );
    const unchanged = (await call("GET", `${API}/orders/${order.id}`, { headers: f.headers })).json;
    expect(unchanged.observation).toBe("Entregar pela manhã");
    expect(unchanged.attributes).toEqual({ nota: "ok" });
    // Phases only move forward: back to CONFIRMED, or canceled once invoiced, is 409 naming both statuses.
    const back = expectProblem(await put({ status: f.status("ORDER", "confirmed"), attributes: { nota: "ok" }, invoices }), 409) as {
      params?: unknown;
    };
    expect(back.params).toMatchObject({ from: "invoiced", to: "confirmed", fromPhase: "INVOICED", toPhase: "CONFIRMED" });
    expectProblem(await put({ status: f.status("ORDER", "canceled"), attributes: { nota: "ok" }, invoices }), 409);

    const api = await org.as();
    const viaMenu = await api.orders.setStatus({ id: order.id, status: f.status("ORDER", "shipped") });
    expect(viaMenu.statuses.at(-1)).toMatchObject({ status_id: f.status("ORDER", "shipped"), title: "shipped" });
    expect(viaMenu.status_detail.phase).toBe("SHIPPED");
  });

  it("validates NF-e keys (422) and keeps them unique per org (422)", async () => {
    const { f } = await setup();
    const key = nfeKey();
    const wrong = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    expect(
      paths(
        expectProblem(
          await call("POST", `${API}/orders`, {
            headers: f.headers,
            body: orderBody(f, { invoices: [{ invoice_key: wrong }] }),
          }),
          422,
        ),
      ),
    ).toEqual(["invoices.0.invoice_key"]);
    expect(
      paths(
        expectProblem(
          await call("POST", `${API}/orders`, {
            headers: f.headers,
            body: orderBody(f, { invoices: [{ invoice_key: "123" }] }),
          }),
          422,
        ),
      ),
    ).toEqual(["invoices.0.invoice_key"]);
    const formatted = key.replace(/(\d{4})(?=\d)/g, "$1 ");
    const first = await createOrder(f, {
      invoices: [{ invoice_key: formatted }],
    });
    expect((await call("GET", `${API}/orders/${first.id}`, { headers: f.headers })).json.invoices[0].invoice_key).toBe(key);
    expect(
      paths(
        expectProblem(
          await call("POST", `${API}/orders`, {
            headers: f.headers,
            body: orderBody(f, { invoices: [{ invoice_key: key }] }),
          }),
          422,
        ),
      ),
    ).toEqual(["invoices.0.invoice_key"]);
    // The same order may keep its key; another org may use it.
    expect(
      (
        await call("PUT", `${API}/orders/${first.id}`, {
          headers: f.headers,
          body: orderBody(f, {
            invoices: [{ invoice_key: key, invoice_number: "9" }],
          }),
        })
      ).status,
    ).toBe(200);
    const { f: theirs } = await setup();
    await createOrder(theirs, { invoices: [{ invoice_key: key }] });
  });

  it("keeps files attached to an order from being deleted (409)", async () => {
    const { org, f } = await setup();
    const [attached] = await upload(org, [{ name: "contrato.pdf", type: "application/pdf", bytes: "%PDF-1.4 x" }]);
    const order = await createOrder(f, {
      attachments: [attached],
      invoices: [{ invoice_key: nfeKey(), danfe_resource_id: f.danfe }],
    });
    expectProblem(
      await call("DELETE", `${API}/resource-files/${attached}`, {
        headers: f.headers,
      }),
      409,
    );
    expectProblem(
      await call("DELETE", `${API}/resource-files/${f.danfe}`, {
        headers: f.headers,
      }),
      409,
    );
    expect(
      (
        await call("PUT", `${API}/orders/${order.id}`, {
          headers: f.headers,
          body: orderBody(f, { attachments: [], invoices: [] }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call("DELETE", `${API}/resource-files/${attached}`, {
          headers: f.headers,
        })
      ).status,
    ).toBe(204);
  });

  it("isolates orgs: another org's order is 404 everywhere and absent from lists", async () => {
    const { f } = await setup();
    const { f: theirs } = await setup();
    const order = await createOrder(f);
    expectProblem(
      await call("GET", `${API}/orders/${order.id}`, {
        headers: theirs.headers,
      }),
      404,
    );
    expectProblem(
      await call("PUT", `${API}/orders/${order.id}`, {
        headers: theirs.headers,
        body: orderBody(theirs),
      }),
      404,
    );
    expectProblem(
      await call("DELETE", `${API}/orders/${order.id}`, {
        headers: theirs.headers,
      }),
      404,
    );
    expectProblem(
      await call("GET", `${API}/orders/${order.id}/payments`, {
        headers: theirs.headers,
      }),
      404,
    );
    expectProblem(
      await call("GET", `${API}/orders/${order.id}/pdf`, {
        headers: theirs.headers,
      }),
      404,
    );
    expect((await call("GET", `${API}/orders`, { headers: theirs.headers })).json.total).toBe(0);
  });

  it("numbers orders per org from 1 (never reused), answers the number in the detail, list, sale and receivables, and finds it as typed", async () => {
    const { f } = await setup();
    const { f: theirs } = await setup();
    const first = await createOrder(f);
    const second = await createOrder(f);
    const get = async (id: string, headers = f.headers) => (await call("GET", `${API}/orders/${id}`, { headers })).json;
    expect((await get(first.id)).number).toBe(1);
    expect((await get(second.id)).number).toBe(2);
    // Another org counts its own, from 1.
    expect((await get((await createOrder(theirs)).id, theirs.headers)).number).toBe(1);
    // A deleted order's number is not handed out again.
    expect((await call("DELETE", `${API}/orders/${second.id}`, { headers: f.headers })).status).toBe(204);
    const third = await createOrder(f);
    expect((await get(third.id)).number).toBe(3);
    const list = await call("GET", `${API}/orders?sort=number&dir=desc`, { headers: f.headers });
    expect(list.json.items.map((item: { number: number }) => item.number)).toEqual([3, 1]);
    // Digits alone are a number or part of a text (a CNPJ, ...); with its sign, only the number.
    const digits = await call("GET", `${API}/orders?search=3`, { headers: f.headers });
    expect(digits.json.items.map((item: { id: string }) => item.id)).toContain(third.id);
    for (const typed of ["nº 3", "Nº3", "#3", "Pedido 3", "n. 3", "pedido nº 3"]) {
      const found = await call("GET", `${API}/orders?search=${encodeURIComponent(typed)}`, { headers: f.headers });
      expect(
        found.json.items.map((item: { id: string }) => item.id),
        typed,
      ).toEqual([third.id]);
    }
    const palette = await call("GET", `/api/trpc/search.everything?input=${encodeURIComponent(JSON.stringify({ q: "nº 1" }))}`, {
      headers: f.headers,
    });
    expect(palette.status, palette.text).toBe(200);
    expect(palette.json.result.data.orders.map((hit: { number: number }) => hit.number)).toEqual([1]);
    // A sale answers its order's number, and so do the receivables it made.
    const shop = await salesSetup(await newOrg());
    const sale = await call("POST", `${API}/sales`, { headers: shop.headers, body: saleBody(shop) });
    expect(sale.status, sale.text).toBe(200);
    expect(sale.json.order_number).toBe(1);
    const detail = await call("GET", `${API}/sales/${sale.json.id}`, { headers: shop.headers });
    expect(detail.json).toMatchObject({ order_id: sale.json.order_id, order_number: 1 });
    const receivables = await call("GET", `${API}/financials?order_id=${sale.json.order_id}`, { headers: shop.headers });
    expect(receivables.json.items.length).toBeGreaterThan(0);
    expect(receivables.json.items.map((item: { order_number: number }) => item.order_number)).toEqual(receivables.json.items.map(() => 1));
  });

  it("scopes SELLER users to their seller's orders; ADMIN and MANAGER see all", async () => {
    const { org, f } = await setup();
    const mine = await createOrder(f);
    const unassigned = await createOrder(f, { seller_id: null });
    const sellerHeaders = await org.bearer("SELLER");
    const manager = await org.bearer("MANAGER");
    // Not linked yet: sees nothing, may not write.
    expect((await call("GET", `${API}/orders`, { headers: sellerHeaders })).json.total).toBe(0);
    expectProblem(
      await call("POST", `${API}/orders`, {
        headers: sellerHeaders,
        body: orderBody(f),
      }),
      403,
    );

    const sellerUser = (await org.db.user.findFirst({
      where: { role: "SELLER" },
    }))!;
    await org.db.user.update({
      where: { id: sellerUser.id },
      data: { seller_id: f.seller.id },
    });
    const list = (await call("GET", `${API}/orders`, { headers: sellerHeaders })).json;
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([mine.id]);
    expect(
      (
        await call("GET", `${API}/orders/${mine.id}`, {
          headers: sellerHeaders,
        })
      ).status,
    ).toBe(200);
    expectProblem(
      await call("GET", `${API}/orders/${unassigned.id}`, {
        headers: sellerHeaders,
      }),
      404,
    );
    expectProblem(
      await call("PUT", `${API}/orders/${unassigned.id}`, {
        headers: sellerHeaders,
        body: orderBody(f),
      }),
      404,
    );
    expectProblem(
      await call("GET", `${API}/orders/${unassigned.id}/pdf`, {
        headers: sellerHeaders,
      }),
      404,
    );
    const csv = await call("GET", `${API}/exports/orders?locale=en`, {
      headers: sellerHeaders,
    });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(mine.id);
    expect(csv.text).not.toContain(unassigned.id);

    // Creating: the seller's own by default; another seller's is 403 (contract §10).
    const other = await f.post("/sellers", {
      name: unique("Outro"),
      email: "outro@example.com",
    });
    expect(
      expectProblem(
        await call("POST", `${API}/orders`, {
          headers: sellerHeaders,
          body: orderBody(f, { seller_id: other.id }),
        }),
        403,
      ),
    ).toMatchObject({ code: "not_own_seller" });
    const own = await call("POST", `${API}/orders`, {
      headers: sellerHeaders,
      body: orderBody(f, { seller_id: undefined }),
    });
    expect(own.status, own.text).toBe(201);
    expect(own.json.seller_id).toBe(f.seller.id);
    expectProblem(
      await call("PUT", `${API}/orders/${mine.id}`, {
        headers: sellerHeaders,
        body: orderBody(f, { seller_id: other.id }),
      }),
      403,
    );

    expect((await call("GET", `${API}/orders`, { headers: manager })).json.total).toBe(3);
    expect((await call("GET", `${API}/orders`, { headers: f.headers })).json.total).toBe(3);
    expectProblem(
      await call("POST", `${API}/orders`, {
        headers: await org.bearer("VIEWER"),
        body: orderBody(f),
      }),
      403,
    );
  });

  it("queues order.created, order.updated and order.status-changed in the write's transaction", async () => {
    const { org, f } = await setup();
    await org.db.webhook.create({
      data: {
        organization_id: org.organizationId,
        url: "https://example.com/hook",
        events: ["order.created", "order.updated", "order.status-changed"],
        secret_encrypted: encrypt("s"),
      },
    });
    const order = await createOrder(f);
    await call("PUT", `${API}/orders/${order.id}`, {
      headers: f.headers,
      body: orderBody(f, { status: f.status("ORDER", "confirmed") }),
    });
    expectProblem(
      await call("PUT", `${API}/orders/${order.id}`, {
        headers: f.headers,
        body: orderBody(f, { total_value: 1 }),
      }),
      422,
    );
    const deliveries = await org.db.webhookDelivery.findMany({
      orderBy: { created_at: "asc" },
    });
    expect(deliveries.map((delivery) => delivery.event_type).sort()).toEqual(["order.created", "order.status-changed", "order.updated"]);
    const changed = deliveries.find((delivery) => delivery.event_type === "order.status-changed")!;
    expect(changed.payload).toMatchObject({
      type: "order.status-changed",
      organization_id: org.organizationId,
      data: { id: order.id, status: f.status("ORDER", "confirmed") },
    });
    expect(changed.subject_id).toBe(order.id);
  });

  it("prints the order as a PDF", async () => {
    const { f } = await setup();
    const order = await createOrder(f);
    const pdf = await call("GET", `${API}/orders/${order.id}/pdf`, {
      headers: f.headers,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.text.startsWith("%PDF-")).toBe(true);
    expect(String(pdf.headers["content-disposition"])).toContain("pedido-");
    expectProblem(await call("GET", `${API}/orders/not-a-uuid/pdf`, { headers: f.headers }), 404);
  });
});

describe("order payments", { timeout: 120_000 }, () => {
  it("list (paging), create 201, get, update, delete 204; 404 for foreign orders; 422 rules", async () => {
    const { f } = await setup();
    const order = await createOrder(f);
    const base = `${API}/orders/${order.id}/payments`;
    const created = await call("POST", base, {
      headers: f.headers,
      body: {
        payment_method_id: f.method.id,
        amount: 1000,
        installments: 3,
        transaction_id: "tx-1",
        attributes: { nsu: "1" },
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      order_id: order.id,
      payment_method_id: f.method.id,
      amount: 1000,
      installments: 3,
      attributes: { nsu: "1" },
      transaction_id: "tx-1",
    });
    const id = created.json.id;
    expect((await call("GET", `${base}/${id}`, { headers: f.headers })).json).toEqual(created.json);
    expect((await call("GET", base, { headers: f.headers })).json).toMatchObject({
      currentPage: 0,
      perPage: 25,
      total: 1,
      items: [created.json],
    });
    const updated = await call("PUT", `${base}/${id}`, {
      headers: f.headers,
      body: { payment_method_id: f.method.id, amount: 280, installments: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      id,
      amount: 280,
      installments: 1,
      attributes: { nsu: "1" },
    });

    expect(
      paths(
        expectProblem(
          await call("POST", base, {
            headers: f.headers,
            body: {
              payment_method_id: f.method.id,
              amount: 0,
              installments: 1,
            },
          }),
          422,
        ),
      ),
    ).toEqual(["amount"]);
    expect(
      paths(
        expectProblem(
          await call("POST", base, {
            headers: f.headers,
            body: {
              payment_method_id: f.method.id,
              amount: 1,
              installments: 4,
            },
          }),
          422,
        ),
      ),
    ).toEqual(["installments"]);
    expect(
      paths(
        expectProblem(
          await call("POST", base, {
            headers: f.headers,
            body: {
              payment_method_id: f.method.id,
              amount: 1,
              installments: 0,
            },
          }),
          422,
        ),
      ),
    ).toEqual(["installments"]);
    expect(
      paths(
        expectProblem(
          await call("POST", base, {
            headers: f.headers,
            body: {
              payment_method_id: randomUUID(),
              amount: 1,
              installments: 1,
            },
          }),
          422,
        ),
      ),
    ).toEqual(["payment_method_id"]);
    expect(paths(expectProblem(await call("POST", base, { headers: f.headers, body: { amount: 1 } }), 422))).toEqual([
      "installments",
      "payment_method_id",
    ]);
    expectProblem(
      await call("POST", `${API}/orders/${randomUUID()}/payments`, {
        headers: f.headers,
        body: { payment_method_id: f.method.id, amount: 1, installments: 1 },
      }),
      404,
    );
    expectProblem(await call("GET", `${base}/${randomUUID()}`, { headers: f.headers }), 404);

    const { f: theirs } = await setup();
    expectProblem(await call("GET", `${base}/${id}`, { headers: theirs.headers }), 404);
    expectProblem(
      await call("PUT", `${base}/${id}`, {
        headers: theirs.headers,
        body: {
          payment_method_id: theirs.method.id,
          amount: 1,
          installments: 1,
        },
      }),
      404,
    );

    const removed = await call("DELETE", `${base}/${id}`, {
      headers: f.headers,
    });
    expect(removed.status).toBe(204);
    expectProblem(await call("GET", `${base}/${id}`, { headers: f.headers }), 404);
    expect((await call("GET", base, { headers: f.headers })).json.total).toBe(0);
  });
});

describe("custom order report", () => {
  it("PUT 204 with a JRXML document, 422 for anything else; DELETE 204, and 204 again (idempotent)", async () => {
    const { org, f } = await setup();
    const jrxml = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- pedido -->\n<jasperReport xmlns="http://jasperreports.sourceforge.net/jasperreports" name="Pedido"><title><band height="50"/></title></jasperReport>`;
    const put = (body: unknown) => call("PUT", `${API}/orders/report/jrxml`, { headers: f.headers, body });
    const stored = await put({ name: "Pedido", content: jrxml });
    expect(stored.status, stored.text).toBe(204);
    expect((await org.db.orderReport.findFirst())?.content).toBe(jrxml);
    expect(paths(expectProblem(await put({ content: "<jasperReport><band></jasperReport>" }), 422))).toEqual(["content"]);
    expect(paths(expectProblem(await put({ content: "<report/>" }), 422))).toEqual(["content"]);
    expect(paths(expectProblem(await put({ content: "<jasperReport/><jasperReport/>" }), 422))).toEqual(["content"]);
    expect(paths(expectProblem(await put({ content: "not xml" }), 422))).toEqual(["content"]);
    expect(paths(expectProblem(await put({}), 422))).toEqual(["content"]);
    expectProblem(
      await call("PUT", `${API}/orders/report/jrxml`, {
        headers: await org.bearer("SELLER"),
        body: { content: jrxml },
      }),
      403,
    );
    expect(
      (
        await call("DELETE", `${API}/orders/report/jrxml`, {
          headers: f.headers,
        })
      ).status,
    ).toBe(204);
    // Idempotent: nothing left to remove is still 204 (the interface lists no 404 here).
    expect(
      (
        await call("DELETE", `${API}/orders/report/jrxml`, {
          headers: f.headers,
        })
      ).status,
    ).toBe(204);
  });
});

describe("coupons", { timeout: 120_000 }, () => {
  it("CRUD with codes unique without case (409), and the rules on orders: unknown, inactive, expired, used up (422)", async () => {
    const { f } = await setup();
    const code = `PROMO${randomUUID().slice(0, 6)}`;
    const created = await call("POST", `${API}/coupons`, {
      headers: f.headers,
      body: {
        code,
        name: "Promoção",
        type: "ORDER",
        value_type: "PERCENTAGE",
        value: 10,
        max_uses: 2,
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      code,
      name: "Promoção",
      type: "ORDER",
      value_type: "PERCENTAGE",
      value: 10,
      max_uses: 2,
      uses: 0,
      active: true,
      start_date: null,
    });
    expectProblem(
      await call("POST", `${API}/coupons`, {
        headers: f.headers,
        body: { code: code.toLowerCase(), name: "x", value: 1 },
      }),
      409,
    );
    expect(
      paths(
        expectProblem(
          await call("POST", `${API}/coupons`, {
            headers: f.headers,
            body: {
              code: "X1",
              name: "x",
              value_type: "PERCENTAGE",
              value: 150,
            },
          }),
          422,
        ),
      ),
    ).toEqual(["value"]);
    expect(
      paths(
        expectProblem(
          await call("POST", `${API}/coupons`, {
            headers: f.headers,
            body: { code: "X2", name: "x", value: 0 },
          }),
          422,
        ),
      ),
    ).toEqual(["value"]);
    expect(
      (
        await call("GET", `${API}/coupons?search=${code.toLowerCase()}`, {
          headers: f.headers,
        })
      ).json.total,
    ).toBe(1);

    const order = await createOrder(f, {
      coupons: [{ coupon_id: created.json.id }],
    });
    const detail = (await call("GET", `${API}/orders/${order.id}`, { headers: f.headers })).json;
    expect(detail.coupons).toEqual([
      {
        coupon_id: created.json.id,
        code,
        name: "Promoção",
        type: "ORDER",
        value_type: "PERCENTAGE",
        value: 10,
        attributes: {},
      },
    ]);
    // Re-sending the same coupon on update takes no new use.
    await call("PUT", `${API}/orders/${order.id}`, {
      headers: f.headers,
      body: { ...orderBody(f), coupons: [{ coupon_id: created.json.id }] },
    });
    expect(
      (
        await call("GET", `${API}/coupons/${created.json.id}`, {
          headers: f.headers,
        })
      ).json.uses,
    ).toBe(1);
    await createOrder(f, { coupons: [{ coupon_id: created.json.id }] });
    const usedUp = expectProblem(
      await call("POST", `${API}/orders`, {
        headers: f.headers,
        body: orderBody(f, { coupons: [{ coupon_id: created.json.id }] }),
      }),
      422,
    );
    expect(usedUp.errors).toEqual([
      expect.objectContaining({
        path: "coupons.0.coupon_id",
        code: "coupon_used_up",
      }),
    ]);
    // Deleting the order gives the use back.
    expect(
      (
        await call("DELETE", `${API}/orders/${order.id}`, {
          headers: f.headers,
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await call("GET", `${API}/coupons/${created.json.id}`, {
          headers: f.headers,
        })
      ).json.uses,
    ).toBe(1);
    expectProblem(
      await call("DELETE", `${API}/coupons/${created.json.id}`, {
        headers: f.headers,
      }),
      409,
    );

    const expired = await f.post("/coupons", {
      code: `OLD${randomUUID().slice(0, 6)}`,
      name: "Velho",
      value: 5,
      end_date: "2020-01-31",
    });
    const inactive = await f.post("/coupons", {
      code: `OFF${randomUUID().slice(0, 6)}`,
      name: "Desligado",
      value: 5,
      active: false,
    });
    const failing = expectProblem(
      await call("POST", `${API}/orders`, {
        headers: f.headers,
        body: orderBody(f, {
          coupons: [{ coupon_id: expired.id }, { coupon_id: inactive.id }, { coupon_id: randomUUID() }],
        }),
      }),
      422,
    );
    expect(failing.errors?.map((error) => [error.path, error.code])).toEqual([
      ["coupons.0.coupon_id", "coupon_expired"],
      ["coupons.1.coupon_id", "coupon_inactive"],
      ["coupons.2.coupon_id", "not_found_reference"],
    ]);
    expect(
      (
        await call("GET", `${API}/coupons/${expired.id}`, {
          headers: f.headers,
        })
      ).json.uses,
    ).toBe(0);
  });

  it("never lets concurrent orders pass max_uses", async () => {
    const { f } = await setup();
    const limited = await f.post("/coupons", {
      code: `ONE${randomUUID().slice(0, 6)}`,
      name: "Único",
      value: 5,
      max_uses: 1,
    });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call("POST", `${API}/orders`, {
          headers: f.headers,
          body: orderBody(f, { coupons: [{ coupon_id: limited.id }] }),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422, 422, 422]);
    expect(
      (
        await call("GET", `${API}/coupons/${limited.id}`, {
          headers: f.headers,
        })
      ).json.uses,
    ).toBe(1);
  });
});

describe("demo data", { timeout: 300_000 }, () => {
  it("gives a fresh org a few orders of its demo partners and products", async () => {
    const org = await newOrg();
    // The demo's steps up to its orders (tests/integration/sales-demo.test.ts writes the whole demo).
    const [{ seedCatalogDemo }, { seedPartiesDemo }, { seedSettingsDemo }, { seedStockDemo }, { seedOrdersDemo }] = await Promise.all([
      import("@/server/catalog/demo-data"),
      import("@/server/parties/demo-data"),
      import("@/server/settings/demo-data"),
      import("@/server/stock/demo-data"),
      import("@/server/orders/demo-data"),
    ]);
    for (const step of [seedCatalogDemo, seedPartiesDemo, seedSettingsDemo, seedStockDemo, seedOrdersDemo]) {
      await transaction(org.db, (tx) => step(tx));
    }
    const orders = await org.db.order.findMany({
      where: { sale_id: null },
      include: { statuses: true, payments: true },
    });
    expect(orders).toHaveLength(3);
    expect(orders.filter((order) => order.quotation)).toHaveLength(1);
    expect(orders.some((order) => order.statuses.length === 2 && order.payments.length === 1)).toBe(true);
  });
});
