/**
 * Onboarding imports over REST (contract §14): files the tests make — a Windows-1252 `;` CSV
 * with accents and `1.234,56` prices, an .xlsx with masked CNPJs and CEPs, UTF-8 with BOM and
 * English headers — checked row by row (bad rows named by line and column), applied once,
 * re-imported as `unchanged`; roles, another org's import, limits, files that are not what
 * their names say, an interrupted import.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { failLapsedImports } from "../../server/imports/service";
import { completeCnpj, completeCpf } from "../../server/lib/fiscal-number";
import { openPostgres } from "../../server/db/connection";
import { diskStorage } from "../../server/files/storage";
import { createRuntime } from "../../server/runtime";
import { callerWith, newOrg, testFilesDir, testRuntime, testServer, unique } from "../helpers/database";
import { call, expectProblem, restAs } from "../helpers/http";
import { checked, csvFile, postImport, settled, xlsxFile, zipOf } from "../helpers/imports";

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");

async function catalogOrg() {
  const org = await newOrg();
  const headers = await org.bearer("MANAGER");
  const rest = restAs(headers);
  const brand = (await rest.post("/brands", { name: unique("Bosch"), active: true })).json;
  const category = (await rest.post("/categories", { name: "Ferramentas elétricas", root_id: null, active: true })).json;
  const unit = (await rest.post("/measure-units", { abbreviation: "UN", description: "Unidade", decimals_for_quantity: 0, active: true }))
    .json;
  expect(brand.id && category.id && unit.id).toBeTruthy();
  return { org, headers, rest, brand, category, unit };
}

// Each import starts its reader thread, which from the sources compiles its TypeScript first (a second or two on a busy machine).
describe("imports", { timeout: 180_000 }, () => {
  it("imports products from a Windows-1252 CSV: checked by line and column, applied once, re-imported unchanged", async () => {
    const { org, headers, rest, brand } = await catalogOrg();
    const sku = `FUR-${digits(6)}`;
    const rows = [
      ["Nome", "SKU", "SKU pai", "Marca", "Categoria", "NCM", "Origem", "Unidade", "Preço", "Peso", "Ativo"],
      ["Furadeira de Impacto 650W", sku, "", brand.name, "Ferramentas elétricas", "8467.21.00", "0", "UN", "1.234,56", "2,1", "Sim"],
      ["Furadeira 650W 220V", `${sku}-220`, sku, "", "", "", "", "", "1.299,90", "", "Sim"],
      ["Serra Mármore", `SER-${digits(6)}`, "", brand.name, "", "8467.29.91", "0", "UN", "499", "", "Não"],
      ["Lixadeira", `LIX-${digits(6)}`, "", "Marca que não existe", "", "123", "", "", "12,345", "", "talvez"],
      ["Repetida", sku, "", "", "", "", "", "", "10", "", ""],
    ];
    const file = { name: "produtos.csv", bytes: csvFile(rows) };
    const first = await checked(rest, headers, "products", file);
    expect(first).toMatchObject({ status: "READY", format: "csv", encoding: "windows-1252", progress: { rows_read: 5, rows_total: 5 } });
    expect(first.counts).toEqual({ create: 3, update: 0, unchanged: 0, invalid: 2 });
    const errorsAt = (line: number) =>
      first.errors
        .filter((error: { line: number }) => error.line === line)
        .map((error: { column: string; code: string }) => `${error.column}:${error.code}`);
    expect(errorsAt(5)).toEqual(
      expect.arrayContaining(["Marca:not_found_reference", "Ativo:invalid_boolean", "NCM:custom", "Preço:custom"]),
    );
    expect(errorsAt(6)).toEqual(["SKU:duplicate_in_file"]);
    expect(first.preview[0]).toMatchObject({ line: 2, action: "CREATE", cells: { name: "Furadeira de Impacto 650W", price: "1.234,56" } });
    // All or nothing: invalid rows need skip_invalid.
    expectProblem(await rest.post(`/imports/${first.id}/apply`, {}), 422);
    const applying = await rest.post(`/imports/${first.id}/apply`, { skip_invalid: true });
    expect(applying.status, applying.text).toBe(202);
    const done = await settled(rest, first.id);
    expect(done).toMatchObject({ status: "DONE", result: { created: 3, updated: 0, unchanged: 0, skipped: 2 } });
    // Applied, each row links to what it wrote: the product, and the variation's product.
    expect(done.preview[0].record_id).toBeTruthy();
    expect(done.preview[1].record_id).toBe(done.preview[0].record_id);
    expect(done.preview[4].record_id).toBeNull();
    expectProblem(await rest.post(`/imports/${first.id}/apply`, { skip_invalid: true }), 409);
    const found = (await rest.get(`/products?search=${sku}`)).json.items.find((product: { sku: string }) => product.sku === sku);
    expect(found).toMatchObject({ name: "Furadeira de Impacto 650W", price: 1234.56, weight: 2.1, ncm: "84672100", brand_id: brand.id });
    expect(found.categories.map((category: { name: string }) => category.name)).toEqual(["Ferramentas elétricas"]);
    const variations = (await rest.get(`/products/${found.id}/variations`)).json.items;
    expect(variations).toMatchObject([{ sku: `${sku}-220`, price: 1299.9 }]);
    const audit = await org.db.auditEvent.findMany({ where: { entity: "product", entity_id: found.id } });
    expect(audit.map((event) => event.action)).toEqual(["create"]);
    // The same file again: nothing to create or change.
    const again = await checked(rest, headers, "products", file);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 3, invalid: 2 });
    // A price changed in the file: that row is an update, audited with before and after.
    const changed = rows.map((row) => [...row]);
    changed[1]![8] = "1.111,11";
    const third = await checked(rest, headers, "products", { name: "produtos.csv", bytes: csvFile(changed.slice(0, 4)) });
    expect(third.counts).toEqual({ create: 0, update: 1, unchanged: 2, invalid: 0 });
    expect((await rest.post(`/imports/${third.id}/apply`, {})).status).toBe(202);
    expect(await settled(rest, third.id)).toMatchObject({ status: "DONE", result: { created: 0, updated: 1, unchanged: 2, skipped: 0 } });
    expect((await rest.get(`/products/${found.id}`)).json.price).toBe(1111.11);
    const update = await org.db.auditEvent.findFirst({ where: { entity: "product", entity_id: found.id, action: "update" } });
    expect(update?.changes).toMatchObject({ price: { from: 1234.56, to: 1111.11 } });
    const history = await org.db.auditEvent.findMany({ where: { entity: "import", entity_id: third.id } });
    expect(history.map((event) => event.action).sort()).toEqual(["apply", "create"]);
    // errors.csv: every error, by line.
    const csv = await call("GET", `/api/b2b/imports/${first.id}/errors.csv`, { headers });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("Linha;Coluna;Código;Mensagem");
    expect(csv.text).toContain("6;SKU;duplicate_in_file;repete a linha 2");
    expect(csv.text).toContain("não existe no cadastro (“Marca que não existe”)");
    const english = await call("GET", `/api/b2b/imports/${first.id}/errors.csv?locale=en`, { headers });
    expect(english.text).toContain("6;SKU;duplicate_in_file;repeats line 2");
  });

  it("imports partners from an .xlsx with masked CNPJs and CEPs; a SELLER's file may not set credit limits", async () => {
    const org = await newOrg();
    const manager = await org.bearer("MANAGER");
    const seller = await org.bearer("SELLER");
    const rest = restAs(manager);
    const cnpj = completeCnpj(`${digits(8)}0001`);
    const masked = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    const cpf = completeCpf(`00${digits(7)}`);
    const header = ["Nome", "Nome fantasia", "CNPJ/CPF", "IE", "E-mail", "CEP", "Endereço", "Número", "Cidade", "UF", "Limite de crédito"];
    const file = {
      name: "clientes.xlsx",
      bytes: await xlsxFile([
        header,
        [
          "Ferragens Paulista Ltda",
          "Ferragens Paulista",
          masked,
          "ISENTO",
          "compras@fp.com.br",
          "01310-100",
          "Av. Paulista",
          "1000",
          "São Paulo",
          "sp",
          "50.000,00",
        ],
        // A CPF a spreadsheet kept as a number: its leading zeros come back.
        ["João da Silva", "", Number(cpf), "", "", "20040-002", "Rua do Ouvidor", "50", "Rio de Janeiro", "RJ", ""],
        ["Sem documento", "", "123", "", "nao-e-email", "", "", "", "", "", ""],
      ]),
    };
    const bySeller = await checked(restAs(seller), seller, "partners", file);
    expect(bySeller.counts).toEqual({ create: 1, update: 0, unchanged: 0, invalid: 2 });
    expect(
      bySeller.errors.map((error: { line: number; column: string; code: string }) => `${error.line}:${error.column}:${error.code}`),
    ).toEqual(
      expect.arrayContaining(["2:Limite de crédito:forbidden_field", "4:CNPJ/CPF:invalid_fiscal_number", "4:E-mail:invalid_format"]),
    );
    const byManager = await checked(rest, manager, "partners", file);
    expect(byManager.counts).toEqual({ create: 2, update: 0, unchanged: 0, invalid: 1 });
    expect((await rest.post(`/imports/${byManager.id}/apply`, { skip_invalid: true })).status).toBe(202);
    expect(await settled(rest, byManager.id)).toMatchObject({ status: "DONE", result: { created: 2 } });
    const partner = (await rest.get(`/partners/${(await rest.get(`/partners?search=${cnpj}`)).json.items[0].id}`)).json;
    expect(partner).toMatchObject({ fiscal_registration_number: cnpj, state_registration: "ISENTO", credit_limit: 50000 });
    expect(partner.addresses[0]).toMatchObject({ postal_code: "01310-100", state: "SP", city: "São Paulo", is_default: true });
    const person = (await rest.get(`/partners?search=${cpf}`)).json.items[0];
    expect(person).toMatchObject({ fiscal_registration_number: cpf, name: "João da Silva" });
    // The history: searched by file name, exported as its list shows it — a seller's own imports only.
    expect((await rest.get("/imports?search=CLIENTES")).json.items.map((item: { id: string }) => item.id).sort()).toEqual(
      [bySeller.id, byManager.id].sort(),
    );
    const exported = await call("GET", "/api/b2b/exports/imports", { headers: seller });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.text).toContain("clientes e parceiros");
    expect(exported.text.trim().split("\n")).toHaveLength(2);
    // The seller's own imports only; a viewer none; another org's is 404.
    expect((await restAs(seller).get(`/imports/${byManager.id}`)).status).toBe(404);
    expect((await restAs(seller).get(`/imports/${bySeller.id}`)).status).toBe(200);
    expectProblem(await restAs(await org.bearer("VIEWER")).get(`/imports`), 403);
    expectProblem(
      await postImport(await org.bearer("VIEWER"), "partners", file).then((answer) => ({
        ...answer,
        headers: { "content-type": "application/problem+json" },
        bytes: Buffer.alloc(0),
      })),
      403,
    );
    expectProblem(
      await postImport(seller, "products", file).then((answer) => ({
        ...answer,
        headers: { "content-type": "application/problem+json" },
        bytes: Buffer.alloc(0),
      })),
      403,
    );
    const other = await newOrg();
    expect((await restAs(await other.bearer()).get(`/imports/${byManager.id}`)).status).toBe(404);
    expect((await restAs(await other.bearer()).post(`/imports/${byManager.id}/apply`, {})).status).toBe(404);
  });

  it("imports price table items from UTF-8 with BOM and English headers, and stock balances", async () => {
    const { headers, rest, org } = await catalogOrg();
    const sku = `P-${digits(8)}`;
    const product = (await rest.post("/products", { name: "Parafuso", sku, price: 10 })).json;
    const table = (
      await rest.post("/price-tables", {
        name: unique("Atacado"),
        start_date: "2026-01-01",
        is_partner_specific: false,
        is_profile_specific: false,
        is_company_specific: false,
        is_payment_method_specific: false,
      })
    ).json;
    const file = {
      name: "prices.csv",
      bytes: csvFile(
        [
          ["Table", "SKU", "Price"],
          [table.name, sku.toLowerCase(), "1234.5"],
          [table.name, "NOPE", "1"],
        ],
        { encoding: "utf-8", bom: true, delimiter: "," },
      ),
    };
    const prices = await checked(rest, headers, "price-table-items", file);
    expect(prices).toMatchObject({ encoding: "utf-8", counts: { create: 1, invalid: 1 } });
    expect(prices.errors).toMatchObject([{ line: 3, column: "SKU", code: "not_found_reference" }]);
    expect((await rest.post(`/imports/${prices.id}/apply`, { skip_invalid: true })).status).toBe(202);
    expect(await settled(rest, prices.id)).toMatchObject({ status: "DONE", result: { created: 1 } });
    const stored = (await rest.get(`/price-tables/${table.id}`)).json;
    expect(stored.criteria[0]).toMatchObject({ name: "Importação", products: [{ product_id: product.id, price: 1234.5 }] });
    expect((await checked(rest, headers, "price-table-items", file)).counts).toMatchObject({ unchanged: 1, create: 0 });

    const cnpj = completeCnpj(`${digits(8)}0001`);
    const company = (await rest.post("/companies", { name: unique("Empresa"), fiscal_registration_number: cnpj })).json;
    expect(company.id, JSON.stringify(company)).toBeTruthy();
    const warehouse = (
      await rest.post("/warehouses", {
        name: unique("Depósito"),
        address_type: "MAIN",
        street: "Rua A",
        number: "1",
        neighborhood: "Centro",
        complement: "",
        city: "São Paulo",
        state: "SP",
        postal_code: "01000-000",
        country: "BR",
        active: true,
      })
    ).json;
    expect(warehouse.id, JSON.stringify(warehouse)).toBeTruthy();
    const stock = await checked(rest, headers, "stock", {
      name: "estoque.csv",
      bytes: csvFile([
        ["Empresa", "Depósito", "SKU", "Quantidade"],
        [cnpj, warehouse.name, sku, "12"],
      ]),
    });
    expect(stock.counts).toEqual({ create: 1, update: 0, unchanged: 0, invalid: 0 });
    expect((await rest.post(`/imports/${stock.id}/apply`, {})).status).toBe(202);
    expect(await settled(rest, stock.id)).toMatchObject({ status: "DONE", result: { created: 1 } });
    const record = await org.db.stockInventory.findFirst({ where: { product_id: product.id } });
    expect(record?.total.toString()).toBe("12");
    // A file of ids, as PUT /stock/override takes them (the stock list's export writes the names beside them).
    const byIds = await checked(rest, headers, "stock", {
      name: "ids.csv",
      bytes: csvFile(
        [
          ["company_id", "warehouse_id", "product_id", "product_variation_id", "total", "reserved", "company", "warehouse", "sku"],
          [company.id, warehouse.id, product.id, "", "15", "2", company.name, warehouse.name, sku],
          [company.id, warehouse.id, randomUUID(), "", "1", "", company.name, warehouse.name, "?"],
        ],
        { encoding: "utf-8", delimiter: "," },
      ),
    });
    expect(byIds.counts, JSON.stringify(byIds.errors)).toEqual({ create: 0, update: 1, unchanged: 0, invalid: 1 });
    expect(byIds.errors[0]).toMatchObject({ line: 3, column: "product_id" });
  });

  it("refuses what is not an import: no kind, a kind unknown, a file not what its name says, .xls, past 20 MiB or 100,000 rows", async () => {
    const org = await newOrg();
    const headers = await org.bearer("MANAGER");
    const rest = restAs(headers);
    const bad = async (kind: string | undefined, file: { name: string; bytes: Buffer }, status: number) => {
      const answer = await postImport(headers, kind, file);
      expect(answer.status, answer.text).toBe(status);
      return answer.json;
    };
    expect((await bad(undefined, { name: "a.csv", bytes: csvFile([["Nome"]]) }, 422)).errors[0].path).toBe("kind");
    expect((await bad("customers", { name: "a.csv", bytes: csvFile([["Nome"]]) }, 422)).errors[0].path).toBe("kind");
    expect((await bad("products", { name: "a.xlsx", bytes: Buffer.from("Nome;SKU\n") }, 422)).errors[0].code).toBe(
      "not_what_its_name_says",
    );
    expect((await bad("products", { name: "a.csv", bytes: await xlsxFile([["Nome"]]) }, 422)).errors[0].code).toBe(
      "not_what_its_name_says",
    );
    expect((await bad("products", { name: "a.xls", bytes: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]) }, 422)).errors[0].code).toBe(
      "unsupported_file_type",
    );
    expect((await bad("products", { name: "a.pdf", bytes: Buffer.from("%PDF-1.4") }, 422)).errors[0].code).toBe("unsupported_file_type");
    const many = Buffer.from(`Nome;SKU\n${"a;b\n".repeat(100_001)}`);
    expect((await bad("products", { name: "muitas.csv", bytes: many }, 422)).errors[0]).toMatchObject({
      code: "too_many_rows",
      params: { limit: 100000 },
    });
    const huge = Buffer.alloc(20 * 1024 * 1024 + 10, 0x41);
    expect((await bad("products", { name: "enorme.csv", bytes: huge }, 413)).code).toBe("payload_too_large");
    // A header without the kind's key columns: FAILED, naming them.
    const missing = await checked(rest, headers, "products", {
      name: "a.csv",
      bytes: csvFile([
        ["Nome", "Preço"],
        ["X", "1"],
      ]),
    });
    expect(missing).toMatchObject({ status: "FAILED", failure: { code: "missing_columns" } });
    // Bytes that are a zip but no workbook: FAILED, unreadable; the server goes on.
    const broken = await checked(rest, headers, "products", {
      name: "a.xlsx",
      bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]),
    });
    expect(broken).toMatchObject({ status: "FAILED", failure: { code: "unreadable_file" } });
    expect((await call("GET", "/api/health")).status).toBe(200);
    void testServer;
  });

  it("two applies at once (each its own connection): one 202, the other 409; every row written once", async () => {
    const { org, headers, rest } = await catalogOrg();
    const rows = [
      ["Nome", "SKU", "Preço"],
      ...Array.from({ length: 30 }, (_, index) => [`Item ${index}`, `DUO-${digits(6)}-${index}`, "1,00"]),
    ];
    const ready = await checked(rest, headers, "products", { name: "duas.csv", bytes: csvFile(rows) });
    const answers = await Promise.all([rest.post(`/imports/${ready.id}/apply`, {}), rest.post(`/imports/${ready.id}/apply`, {})]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    expect(await settled(rest, ready.id)).toMatchObject({ status: "DONE", result: { created: 30 } });
    expect(await org.db.product.count({ where: { sku: { startsWith: "DUO-" } } })).toBe(30);
    expect(await org.db.auditEvent.count({ where: { entity: "import", entity_id: ready.id, action: "apply" } })).toBe(1);
  });

  it("two instances (each its own pool on PostgreSQL) applying one import at once: one applies it, the other is refused", async () => {
    const { org, headers, rest } = await catalogOrg();
    const rows = [
      ["Nome", "SKU", "Preço"],
      ...Array.from({ length: 20 }, (_, index) => [`Peça ${index}`, `INST-${digits(6)}-${index}`, "2,50"]),
    ];
    const ready = await checked(rest, headers, "products", { name: "instancias.csv", bytes: csvFile(rows) });
    const shared = await testRuntime();
    const url = process.env.TEST_DATABASE_URL;
    const database = url ? await openPostgres(url, 4) : shared.database;
    const other = await createRuntime(database, { rateLimitPerMinute: 0, files: diskStorage(await testFilesDir()) });
    try {
      const viaOther = callerWith(other, headers);
      const outcomes = await Promise.allSettled([
        rest.post(`/imports/${ready.id}/apply`, {}).then((answer) => answer.status),
        viaOther.imports.applyImport({ id: ready.id, skip_invalid: false }).then(() => 202),
      ]);
      const statuses = outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : 409));
      expect(statuses.sort()).toEqual([202, 409]);
      const rejected = outcomes.find((outcome) => outcome.status === "rejected");
      if (rejected) expect(String((rejected as PromiseRejectedResult).reason)).toMatch(/APPLYING|READY|already/);
      expect(await settled(rest, ready.id)).toMatchObject({ status: "DONE", result: { created: 20 } });
      expect(await org.db.product.count({ where: { sku: { startsWith: "INST-" } } })).toBe(20);
    } finally {
      await other.close();
      if (url) await database.close();
    }
  });

  it("a zip bomb (a workbook whose one shared string unzips to 600 MB) ends FAILED in its worker; the server answers on", async () => {
    const org = await newOrg();
    const headers = await org.bearer("MANAGER");
    const rest = restAs(headers);
    const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
    const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    const relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    const bomb = zipOf([
      {
        name: "[Content_Types].xml",
        bytes: xml(
          `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>` +
            `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
        ),
      },
      {
        name: "xl/workbook.xml",
        bytes: xml(
          `<workbook xmlns="${main}" xmlns:r="${relationships}"><sheets><sheet name="P" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
      },
      {
        name: "xl/_rels/workbook.xml.rels",
        bytes: xml(
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/>` +
            `<Relationship Id="rId2" Type="${relationships}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
        ),
      },
      {
        name: "xl/sharedStrings.xml",
        bytes: Buffer.concat([xml(`<sst xmlns="${main}"><si><t>`), Buffer.alloc(600 * 1024 * 1024, 0x61), Buffer.from("</t></si></sst>")]),
      },
      {
        name: "xl/worksheets/sheet1.xml",
        bytes: xml(`<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`),
      },
    ]);
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    const failed = await checked(rest, headers, "products", { name: "bomba.xlsx", bytes: bomb });
    expect(failed).toMatchObject({ status: "FAILED", failure: { code: "unreadable_file" } });
    expect((await call("GET", "/api/health")).status).toBe(200);
    expect((await rest.get("/imports")).status).toBe(200);
  }, 120_000);

  it("an import whose instance stopped mid-check ends FAILED once its claim lapses, and cannot be applied", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const row = await org.db.import.create({
      data: {
        kind: "PRODUCTS",
        file_name: "parou.csv",
        format: "csv",
        size: 1,
        sha256: "x",
        storage_key: `${org.organizationId}/${randomUUID()}`,
        created_by_kind: "user",
        created_by_id: randomUUID(),
        created_by_role: "ADMIN",
        claim_token: randomUUID(),
        claimed_until: new Date(Date.now() - 1000),
      } as never,
    });
    expect(await failLapsedImports(org.database.prisma)).toBeGreaterThanOrEqual(1);
    const rest = restAs(headers);
    expect((await rest.get(`/imports/${row.id}`)).json).toMatchObject({ status: "FAILED", failure: { code: "interrupted" } });
    expectProblem(await rest.post(`/imports/${row.id}/apply`, {}), 409);
  });

  it("templates: .xlsx and .csv, pt-BR and en, that import as they are", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const xlsx = await call("GET", "/api/b2b/imports/templates/products", { headers });
    expect(xlsx.status).toBe(200);
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe("PK");
    const csv = await call("GET", "/api/b2b/imports/templates/partners?format=csv&lang=en", { headers });
    expect(csv.text.split("\r\n")[0]).toBe(
      "\uFEFFName;Trade name;CNPJ/CPF;IE;E-mail;Phone;Seller;Profile;Postal code;Street;Number;Neighborhood;City;City code;State;Credit limit",
    );
    expect((await call("GET", "/api/b2b/imports/templates/nothing", { headers })).status).toBe(404);
    const partners = await checked(restAs(headers), headers, "partners", { name: "modelo.csv", bytes: csv.bytes });
    expect(partners.counts).toEqual({ create: 1, update: 0, unchanged: 0, invalid: 0 });
  });
});
