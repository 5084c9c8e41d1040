/**
 * What the panel's tables and palette stand on: bulk actions in one transaction, the
 * streamed CSV export, saved views per user, and the global search.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newOrg, unique } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { nfeKey, orderBody, orderFixtures } from "../helpers/orders";
import { saleBody, salesSetup } from "../helpers/sales";

describe("bulk actions", () => {
  it("deactivate and activate several records at once, each change in the audit log", async () => {
    const org = await newOrg();
    const api = await org.as();
    const ids = [];
    for (let index = 0; index < 3; index++) ids.push((await api.brands.create({ name: unique("Bulk"), active: true, images: [], attributes: {} })).id);
    expect(await api.brands.bulkSetActive({ ids, active: false })).toEqual({ count: 3, failures: [] });
    expect((await api.brands.list({ active: false })).items.map((brand) => brand.id).sort()).toEqual([...ids].sort());
    const history = await api.audit.list({ entity: "brand", entity_id: ids[0]! });
    expect(history.items[0]!.changes).toEqual({ active: { from: true, to: false } });
    await expect(api.brands.bulkSetActive({ ids: [ids[0]!, ids[0]!], active: true })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    await expect((await org.as("VIEWER")).brands.bulkSetActive({ ids, active: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("delete what can go, report per record what cannot (in use, missing) and keep it", async () => {
    const org = await newOrg();
    const api = await org.as();
    const free = await api.measureUnits.create({ abbreviation: "CX", description: unique("Caixa"), decimals_for_quantity: 0, active: true });
    const used = await api.measureUnits.create({ abbreviation: "PC", description: unique("Peça"), decimals_for_quantity: 0, active: true });
    const product = await api.products.create({ name: unique("Produto"), active: true, attributes: {} });
    await api.alternativeUnits.create({ product_id: product.id, unit_id: used.id, decimals_for_quantity: 0, value_multiplier: 12, quantity: 1, attributes: {} });
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
      sellerIds.push((await api.sellers.create({ name: unique("Vendedor"), email: `${randomUUID()}@example.com`, company_id: company.id })).id);
    }
    expect(await api.sellers.bulkSetActive({ ids: sellerIds, active: false })).toEqual({ count: 2, failures: [] });
    expect((await api.sellers.get({ id: sellerIds[0]! })).active).toBe(false);
    expect(await api.sellers.bulkRemove({ ids: sellerIds })).toEqual({ count: 2, failures: [] });
    await expect((await org.as("SELLER")).sellers.bulkRemove({ ids: sellerIds })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const status = await api.statuses.create({ title: unique("Status"), type: "ORDER", background_color: "#000000", font_color: "#FFFFFF", order: 9 });
    expect(await api.statuses.bulkRemove({ ids: [status.id] })).toEqual({ count: 1, failures: [] });

    const admin = await api.account.get();
    const other = await api.users.create({ name: unique("Pessoa"), email: `${randomUUID()}@example.com`, role: "VIEWER", password: "password123" });
    const users = await api.users.bulkSetActive({ ids: [other.id, admin.id], active: false });
    expect(users).toMatchObject({ count: 1, failures: [{ id: admin.id, status: 422 }] });
    expect((await api.users.get({ id: other.id })).active).toBe(false);
    expect((await api.users.get({ id: admin.id })).active).toBe(true);
    await expect((await org.as("MANAGER")).users.bulkSetActive({ ids: [other.id], active: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
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
    const answer = await call("GET", `/api/b2b/exports/brands?search=${tag}&active=true&sort=name&dir=desc&columns=name,active&headers=Nome,Ativa`, { headers });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="brands-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = answer.text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
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
    expectProblem(await call("GET", "/api/b2b/saved-views", { headers: { "x-service-access-key-token": key.token, "x-service-access-key-code": key.code } }), 403);
  });
});

describe("global search", () => {
  it("finds partners by name or CNPJ, products by SKU, and more, without accents, in the caller's org only", async () => {
    const org = await newOrg();
    const api = await org.as();
    const tag = unique("Zeta").replace(" ", "");
    await api.partners.create({ name: `${tag} Comércio`, fiscal_registration_number: "11222333000181", active: true, addresses: [], attributes: {} });
    await api.products.create({ name: `Furadeira ${tag}`, sku: `SKU-${tag}`, active: true, attributes: {} });
    const found = await api.search.everything({ q: `${tag} comercio` });
    expect(found.partners.map((hit) => hit.title)).toEqual([`${tag} Comércio`]);
    expect(found.partners[0]!.subtitle).toBe("11.222.333/0001-81");
    expect((await api.search.everything({ q: `sku-${tag}` })).products.map((hit) => hit.subtitle)).toEqual([`SKU-${tag}`]);
    const other = await (await newOrg()).as();
    expect(await other.search.everything({ q: tag })).toEqual({ partners: [], products: [], orders: [], brands: [], categories: [], sellers: [] });
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
    expect(byPartner.orders[0]).toMatchObject({ title: f.partner.name, subtitle: expect.any(String), total_value: 1280, quotation: false, negotiation_date: "2026-03-10T14:30:00.000Z" });
    expect(await ids(older.id)).toEqual([older.id]);
    expect(await ids(older.id.slice(0, 8).toUpperCase())).toContain(older.id);
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
