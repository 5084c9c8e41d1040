/**
 * Sales over REST (interface "Sale", "Sales"; contract §5 Sale capture, §7 totals, sale →
 * order, receivables, coupons, sales channels): every rule with figures worked out by hand.
 */
import { describe, expect, it } from "vitest";
import { newOrg, unique, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { createSale, saleBody, salesSetup } from "../helpers/sales";

const errorPaths = (problem: { errors?: Array<{ path: string }> }) => (problem.errors ?? []).map((error) => error.path).sort();

/** An endpoint of the org listening to every event (deliveries are written, never sent here). */
async function listen(org: TestOrg) {
  await org.db.webhook.create({
    data: {
      organization_id: org.organizationId,
      url: "https://hooks.example/sales",
      events: ["sale.created", "order.created", "financial.created", "financial.paid"],
      secret_encrypted: "unused",
    },
  });
}

describe("POST /sales", () => {
  it("queues each of a sale's events once for every active endpoint that listens to it, and for no other", async () => {
    const org = await newOrg();
    const endpoint = (events: string[], active = true) =>
      org.db.webhook.create({
        data: { organization_id: org.organizationId, url: "https://hooks.example/x", events, active, secret_encrypted: "unused" },
      });
    const sales = await endpoint(["sale.created"]);
    const receivables = await endpoint(["financial.created", "financial.paid"]);
    const off = await endpoint(["sale.created", "order.created", "financial.created"], false);
    const setup = await salesSetup(org);
    await createSale(setup);
    const deliveries = await org.db.webhookDelivery.findMany({ select: { webhook_id: true, event_type: true } });
    const of = (webhookId: string) =>
      deliveries.filter((delivery) => delivery.webhook_id === webhookId).map((delivery) => delivery.event_type);
    expect(of(sales.id)).toEqual(["sale.created"]);
    // The card's 3 installments and the PIX: 4 receivables.
    expect(of(receivables.id)).toEqual(Array(4).fill("financial.created"));
    expect(of(off.id)).toEqual([]);
  });

  it("stores the sale, creates its order and its receivables in one go, and answers 200 with the create response", async () => {
    const org = await newOrg();
    await listen(org);
    const setup = await salesSetup(org);
    const sale = await createSale(setup);
    expect(sale).toMatchObject({
      organization_id: org.organizationId,
      partner_id: setup.partner.id,
      company_id: setup.company.id,
      seller_id: setup.seller.id,
      updated_by: "checkout",
      full_value: 1200,
      total_value: 1100,
      total_discount: 100,
      created_at: "2026-03-01T12:00:00.000Z",
      quotation: false,
      origin: { origin_id: setup.channel.id, attributes: { campaign: "verao" } },
      freight: { id: sale.id, amount: 30.3 },
      discount: [{ type: "PROMOTION", amount: 100 }],
      delivery: {
        street: "Rua XV de Novembro",
        number: "100",
        city: "Ribeirão Preto",
        state: "SP",
        postal_code: "14010-000",
        contact_name: "Mercado Bom Preço",
      },
    });
    expect(sale.items.map((item: { product_name: string; total_value: number }) => [item.product_name, item.total_value])).toEqual([
      [setup.drill.name, 900],
      [setup.saw.name, 269.7],
    ]);
    expect(
      sale.payments.map((payment: { payment_method_name: string; payment_method_type: string; amount: number; installments: number }) => [
        payment.payment_method_name,
        payment.payment_method_type,
        payment.amount,
        payment.installments,
      ]),
    ).toEqual([
      ["Cartão de crédito", "CREDIT_CARD", 1000, 3],
      ["PIX", "PIX", 100, 1],
    ]);
    expect(sale.order_id).toEqual(expect.any(String));

    // The order: the same partner, company, seller, items, payments, freight and address, origin SALE, initial ORDER status.
    const order = await org.db.order.findUniqueOrThrow({
      where: { id: sale.order_id },
      include: { items: { orderBy: { position: "asc" } }, payments: true, statuses: true, status: true },
    });
    expect(order).toMatchObject({
      sale_id: sale.id,
      origin: "SALE",
      partner_id: setup.partner.id,
      company_id: setup.company.id,
      seller_id: setup.seller.id,
      quotation: false,
    });
    expect([order.total_value, order.order_value, order.discount_value, order.freight_value].map(String)).toEqual([
      "1100",
      "1169.7",
      "100",
      "30.3",
    ]);
    expect([order.shipment_street, order.shipment_city, order.shipment_contact_name]).toEqual([
      "Rua XV de Novembro",
      "Ribeirão Preto",
      "Mercado Bom Preço",
    ]);
    expect(order.items.map((item) => [item.product_id, String(item.quantity), String(item.total_value)])).toEqual([
      [setup.drill.id, "2", "900"],
      [setup.saw.id, "3", "269.7"],
    ]);
    expect(order.payments.map((payment) => String(payment.amount)).sort()).toEqual(["100", "1000"]);
    expect(order.status).toMatchObject({ type: "ORDER", is_initial: true });
    expect(order.statuses.map((change) => change.status_id)).toEqual([order.status_id]);

    // The receivables: card 1000.00 in 3 (333.33, 333.33, 333.34) due 30, 60 and 90 days after the sale; PIX 100.00 at once.
    const detail = (await call("GET", `/api/b2b/sales/${sale.id}`, { headers: setup.headers })).json;
    const financials = detail.financials.map(
      (financial: { value: number; due_date: string; installment: number; type: string; order_id: string }) => [
        financial.type,
        financial.installment,
        financial.value,
        financial.due_date.slice(0, 10),
        financial.order_id === sale.order_id,
      ],
    );
    expect(financials).toEqual([
      ["PIX", 1, 100, "2026-03-01", true],
      ["CREDIT_CARD", 1, 333.33, "2026-03-31", true],
      ["CREDIT_CARD", 2, 333.33, "2026-04-30", true],
      ["CREDIT_CARD", 3, 333.34, "2026-05-30", true],
    ]);
    const openStatus = await org.db.status.findFirstOrThrow({ where: { type: "FINANCIAL", is_initial: true } });
    expect(new Set(detail.financials.map((financial: { status: string }) => financial.status))).toEqual(new Set([openStatus.id]));
    // The card payment shows its card (masked) from its receivable; it has the manual gateway.
    expect(detail.payments[0]).toMatchObject({
      has_payment_gateway: true,
      gateway: "manual",
      captured_at: null,
      card: {
        brand: "VISA",
        holder: "ANA SILVA",
        number: "**** **** **** 1111",
        expiration_month: "12",
        expiration_year: "2030",
        nsu: "99",
        tid: "T1",
      },
    });
    expect(detail.payments[1]).toMatchObject({ has_payment_gateway: false, gateway: null, card: null });
    expect(JSON.stringify(detail)).not.toContain("4111 1111 1111 1111");

    // One outbox delivery per event: the sale, its order, each receivable.
    const deliveries = await org.db.webhookDelivery.findMany({ select: { event_type: true, subject_id: true } });
    const count = (type: string) => deliveries.filter((delivery) => delivery.event_type === type).length;
    expect([count("sale.created"), count("order.created"), count("financial.created"), count("financial.paid")]).toEqual([1, 1, 4, 0]);
    const saleEvent = await org.db.webhookDelivery.findFirstOrThrow({ where: { event_type: "sale.created" } });
    expect((saleEvent.payload as { data: { id: string; total_value: number } }).data).toMatchObject({ id: sale.id, total_value: 1100 });
  }, 120_000);

  it("the sale detail: partner, seller, company, origin, items with name and image, statuses, coupons, delivery fields, webhook_error", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const delivery = await setup.post("/delivery-methods", {
      name: "Transportadora Rápida",
      type: "CARRIER",
      price_type: "FIXED",
      price: 30.3,
      period_type: "DAYS",
      period_start: 2,
      period_end: 5,
    });
    const coupon = await org.db.coupon.create({
      data: {
        organization_id: org.organizationId,
        code: "VERAO10",
        code_key: "VERAO10",
        name: "Verão",
        type: "ORDER",
        value_type: "MONETARY",
        value: 100,
        max_uses: 5,
      },
    });
    const sale = await createSale(setup, {
      delivery: {
        delivery_method_id: delivery.id,
        delivery_date: "2026-03-05",
        street: "Avenida Brasil",
        number: "500",
        city: "Campinas",
        state: "SP",
        postal_code: "13010-000",
      },
      coupons: [{ coupon_id: coupon.id }],
      observation: "Entregar pela manhã",
    });
    const detail = (await call("GET", `/api/b2b/sales/${sale.id}`, { headers: setup.headers })).json;
    expect(detail).toMatchObject({
      partner: {
        id: setup.partner.id,
        name: "Mercado Bom Preço",
        fiscal_registration_number: "11222333000181",
        email: "compras@bompreco.example",
        phone: "1633334444",
      },
      seller: { id: setup.seller.id, name: "Ana Vendas" },
      company: { id: setup.company.id, name: "Distribuidora Matriz" },
      origin: { id: setup.channel.id, name: "Loja virtual", metadata: { url: "https://loja.example" }, attributes: { campaign: "verao" } },
      observation: "Entregar pela manhã",
      delivery: { street: "Avenida Brasil", number: "500", city: "Campinas" },
      delivery_method_id: delivery.id,
      delivery_method_name: "Transportadora Rápida",
      delivery_method_type: "CARRIER",
      delivery_method_price_type: "FIXED",
      delivery_method_period_type: "DAYS",
      delivery_method_period_start: "2",
      delivery_method_period_end: "5",
      delivery_date: "2026-03-05",
      coupons: [{ coupon_id: coupon.id, code: "VERAO10", name: "Verão", type: "ORDER", value_type: "MONETARY", value: 100 }],
      webhook_error: null,
      status: { title: "pending" },
    });
    expect(detail.items[0]).toMatchObject({
      product_name: setup.drill.name,
      product_image: null,
      quantity: 2,
      unit_value: 459.9,
      discount: 19.8,
    });
    expect(detail.statuses).toEqual([
      { id: expect.any(String), status_id: detail.status.status_id, title: "pending", created_at: expect.any(String) },
    ]);
    expect((await org.db.coupon.findUniqueOrThrow({ where: { id: coupon.id } })).uses).toBe(1);
    const order = await org.db.order.findUniqueOrThrow({ where: { id: sale.order_id }, include: { coupons: true } });
    expect(order).toMatchObject({
      shipment_street: "Avenida Brasil",
      shipment_city: "Campinas",
      delivery_method_id: delivery.id,
      delivery_date: "2026-03-05",
    });
    expect(order.coupons.map((link) => link.coupon_id)).toEqual([coupon.id]);
  });

  it("a quotation creates neither an order nor receivables", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const sale = await createSale(setup, { quotation: true });
    expect(sale).toMatchObject({ quotation: true, order_id: null });
    expect(await org.db.order.count({ where: { sale_id: sale.id } })).toBe(0);
    expect(await org.db.financial.count({ where: { sale_id: sale.id } })).toBe(0);
  });

  it("a boleto payment due 28 days after; a payment without items: full_value is the freight", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const sale = await createSale(setup, {
      items: [],
      freight: { amount: 50, edit_reason: "frete combinado" },
      full_value: 50,
      total_value: 50,
      discount: [],
      payments: [{ payment_method_id: setup.boleto.id, amount: 50 }],
    });
    const detail = (await call("GET", `/api/b2b/sales/${sale.id}`, { headers: setup.headers })).json;
    expect(detail.freight).toEqual({ id: sale.id, amount: 50, edit_reason: "frete combinado" });
    expect(
      detail.financials.map((financial: { type: string; value: number; due_date: string }) => [
        financial.type,
        financial.value,
        financial.due_date,
      ]),
    ).toEqual([["BOLETO", 50, "2026-03-29T12:00:00.000Z"]]);
  });

  it("checks the totals (400 naming the field): item total, full_value, total_value, payments; within 0.01", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const post = (overrides: Record<string, unknown>) =>
      call("POST", "/api/b2b/sales", { headers: setup.headers, body: saleBody(setup, overrides) });
    const items = saleBody(setup).items;
    // 2 × 459.90 − 19.80 = 900.00, not 900.02.
    const item = expectProblem(await post({ items: [{ ...items[0], total_value: 900.02 }, items[1]] }), 400);
    expect(errorPaths(item)).toEqual(["items.0.total_value"]);
    // Within 0.01 is accepted.
    expect(
      (
        await post({
          items: [{ ...items[0], total_value: 900.01 }, items[1]],
          full_value: 1200.01,
          total_value: 1100.01,
          payments: [{ payment_method_id: setup.pix.id, amount: 1100.01 }],
        })
      ).status,
    ).toBe(200);
    expect(errorPaths(expectProblem(await post({ full_value: 1199.98 }), 400))).toContain("full_value");
    // The payments are checked against the sale's own total (1100.00): only the wrong total_value is named.
    expect(errorPaths(expectProblem(await post({ total_value: 1099 }), 400))).toEqual(["total_value"]);
    expect(errorPaths(expectProblem(await post({ payments: [{ payment_method_id: setup.pix.id, amount: 1000 }] }), 400))).toEqual([
      "payments",
    ]);
    expect(
      errorPaths(expectProblem(await post({ items: [{ ...items[0], discount: 1000, total_value: undefined }, items[1]] }), 400)),
    ).toContain("items.0.discount");
    expect(errorPaths(expectProblem(await post({ discount: [{ type: "X", amount: 1300 }] }), 400))).toContain("discount");
    // Nothing was stored by the refused ones.
    expect(await org.db.sale.count()).toBe(1);
  });

  it("bad input is 400 with errors naming the fields: shapes, unknown references, installments", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const other = await salesSetup(await newOrg());
    const post = (overrides: Record<string, unknown>) =>
      call("POST", "/api/b2b/sales", { headers: setup.headers, body: saleBody(setup, overrides) });
    const body = saleBody(setup);
    const missing = expectProblem(await call("POST", "/api/b2b/sales", { headers: setup.headers, body: { items: [] } }), 400);
    expect(errorPaths(missing)).toEqual(expect.arrayContaining(["created_at", "full_value", "partner_id", "total_value", "updated_by"]));
    const unknown = expectProblem(
      await post({
        partner_id: other.partner.id,
        company_id: other.company.id,
        seller_id: other.seller.id,
        origin: { solution_id: other.channel.id },
        items: [{ ...body.items[0], product_id: other.drill.id }, body.items[1]],
        payments: [{ ...body.payments[0], payment_method_id: other.card.id }, body.payments[1]],
      }),
      400,
    );
    expect(errorPaths(unknown)).toEqual([
      "company_id",
      "items.0.product_id",
      "origin.solution_id",
      "partner_id",
      "payments.0.payment_method_id",
      "seller_id",
    ]);
    expect(errorPaths(expectProblem(await post({ payments: [{ ...body.payments[0], installments: 4 }, body.payments[1]] }), 400))).toEqual([
      "payments.0.installments",
    ]);
    expect(
      errorPaths(
        expectProblem(
          await post({ payments: [{ payment_method_id: setup.pix.id, amount: 1000, installments: 2 }, body.payments[1]] }),
          400,
        ),
      ),
    ).toEqual(["payments.0.installments"]);
    expect(errorPaths(expectProblem(await post({ items: [{ ...body.items[0], quantity: 0 }, body.items[1]] }), 400))).toContain(
      "items.0.quantity",
    );
    expect(errorPaths(expectProblem(await post({ total_value: -1 }), 400))).toContain("total_value");
    expect(errorPaths(expectProblem(await post({ created_at: "yesterday" }), 400))).toEqual(["created_at"]);
    const inactive = await setup.post("/solutions", { name: unique("Antigo"), active: false });
    expect(errorPaths(expectProblem(await post({ origin: { solution_id: inactive.id } }), 400))).toEqual(["origin.solution_id"]);
    const notJson = await call("POST", "/api/b2b/sales", {
      headers: { ...setup.headers, "content-type": "application/json" },
      body: "{nope",
    });
    expectProblem(notJson, 400);
    expect(await org.db.sale.count()).toBe(0);
  });

  it("coupons: unknown, inactive, expired, not yet valid or used up are 400; uses are counted, never beyond max_uses", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const coupon = (code: string, data: Record<string, unknown> = {}) =>
      org.db.coupon.create({
        data: {
          organization_id: org.organizationId,
          code,
          code_key: code,
          name: code,
          type: "ORDER",
          value_type: "PERCENTAGE",
          value: 10,
          ...data,
        },
      });
    const post = (couponId: string) =>
      call("POST", "/api/b2b/sales", { headers: setup.headers, body: saleBody(setup, { coupons: [{ coupon_id: couponId }] }) });
    const reason = async (couponId: string) => expectProblem(await post(couponId), 400).errors?.map((error) => [error.path, error.code]);
    expect(await reason("00000000-0000-4000-8000-000000000000")).toEqual([["coupons.0.coupon_id", "not_found_reference"]]);
    expect(await reason((await coupon("OFF", { active: false })).id)).toEqual([["coupons.0.coupon_id", "coupon_inactive"]]);
    expect(await reason((await coupon("OLD", { end_date: new Date("2020-01-01") })).id)).toEqual([
      ["coupons.0.coupon_id", "coupon_expired"],
    ]);
    expect(await reason((await coupon("SOON", { start_date: new Date(Date.now() + 86_400_000) })).id)).toEqual([
      ["coupons.0.coupon_id", "coupon_not_started"],
    ]);
    const once = await coupon("ONCE", { max_uses: 1 });
    expect((await post(once.id)).status).toBe(200);
    expect(await reason(once.id)).toEqual([["coupons.0.coupon_id", "coupon_used_up"]]);
    expect((await org.db.coupon.findUniqueOrThrow({ where: { id: once.id } })).uses).toBe(1);
  });

  it("the last use of a coupon goes to one of two concurrent sales", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const last = await org.db.coupon.create({
      data: {
        organization_id: org.organizationId,
        code: "LAST",
        code_key: "LAST",
        name: "Last",
        type: "ORDER",
        value_type: "MONETARY",
        value: 5,
        max_uses: 1,
      },
    });
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call("POST", "/api/b2b/sales", { headers: setup.headers, body: saleBody(setup, { coupons: [{ coupon_id: last.id }] }) }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    expect((await org.db.coupon.findUniqueOrThrow({ where: { id: last.id } })).uses).toBe(1);
    expect(await org.db.sale.count()).toBe(1);
  });
});

describe("GET /sales", () => {
  it("pages by id by default; filters partner_id, start_date, final_date and quotation; the list record", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const march = await createSale(setup);
    const april = await createSale(setup, { created_at: "2026-04-10T09:00:00Z", quotation: true });
    const other = await createSale(setup, {
      partner_id: setup.otherPartner.id,
      created_at: "2026-05-01T09:00:00Z",
      items: [],
      origin: null,
      full_value: 0,
      total_value: 0,
      freight: null,
      discount: [],
      payments: [],
    });
    const list = async (query = "") => (await call("GET", `/api/b2b/sales${query}`, { headers: setup.headers })).json;
    const all = await list();
    expect(all).toMatchObject({ currentPage: 0, perPage: 25, total: 3 });
    expect(all.items.map((item: { id: string }) => item.id)).toEqual([march.id, april.id, other.id].sort());
    const record = all.items.find((item: { id: string }) => item.id === march.id);
    expect(record).toEqual({
      id: march.id,
      company_id: setup.company.id,
      external_id: march.external_id,
      partner_id: setup.partner.id,
      partner_name: "Mercado Bom Preço",
      total_value: 1100,
      items_quantity: 2,
      origin_id: setup.channel.id,
      origin_name: "Loja virtual",
      origin: { id: setup.channel.id, name: "Loja virtual", metadata: { url: "https://loja.example" }, attributes: { campaign: "verao" } },
      created_at: "2026-03-01T12:00:00.000Z",
      payments: [
        { id: expect.any(String), name: "Cartão de crédito" },
        { id: expect.any(String), name: "PIX" },
      ],
      status: {
        id: expect.any(String),
        status_id: expect.any(String),
        title: "pending",
        background_color: "#fef3c7",
        font_color: "#92400e",
      },
      webhook_error: null,
      quotation: false,
    });
    const ids = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id);
    expect(ids(await list(`?partner_id=${setup.otherPartner.id}`))).toEqual([other.id]);
    expect(ids(await list("?quotation=true"))).toEqual([april.id]);
    expect(ids(await list("?start_date=2026-04-01T00:00:00Z&final_date=2026-04-30"))).toEqual([april.id]);
    expect(ids(await list("?final_date=2026-03-01"))).toEqual([march.id]);
    expect(ids(await list("?sort=total_value&dir=desc"))[2]).toBe(other.id);
    expect(ids(await list("?sort=total_value&dir=asc"))[0]).toBe(other.id);
    expect(ids(await list("?search=atacadao"))).toEqual([other.id]);
    expect(ids(await list("?partner_id=not-a-uuid"))).toEqual([]);
    expectProblem(await call("GET", "/api/b2b/sales?sort=nope", { headers: setup.headers }), 422);
    expectProblem(await call("GET", "/api/b2b/sales?start_date=someday", { headers: setup.headers }), 422);
  });

  it("another org's sale is 404, and its list does not show it", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const sale = await createSale(setup);
    const stranger = await newOrg();
    const headers = await stranger.bearer();
    expectProblem(await call("GET", `/api/b2b/sales/${sale.id}`, { headers }), 404);
    expect((await call("GET", "/api/b2b/sales", { headers })).json.total).toBe(0);
    expectProblem(await call("PUT", "/api/b2b/sales/capture", { headers, body: { sale_id: sale.id } }), 404);
    expect((await call("GET", `/api/b2b/financials?sale_id=${sale.id}`, { headers })).json.total).toBe(0);
  });
});

describe("PUT /sales/capture", () => {
  it("200 with the payment when captured now, 204 when already captured; 404 unknown sale; 400 without a card payment", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const sale = await createSale(setup);
    const captured = await call("PUT", "/api/b2b/sales/capture", { headers: setup.headers, body: { sale_id: sale.id } });
    expect(captured.status, captured.text).toBe(200);
    expect(captured.json).toMatchObject({
      id: sale.payments[0].id,
      gateway: "manual",
      captured_at: expect.any(String),
      capture_reference: "manual:tx-123",
      amount: 1000,
    });
    const again = await call("PUT", "/api/b2b/sales/capture", {
      headers: setup.headers,
      body: { sale_id: sale.id, payment_id: sale.payments[0].id },
    });
    expect(again.status).toBe(204);
    expect(again.text).toBe("");
    expectProblem(
      await call("PUT", "/api/b2b/sales/capture", { headers: setup.headers, body: { sale_id: "00000000-0000-4000-8000-000000000000" } }),
      404,
    );
    expectProblem(await call("PUT", "/api/b2b/sales/capture", { headers: setup.headers, body: { sale_id: "nope" } }), 404);
    expectProblem(
      await call("PUT", "/api/b2b/sales/capture", { headers: setup.headers, body: { sale_id: sale.id, payment_id: sale.payments[1].id } }),
      400,
    );
    const pixOnly = await createSale(setup, { payments: [{ payment_method_id: setup.pix.id, amount: 1100 }] });
    expectProblem(await call("PUT", "/api/b2b/sales/capture", { headers: setup.headers, body: { sale_id: pixOnly.id } }), 400);
    expectProblem(await call("PUT", "/api/b2b/sales/capture", { headers: setup.headers, body: {} }), 400);
    const detail = (await call("GET", `/api/b2b/sales/${sale.id}`, { headers: setup.headers })).json;
    expect(detail.payments[0].captured_at).toBe(captured.json.captured_at);
    expect(await org.db.auditEvent.count({ where: { entity: "sale", action: "capture", entity_id: sale.id } })).toBe(1);
  });

  it("20 concurrent captures of one payment: exactly one 200, nineteen 204", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const sale = await createSale(setup);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("PUT", "/api/b2b/sales/capture", { headers: setup.headers, body: { sale_id: sale.id } })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 204)).toHaveLength(19);
    expect(await org.db.auditEvent.count({ where: { entity: "sale", action: "capture" } })).toBe(1);
  });

  it("a VIEWER cannot capture (403); a SELLER linked to the sale's seller can create sales and capture", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const sale = await createSale(setup);
    expectProblem(await call("PUT", "/api/b2b/sales/capture", { headers: await org.bearer("VIEWER"), body: { sale_id: sale.id } }), 403);
    expectProblem(await call("POST", "/api/b2b/sales", { headers: await org.bearer("VIEWER"), body: saleBody(setup) }), 403);
    const seller = await org.bearer("SELLER");
    await org.db.user.updateMany({ where: { role: "SELLER" }, data: { seller_id: setup.seller.id } });
    expect((await call("POST", "/api/b2b/sales", { headers: seller, body: saleBody(setup) })).status).toBe(200);
    expect((await call("PUT", "/api/b2b/sales/capture", { headers: seller, body: { sale_id: sale.id } })).status).toBe(200);
  });
});

describe("/solutions (sales channels)", () => {
  it("CRUD and the paged list; a channel with sales cannot be deleted (409); foreign ids 404", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const created = await setup.post("/solutions", { name: "App do representante", metadata: { version: "2.1" } });
    expect(created).toMatchObject({ name: "App do representante", metadata: { version: "2.1" }, active: true, attributes: {} });
    const updated = await call("PUT", `/api/b2b/solutions/${created.id}`, { headers: setup.headers, body: { name: "App", active: false } });
    expect(updated.json).toMatchObject({ id: created.id, name: "App", active: false, metadata: {} });
    const list = (await call("GET", "/api/b2b/solutions?active=false", { headers: setup.headers })).json;
    expect(list).toMatchObject({ total: 1, items: [{ id: created.id }] });
    expectProblem(await call("POST", "/api/b2b/solutions", { headers: setup.headers, body: { name: "" } }), 422);
    await createSale(setup);
    expectProblem(await call("DELETE", `/api/b2b/solutions/${setup.channel.id}`, { headers: setup.headers }), 409);
    expect((await call("DELETE", `/api/b2b/solutions/${created.id}`, { headers: setup.headers })).status).toBe(204);
    const stranger = await (await newOrg()).bearer();
    expectProblem(await call("GET", `/api/b2b/solutions/${setup.channel.id}`, { headers: stranger }), 404);
  });
});
