/** Companies, sellers and partners over REST (contract §5), with their numbers, references, tenancy and roles. */
import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { completeCnpj, completeCpf, formatFiscalNumber, isValidFiscalNumber } from "@/server/lib/fiscal-number";
import { seedPartiesDemo } from "@/server/parties/demo-data";
import { newOrg, unique, type TestOrg } from "../helpers/database";
import { expectProblem, restAs, type Answer, type Rest } from "../helpers/http";

const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");
/** A fresh valid CNPJ (branch 0001) and CPF, so tests never collide. */
const newCnpj = () => completeCnpj(`${digits(8)}0001`);
const newCpf = () => completeCpf(digits(9));
/** The same number with a wrong last check digit. */
const wrongCheckDigit = (valid: string) => valid.slice(0, -1) + String((Number(valid.at(-1)) + 1) % 10);

/** The per-field error paths of a 422, sorted. */
const paths = (answer: Answer) => (expectProblem(answer, 422).errors ?? []).map((error) => error.path).sort();
const ids = (answer: Answer) => answer.json.items.map((item: { id: string }) => item.id);

async function created(rest: Rest, path: string, body: object) {
  const answer = await rest.post(path, body);
  expect(answer.status, answer.text).toBe(201);
  return answer.json;
}

function expectNoContent(answer: Answer) {
  expect(answer.status, answer.text).toBe(204);
  expect(answer.text).toBe("");
}

const admin = async (org?: TestOrg) => restAs(await (org ?? (await newOrg())).bearer());
const company = (rest: Rest, overrides: object = {}) =>
  created(rest, "/companies", { name: unique("Company"), fiscal_registration_number: newCnpj(), ...overrides });
const profile = (org: TestOrg, name = unique("Profile")) => org.db.profile.create({ data: { name } as never });

describe("companies", () => {
  it("POST 201 with a masked CNPJ stored as digits, GET, PUT, search by name and number, DELETE 204", async () => {
    const rest = await admin();
    const cnpj = newCnpj();
    const name = unique("Distribuidora São Jorge");
    const first = await created(rest, "/companies", {
      name,
      fiscal_registration_number: formatFiscalNumber(cnpj),
      attributes: { ie: "123" },
    });
    expect(first).toEqual({
      id: expect.any(String),
      name,
      fiscal_registration_number: cnpj,
      active: true,
      is_default: false,
      // Contract §12's fiscal fields: without `crt` the company figures no taxes.
      crt: null,
      pis_cofins_regime: "NONE",
      ipi_contributor: false,
      trade_name: null,
      state_registration: null,
      address: null,
      attributes: { ie: "123" },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await rest.get(`/companies/${first.id}`)).json).toEqual(first);

    const updated = await rest.put(`/companies/${first.id}`, { name: `${name} Filial`, fiscal_registration_number: cnpj, active: false });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id: first.id, name: `${name} Filial`, active: false, attributes: {} });

    for (const search of [name.replace("São", "sao"), cnpj, formatFiscalNumber(cnpj).slice(0, 10)]) {
      expect(ids(await rest.get(`/companies?search=${encodeURIComponent(search)}`)), search).toEqual([first.id]);
    }
    expect((await rest.get(`/companies?active=true&search=${encodeURIComponent(name)}`)).json.total).toBe(0);
    const list = (await rest.get(`/companies?search=${cnpj}`)).json;
    expect(list).toMatchObject({ currentPage: 0, perPage: 25, total: 1 });
    expect(list.items[0]).toEqual({
      id: first.id,
      name: `${name} Filial`,
      fiscal_registration_number: cnpj,
      active: false,
      is_default: false,
      crt: null,
    });

    expectNoContent(await rest.delete(`/companies/${first.id}`));
    expectProblem(await rest.get(`/companies/${first.id}`), 404);
  });

  it("422 for an invalid CNPJ, a CPF or a missing name; 409 for a CNPJ the org already has (another org may)", async () => {
    const rest = await admin();
    const cnpj = newCnpj();
    for (const number of [wrongCheckDigit(cnpj), newCpf(), "00.000.000/0000-00"]) {
      expect(paths(await rest.post("/companies", { name: "x", fiscal_registration_number: number })), number).toEqual([
        "fiscal_registration_number",
      ]);
    }
    expect(paths(await rest.post("/companies", { name: "", fiscal_registration_number: "" }))).toEqual([
      "fiscal_registration_number",
      "name",
    ]);
    const first = await company(rest, { fiscal_registration_number: cnpj });
    const duplicate = expectProblem(
      await rest.post("/companies", { name: "Dup", fiscal_registration_number: formatFiscalNumber(cnpj) }),
      409,
    );
    expect(duplicate.detail).toContain(first.name);
    const other = await company(rest);
    expectProblem(await rest.put(`/companies/${other.id}`, { name: other.name, fiscal_registration_number: cnpj }), 409);
    await company(await admin(), { fiscal_registration_number: cnpj });
  });

  it("cannot be deleted while its sellers use it (409)", async () => {
    const rest = await admin();
    const used = await company(rest);
    const seller = await created(rest, "/sellers", { name: unique("Seller"), email: "seller@example.com", company_id: used.id });
    expect(expectProblem(await rest.delete(`/companies/${used.id}`), 409).detail).toContain("1 sellers");
    expectNoContent(await rest.delete(`/sellers/${seller.id}`));
    expectNoContent(await rest.delete(`/companies/${used.id}`));
  });

  it("checks custom fields of the company entity", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    await org.db.entityAttribute.create({
      data: { entity: "company", key: "ie", label: "State registration", type: "STRING", required: true } as never,
    });
    expect(paths(await rest.post("/companies", { name: "x", fiscal_registration_number: newCnpj() }))).toEqual(["attributes.ie"]);
    await company(rest, { attributes: { ie: "ISENTO" } });
  });

  it("MANAGER writes them, SELLER and VIEWER only read", async () => {
    const org = await newOrg();
    await company(restAs(await org.bearer("MANAGER")));
    for (const role of ["SELLER", "VIEWER"] as const) {
      const rest = restAs(await org.bearer(role));
      expect((await rest.get("/companies")).status).toBe(200);
      expectProblem(await rest.post("/companies", { name: "x", fiscal_registration_number: newCnpj() }), 403);
    }
  });
});

describe("sellers", () => {
  it("POST 201 with references, GET, disable and enable 204 without body, filters, PUT 200, DELETE 204", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    const employer = await company(rest);
    const login = await created(rest, "/users", {
      name: "Seller login",
      email: `${randomUUID()}@test.example`,
      role: "SELLER",
      password: "password123",
    });
    const cpf = newCpf();
    const name = unique("Vendedor João");
    const seller = await created(rest, "/sellers", {
      name,
      email: " Joao@Example.COM ",
      phone: "+55 11 98765-4321",
      fiscal_registration_number: formatFiscalNumber(cpf),
      company_id: employer.id,
      user_id: login.id,
      commission_rate: 2.5,
    });
    expect(seller).toEqual({
      id: expect.any(String),
      name,
      email: "joao@example.com",
      phone: "+55 11 98765-4321",
      fiscal_registration_number: cpf,
      company_id: employer.id,
      user_id: login.id,
      commission_rate: 2.5,
      max_discount_percent: 0,
      active: true,
      attributes: {},
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await rest.get(`/sellers/${seller.id}`)).json).toEqual(seller);

    expectNoContent(await rest.put(`/sellers/${seller.id}/disable`));
    expect((await rest.get(`/sellers/${seller.id}`)).json.active).toBe(false);
    expect(ids(await rest.get(`/sellers?search=${encodeURIComponent(name)}&active=false`))).toEqual([seller.id]);
    expect((await rest.get(`/sellers?search=${encodeURIComponent(name)}&active=true`)).json.total).toBe(0);
    expectNoContent(await rest.put(`/sellers/${seller.id}/enable`));
    expect((await rest.get(`/sellers?company_id=${employer.id}&active=true`)).json.items).toEqual([
      expect.objectContaining({ id: seller.id, company_name: employer.name, commission_rate: 2.5 }),
    ]);
    expect(ids(await rest.get(`/sellers?search=${encodeURIComponent(`joao ${name.split(" ").at(-1)}`)}`))).toEqual([seller.id]);

    const updated = await rest.put(`/sellers/${seller.id}`, { name, email: "outro@example.com", commission_rate: null, company_id: null });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      email: "outro@example.com",
      commission_rate: null,
      company_id: null,
      user_id: null,
      fiscal_registration_number: null,
      phone: null,
    });

    expectNoContent(await rest.delete(`/sellers/${seller.id}`));
    expectProblem(await rest.get(`/sellers/${seller.id}`), 404);
    expectProblem(await rest.put(`/sellers/${seller.id}/enable`), 404);
    expectProblem(await rest.delete(`/sellers/${seller.id}`), 404);
  });

  it("422 for bad fields, missing references and ids that are not UUIDs; 404 for a missing seller; 409 while partners use it", async () => {
    const rest = await admin();
    expect(
      paths(
        await rest.post("/sellers", {
          name: "",
          email: "not-an-email",
          fiscal_registration_number: "123.456.789-00",
          commission_rate: 150,
        }),
      ),
    ).toEqual(["commission_rate", "email", "fiscal_registration_number", "name"]);
    const reference = expectProblem(await rest.post("/sellers", { name: "x", email: "x@example.com", company_id: randomUUID() }), 422);
    expect(reference.errors).toEqual([
      expect.objectContaining({ path: "company_id", message: expect.any(String), code: expect.any(String) }),
    ]);
    // A user of another org is not a user of this one.
    const foreignUser = await created(await admin(), "/users", {
      name: "Other",
      email: `${randomUUID()}@test.example`,
      password: "password123",
    });
    expect(paths(await rest.post("/sellers", { name: "x", email: "x@example.com", user_id: foreignUser.id }))).toEqual(["user_id"]);

    for (const answer of [
      await rest.put("/sellers/not-a-uuid/enable"),
      await rest.put("/sellers/not-a-uuid/disable"),
      await rest.delete("/sellers/not-a-uuid"),
      await rest.put("/sellers/not-a-uuid", { name: "x", email: "x@example.com" }),
    ]) {
      expect(paths(answer)).toEqual(["id"]);
    }
    expectProblem(await rest.get("/sellers/not-a-uuid"), 404);
    expectProblem(await rest.get(`/sellers/${randomUUID()}`), 404);
    expectProblem(await rest.put(`/sellers/${randomUUID()}`, { name: "x", email: "x@example.com" }), 404);
    expectProblem(await rest.put(`/sellers/${randomUUID()}/enable`), 404);
    expect(paths(await rest.get("/sellers?company_id=nope"))).toEqual(["company_id"]);

    const seller = await created(rest, "/sellers", { name: unique("Seller"), email: "s@example.com" });
    await created(rest, "/partners", { name: unique("Partner"), fiscal_registration_number: newCnpj(), seller_id: seller.id });
    expect(expectProblem(await rest.delete(`/sellers/${seller.id}`), 409).detail).toContain("partners");
  });

  it("stay in their org; ADMIN and MANAGER write them, SELLER and VIEWER only read", async () => {
    const org = await newOrg();
    const seller = await created(await admin(org), "/sellers", { name: unique("Seller"), email: "s@example.com" });
    const theirs = await admin();
    expectProblem(await theirs.get(`/sellers/${seller.id}`), 404);
    expectProblem(await theirs.put(`/sellers/${seller.id}/disable`), 404);
    expect((await theirs.get(`/sellers?search=${encodeURIComponent(seller.name)}`)).json.total).toBe(0);

    expectNoContent(await restAs(await org.bearer("MANAGER")).put(`/sellers/${seller.id}/disable`));
    for (const role of ["SELLER", "VIEWER"] as const) {
      const reader = restAs(await org.bearer(role));
      expect((await reader.get(`/sellers/${seller.id}`)).json.id).toBe(seller.id);
      expectProblem(await reader.post("/sellers", { name: "x", email: "x@example.com" }), 403);
      expectProblem(await reader.put(`/sellers/${seller.id}/enable`), 403);
      expectProblem(await reader.delete(`/sellers/${seller.id}`), 403);
    }
  });
});

describe("partners", () => {
  it("keep their Inscrição Estadual as written or ISENTO (any case); anything else is 422", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    const write = (state_registration: unknown) =>
      rest.post("/partners", { name: unique("Inscrito"), fiscal_registration_number: newCnpj(), state_registration });
    const registered = await write("110.042.490.114");
    expect(registered.status, registered.text).toBe(201);
    expect((await rest.get(`/partners/${registered.json.id}`)).json.state_registration).toBe("110.042.490.114");
    const exempt = await write("isento");
    expect((await rest.get(`/partners/${exempt.json.id}`)).json.state_registration).toBe("ISENTO");
    const none = await write("");
    expect((await rest.get(`/partners/${none.json.id}`)).json.state_registration).toBeNull();
    for (const wrong of ["abc", "1", "123456789012345", "isento1"]) {
      expect(
        expectProblem(await write(wrong), 422).errors?.map((error) => error.path),
        wrong,
      ).toEqual(["state_registration"]);
    }
  });

  it("POST 201 with a masked CNPJ and addresses, GET, PUT keeping address ids, search, filters, DELETE 204", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    const retail = await profile(org);
    const seller = await created(rest, "/sellers", { name: unique("Seller"), email: "s@example.com" });
    const cnpj = newCnpj();
    const name = unique("Mercado Irmãos Açaí");
    const partner = await created(rest, "/partners", {
      name,
      trade_name: "Açaí do Norte",
      fiscal_registration_number: formatFiscalNumber(cnpj),
      email: "Compras@Acai.example",
      phone: "(11) 3333-4444",
      profile_id: retail.id,
      seller_id: seller.id,
      addresses: [
        {
          name: "Matriz",
          type: "BILLING",
          street: "Rua Augusta",
          number: "100",
          city: "São Paulo",
          state: "SP",
          postal_code: "01304-000",
          country: "BR",
        },
        { name: "Depósito", type: "DELIVERY", street: "Av. Industrial", city: "Guarulhos", state: "SP", is_default: true },
      ],
      attributes: { credit_limit: 5000 },
    });
    expect(partner).toMatchObject({
      name,
      trade_name: "Açaí do Norte",
      fiscal_registration_number: cnpj,
      email: "compras@acai.example",
      mobile: null,
      profile_id: retail.id,
      seller_id: seller.id,
      active: true,
      attributes: { credit_limit: 5000 },
    });
    expect(partner).not.toHaveProperty("search_text");
    expect(partner.addresses.map((address: { is_default: boolean }) => address.is_default)).toEqual([false, true]);
    expect(partner.addresses[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Matriz",
      type: "BILLING",
      street: "Rua Augusta",
      number: "100",
      complement: null,
      neighborhood: null,
      city: "São Paulo",
      city_code: null,
      state: "SP",
      postal_code: "01304-000",
      country: "BR",
      is_default: false,
    });
    expect((await rest.get(`/partners/${partner.id}`)).json).toEqual(partner);

    for (const search of ["irmaos acai", cnpj.slice(0, 8), formatFiscalNumber(cnpj), "acai do norte"]) {
      expect(ids(await rest.get(`/partners?search=${encodeURIComponent(search)}`)), search).toEqual([partner.id]);
    }
    expect((await rest.get(`/partners?profile_id=${retail.id}&seller_id=${seller.id}&active=true`)).json).toMatchObject({
      total: 1,
      items: [{ id: partner.id, profile_name: retail.name, seller_name: seller.name, city: "Guarulhos" }],
    });
    expect((await rest.get(`/partners?profile_id=${retail.id}&active=false`)).json.total).toBe(0);
    expect(paths(await rest.get("/partners?profile_id=nope"))).toEqual(["profile_id"]);
    expect(paths(await rest.get("/partners?seller_id=nope"))).toEqual(["seller_id"]);

    // Keeps given address ids, gives new rows one, and moves the default; what is not sent is cleared.
    const [matriz, deposito] = partner.addresses;
    const updated = await rest.put(`/partners/${partner.id}`, {
      name,
      fiscal_registration_number: cnpj,
      profile_id: retail.id,
      active: false,
      addresses: [
        { ...matriz, is_default: true },
        { ...deposito, is_default: false },
        { name: "Loja 2", city: "Campinas", state: "SP" },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ active: false, seller_id: null, trade_name: null, email: null });
    expect(updated.json.addresses.map((address: { id: string }) => address.id).slice(0, 2)).toEqual([matriz.id, deposito.id]);
    expect(updated.json.addresses.map((address: { is_default: boolean }) => address.is_default)).toEqual([true, false, false]);
    expect([matriz.id, deposito.id]).not.toContain(updated.json.addresses[2].id);
    expect((await rest.get(`/partners?seller_id=${seller.id}`)).json.total).toBe(0);

    expectNoContent(await rest.delete(`/partners/${partner.id}`));
    expectProblem(await rest.get(`/partners/${partner.id}`), 404);
  });

  it("takes a CPF, pages and sorts by the list's fields only", async () => {
    const rest = await admin();
    const tag = unique("Sort").replace(" ", "");
    for (const letter of ["C", "A", "B"])
      await created(rest, "/partners", { name: `${tag} ${letter}`, fiscal_registration_number: newCpf() });
    const page = (await rest.get(`/partners?search=${tag}&sort=name&dir=desc&perPage=2&page=0`)).json;
    expect(page).toMatchObject({ total: 3, perPage: 2, currentPage: 0 });
    expect(page.items.map((item: { name: string }) => item.name)).toEqual([`${tag} C`, `${tag} B`]);
    expect((await rest.get(`/partners?search=${tag}&page=5`)).json.items).toEqual([]);
    expectProblem(await rest.get("/partners?sort=email"), 422);
  });

  it("422 for invalid numbers, two default addresses, a bad email and missing references; 409 for a repeated number", async () => {
    const rest = await admin();
    const cnpj = newCnpj();
    for (const number of [wrongCheckDigit(cnpj), "111.111.111-11"]) {
      expect(paths(await rest.post("/partners", { name: "x", fiscal_registration_number: number })), number).toEqual([
        "fiscal_registration_number",
      ]);
    }
    expect(
      paths(
        await rest.post("/partners", {
          name: "x",
          fiscal_registration_number: wrongCheckDigit(newCpf()),
          addresses: [
            { city: "A", is_default: true },
            { city: "B", is_default: true },
          ],
        }),
      ),
    ).toEqual(["addresses", "fiscal_registration_number"]);
    expect(paths(await rest.post("/partners", { name: "x", fiscal_registration_number: cnpj, email: "nope" }))).toEqual(["email"]);
    const references = expectProblem(
      await rest.post("/partners", { name: "x", fiscal_registration_number: cnpj, profile_id: randomUUID(), seller_id: randomUUID() }),
      422,
    );
    expect(references.errors?.map((error) => error.path).sort()).toEqual(["profile_id", "seller_id"]);
    expect(references.errors?.every((error) => error.code && error.message)).toBe(true);

    const first = await created(rest, "/partners", { name: unique("First"), fiscal_registration_number: cnpj });
    const duplicate = expectProblem(
      await rest.post("/partners", { name: "Again", fiscal_registration_number: formatFiscalNumber(cnpj) }),
      409,
    );
    expect(duplicate.detail).toContain(first.name);
    await created(await admin(), "/partners", { name: "Elsewhere", fiscal_registration_number: cnpj });
  });

  it("checks custom fields of the partner entity", async () => {
    const org = await newOrg();
    await org.db.entityAttribute.create({
      data: { entity: "partner", key: "credit_limit", label: "Credit limit", type: "NUMBER" } as never,
    });
    const answer = await (
      await admin(org)
    ).post("/partners", { name: "x", fiscal_registration_number: newCnpj(), attributes: { credit_limit: "lots" } });
    expect(paths(answer)).toEqual(["attributes.credit_limit"]);
  });

  it("stay in their org: 404 as if missing, and another org's seller or profile is a missing reference (422)", async () => {
    const rest = await admin();
    const theirs = await admin();
    const mine = await created(rest, "/partners", { name: unique("Private"), fiscal_registration_number: newCnpj() });
    expectProblem(await theirs.get(`/partners/${mine.id}`), 404);
    expectProblem(
      await theirs.put(`/partners/${mine.id}`, { name: "x", fiscal_registration_number: mine.fiscal_registration_number }),
      404,
    );
    expectProblem(await theirs.delete(`/partners/${mine.id}`), 404);
    expect((await theirs.get(`/partners?search=${encodeURIComponent(mine.name)}`)).json.total).toBe(0);
    const seller = await created(rest, "/sellers", { name: unique("Tenant"), email: "t@example.com" });
    expect(paths(await theirs.post("/partners", { name: "x", fiscal_registration_number: newCnpj(), seller_id: seller.id }))).toEqual([
      "seller_id",
    ]);
    const foreignProfile = await profile(await newOrg());
    expect(
      paths(await rest.post("/partners", { name: "x", fiscal_registration_number: newCnpj(), profile_id: foreignProfile.id })),
    ).toEqual(["profile_id"]);
  });

  it("SELLER users and keys write partners; VIEWER only reads; no credentials is 401", async () => {
    const org = await newOrg();
    const sellerKey = (await (await admin(org)).post("/access-keys", { name: unique("Loja"), role: "SELLER" })).json;
    for (const seller of [
      restAs(await org.bearer("SELLER")),
      restAs({ "x-service-access-key-token": sellerKey.token, "x-service-access-key-code": sellerKey.code }),
    ]) {
      const partner = await created(seller, "/partners", { name: unique("By seller"), fiscal_registration_number: newCnpj() });
      const renamed = await seller.put(`/partners/${partner.id}`, {
        name: "Renamed",
        fiscal_registration_number: partner.fiscal_registration_number,
      });
      expect(renamed.status).toBe(200);
      const viewer = restAs(await org.bearer("VIEWER"));
      expect((await viewer.get(`/partners/${partner.id}`)).json.name).toBe("Renamed");
      expectProblem(await viewer.post("/partners", { name: "x", fiscal_registration_number: newCnpj() }), 403);
      expectProblem(await viewer.delete(`/partners/${partner.id}`), 403);
      expectNoContent(await seller.delete(`/partners/${partner.id}`));
    }
    expectProblem(await restAs({}).get("/partners"), 401);
  });
});

describe("demo data", () => {
  it("seeds 2 companies, 3 sellers and 10 partners with valid numbers and a default address", async () => {
    const org = await newOrg();
    await profile(org, "Varejo");
    await seedPartiesDemo(org.db);
    const rest = await admin(org);
    expect((await rest.get("/companies")).json.total).toBe(2);
    expect((await rest.get("/sellers")).json.total).toBe(3);
    const all = (await rest.get("/partners?perPage=100")).json;
    expect(all.total).toBe(10);
    for (const item of all.items) {
      expect(isValidFiscalNumber(item.fiscal_registration_number), item.name).toBe(true);
      expect(item.city).not.toBeNull();
      expect(item.seller_name).not.toBeNull();
      expect(item.profile_name).toBe("Varejo");
    }
  });
});
