import { randomInt } from "node:crypto";
import { completeCnpj, completeCpf, formatFiscalNumber } from "../../server/lib/fiscal-number";
import { API, expect, expectProblem, test, unique, type Headers } from "../fixtures";
import type { APIRequestContext } from "@playwright/test";

const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");
const newCnpj = () => completeCnpj(`${digits(8)}0001`);
const newCpf = () => completeCpf(digits(9));

async function created(request: APIRequestContext, headers: Headers, path: string, data: object) {
  const response = await request.post(`${API}${path}`, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

async function expectNoContent(response: Awaited<ReturnType<APIRequestContext["put"]>>) {
  expect(response.status(), await response.text()).toBe(204);
  expect(await response.text()).toBe("");
}

test.describe("companies", () => {
  test("CRUD with a CNPJ stored as digits; 422 invalid CNPJ, 409 duplicate and while sellers use it", async ({ request, admin }) => {
    const cnpj = newCnpj();
    const name = unique("Empresa");
    const company = await created(request, admin, "/companies", { name, fiscal_registration_number: formatFiscalNumber(cnpj) });
    expect(company).toEqual({
      id: expect.any(String),
      name,
      fiscal_registration_number: cnpj,
      active: true,
      attributes: {},
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await (await request.get(`${API}/companies/${company.id}`, { headers: admin })).json()).toEqual(company);

    const invalid = await expectProblem(
      await request.post(`${API}/companies`, { headers: admin, data: { name: "", fiscal_registration_number: "11.222.333/0001-80" } }),
      422,
    );
    expect(invalid.errors?.map((error) => error.path).sort()).toEqual(["fiscal_registration_number", "name"]);
    await expectProblem(
      await request.post(`${API}/companies`, { headers: admin, data: { name: "Dup", fiscal_registration_number: cnpj } }),
      409,
    );

    const list = await (await request.get(`${API}/companies?search=${cnpj}`, { headers: admin })).json();
    expect(list).toMatchObject({ currentPage: 0, perPage: 25, total: 1 });
    expect(list.items[0]).toEqual({ id: company.id, name, fiscal_registration_number: cnpj, active: true });

    const seller = await created(request, admin, "/sellers", { name: unique("Seller"), email: "s@example.com", company_id: company.id });
    await expectProblem(await request.delete(`${API}/companies/${company.id}`, { headers: admin }), 409);
    await expectNoContent(await request.delete(`${API}/sellers/${seller.id}`, { headers: admin }));
    await expectNoContent(await request.delete(`${API}/companies/${company.id}`, { headers: admin }));
    await expectProblem(await request.get(`${API}/companies/${company.id}`, { headers: admin }), 404);
  });
});

test.describe("sellers", () => {
  test("POST 201, GET 200, PUT 200, enable and disable 204 without body, DELETE 204", async ({ request, admin }) => {
    const name = unique("Vendedora");
    const cpf = newCpf();
    const seller = await created(request, admin, "/sellers", {
      name,
      email: "Vendas@Example.com",
      fiscal_registration_number: formatFiscalNumber(cpf),
      commission_rate: 3.75,
    });
    expect(Object.keys(seller).sort()).toEqual([
      "active",
      "attributes",
      "commission_rate",
      "company_id",
      "created_at",
      "email",
      "fiscal_registration_number",
      "id",
      "name",
      "phone",
      "updated_at",
      "user_id",
    ]);
    expect(seller).toMatchObject({ email: "vendas@example.com", fiscal_registration_number: cpf, commission_rate: 3.75, active: true });

    await expectNoContent(await request.put(`${API}/sellers/${seller.id}/disable`, { headers: admin }));
    expect((await (await request.get(`${API}/sellers/${seller.id}`, { headers: admin })).json()).active).toBe(false);
    const inactive = await (await request.get(`${API}/sellers?search=${encodeURIComponent(name)}&active=false`, { headers: admin })).json();
    expect(inactive.items.map((item: { id: string }) => item.id)).toEqual([seller.id]);
    await expectNoContent(await request.put(`${API}/sellers/${seller.id}/enable`, { headers: admin }));
    expect((await (await request.get(`${API}/sellers/${seller.id}`, { headers: admin })).json()).active).toBe(true);

    const updated = await request.put(`${API}/sellers/${seller.id}`, { headers: admin, data: { name, email: "outro@example.com" } });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ id: seller.id, email: "outro@example.com", commission_rate: null });

    await expectNoContent(await request.delete(`${API}/sellers/${seller.id}`, { headers: admin }));
    await expectProblem(await request.get(`${API}/sellers/${seller.id}`, { headers: admin }), 404);
  });

  test("422 for invalid bodies, references and ids; 404 for a missing seller; 409 while partners use it", async ({ request, admin }) => {
    const invalid = await expectProblem(
      await request.post(`${API}/sellers`, {
        headers: admin,
        data: { name: "x", email: "nope", commission_rate: 101, company_id: crypto.randomUUID() },
      }),
      422,
    );
    expect(invalid.errors?.map((error) => error.path).sort()).toEqual(["commission_rate", "email"]);
    const reference = await expectProblem(
      await request.post(`${API}/sellers`, {
        headers: admin,
        data: { name: "x", email: "x@example.com", company_id: crypto.randomUUID() },
      }),
      422,
    );
    expect(reference.errors).toEqual([
      expect.objectContaining({ path: "company_id", message: expect.any(String), code: expect.any(String) }),
    ]);

    for (const path of ["not-a-uuid/enable", "not-a-uuid/disable"]) {
      await expectProblem(await request.put(`${API}/sellers/${path}`, { headers: admin }), 422);
    }
    await expectProblem(await request.delete(`${API}/sellers/not-a-uuid`, { headers: admin }), 422);
    await expectProblem(
      await request.put(`${API}/sellers/not-a-uuid`, { headers: admin, data: { name: "x", email: "x@example.com" } }),
      422,
    );
    await expectProblem(await request.get(`${API}/sellers/not-a-uuid`, { headers: admin }), 404);
    const missing = crypto.randomUUID();
    await expectProblem(await request.get(`${API}/sellers/${missing}`, { headers: admin }), 404);
    await expectProblem(await request.put(`${API}/sellers/${missing}/enable`, { headers: admin }), 404);

    const seller = await created(request, admin, "/sellers", { name: unique("Seller"), email: "s@example.com" });
    await created(request, admin, "/partners", { name: unique("Partner"), fiscal_registration_number: newCnpj(), seller_id: seller.id });
    await expectProblem(await request.delete(`${API}/sellers/${seller.id}`, { headers: admin }), 409);
  });
});

test.describe("partners", () => {
  test("CRUD with addresses, filters and search by name, trade name and fiscal number digits", async ({ request, admin }) => {
    const profile = await created(request, admin, "/profiles", { name: unique("Atacado"), active: true });
    const seller = await created(request, admin, "/sellers", { name: unique("Seller"), email: "s@example.com" });
    const cnpj = newCnpj();
    const name = unique("Ferragens Conceição");
    const partner = await created(request, admin, "/partners", {
      name,
      trade_name: unique("Fantasia"),
      fiscal_registration_number: formatFiscalNumber(cnpj),
      email: "compras@ferragens.example",
      profile_id: profile.id,
      seller_id: seller.id,
      addresses: [
        {
          name: "Matriz",
          type: "BILLING",
          street: "Rua Direita",
          number: "10",
          city: "São Paulo",
          state: "SP",
          postal_code: "01002-000",
          country: "BR",
        },
        { name: "Depósito", type: "DELIVERY", city: "Osasco", state: "SP", is_default: true },
      ],
    });
    expect(partner).toMatchObject({
      name,
      fiscal_registration_number: cnpj,
      profile_id: profile.id,
      seller_id: seller.id,
      active: true,
      mobile: null,
    });
    expect(partner.addresses.map((address: { is_default: boolean }) => address.is_default)).toEqual([false, true]);
    expect(partner.addresses[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Matriz",
      type: "BILLING",
      street: "Rua Direita",
      number: "10",
      complement: null,
      neighborhood: null,
      city: "São Paulo",
      state: "SP",
      postal_code: "01002-000",
      country: "BR",
      is_default: false,
    });
    expect(partner).not.toHaveProperty("search_text");

    for (const query of [
      `search=${encodeURIComponent("ferragens conceicao")}`,
      `search=${cnpj}`,
      `search=${encodeURIComponent(partner.trade_name)}`,
    ]) {
      const found = await (await request.get(`${API}/partners?${query}`, { headers: admin })).json();
      expect(
        found.items.map((item: { id: string }) => item.id),
        query,
      ).toEqual([partner.id]);
    }
    const filtered = await (
      await request.get(`${API}/partners?profile_id=${profile.id}&seller_id=${seller.id}&active=true`, { headers: admin })
    ).json();
    expect(filtered).toMatchObject({
      total: 1,
      items: [{ id: partner.id, profile_name: profile.name, seller_name: seller.name, city: "Osasco" }],
    });
    expect((await (await request.get(`${API}/partners?profile_id=${profile.id}&active=false`, { headers: admin })).json()).total).toBe(0);
    await expectProblem(await request.get(`${API}/partners?profile_id=nope`, { headers: admin }), 422);

    const updated = await request.put(`${API}/partners/${partner.id}`, {
      headers: admin,
      data: { name, fiscal_registration_number: cnpj, active: false, addresses: [partner.addresses[0]] },
    });
    expect(updated.status()).toBe(200);
    const body = await updated.json();
    expect(body).toMatchObject({ active: false, profile_id: null, seller_id: null });
    expect(body.addresses).toEqual([{ ...partner.addresses[0], is_default: true }]);

    const removed = await request.delete(`${API}/partners/${partner.id}`, { headers: admin });
    await expectNoContent(removed);
    await expectProblem(await request.get(`${API}/partners/${partner.id}`, { headers: admin }), 404);
  });

  test("422 for an invalid CPF/CNPJ, two defaults or a missing profile; 409 for a repeated number", async ({ request, admin }) => {
    const cpf = newCpf();
    const invalid = await expectProblem(
      await request.post(`${API}/partners`, {
        headers: admin,
        data: {
          name: "x",
          fiscal_registration_number: cpf.slice(0, -1) + String((Number(cpf.at(-1)) + 1) % 10),
          addresses: [{ is_default: true }, { is_default: true }],
          profile_id: crypto.randomUUID(),
        },
      }),
      422,
    );
    expect(invalid.errors?.map((error) => error.path).sort()).toEqual(["addresses", "fiscal_registration_number"]);
    const reference = await expectProblem(
      await request.post(`${API}/partners`, {
        headers: admin,
        data: { name: "x", fiscal_registration_number: cpf, profile_id: crypto.randomUUID() },
      }),
      422,
    );
    expect(reference.errors).toEqual([
      expect.objectContaining({ path: "profile_id", message: expect.any(String), code: expect.any(String) }),
    ]);
    await created(request, admin, "/partners", { name: unique("Pessoa"), fiscal_registration_number: cpf });
    await expectProblem(
      await request.post(`${API}/partners`, {
        headers: admin,
        data: { name: "Again", fiscal_registration_number: formatFiscalNumber(cpf) },
      }),
      409,
    );
  });

  test("another org sees none of them (404 as if missing)", async ({ request, admin, otherAdmin }) => {
    const partner = await created(request, admin, "/partners", { name: unique("Tenant"), fiscal_registration_number: newCnpj() });
    const seller = await created(request, admin, "/sellers", { name: unique("Tenant"), email: "t@example.com" });
    const company = await created(request, admin, "/companies", { name: unique("Tenant"), fiscal_registration_number: newCnpj() });
    await expectProblem(await request.get(`${API}/partners/${partner.id}`, { headers: otherAdmin }), 404);
    await expectProblem(await request.delete(`${API}/partners/${partner.id}`, { headers: otherAdmin }), 404);
    await expectProblem(await request.put(`${API}/sellers/${seller.id}/disable`, { headers: otherAdmin }), 404);
    await expectProblem(await request.get(`${API}/companies/${company.id}`, { headers: otherAdmin }), 404);
    const theirs = await (await request.get(`${API}/partners?search=${encodeURIComponent(partner.name)}`, { headers: otherAdmin })).json();
    expect(theirs.total).toBe(0);
    // Referencing a record of another org is a missing reference.
    await expectProblem(
      await request.post(`${API}/partners`, {
        headers: otherAdmin,
        data: { name: "x", fiscal_registration_number: newCnpj(), seller_id: seller.id },
      }),
      422,
    );
  });

  test("a SELLER key writes partners but not companies or sellers; a VIEWER key only reads", async ({ request, keyFor }) => {
    const seller = await keyFor("SELLER");
    const partner = await created(request, seller, "/partners", { name: unique("By seller"), fiscal_registration_number: newCnpj() });
    expect(
      (
        await request.put(`${API}/partners/${partner.id}`, {
          headers: seller,
          data: { name: "Renamed", fiscal_registration_number: partner.fiscal_registration_number },
        })
      ).status(),
    ).toBe(200);
    await expectProblem(
      await request.post(`${API}/companies`, { headers: seller, data: { name: "x", fiscal_registration_number: newCnpj() } }),
      403,
    );
    await expectProblem(await request.post(`${API}/sellers`, { headers: seller, data: { name: "x", email: "x@example.com" } }), 403);
    expect((await request.get(`${API}/sellers`, { headers: seller })).status()).toBe(200);

    const viewer = await keyFor("VIEWER");
    expect((await request.get(`${API}/partners/${partner.id}`, { headers: viewer })).status()).toBe(200);
    await expectProblem(
      await request.post(`${API}/partners`, { headers: viewer, data: { name: "x", fiscal_registration_number: newCnpj() } }),
      403,
    );
    await expectProblem(await request.delete(`${API}/partners/${partner.id}`, { headers: viewer }), 403);
    await expectNoContent(await request.delete(`${API}/partners/${partner.id}`, { headers: seller }));
    await expectProblem(await request.get(`${API}/partners`), 401);
  });
});
