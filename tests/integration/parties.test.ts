import { randomInt, randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { problemOf } from "@/server/http/problem";
import { completeCnpj, completeCpf, formatFiscalNumber, isValidFiscalNumber } from "@/server/lib/fiscal-number";
import { seedPartiesDemo } from "@/server/parties/demo-data";
import { newOrg, unique, type Caller, type TestOrg } from "../helpers/database";

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** The per-field error paths of a 422. */
async function fieldErrors(promise: Promise<unknown>): Promise<string[]> {
  const error = await rejection(promise);
  expect(error.code).toBe("UNPROCESSABLE_CONTENT");
  return (problemOf(error).errors ?? []).map((entry) => entry.path);
}

const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");
/** A fresh valid CNPJ (branch 0001) and CPF, so tests never collide. */
const newCnpj = () => completeCnpj(`${digits(8)}0001`);
const newCpf = () => completeCpf(digits(9));
/** The same CNPJ with a wrong last check digit. */
const wrongCheckDigit = (valid: string) => valid.slice(0, -1) + String((Number(valid.at(-1)) + 1) % 10);

async function company(api: Caller, overrides: Partial<Parameters<Caller["companies"]["create"]>[0]> = {}) {
  return api.companies.create({ name: unique("Company"), fiscal_registration_number: newCnpj(), ...overrides });
}

async function profile(org: TestOrg, name = unique("Profile")) {
  return org.db.profile.create({ data: { name } as never });
}

describe("companies", () => {
  it("creates with a masked CNPJ, stores digits, reads, updates, searches and deletes", async () => {
    const api = await (await newOrg()).as();
    const cnpj = newCnpj();
    const name = unique("Distribuidora São Jorge");
    const created = await api.companies.create({ name, fiscal_registration_number: formatFiscalNumber(cnpj), attributes: { ie: "123" } });
    expect(created).toMatchObject({ name, fiscal_registration_number: cnpj, active: true, attributes: { ie: "123" } });
    expect(await api.companies.get({ id: created.id })).toEqual(created);

    const updated = await api.companies.update({ id: created.id, name: `${name} Filial`, fiscal_registration_number: cnpj, active: false });
    expect(updated).toMatchObject({ id: created.id, name: `${name} Filial`, active: false, attributes: {} });

    for (const search of [name.replace("São", "sao"), cnpj, formatFiscalNumber(cnpj).slice(0, 10)]) {
      expect(
        (await api.companies.list({ search })).items.map((item) => item.id),
        search,
      ).toEqual([created.id]);
    }
    expect((await api.companies.list({ active: true, search: name })).total).toBe(0);
    expect(Object.keys((await api.companies.list({ search: cnpj })).items[0]!).sort()).toEqual([
      "active",
      "fiscal_registration_number",
      "id",
      "name",
    ]);

    await api.companies.remove({ id: created.id });
    expect((await rejection(api.companies.get({ id: created.id }))).code).toBe("NOT_FOUND");
  });

  it("rejects an invalid CNPJ or a CPF with 422, and a duplicate CNPJ in the org with 409", async () => {
    const api = await (await newOrg()).as();
    const cnpj = newCnpj();
    expect(await fieldErrors(api.companies.create({ name: "x", fiscal_registration_number: wrongCheckDigit(cnpj) }))).toEqual([
      "fiscal_registration_number",
    ]);
    expect(await fieldErrors(api.companies.create({ name: "x", fiscal_registration_number: newCpf() }))).toEqual([
      "fiscal_registration_number",
    ]);
    expect(await fieldErrors(api.companies.create({ name: "x", fiscal_registration_number: "00.000.000/0000-00" }))).toEqual([
      "fiscal_registration_number",
    ]);
    expect((await fieldErrors(api.companies.create({ name: "", fiscal_registration_number: "" }))).sort()).toEqual([
      "fiscal_registration_number",
      "name",
    ]);
    const first = await company(api, { fiscal_registration_number: cnpj });
    const duplicate = await rejection(company(api, { fiscal_registration_number: formatFiscalNumber(cnpj) }));
    expect(duplicate.code).toBe("CONFLICT");
    expect(duplicate.message).toContain(first.name);
    const other = await company(api);
    expect((await rejection(api.companies.update({ id: other.id, name: other.name, fiscal_registration_number: cnpj }))).code).toBe(
      "CONFLICT",
    );
    // Another org may register the same CNPJ.
    const theirs = await (await newOrg()).as();
    await company(theirs, { fiscal_registration_number: cnpj });
  });

  it("refuses to delete a company its sellers use (409)", async () => {
    const api = await (await newOrg()).as();
    const used = await company(api);
    await api.sellers.create({ name: unique("Seller"), email: "seller@example.com", company_id: used.id });
    const error = await rejection(api.companies.remove({ id: used.id }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toContain("1 sellers");
  });

  it("checks custom fields of the company entity", async () => {
    const org = await newOrg();
    const api = await org.as();
    await org.db.entityAttribute.create({
      data: { entity: "company", key: "ie", label: "State registration", type: "STRING", required: true } as never,
    });
    expect(await fieldErrors(company(api))).toEqual(["attributes.ie"]);
    await company(api, { attributes: { ie: "ISENTO" } });
  });

  it("lets MANAGER write, not SELLER or VIEWER", async () => {
    const org = await newOrg();
    await company(await org.as("MANAGER"));
    for (const role of ["SELLER", "VIEWER"] as const) {
      const api = await org.as(role);
      await api.companies.list({});
      expect((await rejection(company(api))).code).toBe("FORBIDDEN");
    }
  });
});

describe("sellers", () => {
  it("creates with references, reads, updates, enables, disables, filters and deletes", async () => {
    const org = await newOrg();
    const api = await org.as();
    const employer = await company(api);
    const login = await api.users.create({
      name: "Seller login",
      email: `${randomUUID()}@test.example`,
      role: "SELLER",
      password: "password123",
    });
    const cpf = newCpf();
    const name = unique("Vendedor João");
    const created = await api.sellers.create({
      name,
      email: " Joao@Example.COM ",
      phone: "+55 11 98765-4321",
      fiscal_registration_number: formatFiscalNumber(cpf),
      company_id: employer.id,
      user_id: login.id,
      commission_rate: 2.5,
    });
    expect(created).toEqual({
      id: expect.any(String),
      name,
      email: "joao@example.com",
      phone: "+55 11 98765-4321",
      fiscal_registration_number: cpf,
      company_id: employer.id,
      user_id: login.id,
      commission_rate: 2.5,
      active: true,
      attributes: {},
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await api.sellers.get({ id: created.id })).toEqual(created);

    await api.sellers.disable({ id: created.id });
    expect((await api.sellers.get({ id: created.id })).active).toBe(false);
    expect((await api.sellers.list({ search: name, active: true })).total).toBe(0);
    await api.sellers.enable({ id: created.id });
    const listed = await api.sellers.list({ company_id: employer.id, active: true });
    expect(listed.items).toEqual([expect.objectContaining({ id: created.id, company_name: employer.name, commission_rate: 2.5 })]);
    expect((await api.sellers.list({ search: "joao" })).items.map((item) => item.id)).toEqual([created.id]);

    const updated = await api.sellers.update({ id: created.id, name, email: "joao@example.com", commission_rate: null, company_id: null });
    expect(updated).toMatchObject({
      commission_rate: null,
      company_id: null,
      user_id: null,
      fiscal_registration_number: null,
      phone: null,
    });

    await api.sellers.remove({ id: created.id });
    expect((await rejection(api.sellers.get({ id: created.id }))).code).toBe("NOT_FOUND");
    expect((await rejection(api.sellers.enable({ id: created.id }))).code).toBe("NOT_FOUND");
    expect((await rejection(api.sellers.remove({ id: created.id }))).code).toBe("NOT_FOUND");
  });

  it("answers 422 for bad fields, missing references and ids that are not UUIDs", async () => {
    const api = await (await newOrg()).as();
    const invalid = await fieldErrors(
      api.sellers.create({ name: "", email: "not-an-email", fiscal_registration_number: "123.456.789-00", commission_rate: 150 }),
    );
    expect(invalid.sort()).toEqual(["commission_rate", "email", "fiscal_registration_number", "name"]);
    expect(await fieldErrors(api.sellers.create({ name: "x", email: "x@example.com", company_id: randomUUID() }))).toEqual(["company_id"]);
    // A user of another org is not a user of this one.
    const foreign = await (await newOrg()).as();
    const foreignUser = await foreign.users.create({ name: "Other", email: `${randomUUID()}@test.example`, password: "password123" });
    expect(await fieldErrors(api.sellers.create({ name: "x", email: "x@example.com", user_id: foreignUser.id }))).toEqual(["user_id"]);

    expect(await fieldErrors(api.sellers.enable({ id: "nope" }))).toEqual(["id"]);
    expect(await fieldErrors(api.sellers.disable({ id: "nope" }))).toEqual(["id"]);
    expect(await fieldErrors(api.sellers.remove({ id: "nope" }))).toEqual(["id"]);
    expect(await fieldErrors(api.sellers.update({ id: "nope", name: "x", email: "x@example.com" }))).toEqual(["id"]);
    expect((await rejection(api.sellers.get({ id: "nope" }))).code).toBe("NOT_FOUND");
    expect((await rejection(api.sellers.update({ id: randomUUID(), name: "x", email: "x@example.com" }))).code).toBe("NOT_FOUND");
    expect(await fieldErrors(api.sellers.list({ company_id: "nope" }))).toEqual(["company_id"]);
  });

  it("refuses to delete a seller its partners use (409)", async () => {
    const api = await (await newOrg()).as();
    const seller = await api.sellers.create({ name: unique("Seller"), email: "s@example.com" });
    await api.partners.create({ name: unique("Partner"), fiscal_registration_number: newCnpj(), seller_id: seller.id });
    const error = await rejection(api.sellers.remove({ id: seller.id }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toContain("partners");
  });

  it("keeps sellers to their org and lets only ADMIN and MANAGER write them", async () => {
    const org = await newOrg();
    const api = await org.as();
    const seller = await api.sellers.create({ name: unique("Seller"), email: "s@example.com" });
    const theirs = await (await newOrg()).as();
    expect((await rejection(theirs.sellers.get({ id: seller.id }))).code).toBe("NOT_FOUND");
    expect((await rejection(theirs.sellers.disable({ id: seller.id }))).code).toBe("NOT_FOUND");
    expect((await theirs.sellers.list({ search: seller.name })).total).toBe(0);

    await (await org.as("MANAGER")).sellers.disable({ id: seller.id });
    for (const role of ["SELLER", "VIEWER"] as const) {
      const reader = await org.as(role);
      expect((await reader.sellers.get({ id: seller.id })).id).toBe(seller.id);
      expect((await rejection(reader.sellers.create({ name: "x", email: "x@example.com" }))).code).toBe("FORBIDDEN");
      expect((await rejection(reader.sellers.enable({ id: seller.id }))).code).toBe("FORBIDDEN");
      expect((await rejection(reader.sellers.remove({ id: seller.id }))).code).toBe("FORBIDDEN");
    }
  });
});

describe("partners", () => {
  it("creates with a masked CNPJ and addresses, then reads, updates, filters, searches and deletes", async () => {
    const org = await newOrg();
    const api = await org.as();
    const retail = await profile(org);
    const seller = await api.sellers.create({ name: unique("Seller"), email: "s@example.com" });
    const cnpj = newCnpj();
    const name = unique("Mercado Irmãos Açaí");
    const created = await api.partners.create({
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
        { name: "Depósito", type: "DELIVERY", street: "Av. Industrial", city: "Guarulhos", state: "SP" },
      ],
      attributes: { credit_limit: 5000 },
    });
    expect(created).toMatchObject({
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
    expect(created.addresses).toHaveLength(2);
    expect(created.addresses.map((address) => address.is_default)).toEqual([true, false]);
    expect(created.addresses.every((address) => /^[0-9a-f-]{36}$/.test(address.id))).toBe(true);
    expect(created.addresses[1]).toMatchObject({ number: null, complement: null, neighborhood: null, country: null });
    expect(await api.partners.get({ id: created.id })).toEqual(created);

    // Keeps given address ids, gives new rows one, and moves the default.
    const [matriz, deposito] = created.addresses;
    const updated = await api.partners.update({
      id: created.id,
      name,
      fiscal_registration_number: cnpj,
      profile_id: retail.id,
      addresses: [
        { ...deposito!, is_default: true },
        { ...matriz!, is_default: false },
        { name: "Loja 2", city: "Campinas", state: "SP" },
      ],
    });
    expect(updated.addresses.map((address) => address.id).slice(0, 2)).toEqual([deposito!.id, matriz!.id]);
    expect(updated.addresses.map((address) => address.is_default)).toEqual([true, false, false]);
    expect(updated.addresses[2]!.id).not.toBe(matriz!.id);
    expect(updated).toMatchObject({ seller_id: null, trade_name: null, email: null });

    for (const search of ["irmaos acai", cnpj.slice(0, 8), formatFiscalNumber(cnpj)]) {
      expect(
        (await api.partners.list({ search })).items.map((item) => item.id),
        search,
      ).toEqual([created.id]);
    }
    await api.partners.update({
      id: created.id,
      name,
      trade_name: "Fantasia Única",
      fiscal_registration_number: cnpj,
      profile_id: retail.id,
    });
    expect((await api.partners.list({ search: "fantasia unica" })).total).toBe(1);

    const listed = await api.partners.list({ profile_id: retail.id, active: true });
    expect(listed.items).toEqual([
      expect.objectContaining({ id: created.id, profile_name: retail.name, seller_name: null, city: null, state: null }),
    ]);
    expect((await api.partners.list({ seller_id: seller.id })).total).toBe(0);
    expect((await api.partners.list({ profile_id: retail.id, active: false })).total).toBe(0);

    await api.partners.remove({ id: created.id });
    expect((await rejection(api.partners.get({ id: created.id }))).code).toBe("NOT_FOUND");
  });

  it("accepts a CPF, pages and sorts", async () => {
    const api = await (await newOrg()).as();
    const tag = unique("Sort").replace(" ", "");
    for (const letter of ["C", "A", "B"]) {
      await api.partners.create({ name: `${tag} ${letter}`, fiscal_registration_number: newCpf() });
    }
    const page = await api.partners.list({ search: tag, sort: "name", dir: "desc", perPage: 2, page: 0 });
    expect(page).toMatchObject({ total: 3, perPage: 2, currentPage: 0 });
    expect(page.items.map((item) => item.name)).toEqual([`${tag} C`, `${tag} B`]);
    expect((await api.partners.list({ search: tag, page: 5 })).items).toEqual([]);
    expect((await rejection(api.partners.list({ sort: "email" }))).code).toBe("UNPROCESSABLE_CONTENT");
  });

  it("answers 422 for invalid numbers, two default addresses and missing references; 409 for a repeated number", async () => {
    const org = await newOrg();
    const api = await org.as();
    const cnpj = newCnpj();
    expect(await fieldErrors(api.partners.create({ name: "x", fiscal_registration_number: wrongCheckDigit(cnpj) }))).toEqual([
      "fiscal_registration_number",
    ]);
    expect(await fieldErrors(api.partners.create({ name: "x", fiscal_registration_number: "111.111.111-11" }))).toEqual([
      "fiscal_registration_number",
    ]);
    expect(
      await fieldErrors(
        api.partners.create({
          name: "x",
          fiscal_registration_number: cnpj,
          addresses: [
            { city: "A", is_default: true },
            { city: "B", is_default: true },
          ],
        }),
      ),
    ).toEqual(["addresses"]);
    expect(await fieldErrors(api.partners.create({ name: "x", fiscal_registration_number: cnpj, email: "nope" }))).toEqual(["email"]);
    expect(
      (
        await fieldErrors(
          api.partners.create({ name: "x", fiscal_registration_number: cnpj, profile_id: randomUUID(), seller_id: randomUUID() }),
        )
      ).sort(),
    ).toEqual(["profile_id", "seller_id"]);
    expect(await fieldErrors(api.partners.list({ seller_id: "nope" }))).toEqual(["seller_id"]);

    const first = await api.partners.create({ name: unique("First"), fiscal_registration_number: cnpj });
    const duplicate = await rejection(api.partners.create({ name: "Again", fiscal_registration_number: formatFiscalNumber(cnpj) }));
    expect(duplicate.code).toBe("CONFLICT");
    expect(duplicate.message).toContain(first.name);
    await (await (await newOrg()).as()).partners.create({ name: "Elsewhere", fiscal_registration_number: cnpj });
  });

  it("checks custom fields of the partner entity", async () => {
    const org = await newOrg();
    const api = await org.as();
    await org.db.entityAttribute.create({
      data: { entity: "partner", key: "credit_limit", label: "Credit limit", type: "NUMBER" } as never,
    });
    expect(
      await fieldErrors(api.partners.create({ name: "x", fiscal_registration_number: newCnpj(), attributes: { credit_limit: "lots" } })),
    ).toEqual(["attributes.credit_limit"]);
  });

  it("keeps partners to their org", async () => {
    const api = await (await newOrg()).as();
    const theirs = await (await newOrg()).as();
    const mine = await api.partners.create({ name: unique("Private"), fiscal_registration_number: newCnpj() });
    expect((await rejection(theirs.partners.get({ id: mine.id }))).code).toBe("NOT_FOUND");
    expect(
      (await rejection(theirs.partners.update({ id: mine.id, name: "x", fiscal_registration_number: mine.fiscal_registration_number })))
        .code,
    ).toBe("NOT_FOUND");
    expect((await rejection(theirs.partners.remove({ id: mine.id }))).code).toBe("NOT_FOUND");
    expect((await theirs.partners.list({ search: mine.name })).total).toBe(0);
    // A profile of another org is not a profile of this one.
    const foreignProfile = await profile(await newOrg());
    expect(
      await fieldErrors(api.partners.create({ name: "x", fiscal_registration_number: newCnpj(), profile_id: foreignProfile.id })),
    ).toEqual(["profile_id"]);
  });

  it("lets SELLER write partners, not VIEWER", async () => {
    const org = await newOrg();
    const seller = await org.as("SELLER");
    const created = await seller.partners.create({ name: unique("By seller"), fiscal_registration_number: newCnpj() });
    await seller.partners.update({ id: created.id, name: "Renamed", fiscal_registration_number: created.fiscal_registration_number });
    const viewer = await org.as("VIEWER");
    expect((await viewer.partners.get({ id: created.id })).name).toBe("Renamed");
    expect((await rejection(viewer.partners.create({ name: "x", fiscal_registration_number: newCnpj() }))).code).toBe("FORBIDDEN");
    expect((await rejection(viewer.partners.remove({ id: created.id }))).code).toBe("FORBIDDEN");
    await seller.partners.remove({ id: created.id });
  });
});

describe("demo data", () => {
  it("seeds 2 companies, 3 sellers and 10 partners with valid numbers and a default address", async () => {
    const org = await newOrg();
    await profile(org, "Varejo");
    await seedPartiesDemo(org.db);
    const api = await org.as();
    expect((await api.companies.list({})).total).toBe(2);
    expect((await api.sellers.list({})).total).toBe(3);
    const all = await api.partners.list({ perPage: 100 });
    expect(all.total).toBe(10);
    for (const item of all.items) {
      expect(isValidFiscalNumber(item.fiscal_registration_number), item.name).toBe(true);
      expect(item.city).not.toBeNull();
      expect(item.seller_name).not.toBeNull();
      expect(item.profile_name).toBe("Varejo");
    }
  });
});
