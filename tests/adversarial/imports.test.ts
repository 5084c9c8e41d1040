/**
 * Imports under attack (contract §14, issue 44): NUL bytes in the form's fields, the file's
 * name and its cells; numbers past a double and huge cells; deep and malformed apply bodies;
 * ten identical applies at once (one applies) and ten imports of one file applied at once
 * (each record written once, every later one unchanged); another org's import and a SELLER
 * reading another user's — every answer a 4xx problem, nothing half-written.
 */
import { describe, expect, it } from "vitest";
import { newOrg, testServer } from "../helpers/database";
import { call, expectProblem, restAs } from "../helpers/http";
import { checked, csvFile, postImport, settled } from "../helpers/imports";

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");

describe("imports under attack", { timeout: 180_000 }, () => {
  it("refuses NUL bytes in the form, names past a double and huge cells row by row; malformed apply bodies are 4xx", async () => {
    const org = await newOrg();
    const headers = await org.bearer("MANAGER");
    const rest = restAs(headers);
    const nul = await postImport(headers, "products\u0000", {
      name: "a.csv",
      bytes: csvFile([
        ["Nome", "SKU"],
        ["A", "B"],
      ]),
    });
    expect(nul.status, nul.text).toBe(422);
    const named = await postImport(headers, "products", {
      name: "a\u0000.csv",
      bytes: csvFile([
        ["Nome", "SKU"],
        ["A", "B"],
      ]),
    });
    expect(named.status, named.text).toBe(422);
    // A form that is not multipart, or cut short.
    expectProblem(await call("POST", "/api/b2b/imports", { headers: { ...headers, "content-type": "application/json" }, body: "{}" }), 422);
    const cut = await fetch(`${await testServer()}/api/b2b/imports`, {
      method: "POST",
      headers: { ...headers, "content-type": "multipart/form-data; boundary=x" },
      body: '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\nproducts\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nNome;SKU\r\n',
    });
    expect(cut.status).toBe(422);
    // The same cut short in an upload of resource files (it crashed the process with an uncaught error before).
    const cutFiles = await fetch(`${await testServer()}/api/b2b/resource-files`, {
      method: "POST",
      headers: { ...headers, "content-type": "multipart/form-data; boundary=x" },
      body: '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(cutFiles.status).toBe(422);
    // A NUL byte makes a file binary, not a CSV, whatever its name.
    const binary = await postImport(headers, "products", {
      name: "nul.csv",
      bytes: csvFile(
        [
          ["Nome", "SKU"],
          ["A\u0000", "B"],
        ],
        { encoding: "utf-8" },
      ),
    });
    expect(binary.status, binary.text).toBe(422);
    const sku = `ATK-${digits(8)}`;
    const file = csvFile(
      [
        ["Nome", "SKU", "Preço", "Peso"],
        ["Nome com\ttab", `${sku}-1`, "1.0.0", ""],
        ["Grande", `${sku}-2`, "1e999", ""],
        ["Enorme", `${sku}-3`, "9".repeat(400), ""],
        ["x".repeat(30_000), `${sku}-4`, "1", ""],
        ["Negativo", `${sku}-5`, "-3", "-1"],
        ["Certo", `${sku}-6`, "1.234,56", "0,5"],
      ],
      { encoding: "utf-8" },
    );
    const record = await checked(rest, headers, "products", { name: "ataque.csv", bytes: file });
    expect(record.status).toBe("READY");
    expect(record.counts).toEqual({ create: 1, update: 0, unchanged: 0, invalid: 5 });
    expect(new Set(record.errors.map((error: { line: number }) => error.line))).toEqual(new Set([2, 3, 4, 5, 6]));
    for (const body of [
      `{"skip_invalid": "sim"}`,
      `{"skip_invalid": ${"[".repeat(2000)}${"]".repeat(2000)}}`,
      `{"skip_invalid": 1e999}`,
      `{"skip_invalid": true`,
    ]) {
      const answer = await call("POST", `/api/b2b/imports/${record.id}/apply`, {
        headers: { ...headers, "content-type": "application/json" },
        body,
      });
      expect([400, 413, 422], body.slice(0, 60)).toContain(answer.status);
      expectProblem(answer, answer.status);
    }
    expectProblem(await rest.post(`/imports/${record.id}/apply`, {}), 422);
    expect(await org.db.product.count({ where: { sku: { startsWith: sku } } })).toBe(0);
    expectProblem(await rest.get("/imports/not-a-uuid"), 404);
    expectProblem(await rest.get("/imports?perPage=1e999"), 422);
  });

  it("ten identical applies at once apply once; ten imports of one file applied at once write each record once", async () => {
    const org = await newOrg();
    const headers = await org.bearer("MANAGER");
    const rest = restAs(headers);
    const prefix = `PAR-${digits(8)}`;
    const file = {
      name: "dez.csv",
      bytes: csvFile([
        ["Nome", "SKU", "Preço"],
        ...Array.from({ length: 10 }, (_, index) => [`Item ${index}`, `${prefix}-${index}`, "5,00"]),
      ]),
    };
    const once = await checked(rest, headers, "products", file);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => rest.post(`/imports/${once.id}/apply`, {})))).map(
      (answer) => answer.status,
    );
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(await settled(rest, once.id)).toMatchObject({ status: "DONE", result: { created: 10 } });
    expect(await org.db.auditEvent.count({ where: { entity: "import", entity_id: once.id, action: "apply" } })).toBe(1);
    // Ten imports of a changed file, checked, then applied at once: each SKU updated, none created twice.
    const changed = {
      name: "dez.csv",
      bytes: csvFile([
        ["Nome", "SKU", "Preço"],
        ...Array.from({ length: 10 }, (_, index) => [`Item ${index}`, `${prefix}-${index}`, "6,00"]),
      ]),
    };
    const imports = await Promise.all(Array.from({ length: 10 }, () => checked(rest, headers, "products", changed)));
    const applied = await Promise.all(imports.map((item) => rest.post(`/imports/${item.id}/apply`, {})));
    expect(applied.map((answer) => answer.status)).toEqual(Array(10).fill(202));
    const results = await Promise.all(imports.map((item) => settled(rest, item.id, 120_000)));
    expect(results.map((item) => item.status)).toEqual(Array(10).fill("DONE"));
    expect(results.reduce((sum, item) => sum + item.result.created, 0)).toBe(0);
    expect(results.reduce((sum, item) => sum + item.result.updated, 0)).toBe(10);
    expect(await org.db.product.count({ where: { sku: { startsWith: prefix } } })).toBe(10);
    const prices = await org.db.product.findMany({ where: { sku: { startsWith: prefix } }, select: { price: true } });
    expect(new Set(prices.map((product) => product.price?.toString()))).toEqual(new Set(["6"]));
  });

  it("another org's import is 404 everywhere; a SELLER cannot read, apply or download another user's", async () => {
    const org = await newOrg();
    const manager = await org.bearer("MANAGER");
    const seller = await org.bearer("SELLER");
    const record = await checked(restAs(manager), manager, "partners", {
      name: "c.csv",
      bytes: csvFile([
        ["Nome", "CNPJ/CPF"],
        ["A", "123"],
      ]),
    });
    const other = await newOrg();
    const stranger = await other.bearer();
    for (const [headers, status] of [
      [stranger, 404],
      [seller, 404],
    ] as const) {
      expectProblem(await restAs(headers).get(`/imports/${record.id}`), status);
      expectProblem(await restAs(headers).post(`/imports/${record.id}/apply`, { skip_invalid: true }), status);
      expectProblem(await call("GET", `/api/b2b/imports/${record.id}/errors.csv`, { headers }), status);
    }
    expect((await restAs(stranger).get("/imports")).json.items).toEqual([]);
    expect((await restAs(seller).get("/imports")).json.items).toEqual([]);
    expect((await restAs(manager).get(`/imports/${record.id}`)).json.status).toBe("READY");
  });
});
