/**
 * The NF-e document (server/fiscal/nfe/document.ts): for each group a CST or CSOSN needs —
 * normal regime with ST, reduced base, DIFAL to a final consumer, Simples Nacional with and
 * without credit and as ST substitute, IBS/CBS on — the engine's taxes written as an NF-e,
 * signed with a test A1 and validated against the vendored schemas; ICMSTot the items'
 * sums; the vendored files are the ones SOURCES.md lists.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeTestPfx, readPfx } from "@/server/fiscal/certificates/pfx";
import { nfeTotals, nfeXml, type NfeAddress, type NfeDocument } from "@/server/fiscal/nfe/document";
import { eventXml } from "@/server/fiscal/nfe/events";
import { accessKey } from "@/server/fiscal/nfe/from-order";
import { signXml, verifySignature } from "@/server/fiscal/nfe/sign";
import { SCHEMA_PACKAGE, validateAgainstSchema } from "@/server/fiscal/nfe/validate";
import { exact } from "@/server/lib/exact";
import { money } from "@/server/lib/money";
import { isValidNfeKey } from "@/server/lib/nfe-key";
import { calculateTaxes, type Crt, type StateTaxes, type TaxInput, type TaxRule } from "@/server/taxes/engine";
import { itemTaxesJson } from "@/server/taxes/schemas";
import type { Uf } from "@/server/taxes/states";
import { rule } from "../helpers/tax-rules";

const CNPJ = "11222333000181";
const a1 = readPfx(makeTestPfx({ cnpj: CNPJ, name: "EMITENTE TESTE", password: "x" }), "x");

const state = (internal: string, fcp = "0"): StateTaxes => ({
  internal_rate: exact(internal),
  fcp_rate: exact(fcp),
  difal_method: "DOUBLE",
  fcp_in_divisor: false,
});

const address = (uf: string, cityCode: string, city: string): NfeAddress => ({
  street: "Rua das Flores & Cia",
  number: "100",
  complement: null,
  neighborhood: "Centro",
  city_code: cityCode,
  city,
  uf,
  postal_code: "01001000",
  phone: null,
});

interface Scenario {
  crt: Crt;
  buyer: TaxInput["buyer"];
  rules?: TaxRule[];
  ibs_cbs?: boolean;
  ipi?: boolean;
}

function documentOf(scenario: Scenario): NfeDocument {
  const result = calculateTaxes({
    date: "2026-11-28",
    issuer: {
      id: "c1",
      uf: "SP",
      crt: scenario.crt,
      pis_cofins_regime: scenario.crt === 3 ? "NON_CUMULATIVE" : "NONE",
      ipi_contributor: scenario.ipi ?? false,
    },
    buyer: scenario.buyer,
    items: [
      {
        product_id: "p1",
        ncm: "84672100",
        cest: "0801300",
        origin: 0,
        ipi_rate: exact(10),
        value: exact("919.80"),
        discount: exact("19.80"),
      },
      { product_id: "p2", ncm: "82022000", cest: null, origin: 1, ipi_rate: null, value: exact("360.00"), discount: exact(0) },
    ],
    charges: { freight: exact(30), insurance: exact(0), other: exact(0), discount: exact(10) },
    rules: scenario.rules ?? [],
    states: new Map<Uf, StateTaxes>([
      ["SP", state("18")],
      ["RJ", state("20", "2")],
      ["PE", state("20.5", "2")],
    ]),
    settings: { exclude_icms_from_pis_cofins: true, fcp_st_minus_own_fcp: true, ibs_cbs: scenario.ibs_cbs ?? false },
  });
  const issuedAt = "2026-11-28T10:00:00-03:00";
  const key = accessKey({ uf: "SP", issuedAt, cnpj: CNPJ, series: 1, number: 42, cnf: "12345678" });
  const items = result.items.map((item, index) => ({
    code: `SKU-${index + 1}`,
    gtin: null,
    description: index === 0 ? "Furadeira de impacto" : "Serra circular",
    ncm: index === 0 ? "84672100" : "82022000",
    cest: index === 0 ? "0801300" : null,
    origin: index,
    unit: "UN",
    quantity: index === 0 ? "2.0000" : "3.0000",
    unit_value: index === 0 ? "459.90" : "120.00",
    value: index === 0 ? "919.80" : "360.00",
    taxes: itemTaxesJson(item.taxes),
  }));
  const interstate = scenario.buyer.uf !== "SP";
  return {
    key,
    environment: 2,
    issued_at: issuedAt,
    series: 1,
    number: 42,
    cnf: "12345678",
    operation: "Venda de mercadoria",
    destination: interstate ? 2 : 1,
    final_consumer: scenario.buyer.final_consumer,
    issuer: {
      cnpj: CNPJ,
      name: "Emitente <Teste> Ltda",
      trade_name: null,
      address: address("SP", "3550308", "São Paulo"),
      ie: "110042490114",
      crt: scenario.crt,
    },
    recipient: {
      document: scenario.buyer.ie_indicator === 9 ? "52998224725" : "11444777000161",
      name: "Cliente",
      address:
        scenario.buyer.uf === "RJ"
          ? address("RJ", "3304557", "Rio de Janeiro")
          : scenario.buyer.uf === "PE"
            ? address("PE", "2611606", "Recife")
            : address("SP", "3509502", "Campinas"),
      ie_indicator: scenario.buyer.ie_indicator,
      ie: scenario.buyer.ie_indicator === 1 ? "12345678" : null,
      email: null,
    },
    items,
    freight_mode: 0,
    payments: [{ type: "15", term: 1, value: result.invoice_value.toFixed(2) }],
    additional_info: "Pedido nº 7",
    order_number: 7,
    ibs_cbs: scenario.ibs_cbs ?? false,
  };
}

async function issued(scenario: Scenario) {
  const document = documentOf(scenario);
  const xml = signXml(nfeXml(document), "infNFe", a1);
  return { document, xml, errors: await validateAgainstSchema(xml, "nfe") };
}

const tag = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, "g"))].map((match) => match[1]!);

describe("the NF-e document", { timeout: 60_000 }, () => {
  const cases: Array<[string, Scenario, string[]]> = [
    [
      "CST 00 within the state, IPI",
      { crt: 3, ipi: true, buyer: { uf: "SP", ie_indicator: 1, final_consumer: false } },
      ["ICMS00", "IPITrib", "PISAliq"],
    ],
    [
      "CST 10 with ICMS-ST and FCP-ST to a reseller in RJ",
      {
        crt: 3,
        ipi: true,
        buyer: { uf: "RJ", ie_indicator: 1, final_consumer: false },
        rules: [rule({ id: "st", tax: "ICMS", cst: "10", mva: exact(40), adjust_mva: true, st_fcp_rate: exact(2) })],
      },
      ["ICMS10", "vBCST", "vFCPST"],
    ],
    [
      "CST 20 with a reduced base",
      {
        crt: 3,
        buyer: { uf: "SP", ie_indicator: 1, final_consumer: false },
        rules: [rule({ id: "red", tax: "ICMS", cst: "20", rate: exact(18), base_reduction: exact("33.33") })],
      },
      ["ICMS20", "pRedBC"],
    ],
    ["DIFAL to a non-contributor in PE", { crt: 3, buyer: { uf: "PE", ie_indicator: 9, final_consumer: true } }, ["ICMS00", "ICMSUFDest"]],
    ["CSOSN 102 (Simples Nacional)", { crt: 1, buyer: { uf: "SP", ie_indicator: 1, final_consumer: false } }, ["ICMSSN102", "PISOutr"]],
    [
      "CSOSN 101 with the buyer's credit",
      {
        crt: 1,
        buyer: { uf: "RJ", ie_indicator: 1, final_consumer: false },
        rules: [rule({ id: "sn", tax: "ICMS", csosn: "101", credit_rate: exact("2.56") })],
      },
      ["ICMSSN101", "pCredSN"],
    ],
    [
      "CSOSN 201 as ST substitute",
      {
        crt: 1,
        buyer: { uf: "RJ", ie_indicator: 1, final_consumer: false },
        rules: [rule({ id: "sn-st", tax: "ICMS", csosn: "201", credit_rate: exact("1.25"), mva: exact(40), st_internal_rate: exact(20) })],
      },
      ["ICMSSN201", "vICMSST"],
    ],
    [
      "IBS/CBS of the 2026 test year",
      { crt: 3, ibs_cbs: true, buyer: { uf: "SP", ie_indicator: 1, final_consumer: false } },
      ["IBSCBS", "IBSCBSTot", "gCBS"],
    ],
  ];
  for (const [name, scenario, groups] of cases) {
    it(`${name}: schema-valid, signed, totals the items' sums`, async () => {
      const { document, xml, errors } = await issued(scenario);
      expect(errors).toEqual([]);
      for (const group of groups) expect(xml, group).toContain(`<${group}>`);
      expect(verifySignature(xml, a1.certificatePem)).toBe(true);
      expect(isValidNfeKey(document.key)).toBe(true);
      const totals = nfeTotals(document);
      const total = xml.slice(xml.indexOf("<ICMSTot>"));
      expect(tag(total, "vNF")[0]).toBe(totals.vNF.toFixed(2));
      expect(tag(total, "vProd")[0]).toBe("1279.80");
      expect(money(tag(total, "vNF")[0]!).equals(money(document.payments[0]!.value))).toBe(true);
    });
  }

  it("text is escaped and control characters dropped; a malformed figure is refused by the schema, naming the element", async () => {
    const { xml } = await issued({ crt: 3, buyer: { uf: "SP", ie_indicator: 1, final_consumer: false } });
    expect(xml).toContain("Emitente &lt;Teste&gt; Ltda");
    expect(xml).toContain("Rua das Flores &amp; Cia");
    const errors = await validateAgainstSchema(xml.replace(/<CFOP>5102<\/CFOP>/, "<CFOP>9102</CFOP>"), "nfe");
    expect(errors[0]?.element).toBe("CFOP");
    const unsigned = await validateAgainstSchema(
      nfeXml(documentOf({ crt: 3, buyer: { uf: "SP", ie_indicator: 1, final_consumer: false } })),
      "nfe",
    );
    expect(unsigned.length).toBeGreaterThan(0);
  });

  it("cancellation and correction events are schema-valid and signed", async () => {
    const key = documentOf({ crt: 3, buyer: { uf: "SP", ie_indicator: 1, final_consumer: false } }).key;
    const base = { key, cnpj: CNPJ, environment: 2 as const, at: "2026-11-28T11:00:00-03:00", sequence: 1, protocol: "135260000012345" };
    const cancel = signXml(eventXml({ ...base, type: "CANCELLATION", text: "Pedido cancelado pelo cliente" }), "infEvento", a1);
    const correction = signXml(eventXml({ ...base, type: "CORRECTION", text: "Corrige o complemento do endereço" }), "infEvento", a1);
    expect(await validateAgainstSchema(cancel, "cancel")).toEqual([]);
    expect(await validateAgainstSchema(correction, "correction")).toEqual([]);
    expect(verifySignature(cancel) && verifySignature(correction)).toBe(true);
    expect(cancel).toContain(`Id="ID110111${key}01"`);
  });

  it("the vendored schema files are the ones SOURCES.md lists, byte for byte", () => {
    const dir = path.join(import.meta.dirname, "../../server/fiscal/nfe/xsd", SCHEMA_PACKAGE);
    const listed = new Map(
      [...readFileSync(path.join(dir, "SOURCES.md"), "utf8").matchAll(/^\| (\S+\.xsd) +\| ([0-9a-f]{32}) +\| ([0-9a-f]{64}) +\|$/gm)].map(
        (match) => [match[1]!, match[3]!],
      ),
    );
    const files = readdirSync(dir).filter((name) => name.endsWith(".xsd"));
    expect([...listed.keys()].sort()).toEqual(files.sort());
    for (const file of files)
      expect(
        createHash("sha256")
          .update(readFileSync(path.join(dir, file)))
          .digest("hex"),
        file,
      ).toBe(listed.get(file));
  });
});
