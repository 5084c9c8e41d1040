/**
 * NF-e 4.00 from the order over REST (contract §13): the company's A1 certificate (refusals,
 * never answered or audited in clear), issuing (schema-valid, signed with the embedded
 * certificate, ICMSTot = the items' sums, vNF = invoice_value, the key's check digit, the
 * order's invoice), numbering under concurrency, the XML and the DANFE, authorization,
 * cancellation and correction events, discarding and the numbers to void, scoping.
 */
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { inflateSync } from "node:zlib";
import forge from "node-forge";
import { ALL_ORDERS } from "../../server/auth/scope";
import type { Db } from "../../server/db/scoped";
import { transaction } from "../../server/db/transaction";
import { cancelNfe, transmitNfe } from "../../server/fiscal/nfe/service";
import type { SefazTarget } from "../../server/fiscal/sefaz/client";
import { describe, expect, it } from "vitest";
import { makeTestPfx } from "../../server/fiscal/certificates/pfx";
import { verifySignature } from "../../server/fiscal/nfe/sign";
import { validateAgainstSchema } from "../../server/fiscal/nfe/validate";
import { formatFiscalNumber } from "../../server/lib/fiscal-number";
import { isValidNfeKey } from "../../server/lib/nfe-key";
import { callerWith, newOrg, testFilesDir, testRuntime, unique, type TestOrg } from "../helpers/database";
import { openPostgres } from "../../server/db/connection";
import { diskStorage } from "../../server/files/storage";
import { createRuntime } from "../../server/runtime";
import { call, expectProblem, restAs, type Answer, type Rest } from "../helpers/http";
import { newCnpj, orderBody, orderFixtures, type Fixtures } from "../helpers/orders";

const ok = (answer: Answer, status = 200) => {
  expect(answer.status, answer.text).toBe(status);
  return answer.json;
};
const paths = (answer: Answer, status = 422) => (expectProblem(answer, status).errors ?? []).map((error) => error.path);
const pfxOf = (cnpj: string, options: { password?: string; legacy?: boolean; validUntil?: Date; validFrom?: Date } = {}) =>
  makeTestPfx({ cnpj, name: "EMPRESA TESTE LTDA", password: options.password ?? "senha123", ...options }).toString("base64");

/** Text of a PDF: its streams inflated, hex strings (how React PDF writes standard-font text) decoded. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString("latin1");
  let text = "";
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      text += inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      // not a deflated stream
    }
  }
  return text.replace(/<([0-9a-fA-F]+)>/g, (_, hex: string) => Buffer.from(hex, "hex").toString("latin1"));
}

/** An org whose company issues NF-e: taxed (SP, normal regime), full fiscal data, its A1 taken; a partner in RJ with IE. */
async function issuingOrg() {
  const org = await newOrg();
  const f = await orderFixtures(org);
  const rest = restAs(f.headers);
  const cnpj = f.company.fiscal_registration_number as string;
  ok(
    await rest.put(`/companies/${f.company.id}`, {
      name: f.company.name,
      fiscal_registration_number: cnpj,
      crt: 3,
      pis_cofins_regime: "CUMULATIVE",
      ipi_contributor: true,
      state_registration: "110042490114",
      address: {
        street: "Rua A",
        number: "10",
        neighborhood: "Centro",
        city: "São Paulo",
        city_code: "3550308",
        state: "SP",
        postal_code: "01001-000",
      },
    }),
  );
  ok(await rest.put(`/products/${f.drill.id}`, { name: f.drill.name, sku: f.drill.sku, price: 459.9, ipi_rate: 10, ncm: "8467.21.00" }));
  ok(await rest.put(`/products/${f.saw.id}`, { name: f.saw.name, sku: f.saw.sku, price: 120, ncm: "82022000" }));
  ok(
    await rest.put(`/partners/${f.partner.id}`, {
      name: f.partner.name,
      fiscal_registration_number: f.partner.fiscal_registration_number,
      state_registration: "12345678",
      addresses: [
        {
          street: "Rua do Ouvidor",
          number: "50",
          neighborhood: "Centro",
          city: "Rio de Janeiro",
          city_code: "3304557",
          state: "RJ",
          postal_code: "20040-030",
          is_default: true,
        },
      ],
    }),
  );
  ok(await rest.put("/tax-rules/states/SP", { internal_rate: 18 }));
  ok(await rest.put("/tax-rules/states/RJ", { internal_rate: 20, fcp_rate: 2 }));
  ok(await rest.put(`/companies/${f.company.id}/certificate`, { pfx: pfxOf(cnpj), password: "senha123" }));
  return { org, f, rest, cnpj };
}

/** An order of the fixtures, shipped to RJ, paid in two boletos of its invoice value; answered as GET. */
async function taxedOrder(rest: Rest, f: Fixtures) {
  const probe = ok(await rest.post("/orders", orderBody(f, { shipment_state: "RJ", shipment_city: "Rio de Janeiro" })), 201);
  const read = ok(await rest.get(`/orders/${probe.id}`));
  const payments = [{ payment_method_id: f.method.id, amount: read.invoice_value, installments: 2 }];
  ok(await rest.put(`/orders/${probe.id}`, orderBody(f, { shipment_state: "RJ", shipment_city: "Rio de Janeiro", payments })));
  return ok(await rest.get(`/orders/${probe.id}`));
}

/** A stored file's text, from the org's storage. */
async function storedText(org: TestOrg, fileId: string): Promise<string> {
  const file = await org.db.resourceFile.findUniqueOrThrow({ where: { id: fileId } });
  const body = await org.runtime.files.get(file.storage_key);
  const chunks: Buffer[] = [];
  for await (const chunk of body!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function xmlOf(rest: Rest, orderId: string): Promise<string> {
  const answer = await rest.get(`/orders/${orderId}/nfe.xml`);
  expect(answer.status, answer.text).toBe(200);
  return answer.text;
}

describe("A1 certificates (PUT /companies/{id}/certificate)", { timeout: 120_000 }, () => {
  it("takes the company's own A1 (modern and legacy encryption), refuses others, never answers or audits the secret", async () => {
    const org = await newOrg();
    const rest = restAs(await org.bearer());
    const cnpj = newCnpj();
    const company = ok(await rest.post("/companies", { name: unique("Emitente"), fiscal_registration_number: cnpj }), 201);
    const path = `/companies/${company.id}/certificate`;
    expect((await rest.get(path)).status).toBe(404);
    expect(paths(await rest.put(path, { pfx: pfxOf(cnpj), password: "errada" }))).toEqual(["password"]);
    expect(paths(await rest.put(path, { pfx: Buffer.from("not a certificate").toString("base64"), password: "x" }))).toEqual(["pfx"]);
    expect(paths(await rest.put(path, { pfx: "@@@", password: "x" }))).toEqual(["pfx"]);
    const other = expectProblem(await rest.put(path, { pfx: pfxOf(newCnpj()), password: "senha123" }), 422);
    expect(other.errors?.[0]).toMatchObject({ path: "pfx", code: "other_holder" });
    const expired = pfxOf(cnpj, { validFrom: new Date("2024-01-01"), validUntil: new Date("2025-01-01") });
    expect(expectProblem(await rest.put(path, { pfx: expired, password: "senha123" }), 422).errors?.[0]).toMatchObject({ code: "expired" });
    expect((await restAs(await org.bearer("SELLER")).put(path, { pfx: pfxOf(cnpj), password: "senha123" })).status).toBe(403);

    const legacy = ok(await rest.put(path, { pfx: pfxOf(cnpj, { legacy: true }), password: "senha123" }));
    expect(legacy).toMatchObject({ company_id: company.id, holder_cnpj: cnpj, holder_name: "EMPRESA TESTE LTDA", expiring: false });
    expect(legacy.days_left).toBeGreaterThan(300);
    const soon = pfxOf(cnpj, { validUntil: new Date(Date.now() + 10 * 24 * 3600 * 1000) });
    const replaced = ok(await rest.put(path, { pfx: soon, password: "senha123" }));
    expect(replaced.expiring).toBe(true);
    const read = await rest.get(path);
    expect(read.status).toBe(200);
    const audit = await org.db.auditEvent.findMany({ where: { entity_id: company.id } });
    expect(audit.map((event) => event.action)).toEqual(expect.arrayContaining(["set_certificate"]));
    for (const text of [read.text, JSON.stringify(audit, (_, value: unknown) => (typeof value === "bigint" ? String(value) : value))]) {
      expect(text).not.toMatch(/senha123|PRIVATE KEY|MII/);
    }
    const stored = await org.db.companyCertificate.findFirstOrThrow({ where: { company_id: company.id } });
    expect(stored.sealed_key).toMatch(/^v1\./);
    expect(stored.sealed_key).not.toContain("PRIVATE KEY");
    // Another org's company is not found.
    const stranger = restAs(await (await newOrg()).bearer());
    expect((await stranger.get(path)).status).toBe(404);
    expect((await stranger.put(path, { pfx: pfxOf(cnpj), password: "senha123" })).status).toBe(404);
    expect((await rest.delete(path)).status).toBe(204);
    expect((await rest.get(path)).status).toBe(404);
  });
});

describe("NF-e from the order (POST /orders/{id}/nfe)", { timeout: 180_000 }, () => {
  it("names every missing fiscal field at once, and needs a certificate", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const rest = restAs(f.headers);
    ok(
      await rest.put(`/companies/${f.company.id}`, {
        name: f.company.name,
        fiscal_registration_number: f.company.fiscal_registration_number,
        crt: 3,
        address: { street: "Rua A", city: "São Paulo", state: "SP" },
      }),
    );
    const order = ok(await rest.post("/orders", orderBody(f)), 201);
    expect(paths(await rest.post(`/orders/${order.id}/nfe`, {}))).toEqual(["company_id"]);
    ok(
      await rest.put(`/companies/${f.company.id}/certificate`, { pfx: pfxOf(f.company.fiscal_registration_number), password: "senha123" }),
    );
    const missing = paths(await rest.post(`/orders/${order.id}/nfe`, {}));
    expect(missing).toEqual(
      expect.arrayContaining([
        "company.state_registration",
        "company.address.neighborhood",
        "company.address.city_code",
        "company.address.postal_code",
        "partner.addresses",
        "items.0.product_id",
        "items.1.product_id",
      ]),
    );
    // Nothing was kept: no number taken.
    expect(ok(await rest.get(`/companies/${f.company.id}/nfe-series`))).toEqual([]);
    expect((await rest.get(`/orders/${order.id}/nfe`)).status).toBe(404);
  });

  it("issues a signed, schema-valid NF-e whose totals are the items' and whose vNF is the order's invoice value", async () => {
    const { f, rest, org, cnpj } = await issuingOrg();
    const order = await taxedOrder(rest, f);
    expect(order.items[0].taxes.cfop).toBe("6102");
    const invoiced = f.status("ORDER", "invoiced");
    const nfe = ok(await rest.post(`/orders/${order.id}/nfe`, { status_id: invoiced }), 201);
    expect(nfe).toMatchObject({
      status: "SIGNED",
      series: 1,
      number: 1,
      environment: "HOMOLOGATION",
      value: order.invoice_value,
      events: [],
    });
    expect(isValidNfeKey(nfe.key)).toBe(true);
    expect(nfe.key.slice(6, 20)).toBe(cnpj);
    expect(nfe.key.slice(0, 2)).toBe("35");
    // The order is invoiced with it: its invoice, its receivables.
    const after = ok(await rest.get(`/orders/${order.id}`));
    expect(after.status_detail.phase).toBe("INVOICED");
    expect(after.invoices).toEqual([
      expect.objectContaining({
        invoice_key: nfe.key,
        invoice_number: "1",
        invoice_series: "1",
        invoice_value: order.invoice_value,
        xml_resource_id: nfe.xml_resource_id,
      }),
    ]);
    expect(ok(await rest.get(`/orders/${order.id}/nfe`))).toEqual(nfe);

    const xml = await xmlOf(rest, order.id);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><NFe xmlns="http://www.portalfiscal.inf.br/nfe">')).toBe(true);
    expect(await validateAgainstSchema(xml, "nfe")).toEqual([]);
    expect(verifySignature(xml)).toBe(true);
    expect(verifySignature(xml.replace("<nNF>1</nNF>", "<nNF>2</nNF>"))).toBe(false);
    expect(xml).toContain(`Id="NFe${nfe.key}"`);
    expect(xml).toContain(`<Reference URI="#NFe${nfe.key}">`);
    expect(xml).not.toMatch(/>\s+</);
    const tag = (name: string, source = xml) =>
      [...source.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, "g"))].map((match) => match[1]!);
    const total = xml.slice(xml.indexOf("<ICMSTot>"));
    expect(tag("vNF", total)).toEqual([order.invoice_value.toFixed(2)]);
    const sum = (values: string[]) => values.reduce((acc, value) => acc + Math.round(Number(value) * 100), 0);
    const items = xml.slice(0, xml.indexOf("<total>"));
    for (const name of ["vProd", "vIPI", "vICMS", "vFrete", "vDesc", "vPIS", "vCOFINS"]) {
      expect(Math.round(Number(tag(name, total)[0]) * 100), name).toBe(sum(tag(name, items)));
    }
    expect(tag("tPag")).toEqual(["15"]);
    expect(tag("indIEDest")).toEqual(["1"]);
    expect(tag("idDest")).toEqual(["2"]);
    // The second NF-e of an invoiced order: 409.
    expect(expectProblem(await rest.post(`/orders/${order.id}/nfe`, {}), 409).code).toBe("not_invoiceable");

    // The DANFE: a PDF whose text holds the key in its 11 groups.
    const danfe = await call("GET", `/api/b2b/orders/${order.id}/danfe`, { headers: f.headers });
    expect(danfe.status).toBe(200);
    expect(danfe.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(danfe.bytes);
    expect(text).toContain(nfe.key.replace(/(\d{4})(?=\d)/g, "$1 "));
    expect(text).toContain(formatFiscalNumber(cnpj));

    // Scoping: another org, and a SELLER of another seller, find nothing.
    const stranger = restAs(await (await newOrg()).bearer());
    for (const suffix of ["nfe", "nfe.xml", "danfe"]) expect((await stranger.get(`/orders/${order.id}/${suffix}`)).status).toBe(404);
    const seller = restAs(await org.bearer("SELLER"));
    expect((await seller.get(`/orders/${order.id}/nfe`)).status).toBe(404);
    expect((await seller.post(`/orders/${order.id}/nfe/discard`, {})).status).toBe(403);
  });

  it("numbers NF-e of orders issued at the same moment one after the other, never twice", async () => {
    const { f, rest } = await issuingOrg();
    const orders = [];
    for (let index = 0; index < 4; index++) orders.push(await taxedOrder(rest, f));
    const answers = await Promise.all(orders.map((order) => rest.post(`/orders/${order.id}/nfe`, {})));
    const numbers = answers.map((answer) => ok(answer, 201).number as number).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4]);
    expect(ok(await rest.get(`/companies/${f.company.id}/nfe-series`))).toEqual([{ series: 1, next_number: 5, unused_numbers: [] }]);
  });

  it("two instances (each its own pool on PostgreSQL) issuing at once never share a number nor skip one", async () => {
    const { f, rest } = await issuingOrg();
    const shared = await testRuntime();
    const url = process.env.TEST_DATABASE_URL;
    const database = url ? await openPostgres(url, 4) : shared.database;
    const other = await createRuntime(database, { rateLimitPerMinute: 0, files: diskStorage(await testFilesDir()) });
    try {
      const viaOther = callerWith(other, f.headers);
      const orders = [];
      for (let index = 0; index < 6; index++) orders.push(await taxedOrder(rest, f));
      const numbers = await Promise.all(
        orders.map(async (order, index) =>
          index % 2 === 1
            ? (await viaOther.nfe.issue({ id: order.id, series: 2 })).number
            : (ok(await rest.post(`/orders/${order.id}/nfe`, { series: 2 }), 201).number as number),
        ),
      );
      expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
      const keys = await Promise.all(orders.map(async (order) => ok(await rest.get(`/orders/${order.id}/nfe`)).key as string));
      expect(new Set(keys).size).toBe(6);
    } finally {
      await other.close();
      if (url) await database.close();
    }
  });

  it("a SIGNED NF-e is discarded (its number listed to void), an AUTHORIZED one corrected and canceled by signed events", async () => {
    const { f, rest, org } = await issuingOrg();
    const order = await taxedOrder(rest, f);
    const first = ok(await rest.post(`/orders/${order.id}/nfe`, {}), 201);
    expect(expectProblem(await rest.post(`/orders/${order.id}/nfe`, {}), 409).code).toBe("nfe_exists");
    // Its NF-e states the order's terms: a change waits for the NF-e to go.
    const change = orderBody(f, { shipment_state: "RJ", shipment_city: "Rio de Janeiro", freight_value: 45, total_value: 1295 });
    expect(expectProblem(await rest.put(`/orders/${order.id}`, change), 409).code).toBe("nfe_exists");
    // Never authorized: no cancellation, no correction.
    expect(expectProblem(await rest.post(`/orders/${order.id}/nfe/cancel`, { reason: "Pedido cancelado pelo cliente" }), 409).code).toBe(
      "nfe_state",
    );
    expect(expectProblem(await rest.post(`/orders/${order.id}/nfe/correction`, { text: "Corrige o endereço de entrega" }), 409).code).toBe(
      "nfe_state",
    );
    const discarded = ok(await rest.post(`/orders/${order.id}/nfe/discard`, {}));
    expect(discarded).toMatchObject({ status: "DISCARDED", number: first.number });
    expect(ok(await rest.get(`/orders/${order.id}`)).invoices).toEqual([]);
    expect(ok(await rest.get(`/companies/${f.company.id}/nfe-series`))).toEqual([{ series: 1, next_number: 2, unused_numbers: [1] }]);

    const second = ok(await rest.post(`/orders/${order.id}/nfe`, { status_id: f.status("ORDER", "invoiced") }), 201);
    expect(second.number).toBe(2);
    expect(expectProblem(await rest.post(`/orders/${order.id}/nfe/discard`, {}), 409).code).toBe("not_invoiceable");
    expect(paths(await rest.post(`/orders/${order.id}/nfe/authorization`, { protocol: "123" }))).toEqual(["protocol"]);
    const authorized = ok(await rest.post(`/orders/${order.id}/nfe/authorization`, { protocol: "135260000012345" }));
    expect(authorized).toMatchObject({ status: "AUTHORIZED", protocol: "135260000012345", status_code: "100" });
    expect(paths(await rest.post(`/orders/${order.id}/nfe/correction`, { text: "curto" }))).toEqual(["text"]);
    const corrected = ok(await rest.post(`/orders/${order.id}/nfe/correction`, { text: "Corrige o complemento do endereço: sala 12" }));
    expect(corrected.events).toEqual([expect.objectContaining({ type: "CORRECTION", code: "110110", sequence: 1 })]);
    expect(paths(await rest.post(`/orders/${order.id}/nfe/cancel`, { reason: "curto" }))).toEqual(["reason"]);
    const canceled = ok(await rest.post(`/orders/${order.id}/nfe/cancel`, { reason: "Pedido cancelado a pedido do cliente" }));
    expect(canceled).toMatchObject({ status: "CANCELED" });
    expect(canceled.events.map((event: { code: string }) => event.code)).toEqual(["110110", "110111"]);
    for (const [event, kind] of [
      [canceled.events[0], "correction"],
      [canceled.events[1], "cancel"],
    ] as const) {
      const xml = await storedText(org, event.xml_resource_id);
      expect(xml).toContain(`<chNFe>${second.key}</chNFe>`);
      expect(await validateAgainstSchema(xml, kind)).toEqual([]);
      expect(verifySignature(xml)).toBe(true);
    }
    expect(
      expectProblem(await rest.post(`/orders/${order.id}/nfe/cancel`, { reason: "Pedido cancelado a pedido do cliente" }), 409).code,
    ).toBe("nfe_state");
  });
});

/** A key and self-signed certificate for 127.0.0.1 (the local SEFAZ's). */
function serverCertificate() {
  const keys = forge.pki.rsa.generateKeyPair(1024);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = "01";
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 24 * 3600 * 1000);
  const subject = [{ name: "commonName", value: "sefaz.local" }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }]);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  return { key: forge.pki.privateKeyToPem(keys.privateKey), cert: forge.pki.certificateToPem(certificate) };
}

type Mode = "authorize" | "reject" | "async";

/**
 * A local SEFAZ: HTTPS that asks for the client's certificate (mutual TLS, trusting the
 * company's), answering NFeAutorizacao4 (104 + 100, 104 + a 2xx rejection, or 103 then 105
 * then 104 + 100 from NFeRetAutorizacao4) and NFeRecepcaoEvento4 (128 + 135) as the MOC
 * documents them, and recording what it was sent.
 */
async function localSefaz(clientCertificate: string) {
  const tls = serverCertificate();
  const seen: Array<{ path: string; action: string; body: string; peer: string }> = [];
  let mode: Mode = "authorize";
  let reads = 0;
  const protocol = (code: string, reason: string, key: string) =>
    `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${key}</chNFe>` +
    `<dhRecbto>2026-11-28T10:00:05-03:00</dhRecbto>${code === "100" ? "<nProt>135260000099999</nProt>" : ""}` +
    `<digVal>x</digVal><cStat>${code}</cStat><xMotivo>${reason}</xMotivo></infProt></protNFe>`;
  const soap = (body: string) =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>` +
    `<nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/x">${body}</nfeResultMsg></soap:Body></soap:Envelope>`;
  const server = createServer({ ...tls, requestCert: true, rejectUnauthorized: true, ca: [clientCertificate] }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const peer = (req.socket as import("node:tls").TLSSocket).getPeerCertificate().subject?.CN ?? "";
      seen.push({ path: req.url ?? "", action: String(req.headers["content-type"]), body, peer: String(peer) });
      const key = /<chNFe>(\d{44})<\/chNFe>/.exec(body)?.[1] ?? /Id="NFe(\d{44})"/.exec(body)?.[1] ?? "";
      let answer: string;
      if (req.url === "/autorizacao") {
        answer =
          mode === "async"
            ? `<retEnviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><cStat>103</cStat><xMotivo>Lote recebido com sucesso</xMotivo><infRec><nRec>351000000012345</nRec><tMed>1</tMed></infRec></retEnviNFe>`
            : `<retEnviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><cStat>104</cStat><xMotivo>Lote processado</xMotivo>${
                mode === "reject"
                  ? protocol("539", "Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso", key)
                  : protocol("100", "Autorizado o uso da NF-e", key)
              }</retEnviNFe>`;
      } else if (req.url === "/retorno") {
        reads++;
        answer =
          reads === 1
            ? `<retConsReciNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><cStat>105</cStat><xMotivo>Lote em processamento</xMotivo></retConsReciNFe>`
            : `<retConsReciNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><cStat>104</cStat><xMotivo>Lote processado</xMotivo>${protocol("100", "Autorizado o uso da NF-e", lastKey)}</retConsReciNFe>`;
      } else {
        answer =
          `<retEnvEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><cStat>128</cStat><xMotivo>Lote de evento processado</xMotivo>` +
          `<retEvento versao="1.00"><infEvento><cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${key}</chNFe>` +
          `<nProt>135260000088888</nProt></infEvento></retEvento></retEnvEvento>`;
      }
      if (key) lastKey = key;
      res.writeHead(200, { "content-type": "application/soap+xml; charset=utf-8" });
      res.end(soap(answer));
    });
  });
  let lastKey = "";
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `https://127.0.0.1:${port}`;
  const target: SefazTarget = {
    services: { authorization: `${base}/autorizacao`, result: `${base}/retorno`, event: `${base}/evento` },
    environment: 2,
    ca: tls.cert,
    pollIntervalMs: 10,
  };
  return {
    target,
    seen,
    setMode: (next: Mode) => {
      mode = next;
      reads = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("NF-e under attack", { timeout: 180_000 }, () => {
  it("refuses huge, malformed and hostile input with a 4xx, and two issues of one order at once make one NF-e", async () => {
    const { f, rest } = await issuingOrg();
    const path = `/companies/${f.company.id}/certificate`;
    const huge = await rest.put(path, { pfx: "A".repeat(70_000), password: "x" });
    expect([413, 422]).toContain(huge.status);
    expect(paths(await rest.put(path, { pfx: pfxOf(f.company.fiscal_registration_number), password: "x".repeat(201) }))).toEqual([
      "password",
    ]);
    expect(paths(await rest.put(path, { pfx: 12, password: null }))).toEqual(expect.arrayContaining(["pfx", "password"]));
    expect((await rest.post(`/orders/not-a-uuid/nfe`, {})).status).toBe(404);
    expect(paths(await rest.post(`/orders/${f.partner.id}/nfe`, { series: 890 }))).toEqual(["series"]);
    expect((await rest.post(`/orders/${f.partner.id}/nfe`, {})).status).toBe(404);

    const order = await taxedOrder(rest, f);
    const [a, b] = await Promise.all([rest.post(`/orders/${order.id}/nfe`, {}), rest.post(`/orders/${order.id}/nfe`, {})]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(expectProblem(a.status === 409 ? a : b, 409).code).toBe("nfe_exists");
    ok(await rest.post(`/orders/${order.id}/nfe/authorization`, { protocol: "135260000012345" }));
    const control = await rest.post(`/orders/${order.id}/nfe/correction`, { text: "Correção com\u0000 caractere nulo e <tags> & aspas" });
    expect(control.status).toBeLessThan(500);
    if (control.status === 200) expect(control.json.events[0].text).not.toContain("\u0000");
    // Ten conflicting writes at once on one AUTHORIZED NF-e: five cancellations and five correction letters.
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0
          ? rest.post(`/orders/${order.id}/nfe/cancel`, { reason: "Pedido cancelado a pedido do cliente" })
          : rest.post(`/orders/${order.id}/nfe/correction`, { text: `Corrige o complemento do endereço, versão ${index}` }),
      ),
    );
    expect(racing.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    const after = ok(await rest.get(`/orders/${order.id}/nfe`));
    expect(after.status).toBe("CANCELED");
    expect(after.events.filter((event: { code: string }) => event.code === "110111")).toHaveLength(1);
    const sequences = after.events
      .filter((event: { code: string }) => event.code === "110110")
      .map((event: { sequence: number }) => event.sequence);
    expect(sequences).toEqual(sequences.map((_: number, index: number) => index + 1));
    // Two numbers were never taken for one order.
    expect(ok(await rest.get(`/companies/${f.company.id}/nfe-series`))).toEqual([{ series: 1, next_number: 2, unused_numbers: [] }]);
  });
});

describe("transmission to a SEFAZ (a local server answering its documented messages)", { timeout: 180_000 }, () => {
  it("authorizes (100, synchronously and after 105), rejects (539) and registers a cancellation (135) over mutual TLS", async () => {
    const { f, rest, org } = await issuingOrg();
    const stored = await org.db.companyCertificate.findFirstOrThrow({ where: { company_id: f.company.id } });
    const sefaz = await localSefaz(stored.certificate_pem);
    const write = <T>(work: (tx: Db) => Promise<T>) => transaction(org.db, work);
    const transmit = (orderId: string, target: SefazTarget | null = sefaz.target) =>
      transmitNfe(org.db, write, org.runtime.files, ALL_ORDERS, orderId, () => target);
    try {
      // Off by default: 409 over REST, nothing sent.
      const first = await taxedOrder(rest, f);
      ok(await rest.post(`/orders/${first.id}/nfe`, {}), 201);
      expect(expectProblem(await rest.post(`/orders/${first.id}/nfe/transmit`, {}), 409).code).toBe("sefaz_off");

      const authorized = await transmit(first.id);
      expect(authorized).toMatchObject({ status: "AUTHORIZED", protocol: "135260000099999", status_code: "100" });
      const sent = sefaz.seen.at(-1)!;
      expect(sent.action).toContain('action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4/nfeAutorizacaoLote"');
      expect(sent.body).toContain("<indSinc>1</indSinc><NFe xmlns=");
      expect(sent.body).not.toContain('<?xml version="1.0" encoding="UTF-8"?><NFe');
      expect(sent.peer).toContain(f.company.fiscal_registration_number);
      expect(ok(await rest.get(`/orders/${first.id}/nfe`))).toMatchObject({ status: "AUTHORIZED", transmission: "OFF" });
      // The XML is now the nfeProc: the signed NF-e and the SEFAZ's protocol, still valid and signed.
      const proc = await xmlOf(rest, first.id);
      expect(proc).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?><nfeProc xmlns="http:\/\/www.portalfiscal.inf.br\/nfe" versao="4.00"><NFe /,
      );
      expect(proc).toContain("<nProt>135260000099999</nProt>");
      expect(verifySignature(proc)).toBe(true);

      // A cancellation while transmitting: signed and kept, the NF-e canceled once the SEFAZ registers it.
      await write((tx) => cancelNfe(tx, org.runtime.files, ALL_ORDERS, first.id, "Pedido cancelado a pedido do cliente", true));
      expect(ok(await rest.get(`/orders/${first.id}/nfe`))).toMatchObject({
        status: "AUTHORIZED",
        events: [expect.objectContaining({ protocol: null })],
      });
      const canceled = await transmit(first.id);
      expect(canceled).toMatchObject({
        status: "CANCELED",
        events: [expect.objectContaining({ code: "110111", protocol: "135260000088888" })],
      });
      expect(sefaz.seen.at(-1)!.body).toContain('<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">');

      // Asynchronous: 103, then 105 in process, then 100.
      sefaz.setMode("async");
      const second = await taxedOrder(rest, f);
      ok(await rest.post(`/orders/${second.id}/nfe`, {}), 201);
      expect(await transmit(second.id)).toMatchObject({ status: "AUTHORIZED", protocol: "135260000099999" });
      expect(sefaz.seen.filter((call) => call.path === "/retorno")).toHaveLength(2);

      // Rejected: the SEFAZ's code and reason kept; the NF-e may then be discarded and its number voided.
      sefaz.setMode("reject");
      const third = await taxedOrder(rest, f);
      const signed = ok(await rest.post(`/orders/${third.id}/nfe`, {}), 201);
      expect(await transmit(third.id)).toMatchObject({
        status: "REJECTED",
        status_code: "539",
        status_reason: expect.stringContaining("Duplicidade"),
      });
      ok(await rest.post(`/orders/${third.id}/nfe/discard`, {}));
      expect(ok(await rest.get(`/companies/${f.company.id}/nfe-series`))[0].unused_numbers).toEqual([signed.number]);

      // A SEFAZ that cannot be reached: 503, nothing recorded.
      const fourth = await taxedOrder(rest, f);
      ok(await rest.post(`/orders/${fourth.id}/nfe`, {}), 201);
      const closed = { ...sefaz.target, services: { ...sefaz.target.services, authorization: "https://127.0.0.1:1/autorizacao" } };
      await expect(transmit(fourth.id, closed)).rejects.toMatchObject({ code: "sefaz_unavailable" });
      expect(ok(await rest.get(`/orders/${fourth.id}/nfe`)).status).toBe("SIGNED");
    } finally {
      await sefaz.close();
    }
  });
});
