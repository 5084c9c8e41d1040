/**
 * Taxes over REST (contract §12): the fiscal fields of products, companies and partners;
 * tax rules (CRUD, filters, audited, MANAGER/ADMIN write, the org's references only); the
 * UF table and the settings; POST /taxes/calculate with the contract's acceptance figures.
 */
import { describe, expect, it } from "vitest";
import { newOrg, unique, type TestOrg } from "../helpers/database";
import { expectProblem, restAs, type Answer, type Rest } from "../helpers/http";
import { newCnpj, nfeKey, orderBody, orderFixtures } from "../helpers/orders";

const ok = (answer: Answer, status = 200) => {
  expect(answer.status, answer.text).toBe(status);
  return answer.json;
};
/** A create: 200 or 201 as the interface says for the resource. */
const made = (answer: Answer) => {
  expect([200, 201], answer.text).toContain(answer.status);
  return answer.json;
};
const paths = (answer: Answer, status = 422) => (expectProblem(answer, status).errors ?? []).map((error) => error.path);

/** An org taxed as §12's first example: a Lucro Presumido company in SP, IPI contributor; BA's internal rate 20.5 %. */
async function taxedOrg(org?: TestOrg) {
  const owner = org ?? (await newOrg());
  const rest = restAs(await owner.bearer());
  const company = made(
    await rest.post("/companies", {
      name: unique("Indústria"),
      fiscal_registration_number: newCnpj(),
      is_default: true,
      crt: 3,
      pis_cofins_regime: "CUMULATIVE",
      ipi_contributor: true,
      state_registration: "110042490114",
      address: { street: "Rua A", number: "10", city: "São Paulo", city_code: "3550308", state: "SP", postal_code: "01001-000" },
    }),
  );
  const product = made(await rest.post("/products", { name: unique("Parafusadeira"), price: 34.58, ncm: "8467.21.00", ipi_rate: 15 }));
  const consumer = made(
    await rest.post("/partners", {
      name: unique("Consumidor"),
      fiscal_registration_number: "52998224725",
      addresses: [{ street: "Av. Sete", city: "Salvador", state: "BA", is_default: true }],
    }),
  );
  const reseller = made(
    await rest.post("/partners", {
      name: unique("Revenda"),
      fiscal_registration_number: newCnpj(),
      state_registration: "12345678",
      addresses: [{ street: "Av. Sete", city: "Salvador", state: "Bahia" }],
    }),
  );
  ok(await rest.put("/tax-rules/states/BA", { internal_rate: 20.5, fcp_rate: 0 }));
  ok(await rest.put("/settings/taxes", { exclude_icms_from_pis_cofins: false, fcp_st_minus_own_fcp: true, ibs_cbs: false }));
  return { org: owner, rest, company, product, consumer, reseller };
}

describe("fiscal data", () => {
  it("products take NCM, CEST, origin and IPI rate, checked, and a PUT without them keeps them", async () => {
    const rest = restAs(await (await newOrg()).bearer());
    const product = made(
      await rest.post("/products", { name: unique("Broca"), ncm: "8207.50.11", cest: "08.001.00", origin: 1, ipi_rate: 6.5 }),
    );
    expect(product).toMatchObject({ ncm: "82075011", cest: "0800100", origin: 1, ipi_rate: 6.5 });
    const plain = made(await rest.post("/products", { name: unique("Lixa") }));
    expect(plain).toMatchObject({ cest: null, origin: 0, ipi_rate: null });
    const kept = ok(await rest.put(`/products/${product.id}`, { name: product.name, sku: product.sku }));
    expect(kept).toMatchObject({ cest: "0800100", origin: 1, ipi_rate: 6.5 });
    expect(paths(await rest.post("/products", { name: "x", cest: "123", origin: 9, ipi_rate: 100.5, ncm: "1234" }))).toEqual(
      expect.arrayContaining(["cest", "origin", "ipi_rate", "ncm"]),
    );
    expect(paths(await rest.post("/products", { name: "x", ipi_rate: 1.23456 }))).toEqual(["ipi_rate"]);
  });

  it("companies take CRT, regime, IPI, IE and an address with a UF; a PUT without them keeps them", async () => {
    const { rest, company } = await taxedOrg();
    expect(company).toMatchObject({
      crt: 3,
      pis_cofins_regime: "CUMULATIVE",
      ipi_contributor: true,
      address: { state: "SP", postal_code: "01001000" },
    });
    const kept = ok(
      await rest.put(`/companies/${company.id}`, { name: company.name, fiscal_registration_number: company.fiscal_registration_number }),
    );
    expect(kept).toMatchObject({ crt: 3, pis_cofins_regime: "CUMULATIVE", ipi_contributor: true, address: { city_code: "3550308" } });
    const bad = await rest.post("/companies", {
      name: "x",
      fiscal_registration_number: newCnpj(),
      crt: 5,
      pis_cofins_regime: "LUCRO",
      address: { state: "XX", city_code: "12" },
    });
    expect(paths(bad)).toEqual(expect.arrayContaining(["crt", "pis_cofins_regime", "address.state", "address.city_code"]));
    const plain = made(await rest.post("/companies", { name: unique("Sem regime"), fiscal_registration_number: newCnpj() }));
    expect(plain).toMatchObject({ crt: null, pis_cofins_regime: "NONE", ipi_contributor: false, address: null });
  });

  it("partners: the IE indicator follows the State Registration unless set; final consumer follows a non-contributor", async () => {
    const { rest, consumer, reseller } = await taxedOrg();
    expect(consumer).toMatchObject({ ie_indicator: 9, final_consumer: true });
    expect(reseller).toMatchObject({ ie_indicator: 1, final_consumer: false });
    const exempt = made(
      await rest.post("/partners", { name: unique("Isento"), fiscal_registration_number: newCnpj(), state_registration: "ISENTO" }),
    );
    expect(exempt).toMatchObject({ ie_indicator: 2, final_consumer: false });
    const set = ok(
      await rest.put(`/partners/${reseller.id}`, {
        name: reseller.name,
        fiscal_registration_number: reseller.fiscal_registration_number,
        final_consumer: true,
      }),
    );
    expect(set).toMatchObject({ ie_indicator: 1, final_consumer: true });
    const kept = ok(
      await rest.put(`/partners/${reseller.id}`, { name: reseller.name, fiscal_registration_number: reseller.fiscal_registration_number }),
    );
    expect(kept).toMatchObject({ final_consumer: true });
    expect(paths(await rest.post("/partners", { name: "x", fiscal_registration_number: newCnpj(), ie_indicator: 3 }))).toEqual([
      "ie_indicator",
    ]);
  });
});

describe("tax rules (/tax-rules)", () => {
  const icms = (over: Record<string, unknown> = {}) => ({
    name: unique("ICMS SP→BA"),
    tax: "ICMS",
    cst: "00",
    csosn: "102",
    rate: 7,
    destination_states: ["BA"],
    ncm_prefixes: ["8467.21"],
    start_date: "2026-01-01",
    ...over,
  });

  it("POST 201, GET, list with filters and search, PUT, DELETE 204; audited", async () => {
    const org = await newOrg();
    const rest = restAs(await org.bearer());
    const created = ok(await rest.post("/tax-rules", icms()), 201);
    expect(created).toMatchObject({
      tax: "ICMS",
      cst: "00",
      rate: 7,
      ncm_prefixes: ["846721"],
      destination_states: ["BA"],
      start_date: "2026-01-01",
      end_date: null,
    });
    ok(await rest.post("/tax-rules", { name: unique("IPI"), tax: "IPI", cst: "50", rate: 10 }), 201);
    expect(ok(await rest.get(`/tax-rules/${created.id}`)).name).toBe(created.name);
    expect(ok(await rest.get("/tax-rules?tax=IPI")).items.map((item: { tax: string }) => item.tax)).toEqual(["IPI"]);
    expect(ok(await rest.get("/tax-rules?destination_state=BA")).items.map((item: { id: string }) => item.id)).toEqual([created.id]);
    expect(ok(await rest.get("/tax-rules?destination_state=SP")).items).toEqual([]);
    expect(ok(await rest.get(`/tax-rules?search=${encodeURIComponent(created.name)}`)).total).toBe(1);
    const updated = ok(await rest.put(`/tax-rules/${created.id}`, icms({ name: created.name, rate: 12, base_reduction: 10 })));
    expect(updated).toMatchObject({ rate: 12, base_reduction: 10 });
    const audit = await org.db.auditEvent.findMany({ where: { entity_id: created.id }, orderBy: { occurred_at: "asc" } });
    expect(audit.map((event) => event.action)).toEqual(["create", "update"]);
    expect(ok(await rest.delete(`/tax-rules/${created.id}`), 204)).toBeUndefined();
    expectProblem(await rest.get(`/tax-rules/${created.id}`), 404);
  });

  it("refuses figures the tax does not take, unknown CSTs, dates out of order and another org's products", async () => {
    const rest = restAs(await (await newOrg()).bearer());
    expect(paths(await rest.post("/tax-rules", { name: "x", tax: "IPI", cst: "00", pis_rate: 1, mva: 30 }))).toEqual(
      expect.arrayContaining(["cst", "pis_rate", "mva"]),
    );
    expect(paths(await rest.post("/tax-rules", icms({ cst: null, csosn: null })))).toEqual(["cst"]);
    expect(paths(await rest.post("/tax-rules", icms({ end_date: "2025-12-31" })))).toEqual(["end_date"]);
    expect(
      paths(await rest.post("/tax-rules", icms({ rate: 101, ncm_prefixes: ["8"], destination_states: ["XX"], cfop: "1102" }))),
    ).toEqual(expect.arrayContaining(["rate", "ncm_prefixes.0", "destination_states.0", "cfop"]));
    expect(paths(await rest.post("/tax-rules", icms({ credit_rate: 2 })))).toEqual(["credit_rate"]);
    expect(paths(await rest.post("/tax-rules", icms({ cst: "10", mva: 40, st_internal_rate: 100 })))).toEqual(["st_internal_rate"]);
    const other = restAs(await (await newOrg()).bearer());
    const foreign = made(await other.post("/products", { name: unique("Alheio") }));
    const answer = await rest.post("/tax-rules", icms({ product_ids: [foreign.id] }));
    expect(expectProblem(answer, 422).errors?.[0]).toMatchObject({ path: "product_ids", code: "not_found_reference" });
    const mine = ok(await rest.post("/tax-rules", icms()), 201);
    expectProblem(await other.get(`/tax-rules/${mine.id}`), 404);
    expectProblem(await other.delete(`/tax-rules/${mine.id}`), 404);
  });

  it("a SELLER reads rules but cannot write them, the UF table or the settings; a MANAGER cannot change the settings", async () => {
    const org = await newOrg();
    const seller = restAs(await org.bearer("SELLER"));
    const manager = restAs(await org.bearer("MANAGER"));
    ok(await seller.get("/tax-rules"));
    expectProblem(await seller.post("/tax-rules", icms()), 403);
    expectProblem(await seller.put("/tax-rules/states/SP", { internal_rate: 18 }), 403);
    ok(await manager.post("/tax-rules", icms()), 201);
    ok(await manager.put("/tax-rules/states/SP", { internal_rate: 18 }));
    expectProblem(
      await manager.put("/settings/taxes", { exclude_icms_from_pis_cofins: true, fcp_st_minus_own_fcp: true, ibs_cbs: true }),
      403,
    );
  });
});

describe("the UF table and the settings", () => {
  it("lists the 27 UFs, sets and forgets one; settings default as §12 says", async () => {
    const org = await newOrg();
    const rest = restAs(await org.bearer());
    const before = ok(await rest.get("/tax-rules/states")).items;
    expect(before).toHaveLength(27);
    expect(before.find((row: { uf: string }) => row.uf === "SP")).toMatchObject({ name: "São Paulo", internal_rate: null });
    const set = ok(
      await rest.put("/tax-rules/states/MG", { internal_rate: 18, fcp_rate: 2, difal_method: "DOUBLE", fcp_in_divisor: true }),
    );
    expect(set).toMatchObject({ uf: "MG", internal_rate: 18, fcp_rate: 2, difal_method: "DOUBLE", fcp_in_divisor: true });
    expect(ok(await rest.get("/tax-rules/states")).items.find((row: { uf: string }) => row.uf === "MG").internal_rate).toBe(18);
    expect(paths(await rest.put("/tax-rules/states/MG", { internal_rate: 180, difal_method: "TRIPLE" }))).toEqual(
      expect.arrayContaining(["internal_rate", "difal_method"]),
    );
    expectProblem(await rest.put("/tax-rules/states/XX", { internal_rate: 18 }), 422);
    // ST's adjusted MVA and DIFAL's double base divide by 100 − the internal rate (with the FCP in the divisor, by 100 − both).
    expect(paths(await rest.put("/tax-rules/states/MG", { internal_rate: 100 }))).toEqual(["internal_rate"]);
    const divisor = expectProblem(
      await rest.put("/tax-rules/states/MG", { internal_rate: 97, fcp_rate: 3, difal_method: "DOUBLE", fcp_in_divisor: true }),
      422,
    );
    expect(divisor.errors).toEqual([
      expect.objectContaining({ path: "fcp_rate", code: "too_big", params: { maximum: 3, inclusive: false } }),
    ]);
    ok(await rest.put("/tax-rules/states/MG", { internal_rate: 97, fcp_rate: 3, difal_method: "SINGLE", fcp_in_divisor: true }));
    ok(await rest.delete("/tax-rules/states/MG"), 204);
    expectProblem(await rest.delete("/tax-rules/states/MG"), 404);
    expect(ok(await rest.get("/settings/taxes"))).toEqual({
      exclude_icms_from_pis_cofins: true,
      fcp_st_minus_own_fcp: true,
      ibs_cbs: false,
    });
    ok(await rest.put("/settings/taxes", { exclude_icms_from_pis_cofins: false, fcp_st_minus_own_fcp: true, ibs_cbs: true }));
    expect(ok(await rest.get("/settings/taxes")).ibs_cbs).toBe(true);
    expect(paths(await rest.put("/settings/taxes", { ibs_cbs: "yes" }))).toEqual(
      expect.arrayContaining(["exclude_icms_from_pis_cofins", "fcp_st_minus_own_fcp", "ibs_cbs"]),
    );
  });
});

describe("POST /taxes/calculate", () => {
  const body = (world: Awaited<ReturnType<typeof taxedOrg>>, over: Record<string, unknown> = {}) => ({
    partner_id: world.consumer.id,
    items: [{ product_id: world.product.id, quantity: 1, unit_value: 34.58 }],
    ...over,
  });

  it("§12's first example to the cent: to a final consumer, and to a contributor buying for resale", async () => {
    const world = await taxedOrg();
    const consumer = ok(await world.rest.post("/taxes/calculate", body(world)));
    expect(consumer).toMatchObject({
      origin_state: "SP",
      destination_state: "BA",
      ie_indicator: 9,
      final_consumer: true,
      invoice_value: 39.77,
    });
    const taxes = consumer.items[0].taxes;
    expect(taxes.ipi).toMatchObject({ cst: "50", base: 34.58, rate: 15, value: 5.19 });
    expect(taxes.icms).toMatchObject({ cst: "00", base: 39.77, rate: 7, value: 2.78 });
    expect(taxes.pis).toMatchObject({ value: 0.22 });
    expect(taxes.cofins).toMatchObject({ value: 1.04 });
    // 39.77 × (20.5 − 7) % = 5.37, owed to BA, not in the invoice.
    expect(taxes.difal).toMatchObject({ base: 39.77, value: 5.37, method: "SINGLE" });
    expect(consumer.tax_totals).toMatchObject({
      vBC: 39.77,
      vICMS: 2.78,
      vIPI: 5.19,
      vPIS: 0.22,
      vCOFINS: 1.04,
      vICMSUFDest: 5.37,
      vST: 0,
    });
    expect(taxes.icms_st).toBeUndefined();
    const reseller = ok(await world.rest.post("/taxes/calculate", body(world, { partner_id: world.reseller.id })));
    expect(reseller.items[0].taxes.icms).toMatchObject({ base: 34.58, value: 2.42 });
    expect(reseller.items[0].taxes.difal).toBeUndefined();
    expect(reseller.invoice_value).toBe(39.77);
  });

  it("§12's ST example to the cent, through a rule; explain names the rule and why the others lost", async () => {
    const world = await taxedOrg();
    const { rest } = world;
    ok(await rest.put(`/companies/${world.company.id}`, { ...world.company, pis_cofins_regime: "NON_CUMULATIVE" }));
    const product = made(await rest.post("/products", { name: unique("Pneu"), ncm: "4011.10.00", cest: "16.001.00", ipi_rate: 30 }));
    const st = ok(
      await rest.post("/tax-rules", {
        name: unique("ST pneus"),
        tax: "ICMS",
        cst: "10",
        rate: 12,
        mva: 50,
        st_internal_rate: 30,
        st_fcp_rate: 2,
        ncm_prefixes: ["4011"],
      }),
      201,
    );
    const general = ok(await rest.post("/tax-rules", { name: unique("Geral"), tax: "ICMS", cst: "00", rate: 18 }), 201);
    const answer = await rest.post("/taxes/calculate?explain=true", {
      destination_state: "SP",
      ie_indicator: 1,
      final_consumer: false,
      items: [{ product_id: product.id, quantity: 22, unit_value: 116.41 }],
    });
    const result = ok(answer);
    const taxes = result.items[0].taxes;
    expect(result.items[0].total_value).toBe(2561.02);
    expect(taxes.ipi.value).toBe(768.31);
    expect(taxes.icms).toMatchObject({ cst: "10", value: 307.32, rule_id: st.id });
    expect(taxes.icms_st).toMatchObject({ base: 4994, value: 1190.88, mva: 50 });
    expect(taxes.fcp_st.value).toBe(99.88);
    expect(taxes.pis.value).toBe(42.26);
    expect(taxes.cofins.value).toBe(194.64);
    expect(result.invoice_value).toBe(4620.09);
    expect(taxes.cfop).toBe("5403");
    const icmsSteps = result.items[0].steps.filter((step: { tax: string }) => step.tax === "ICMS");
    expect(icmsSteps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule_id: st.id, applied: true, code: "applied" }),
        expect.objectContaining({ rule_id: general.id, applied: false, code: "beaten_by_more_specific_rule" }),
      ]),
    );
    const plain = ok(
      await rest.post("/taxes/calculate", {
        destination_state: "SP",
        ie_indicator: 1,
        final_consumer: false,
        items: [{ product_id: product.id, quantity: 22, unit_value: 116.41 }],
      }),
    );
    expect(plain.items[0].steps).toBeUndefined();
    expect(plain.items[0].taxes).toEqual(taxes);
  });

  it("spreads freight and the discount over the items, which add up to the order", async () => {
    const world = await taxedOrg();
    const result = ok(
      await world.rest.post(
        "/taxes/calculate",
        body(world, {
          items: [
            { product_id: world.product.id, quantity: 1, unit_value: 10 },
            { product_id: world.product.id, quantity: 2, unit_value: 10 },
          ],
          freight_value: 10,
          discount_value: 1,
        }),
      ),
    );
    expect(result.items.map((item: { taxes: { freight_value: number } }) => item.taxes.freight_value)).toEqual([3.33, 6.67]);
    expect(result.items.map((item: { taxes: { discount_value: number } }) => item.taxes.discount_value)).toEqual([0.33, 0.67]);
    const sum = (key: "ipi" | "icms") =>
      result.items.reduce((total: number, item: { taxes: Record<string, { value: number }> }) => total + item.taxes[key]!.value * 100, 0) /
      100;
    expect(sum("ipi")).toBe(result.tax_totals.vIPI);
    expect(sum("icms")).toBe(result.tax_totals.vICMS);
    expect(result.invoice_value).toBe(Math.round((30 - 1 + 10 + result.tax_totals.vIPI) * 100) / 100);
  });

  it("422 without a tax regime, a UF or a destination; another org's product or partner; a discount above the items", async () => {
    const world = await taxedOrg();
    const { rest } = world;
    const untaxed = made(await rest.post("/companies", { name: unique("Sem regime"), fiscal_registration_number: newCnpj() }));
    const noRegime = expectProblem(await rest.post("/taxes/calculate", body(world, { company_id: untaxed.id })), 422);
    expect(noRegime.errors?.[0]).toMatchObject({ path: "company_id", code: "no_tax_regime" });
    const noUf = made(await rest.post("/companies", { name: unique("Sem UF"), fiscal_registration_number: newCnpj(), crt: 1 }));
    expect(expectProblem(await rest.post("/taxes/calculate", body(world, { company_id: noUf.id })), 422).errors?.[0]).toMatchObject({
      code: "no_origin_state",
    });
    expect(paths(await rest.post("/taxes/calculate", body(world, { partner_id: undefined })))).toEqual(["destination_state"]);
    const other = await taxedOrg();
    expect(paths(await rest.post("/taxes/calculate", body(world, { partner_id: other.consumer.id })))).toEqual(["partner_id"]);
    expect(
      paths(await rest.post("/taxes/calculate", body(world, { items: [{ product_id: other.product.id, quantity: 1, unit_value: 1 }] }))),
    ).toEqual(["items.0.product_id"]);
    expect(paths(await rest.post("/taxes/calculate", body(world, { discount_value: 40 })))).toEqual(["discount_value"]);
    expect(paths(await rest.post("/taxes/calculate", body(world, { items: [] })))).toEqual(["items"]);
    const seller = restAs(await world.org.bearer("SELLER"));
    ok(await seller.post("/taxes/calculate", body(world)));
  });
});

describe("prices with taxes", () => {
  it("`taxes: true` on a page of prices answers each price's taxes and what the customer pays per unit; it needs the partner", async () => {
    const world = await taxedOrg();
    const body = { partner_id: world.consumer.id, taxes: true, items: [{ product_id: world.product.id, quantity: 2 }] };
    const answer = ok(await world.rest.post("/prices/products/calculate", body));
    const [item] = answer.items;
    expect(item.unit_price).toBe(34.58);
    // 69.16 + IPI 15 % (10.37): 79.53 in all; a unit 39.765, half-even 39.76.
    expect(item.taxes.ipi).toMatchObject({ value: 10.37 });
    expect(item.total_with_taxes).toBe(79.53);
    expect(item.price_with_taxes).toBe(39.76);
    const plain = ok(await world.rest.post("/prices/products/calculate", { ...body, taxes: false }));
    expect(plain.items[0].taxes).toBeUndefined();
    expect(paths(await world.rest.post("/prices/products/calculate", { ...body, partner_id: undefined }))).toEqual(["partner_id"]);
  });
});

describe("taxes on the order", { timeout: 120_000 }, () => {
  /** The order fixtures' company taxed (SP, normal regime, IPI contributor), the drill at IPI 10 %, SP's internal rate 18 %. */
  async function taxedOrders() {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const rest = restAs(f.headers);
    ok(
      await rest.put(`/companies/${f.company.id}`, {
        name: f.company.name,
        fiscal_registration_number: f.company.fiscal_registration_number,
        crt: 3,
        pis_cofins_regime: "CUMULATIVE",
        ipi_contributor: true,
        address: { street: "Rua A", city: "São Paulo", state: "SP" },
      }),
    );
    ok(await rest.put(`/products/${f.drill.id}`, { name: f.drill.name, sku: f.drill.sku, price: 459.9, ipi_rate: 10 }));
    ok(await rest.put("/tax-rules/states/SP", { internal_rate: 18 }));
    ok(await rest.put("/tax-rules/states/BA", { internal_rate: 20.5 }));
    return { org, f, rest };
  }
  const post = (rest: Rest, body: unknown) => rest.post("/orders", body);

  it("an order carries each item's taxes, the ICMSTot and what the customer pays; its payments must add up to that", async () => {
    const { f, rest } = await taxedOrders();
    // drill 919.80 − 19.80 own discount, saw 360; the order's 10 off and 30 freight spread by value (919.80 : 360).
    const refused = await post(rest, orderBody(f, { payments: [{ payment_method_id: f.method.id, amount: 1280, installments: 1 }] }));
    expect(expectProblem(refused, 422).errors).toEqual([
      expect.objectContaining({ path: "payments", code: "total_mismatch", params: expect.objectContaining({ invoice_value: 1371.44 }) }),
    ]);
    const created = ok(
      await post(rest, orderBody(f, { payments: [{ payment_method_id: f.method.id, amount: 1371.44, installments: 2 }] })),
      201,
    );
    const order = ok(await rest.get(`/orders/${created.id}`));
    expect(order.total_value).toBe(1280);
    expect(order.invoice_value).toBe(1371.44);
    expect(order.tax_totals).toMatchObject({ vIPI: 91.44, vICMS: 246.86, vBC: 1371.44, vST: 0 });
    const [drill, saw] = order.items;
    expect(drill.taxes).toMatchObject({
      cfop: "5102",
      freight_value: 21.56,
      discount_value: 26.99,
      ipi: { cst: "50", base: 914.37, rate: 10, value: 91.44 },
      icms: { cst: "00", base: 1005.81, rate: 18, value: 181.05 },
    });
    expect(saw.taxes).toMatchObject({ freight_value: 8.44, discount_value: 2.81, icms: { base: 365.63, value: 65.81 } });
    expect(saw.taxes.ipi).toBeUndefined();
    // The list and the partner's exposure count what the customer pays.
    const listed = ok(await rest.get(`/orders?partner_id=${f.partner.id}`)).items[0];
    expect(listed.invoice_value).toBe(1371.44);
    expect(ok(await rest.get(`/partners/${f.partner.id}/credit`)).exposure).toBe(1371.44);
  });

  it("taxes follow the shipment's state while OPEN, stay as they were from INVOICED on; receivables add up to the invoice value", async () => {
    const { f, rest } = await taxedOrders();
    const payments = [{ payment_method_id: f.method.id, amount: 1371.44, installments: 3 }];
    const created = ok(await post(rest, orderBody(f, { payments })), 201);
    // To Bahia, a non-contributor: 7 % between states by law, DIFAL to BA; the invoice is the same.
    const moved = ok(await rest.put(`/orders/${created.id}`, orderBody(f, { payments, shipment_state: "BA" })));
    expect(moved).toMatchObject({ id: created.id });
    const interstate = ok(await rest.get(`/orders/${created.id}`));
    expect(interstate.items[0].taxes).toMatchObject({ cfop: "6108", icms: { rate: 7, value: 70.41 } });
    expect(interstate.tax_totals.vICMSUFDest).toBeGreaterThan(0);
    expect(interstate.invoice_value).toBe(1371.44);
    const invoiced = await rest.put(
      `/orders/${created.id}`,
      orderBody(f, { payments, shipment_state: "BA", status: f.status("ORDER", "invoiced"), invoices: [{ invoice_key: nfeKey() }] }),
    );
    expect(invoiced.status, invoiced.text).toBe(200);
    const receivables = ok(await rest.get(`/financials?order_id=${created.id}&perPage=100`)).items as Array<{ value: number }>;
    expect(receivables).toHaveLength(3);
    expect(Math.round(receivables.reduce((sum, item) => sum + item.value * 100, 0))).toBe(137144);
    // A rule written after the invoice changes nothing of the invoiced order.
    ok(await rest.post("/tax-rules", { name: unique("IPI 20"), tax: "IPI", cst: "50", rate: 20 }), 201);
    ok(await rest.put(`/orders/${created.id}`, { ...orderBody(f, { payments, shipment_state: "BA" }), attributes: { nota: "ok" } }));
    const after = ok(await rest.get(`/orders/${created.id}`));
    expect(after.invoice_value).toBe(1371.44);
    expect(after.items[0].taxes).toEqual(interstate.items[0].taxes);
  });

  it("orders written while a rule changes are each figured from one set of rules: every item at the same rate", async () => {
    const { f, rest } = await taxedOrders();
    const rule = ok(await rest.post("/tax-rules", { name: unique("IPI"), tax: "IPI", cst: "50", rate: 10 }), 201);
    const edits = Array.from({ length: 6 }, (_, index) =>
      rest.put(`/tax-rules/${rule.id}`, { name: rule.name, tax: "IPI", cst: "50", rate: index % 2 ? 10 : 20 }),
    );
    const orders = Array.from({ length: 8 }, () => post(rest, orderBody(f)));
    const answers = await Promise.all([...edits, ...orders]);
    for (const answer of answers) expect(answer.status, answer.text).toBeLessThan(300);
    for (const created of answers.slice(edits.length)) {
      const order = ok(await rest.get(`/orders/${created.json.id}`));
      const rates = new Set(order.items.map((item: { taxes: { ipi: { rate: number } } }) => item.taxes.ipi.rate));
      expect(rates.size, JSON.stringify([...rates])).toBe(1);
      expect([10, 20]).toContain([...rates][0]);
      expect(order.invoice_value).toBeCloseTo(order.total_value + order.tax_totals.vIPI, 2);
    }
  });

  it("an org whose company has no crt figures no taxes: the invoice value is the total", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const rest = restAs(f.headers);
    const created = ok(await post(rest, orderBody(f)), 201);
    const order = ok(await rest.get(`/orders/${created.id}`));
    expect(order).toMatchObject({ total_value: 1280, invoice_value: 1280, tax_totals: null });
    expect(order.items.map((item: { taxes: unknown }) => item.taxes)).toEqual([null, null]);
  });

  it("a sale whose payments miss the invoice value is refused, naming it", async () => {
    const { f, rest } = await taxedOrders();
    const sale = await rest.post("/sales", {
      partner_id: f.partner.id,
      company_id: f.company.id,
      created_at: "2026-11-28T12:00:00.000Z",
      updated_by: "checkout",
      full_value: 919.8 + 30,
      total_value: 919.8 + 30,
      items: [{ product_id: f.drill.id, quantity: 2, unit_value: 459.9 }],
      freight: { amount: 30 },
      payments: [{ payment_method_id: f.method.id, amount: 949.8 }],
    });
    const problem = expectProblem(sale, 400);
    expect(problem.errors).toEqual([
      expect.objectContaining({ path: "payments", params: expect.objectContaining({ invoice_value: 1044.78 }) }),
    ]);
  });
});
