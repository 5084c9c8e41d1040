/**
 * GET by id of the plain lookup resources reads its record on the driver, in one prepared
 * statement (server/crud/crud.ts, `read`); every other path reads through Prisma. The two
 * must answer the same: each resource's record, with every kind of column it has
 * (decimals, JSON, arrays, enums, timestamps), is read back equal to what its create
 * answered through Prisma, and is not found from another org or by a malformed id. A page
 * of their lists (one statement on the driver) is the page Prisma's `paginate` answers, for
 * every filter, search, sort, direction and page.
 */
import { describe, expect, it } from "vitest";
import { brands } from "@/server/catalog/brands/service";
import { driverReads } from "@/server/db/sql";
import { coupons } from "@/server/orders/coupons/service";
import { deliveryMethods } from "@/server/settings/delivery-methods/service";
import { newCnpj } from "../helpers/orders";
import { warehouseBody } from "../helpers/stock";
import { newOrg, unique, type Caller } from "../helpers/database";

type Created = { id: string };
type Resource = {
  name: string;
  create: (api: Caller) => Promise<Created>;
  get: (api: Caller, id: string) => Promise<unknown>;
};

const resources: Resource[] = [
  {
    name: "brands",
    create: (api) => api.brands.create({ name: unique("Marca"), active: true, images: [], attributes: { origem: "BR" } }),
    get: (api, id) => api.brands.get({ id }),
  },
  {
    name: "warehouses",
    create: (api) => api.warehouses.create({ ...warehouseBody(unique("CD")), attributes: { docas: 4 } }),
    get: (api, id) => api.warehouses.get({ id }),
  },
  {
    name: "categories",
    create: (api) =>
      api.categories.create({ root_id: null, name: unique("Ferramentas"), active: true, seo_meta_keywords: ["chave", "martelo"] }),
    get: (api, id) => api.categories.get({ id }),
  },
  {
    name: "measure units",
    create: (api) =>
      api.measureUnits.create({ abbreviation: unique("CX").slice(0, 11), description: "Caixa", decimals_for_quantity: 2, active: true }),
    get: (api, id) => api.measureUnits.get({ id }),
  },
  {
    name: "variations",
    create: (api) =>
      api.variations.create({
        name: unique("Tamanho"),
        active: true,
        values: ["P", "M", "G"],
        display_type: "TEXT",
        variant_options: [{ name: "G", display_value: "Grande" }],
      }),
    get: (api, id) => api.variations.get({ id }),
  },
  {
    name: "solutions",
    create: (api) =>
      api.solutions.create({ name: unique("Canal"), metadata: { url: "https://loja.example" }, active: true, attributes: {} }),
    get: (api, id) => api.solutions.get({ id }),
  },
  {
    name: "companies",
    create: (api) => api.companies.create({ name: unique("Empresa"), fiscal_registration_number: newCnpj(), attributes: { ie: "123" } }),
    get: (api, id) => api.companies.get({ id }),
  },
  {
    name: "coupons",
    create: (api) =>
      api.coupons.create({ name: unique("Cupom"), code: `C-${unique("x").replace(" ", "")}`, value_type: "PERCENTAGE", value: 7.25 }),
    get: (api, id) => api.coupons.get({ id }),
  },
  {
    name: "payment methods",
    create: (api) =>
      api.paymentMethods.create({
        name: unique("Cartão"),
        type: "CREDIT_CARD",
        minimum_value: 10,
        maximum_value: 5000.5,
        adjustment_rate: 2.4567,
        minimum_installment_value: 50,
        capture_delay: true,
        provider: {
          vendor: "Cielo",
          access_key: "merchant-42",
          secret_key: "sk_live_1234567890abcd",
          attributes: { environment: "sandbox" },
        },
        condition: { type: "INSTALLMENTS", due_date: { type: "DELAY", value: 30 }, subsequent_due_date: { type: "DELAY", value: 30 } },
        installments: [{ sequence: 1, installment_id: "1x", due_date_delay: 30 }],
      }),
    get: (api, id) => api.paymentMethods.get({ id }),
  },
  {
    name: "delivery methods",
    create: (api) =>
      api.deliveryMethods.create({
        name: unique("Frota"),
        type: "OWN_FLEET",
        price_type: "FIXED",
        price: 25.9,
        custom_label: "Entrega em 24h",
        period_type: "HOURS",
        period_start: 4,
        period_end: 24,
      }),
    get: (api, id) => api.deliveryMethods.get({ id }),
  },
  {
    name: "entity attributes",
    create: (api) =>
      api.entityAttributes.create({
        entity: "partner",
        key: `k${unique("").trim()}`,
        label: "Segmento",
        type: "SELECT",
        options: ["Varejo", "Atacado"],
      }),
    get: (api, id) => api.entityAttributes.get({ id }),
  },
];

describe("GET by id on the driver", () => {
  it.each(resources)("$name: answers what Prisma answered, only to its org, and 404 for a malformed id", async ({ create, get }) => {
    const api = await (await newOrg()).as();
    const created = await create(api);
    expect(await get(api, created.id)).toEqual(created);
    const theirs = await (await newOrg()).as();
    await expect(get(theirs, created.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(get(api, "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(get(api, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

const paging = { search: "", page: 0, perPage: 25, sort: "", dir: "asc" as const };

describe("a page of a list on the driver", () => {
  it("is the page Prisma answers: filters, search (with LIKE's wildcards), sorts, directions, past the end, perPage 0", async () => {
    const org = await newOrg();
    const api = await org.as();
    const tag = unique("lst").replace(" ", "");
    const names = [
      "Aço Forte",
      "aço fino",
      "100% Nacional",
      "Sub_marca",
      "Zebra",
      "Ímã",
      "Beta",
      "beta",
      "Gama",
      "Delta",
      "Épsilon",
      "Omega",
    ];
    for (const [index, name] of names.entries()) {
      await api.brands.create({ name: `${name} ${tag}`, active: index % 3 !== 0, images: [], attributes: {} });
    }
    const read = driverReads(org.database, org.organizationId);
    let compared = 0;
    for (const search of ["", tag, "aco", "%", "_", "100%", "sub_", "ima"]) {
      for (const active of [undefined, true, false]) {
        for (const sort of ["", "name", "active", "id"]) {
          for (const dir of ["asc", "desc"] as const) {
            for (const [page, perPage] of [
              [0, 5],
              [1, 5],
              [2, 5],
              [9, 5],
              [0, 0],
              [0, 100],
            ] as const) {
              const input = { ...paging, search, sort, dir, page, perPage, ...(active === undefined ? {} : { active }) };
              expect(await brands.service.page(org.db, read, input), JSON.stringify(input)).toEqual(
                await brands.service.list(org.db, input),
              );
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBe(8 * 3 * 4 * 2 * 6);
    // The search matched what it should: LIKE's wildcards are literal text.
    expect((await brands.service.page(org.db, read, { ...paging, search: "100%" })).items.map((item) => item.name)).toEqual([
      `100% Nacional ${tag}`,
    ]);
    expect((await brands.service.page(org.db, read, { ...paging, search: `sub_marca ${tag}` })).total).toBe(1);
    expect((await brands.service.page(org.db, read, { ...paging, search: tag, active: false })).total).toBe(4);
  });

  it("reads decimals and enums as Prisma does, and only the caller's org", async () => {
    const org = await newOrg();
    const api = await org.as();
    const values = [
      [12.5, 12.5],
      [0.1, 0.1],
      [99999.99, 99.99],
    ] as const;
    for (const [index, [price, percent]] of values.entries()) {
      await api.deliveryMethods.create({ name: unique("Frete"), type: index === 1 ? "CARRIER" : "OWN_FLEET", price_type: "FIXED", price });
      await api.coupons.create({ name: unique("Cupom"), code: unique("C").replace(" ", ""), value_type: "PERCENTAGE", value: percent });
    }
    const read = driverReads(org.database, org.organizationId);
    for (const input of [paging, { ...paging, sort: "price", dir: "desc" as const }, { ...paging, type: "CARRIER" as const }]) {
      expect(await deliveryMethods.service.page(org.db, read, input)).toEqual(await deliveryMethods.service.list(org.db, input));
    }
    for (const input of [paging, { ...paging, sort: "value" }, { ...paging, active: true }]) {
      expect(await coupons.service.page(org.db, read, input)).toEqual(await coupons.service.list(org.db, input));
    }
    const other = await newOrg();
    expect(await deliveryMethods.service.page(other.db, driverReads(other.database, other.organizationId), paging)).toMatchObject({
      total: 0,
      items: [],
    });
  });
});
