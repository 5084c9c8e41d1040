/**
 * What the panel's tables and palette stand on: bulk actions in one transaction, the
 * streamed CSV export, saved views per user, and the global search.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createWebhook } from "@/server/webhooks/service";
import { newOrg, testServer, unique, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { nfeKey, orderBody, orderFixtures } from "../helpers/orders";
import { createSale, saleBody, salesSetup } from "../helpers/sales";
import { stockWorld } from "../helpers/stock";

// The server starts (and the database migrates) once per worker, before the clock of the first test.
beforeAll(() => testServer());

const priceTable = (name: string) => ({
  name,
  start_date: "2026-01-01",
  end_date: null,
  is_partner_specific: false,
  is_profile_specific: false,
  is_company_specific: false,
  is_payment_method_specific: false,
});
const discount = (name: string) => ({ name, ranges: [{ minimum_quantity: 1, value: 5 }] });
const webhookOf = (org: TestOrg) =>
  createWebhook(
    org.db,
    { url: `http://127.0.0.1:9/${randomUUID()}`, events: ["sale.created", "order.status-changed"], active: true, attributes: {} },
    { allowPrivate: true },
  );
/** The lines of a CSV answer, without the BOM. */
const csvLinesOf = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("bulk actions", () => {
  it("deactivate and activate several records at once, each change in the audit log", async () => {
    const org = await newOrg();
    const api = await org.as();
    const ids = [];
    for (let index = 0; index < 3; index++)
      ids.push((await api.brands.create({ name: unique("Bulk"), active: true, images: [], attributes: {} })).id);
    expect(await api.brands.bulkSetActive({ ids, active: false })).toEqual({ count: 3, failures: [] });
    expect((await api.brands.list({ active: false })).items.map((brand) => brand.id).sort()).toEqual([...ids].sort());
    const history = await api.audit.list({ entity: "brand", entity_id: ids[0]! });
    expect(history.items[0]!.changes).toEqual({ active: { from: true, to: false } });
    await expect(api.brands.bulkSetActive({ ids: [ids[0]!, ids[0]!], active: true })).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
    });
    await expect((await org.as("VIEWER")).brands.bulkSetActive({ ids, active: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("delete what can go, report per record what cannot (in use, missing) and keep it", async () => {
    const org = await newOrg();
    const api = await org.as();
    const free = await api.measureUnits.create({
      abbreviation: "CX",
      description: unique("Caixa"),
      decimals_for_quantity: 0,
      active: true,
    });
    const used = await api.measureUnits.create({ abbreviation: "PC", description: unique("Peça"), decimals_for_quantity: 0, active: true });
    const product = await api.products.create({ name: unique("Produto"), active: true, attributes: {} });
    await api.alternativeUnits.create({
      product_id: product.id,
      unit_id: used.id,
      decimals_for_quantity: 0,
      value_multiplier: 12,
      quantity: 1,
      attributes: {},
    });
    const missing = randomUUID();
    const result = await api.measureUnits.bulkRemove({ ids: [used.id, free.id, missing] });
    expect(result.count).toBe(1);
    expect(result.failures).toEqual([
      expect.objectContaining({ id: used.id, status: 409, code: "in_use", params: expect.objectContaining({ record: "PC" }) }),
      expect.objectContaining({ id: missing, status: 404, code: "not_found" }),
    ]);
    expect(result.failures[0]!.message).toContain('Measure unit "PC"');
    expect(await org.db.measureUnit.count({ where: { id: { in: [free.id, used.id] } } })).toBe(1);
    const history = await api.audit.list({ entity: "measure_unit", entity_id: free.id, action: "delete" });
    expect(history.items).toHaveLength(1);
    expect(await api.measureUnits.bulkRemove({ ids: [used.id] })).toMatchObject({ count: 0, failures: [{ id: used.id, status: 409 }] });
  });

  it("a foreign record is reported as missing and left alone", async () => {
    const mine = await newOrg();
    const theirs = await newOrg();
    const foreign = await (await theirs.as()).brands.create({ name: unique("Alheia"), active: true, images: [], attributes: {} });
    const result = await (await mine.as()).brands.bulkSetActive({ ids: [foreign.id], active: false });
    expect(result).toMatchObject({ count: 0, failures: [{ id: foreign.id, status: 404 }] });
    expect((await (await theirs.as()).brands.get({ id: foreign.id })).active).toBe(true);
    expect((await (await mine.as()).brands.bulkRemove({ ids: [foreign.id] })).failures).toHaveLength(1);
    expect(await theirs.db.brand.count({ where: { id: foreign.id } })).toBe(1);
  });

  it("sellers, statuses and users have bulk actions too", async () => {
    const org = await newOrg();
    const api = await org.as();
    const company = await api.companies.create({ name: unique("Empresa"), fiscal_registration_number: "11.222.333/0001-81" });
    const sellerIds = [];
    for (let index = 0; index < 2; index++) {
      sellerIds.push(
        (await api.sellers.create({ name: unique("Vendedor"), email: `${randomUUID()}@example.com`, company_id: company.id })).id,
      );
    }
    expect(await api.sellers.bulkSetActive({ ids: sellerIds, active: false })).toEqual({ count: 2, failures: [] });
    expect((await api.sellers.get({ id: sellerIds[0]! })).active).toBe(false);
    expect(await api.sellers.bulkRemove({ ids: sellerIds })).toEqual({ count: 2, failures: [] });
    await expect((await org.as("SELLER")).sellers.bulkRemove({ ids: sellerIds })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const status = await api.statuses.create({
      title: unique("Status"),
      type: "ORDER",
      phase: "OPEN",
      background_color: "#000000",
      font_color: "#FFFFFF",
      order: 9,
    });
    expect(await api.statuses.bulkRemove({ ids: [status.id] })).toEqual({ count: 1, failures: [] });

    const admin = await api.account.get();
    const other = await api.users.create({
      name: unique("Pessoa"),
      email: `${randomUUID()}@example.com`,
      role: "VIEWER",
      password: "password123",
    });
    const users = await api.users.bulkSetActive({ ids: [other.id, admin.id], active: false });
    expect(users).toMatchObject({ count: 1, failures: [{ id: admin.id, status: 422 }] });
    expect((await api.users.get({ id: other.id })).active).toBe(false);
    expect((await api.users.get({ id: admin.id })).active).toBe(true);
    await expect((await org.as("MANAGER")).users.bulkSetActive({ ids: [other.id], active: true })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("bulk actions of the other lists", () => {
  it("products: enable/disable and delete, the one in use reported and kept, each change audited", async () => {
    const org = await newOrg();
    const api = await org.as();
    const free = await api.products.create({ name: unique("Livre"), active: true, attributes: {} });
    const used = await api.products.create({ name: unique("Usado"), active: true, attributes: {} });
    const unit = await api.measureUnits.create({
      abbreviation: "CX",
      description: unique("Caixa"),
      decimals_for_quantity: 0,
      active: true,
    });
    await api.alternativeUnits.create({
      product_id: used.id,
      unit_id: unit.id,
      decimals_for_quantity: 0,
      value_multiplier: 12,
      quantity: 1,
      attributes: {},
    });
    const missing = randomUUID();
    expect(await api.products.bulkSetActive({ ids: [free.id, used.id, missing], active: false })).toMatchObject({
      count: 2,
      failures: [{ id: missing, status: 404 }],
    });
    expect((await api.products.get({ id: used.id })).active).toBe(false);
    expect((await api.audit.list({ entity: "product", entity_id: free.id, action: "update" })).items[0]!.changes).toEqual({
      active: { from: true, to: false },
    });
    // Already inactive: nothing changes, nothing more is recorded.
    expect(await api.products.bulkSetActive({ ids: [free.id], active: false })).toEqual({ count: 1, failures: [] });
    expect((await api.audit.list({ entity: "product", entity_id: free.id, action: "update" })).items).toHaveLength(1);
    const removed = await api.products.bulkRemove({ ids: [used.id, free.id] });
    expect(removed).toMatchObject({ count: 1, failures: [{ id: used.id, status: 409 }] });
    expect(await org.db.product.count({ where: { id: { in: [free.id, used.id] } } })).toBe(1);
    await expect((await org.as("SELLER")).products.bulkSetActive({ ids: [used.id], active: true })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("discounts, price tables, sales channels, webhooks, stock and access keys", async () => {
    const world = await stockWorld();
    const org = world.org;
    const api = await org.as();
    const discounts = [await api.discounts.create(discount(unique("Desconto"))), await api.discounts.create(discount(unique("Desconto")))];
    expect(await api.discounts.bulkSetActive({ ids: discounts.map(({ id }) => id), active: false })).toEqual({ count: 2, failures: [] });
    expect((await api.discounts.list({})).items.map((row) => row.is_active)).toEqual([false, false]);
    expect((await api.audit.list({ entity: "discount", entity_id: discounts[0]!.id, action: "update" })).items[0]!.changes).toEqual({
      is_active: { from: true, to: false },
    });
    expect(await api.discounts.bulkRemove({ ids: discounts.map(({ id }) => id) })).toEqual({ count: 2, failures: [] });
    expect(await org.db.discount.count()).toBe(0);

    const table = await api.priceTables.create(priceTable(unique("Tabela")));
    expect(await api.priceTables.bulkRemove({ ids: [table.id] })).toEqual({ count: 1, failures: [] });
    expect((await api.audit.list({ entity: "price_table", entity_id: table.id, action: "delete" })).items).toHaveLength(1);

    const channel = await api.solutions.create({ name: unique("Canal"), metadata: {}, active: true, attributes: {} });
    expect(await api.solutions.bulkSetActive({ ids: [channel.id], active: false })).toEqual({ count: 1, failures: [] });

    const hooks = [await webhookOf(org), await webhookOf(org)];
    expect(await api.webhooks.bulkSetActive({ ids: hooks.map(({ id }) => id), active: false })).toEqual({ count: 2, failures: [] });
    expect((await api.webhooks.get({ id: hooks[0]!.id })).active).toBe(false);
    expect((await api.audit.list({ entity: "webhook", entity_id: hooks[0]!.id, action: "update" })).items[0]!.changes).toMatchObject({
      active: { from: true, to: false },
    });
    await expect((await org.as("MANAGER")).webhooks.bulkRemove({ ids: [hooks[0]!.id] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await api.webhooks.bulkRemove({ ids: hooks.map(({ id }) => id) })).toEqual({ count: 2, failures: [] });

    const free = (await world.move(world.key({ type: "INCREMENT", quantity: 5 }))).json;
    await world.move(world.key({ product_id: world.cement.id, type: "INCREMENT", quantity: 2 }));
    const reserved = (await world.move(world.key({ product_id: world.cement.id, type: "RESERVE", quantity: 1 }))).json;
    expect(await api.stock.bulkSetActive({ ids: [free.id, reserved.id], active: false })).toEqual({ count: 2, failures: [] });
    expect((await api.stock.get({ id: free.id })).active).toBe(false);
    expect(await api.stock.bulkRemove({ ids: [free.id, reserved.id] })).toMatchObject({
      count: 1,
      failures: [{ id: reserved.id, status: 409, code: "stock_reserved" }],
    });
    expect(await org.db.stockInventory.count()).toBe(1);

    const keys = [
      await api.accessKeys.create({ name: unique("ERP"), role: "VIEWER" }),
      await api.accessKeys.create({ name: unique("BI"), role: "VIEWER" }),
    ];
    expect(await api.accessKeys.bulkRemove({ ids: keys.map(({ id }) => id) })).toEqual({ count: 2, failures: [] });
    expect((await api.audit.list({ entity: "access_key", entity_id: keys[0]!.id, action: "revoke" })).items).toHaveLength(1);
    const revoked = { "x-service-access-key-token": keys[0]!.token, "x-service-access-key-code": keys[0]!.code };
    expectProblem(await call("GET", "/api/b2b/brands", { headers: revoked }), 401);
  });

  it("another org's records are reported as missing and left as they were", async () => {
    const mine = await (await newOrg()).as();
    const theirs = await newOrg();
    const api = await theirs.as();
    const product = await api.products.create({ name: unique("Alheio"), active: true, attributes: {} });
    const foreignDiscount = await api.discounts.create(discount(unique("Alheio")));
    const table = await api.priceTables.create(priceTable(unique("Alheia")));
    const hook = await webhookOf(theirs);
    const key = await api.accessKeys.create({ name: unique("Alheia"), role: "VIEWER" });
    const world = await stockWorld(theirs);
    const stock = (await world.move(world.key({ type: "INCREMENT", quantity: 1 }))).json;
    const refused = (result: { count: number; failures: Array<{ status: number }> }) =>
      expect(result).toMatchObject({ count: 0, failures: [{ status: 404 }] });

    refused(await mine.products.bulkSetActive({ ids: [product.id], active: false }));
    refused(await mine.products.bulkRemove({ ids: [product.id] }));
    refused(await mine.discounts.bulkSetActive({ ids: [foreignDiscount.id], active: false }));
    refused(await mine.discounts.bulkRemove({ ids: [foreignDiscount.id] }));
    refused(await mine.priceTables.bulkRemove({ ids: [table.id] }));
    refused(await mine.webhooks.bulkSetActive({ ids: [hook.id], active: false }));
    refused(await mine.webhooks.bulkRemove({ ids: [hook.id] }));
    refused(await mine.stock.bulkSetActive({ ids: [stock.id], active: false }));
    refused(await mine.stock.bulkRemove({ ids: [stock.id] }));
    refused(await mine.accessKeys.bulkRemove({ ids: [key.id] }));

    expect((await api.products.get({ id: product.id })).active).toBe(true);
    expect((await api.discounts.get({ id: foreignDiscount.id })).is_active).toBe(true);
    expect((await api.webhooks.get({ id: hook.id })).active).toBe(true);
    expect((await api.stock.get({ id: stock.id })).active).toBe(true);
    expect(await theirs.db.priceTable.count({ where: { id: table.id } })).toBe(1);
    expect(await theirs.db.accessKey.count({ where: { id: key.id } })).toBe(1);
  });
});

describe("CSV export", () => {
  it("streams the whole filtered list, in the columns and labels asked, the way each locale opens it", async () => {
    const org = await newOrg();
    const headers = await org.bearer("VIEWER");
    const api = await org.as();
    const tag = unique("Exp").replace(" ", "");
    for (let index = 0; index < 130; index++) {
      await api.brands.create({ name: `${tag} ${String(index).padStart(3, "0")}`, active: index % 2 === 0, images: [], attributes: {} });
    }
    await api.brands.create({ name: `=cmd|' /C calc'!A0 ${tag}`, active: true, images: [], attributes: {} });
    const answer = await call(
      "GET",
      `/api/b2b/exports/brands?search=${tag}&active=true&sort=name&dir=desc&columns=name,active&headers=Nome,Ativa`,
      { headers },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="brands-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = answer.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Nome;Ativa");
    expect(lines).toHaveLength(1 + 65 + 1);
    expect(lines[1]).toBe(`${tag} 128;Sim`);
    // A cell never starts a formula when the file is opened in a spreadsheet.
    expect(lines.at(-1)).toBe(`"'=cmd|' /C calc'!A0 ${tag}";Sim`);
    const english = await call("GET", `/api/b2b/exports/brands?search=${tag}&locale=en&columns=name`, { headers });
    expect(english.text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("name");
  });

  it("refuses unknown lists (404), columns and filters (422)", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    expectProblem(await call("GET", "/api/b2b/exports/nothing", { headers }), 404);
    expectProblem(await call("GET", "/api/b2b/exports/brands?columns=name,password", { headers }), 422);
    expectProblem(await call("GET", "/api/b2b/exports/brands?sort=constructor", { headers }), 422);
    expectProblem(await call("GET", "/api/b2b/exports/brands?columns=name&headers=A,B", { headers }), 422);
    expectProblem(await call("GET", "/api/b2b/exports/brands"), 401);
  });
});

describe("CSV export of the other lists", () => {
  it("writes the labels the list shows: roles, status titles, events, aging, names for ids", async () => {
    const org = await newOrg();
    const admin = await org.bearer();
    const api = await org.as();
    await api.users.create({ name: unique("Vendedora"), email: `${randomUUID()}@example.com`, role: "SELLER", password: "password123" });
    const users = csvLinesOf((await call("GET", "/api/b2b/exports/users?role=SELLER&columns=role&headers=Papel", { headers: admin })).text);
    expect(users).toEqual(["Papel", "Vendedor"]);
    const english = csvLinesOf((await call("GET", "/api/b2b/exports/users?role=SELLER&columns=role&locale=en", { headers: admin })).text);
    expect(english).toEqual(["role", "Seller"]);

    await webhookOf(org);
    expect(csvLinesOf((await call("GET", "/api/b2b/exports/webhooks?columns=events&locale=en", { headers: admin })).text)[1]).toBe(
      '"Sale created, Order status changed"',
    );

    const setup = await salesSetup(org);
    await createSale(setup);
    const status = await org.db.status.findFirstOrThrow({ where: { type: "SALE", is_initial: true } });
    const sales = csvLinesOf((await call("GET", "/api/b2b/exports/sales?columns=partner_name,status", { headers: admin })).text);
    expect(sales).toEqual(["partner_name;status", `${setup.partner.name};${status.title}`]);

    const open = await org.db.status.findFirstOrThrow({ where: { type: "FINANCIAL", title: "open" } });
    const due = new Date(Date.now() - 45 * 86_400_000).toISOString();
    const financial = await call("POST", "/api/b2b/financials", {
      headers: admin,
      body: {
        partner_id: setup.otherPartner.id,
        value: 100,
        paying_off_value: 0,
        paying_off_date: null,
        reversed_value: 0,
        reversed_date: null,
        due_date: due,
        status: open.id,
        type: "BOLETO",
      },
    });
    expect(financial.status, financial.text).toBe(201);
    const financials = csvLinesOf(
      (
        await call(
          "GET",
          `/api/b2b/exports/financials?partner_id=${setup.otherPartner.id}&columns=value,status,overdue&headers=Valor,Status,Atraso`,
          { headers: admin },
        )
      ).text,
    );
    expect(financials).toEqual(["Valor;Status;Atraso", "100;open;31–60 dias"]);

    const world = await stockWorld(org);
    await world.move(world.key({ product_variation_id: world.screwBlue.id, type: "INCREMENT", quantity: 3 }));
    const stock = csvLinesOf(
      (await call("GET", `/api/b2b/exports/stock?product_id=${world.screw.id}&columns=product,warehouse,total`, { headers: admin })).text,
    );
    expect(stock[1]).toBe(`${world.screw.name} — Parafuso Azul;${world.warehouse.name};3`);
  });

  it("the lists of admins export to admins only; financials to a user's bearer token only", async () => {
    const org = await newOrg();
    const manager = await org.bearer("MANAGER");
    for (const list of ["users", "access-keys", "webhooks"])
      expectProblem(await call("GET", `/api/b2b/exports/${list}`, { headers: manager }), 403);
    expect((await call("GET", "/api/b2b/exports/discounts", { headers: manager })).status).toBe(200);
    const key = await (await org.as()).accessKeys.create({ name: unique("ERP"), role: "ADMIN" });
    const keyHeaders = { "x-service-access-key-token": key.token, "x-service-access-key-code": key.code };
    expectProblem(await call("GET", "/api/b2b/exports/financials", { headers: keyHeaders }), 401);
    expect((await call("GET", "/api/b2b/exports/users", { headers: keyHeaders })).status).toBe(200);
  });
});

describe("saved views", () => {
  it("are each user's own, saved by name (the same name replaces), listed per list, deleted", async () => {
    const org = await newOrg();
    const mine = await org.as();
    const theirs = await org.as("MANAGER");
    const state = { search: "aço", sort: "name", dir: "desc" as const, filters: { active: "true" }, columns: ["name", "active"] };
    const saved = await mine.savedViews.save({ list: "brands", name: "Ativas", state });
    await mine.savedViews.save({ list: "brands", name: "Ativas", state: { ...state, dir: "asc" } });
    await mine.savedViews.save({ list: "partners", name: "SP", state: { filters: { state: "SP" } } });
    expect((await mine.savedViews.list({ list: "brands" })).map((view) => [view.name, view.state.dir])).toEqual([["Ativas", "asc"]]);
    expect(await theirs.savedViews.list({})).toEqual([]);
    await expect(theirs.savedViews.remove({ id: saved.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await mine.savedViews.remove({ id: saved.id });
    expect((await mine.savedViews.list({})).map((view) => view.list)).toEqual(["partners"]);
    const key = await mine.accessKeys.create({ name: unique("Key"), role: "ADMIN" });
    expectProblem(
      await call("GET", "/api/b2b/saved-views", {
        headers: { "x-service-access-key-token": key.token, "x-service-access-key-code": key.code },
      }),
      403,
    );
  });
});

describe("global search", () => {
  it("finds partners by name or CNPJ, products by SKU, and more, without accents, in the caller's org only", async () => {
    const org = await newOrg();
    const api = await org.as();
    const tag = unique("Zeta").replace(" ", "");
    await api.partners.create({
      name: `${tag} Comércio`,
      fiscal_registration_number: "11222333000181",
      active: true,
      addresses: [],
      attributes: {},
    });
    await api.products.create({ name: `Furadeira ${tag}`, sku: `SKU-${tag}`, active: true, attributes: {} });
    const found = await api.search.everything({ q: `${tag} comercio` });
    expect(found.partners.map((hit) => hit.title)).toEqual([`${tag} Comércio`]);
    expect(found.partners[0]!.subtitle).toBe("11.222.333/0001-81");
    expect((await api.search.everything({ q: `sku-${tag}` })).products.map((hit) => hit.subtitle)).toEqual([`SKU-${tag}`]);
    const other = await (await newOrg()).as();
    expect(await other.search.everything({ q: tag })).toEqual({
      partners: [],
      products: [],
      orders: [],
      brands: [],
      categories: [],
      sellers: [],
    });
  });

  it("lists and the palette take identifiers as people type them: CNPJ with or without its mask, CEP, phone, NF-e key in groups", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const headers = f.headers;
    const partner = await f.post("/partners", {
      name: unique("Ferragens Identificadas"),
      fiscal_registration_number: "06990590000123",
      phone: "(11) 3456-7890",
      mobile: "11987654321",
      addresses: [
        {
          name: "Matriz",
          type: "COMMERCIAL",
          street: "Av. Paulista",
          number: "1000",
          city: "São Paulo",
          state: "SP",
          postal_code: "01310-100",
          country: "BR",
        },
      ],
    });
    const ids = async (path: string, search: string) =>
      (await call("GET", `/api/b2b${path}?search=${encodeURIComponent(search)}`, { headers })).json.items.map(
        (item: { id: string }) => item.id,
      );
    for (const typed of [
      "06.990.590/0001-23",
      "06990590000123",
      "06.990.590",
      "01310-100",
      "01310100",
      "(11) 3456-7890",
      "1134567890",
      "3456-7890",
      "(11) 98765-4321",
      "98765-4321",
    ]) {
      expect(await ids("/partners", typed), typed).toEqual([partner.id]);
    }
    const key = nfeKey();
    const order = await f.post("/orders", orderBody(f, { partner_id: partner.id, invoices: [{ invoice_key: key }] }));
    const grouped = key.replace(/(\d{4})/g, "$1 ").trim();
    for (const typed of ["06.990.590/0001-23", "06990590000123", grouped, key]) {
      expect(await ids("/orders", typed), typed).toEqual([order.id]);
    }
    const palette = await (await org.as()).search.everything({ q: "06.990.590/0001-23" });
    expect(palette.partners.map((hit) => hit.id)).toEqual([partner.id]);
    expect(palette.orders.map((hit) => hit.id)).toEqual([order.id]);
  });

  it("finds orders by partner, number, NF-e key or invoice number and sale external id, newest first, in the caller's org and scope only", async () => {
    const org = await newOrg();
    const setup = await salesSetup(org);
    const sale = await setup.post("/sales", saleBody(setup));
    const f = await orderFixtures(org);
    const key = nfeKey();
    const older = await f.post("/orders", orderBody(f, { negotiation_date: "2026-01-05T12:00:00.000Z" }));
    const newer = await f.post("/orders", orderBody(f, { invoices: [{ invoice_key: key, invoice_number: "778899" }] }));
    const api = await org.as();
    const ids = async (q: string) => (await api.search.everything({ q })).orders.map((hit) => hit.id);

    const byPartner = await api.search.everything({ q: f.partner.name.toLowerCase() });
    expect(byPartner.orders.map((hit) => hit.id)).toEqual([newer.id, older.id]);
    expect(byPartner.orders[0]).toMatchObject({
      title: f.partner.name,
      subtitle: expect.any(String),
      total_value: 1280,
      quotation: false,
      negotiation_date: "2026-03-10T14:30:00.000Z",
    });
    expect(await ids(older.id)).toEqual([older.id]);
    // Its number as people type it (the sale's order was nº 1, then older and newer).
    expect(await ids("nº 2")).toEqual([older.id]);
    expect(await ids("#3")).toEqual([newer.id]);
    expect(await ids(key.replace(/(\d{4})/g, "$1 ").trim())).toEqual([newer.id]);
    expect(await ids("778899")).toEqual([newer.id]);
    expect(await ids(saleBody(setup).external_id)).toEqual([]);
    expect(sale.order_id).toBeTruthy();
    expect(await ids(sale.external_id)).toEqual([sale.order_id]);

    // Another org finds nothing of them; a SELLER linked to no seller finds no order at all.
    const other = await (await newOrg()).as();
    for (const q of [f.partner.name, older.id, key, sale.external_id]) expect((await other.search.everything({ q })).orders).toEqual([]);
    const seller = await org.as("SELLER");
    expect((await seller.search.everything({ q: f.partner.name })).orders).toEqual([]);
    expect((await seller.search.everything({ q: f.partner.name })).partners).toHaveLength(1);
  });
});
