import { describe, expect, it } from "vitest";
import { newOrg, unique } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { orderBody, orderFixtures } from "../helpers/orders";
import { saleBody, salesSetup } from "../helpers/sales";
import { stockWorld } from "../helpers/stock";

describe("audit log", () => {
  it("records every write through REST with who, what changed and the request, in the write's transaction", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const created = await call("POST", "/api/b2b/brands", {
      headers: { ...headers, "x-request-id": "req-create-1" },
      body: { name: unique("Marca"), active: true },
    });
    const id = created.json.id;
    await call("PUT", `/api/b2b/brands/${id}`, { headers, body: { name: `${created.json.name} Nova`, active: false } });
    await call("PUT", `/api/b2b/brands/${id}`, { headers, body: { name: `${created.json.name} Nova`, active: false } }); // no change: no entry
    expectProblem(await call("PUT", `/api/b2b/brands/${id}`, { headers, body: { name: "", active: true } }), 422); // refused: no entry
    await call("DELETE", `/api/b2b/brands/${id}`, { headers });

    const history = await call("GET", `/api/b2b/audit-events?entity=brand&entity_id=${id}`, { headers: await org.bearer("VIEWER") });
    expect(history.status).toBe(200);
    const events = history.json.items as Array<{
      action: string;
      actor: { kind: string; name: string };
      changes: Record<string, unknown>;
      request_id: string | null;
    }>;
    expect(events.map((event) => event.action)).toEqual(["delete", "update", "create"]);
    expect(events[1]!.changes).toEqual({
      name: { from: created.json.name, to: `${created.json.name} Nova` },
      active: { from: true, to: false },
    });
    expect(events[2]).toMatchObject({ actor: { kind: "user", name: "Administrator" }, request_id: "req-create-1" });
    expect(events[2]!.changes).toMatchObject({ name: created.json.name, active: true });
    expect(events[2]!.changes).not.toHaveProperty("updated_at");
  });

  it("pages newest first by cursor, stable while new entries arrive", async () => {
    const org = await newOrg();
    const api = await org.as();
    const brand = await api.brands.create({ name: unique("Paged"), active: true, images: [], attributes: {} });
    for (let index = 0; index < 24; index++)
      await api.brands.update({ id: brand.id, name: `${brand.name} ${index}`, active: true, images: [], attributes: {} });
    const first = await api.audit.list({ entity: "brand", entity_id: brand.id, perPage: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]!.changes).toMatchObject({ name: { to: `${brand.name} 23` } });
    // Appended meanwhile: does not shift the next page.
    await api.brands.update({ id: brand.id, name: `${brand.name} late`, active: true, images: [], attributes: {} });
    const second = await api.audit.list({ entity: "brand", entity_id: brand.id, perPage: 10, cursor: first.next_cursor! });
    const third = await api.audit.list({ entity: "brand", entity_id: brand.id, perPage: 10, cursor: second.next_cursor! });
    expect(second.items[0]!.changes).toMatchObject({ name: { to: `${brand.name} 13` } });
    expect(third.items.map((event) => event.action).at(-1)).toBe("create");
    expect(third.next_cursor).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((event) => event.id);
    expect(new Set(ids).size).toBe(25);
    await expect(api.audit.list({ cursor: "not-a-cursor" })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
  });

  it("keeps the org's whole log and people's and credentials' histories to admins, and no secret in it", async () => {
    const org = await newOrg();
    const admin = await org.as();
    const key = await admin.accessKeys.create({ name: unique("ERP"), role: "MANAGER" });
    await admin.accessKeys.remove({ id: key.id });
    const manager = await org.as("MANAGER");
    await expect(manager.audit.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(manager.audit.list({ entity: "access_key", entity_id: key.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const log = await admin.audit.list({ entity: "access_key", entity_id: key.id });
    expect(log.items.map((event) => event.action)).toEqual(["revoke", "create"]);
    expect(JSON.stringify(log)).not.toContain(key.code);
    const theirs = await (await newOrg()).as();
    expect((await theirs.audit.list({ entity: "access_key", entity_id: key.id })).items).toEqual([]);
  });

  it("logs the order and the receivables a sale makes with the sale, in its request", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const created = await call("POST", "/api/b2b/sales", {
      headers: { ...setup.headers, "x-request-id": "req-sale-1" },
      body: saleBody(setup),
    });
    expect(created.status, created.text).toBe(200);
    const sale = created.json;
    const api = await org.as("VIEWER");
    const detail = await (await org.as()).sales.get({ id: sale.id });
    expect(detail.financials.length).toBeGreaterThan(0);

    const [order] = (await api.audit.list({ entity: "order", entity_id: sale.order_id })).items;
    expect(order).toMatchObject({
      action: "create",
      entity_label: `nº 1 · ${setup.partner.name}`,
      request_id: "req-sale-1",
      actor: { kind: "user" },
    });
    expect(order!.changes).toMatchObject({ id: sale.order_id, partner_id: setup.partner.id, total_value: 1100 });
    for (const financial of detail.financials) {
      const [entry] = (await api.audit.list({ entity: "financial", entity_id: financial.id })).items;
      expect(entry).toMatchObject({
        action: "create",
        request_id: "req-sale-1",
        changes: expect.objectContaining({ value: financial.value, order_id: sale.order_id }),
      });
    }
    const all = await (await org.as()).audit.list({ perPage: 50 });
    const ofTheSale = all.items.filter((event) => event.request_id === "req-sale-1").map((event) => event.entity);
    expect(ofTheSale.sort()).toEqual(["order", "sale", ...detail.financials.map(() => "financial")].sort());
  });

  it("names the records its changes point to by id: statuses, partners, sellers, orders, and the users behind actor strings", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const order = await f.post("/orders", orderBody(f));
    const statuses = await org.db.status.findMany({ where: { type: "ORDER" } });
    const confirmed = statuses.find((status) => status.phase === "CONFIRMED")!;
    const initial = statuses.find((status) => status.is_initial)!;
    const put = await call("PUT", `/api/b2b/orders/${order.id}`, { headers: f.headers, body: orderBody(f, { status: confirmed.id }) });
    expect(put.status, put.text).toBe(200);
    const api = await org.as();
    const [update] = (await api.audit.list({ entity: "order", entity_id: order.id, action: "update" })).items;
    expect(update!.changes.status).toEqual({ from: initial.id, to: confirmed.id });
    expect(update!.names).toMatchObject({ [initial.id]: initial.title, [confirmed.id]: confirmed.title });
    const [created] = (await api.audit.list({ entity: "order", entity_id: order.id, action: "create" })).items;
    expect(created!.names).toMatchObject({ [f.partner.id]: f.partner.name, [f.seller.id]: f.seller.name });
    // A receivable of the order names it by its number.
    const financial = await call("POST", "/api/b2b/financials", {
      headers: f.headers,
      body: {
        partner_id: f.partner.id,
        order_id: order.id,
        value: 10,
        paying_off_value: 0,
        paying_off_date: null,
        reversed_value: 0,
        reversed_date: null,
        due_date: "2026-12-01",
        status: (await org.db.status.findFirstOrThrow({ where: { type: "FINANCIAL", is_initial: true } })).id,
        payment_billet: { bar_code: "10492006506100010004200997263900989810000021403" },
      },
    });
    expect(financial.status, financial.text).toBe(201);
    const [receivable] = (await api.audit.list({ entity: "financial", entity_id: financial.json.id })).items;
    expect(receivable!.names[order.id]).toBe("nº 1");
    const admin = await org.db.user.findFirstOrThrow({ where: { email: org.adminEmail } });
    const billet = receivable!.changes.payment_billet as { created_by: string } | undefined;
    expect(billet?.created_by).toBe(`user:${admin.id}`);
    expect(receivable!.names[`user:${admin.id}`]).toBe(admin.name);
  });

  it("logs who created a stock record (its first movement or an override), who disabled it", async () => {
    const world = await stockWorld();
    const moved = await world.move({ ...world.key(), type: "INCREMENT", quantity: 5 });
    expect(moved.status, moved.text).toBe(200);
    expect((await world.move({ ...world.key(), type: "INCREMENT", quantity: 2 })).status).toBe(200);
    expect((await call("PUT", `/api/b2b/stock/${moved.json.id}/disable`, { headers: world.headers })).status).toBe(200);
    const viewer = await world.org.as("VIEWER");
    const history = await viewer.audit.list({ entity: "stock", entity_id: moved.json.id });
    expect(history.items.map((event) => event.action)).toEqual(["disable", "create"]);
    expect(history.items[1]!.changes).toMatchObject({
      product_id: world.screw.id,
      warehouse_id: world.warehouse.id,
      company_id: world.company.id,
    });

    // An override creates the missing record (logged once), and only sets the figures of one that exists.
    for (const total of [3, 4]) {
      const overridden = await call("PUT", "/api/b2b/stock/override", {
        headers: world.headers,
        body: { items: [{ ...world.key({ product_id: world.drill.id }), total }] },
      });
      expect(overridden.status, overridden.text).toBeLessThan(300);
    }
    const drill = await world.org.db.stockInventory.findFirstOrThrow({ where: { product_id: world.drill.id } });
    expect((await viewer.audit.list({ entity: "stock", entity_id: drill.id })).items.map((event) => event.action)).toEqual(["create"]);
  });
});
