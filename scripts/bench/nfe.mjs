// Contract §13 in `npm run bench` (BENCH_ONLY=nfe): issuing NF-e through the built app —
// POST /orders/{id}/nfe builds the document, takes the series' next number under its lock,
// signs it and validates it against the official schemas — one at a time and from 4
// connections of one company (they wait for each other on the series), with the floors of
// the two costly parts measured alone in this process: RSA-SHA1 XMLDSig and the XSD check
// (xmllint in WebAssembly, a worker started and the schema compiled per call).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { api, benchOrg, cnpj, quantile } from "./org.mjs";

const ORDERS = 40;

/** A test A1 of the company's CNPJ (subject "NAME:CNPJ"), made with openssl as an A1 bought elsewhere would come. */
function testPfx(companyCnpj) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-a1-"));
  const run = (args) => {
    const result = spawnSync("openssl", args, { cwd: dir, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`openssl ${args[0]}: ${result.stderr}`);
  };
  run([
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "key.pem",
    "-out",
    "cert.pem",
    "-days",
    "30",
    "-subj",
    `/CN=EMPRESA BENCH:${companyCnpj}`,
  ]);
  run(["pkcs12", "-export", "-inkey", "key.pem", "-in", "cert.pem", "-out", "a1.pfx", "-passout", "pass:bench"]);
  return readFileSync(path.join(dir, "a1.pfx")).toString("base64");
}

async function issuingOrg({ root, databaseUrl, base }) {
  const org = await benchOrg({ root, databaseUrl, base, name: "Bench NF-e" });
  const { token } = org;
  const company = (await api(base, token, "GET", `/companies/${org.company}`)).json;
  await api(base, token, "PUT", `/companies/${org.company}`, {
    name: company.name,
    fiscal_registration_number: company.fiscal_registration_number,
    crt: 3,
    pis_cofins_regime: "CUMULATIVE",
    ipi_contributor: true,
    state_registration: "110042490114",
    address: {
      street: "Rua Bench",
      number: "1",
      neighborhood: "Centro",
      city: "São Paulo",
      city_code: "3550308",
      state: "SP",
      postal_code: "01001000",
    },
  });
  await api(base, token, "PUT", "/tax-rules/states/SP", { internal_rate: 18 });
  await api(base, token, "PUT", `/companies/${org.company}/certificate`, {
    pfx: testPfx(company.fiscal_registration_number),
    password: "bench",
  });
  const partner = (
    await api(base, token, "POST", "/partners", {
      name: "Cliente NF-e Bench",
      fiscal_registration_number: cnpj(),
      state_registration: "12345678",
      addresses: [
        { street: "Rua B", number: "2", neighborhood: "Centro", city: "Campinas", city_code: "3509502", state: "SP", is_default: true },
      ],
    })
  ).json.id;
  const products = [];
  for (let index = 0; index < 3; index++)
    products.push(
      (
        await api(base, token, "POST", "/products", {
          name: `Bench NF-e ${index}`,
          price: 10,
          ncm: "84672100",
          ipi_rate: 10,
          track_stock: false,
        })
      ).json.id,
    );
  const orders = [];
  for (let index = 0; index < 2 * ORDERS; index++) {
    const order = (
      await api(base, token, "POST", "/orders", {
        partner_id: partner,
        negotiation_date: new Date().toISOString(),
        order_value: 60,
        discount_value: 0,
        freight_value: 0,
        total_value: 60,
        ...Object.fromEntries(
          [
            "address_name",
            "address_type",
            "street",
            "number",
            "complement",
            "neighborhood",
            "city",
            "postal_code",
            "country",
            "contact_name",
            "contact_number",
          ].map((field) => [`shipment_${field}`, "x"]),
        ),
        shipment_state: "SP",
        items: products.map((product) => ({ product_id: product, unit_value: 10, quantity: 2 })),
      })
    ).json.id;
    orders.push(order);
  }
  return { token, orders };
}

async function issue(base, token, ids, connections) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        const begin = performance.now();
        const response = await fetch(`${base}/api/b2b/orders/${id}/nfe`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: "{}",
        });
        await response.text();
        if (response.status !== 201) failures++;
        latencies.push(performance.now() - begin);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    count: ids.length,
    connections,
    failures,
    per_second: Math.round((ids.length / ((performance.now() - started) / 1000)) * 10) / 10,
    p50: Math.round(quantile(latencies, 0.5)),
    p95: Math.round(quantile(latencies, 0.95)),
  };
}

/** The floors, in a process of their own (the sources through tsx): signing and validating one NF-e, 20 times each. */
function floors(root) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/bench/nfe-floor.mts")],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`the NF-e floors could not be measured: ${result.stderr.slice(0, 500)}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

export async function runNfeBench({ root, databaseUrl, base }) {
  const { token, orders } = await issuingOrg({ root, databaseUrl, base });
  const serial = await issue(base, token, orders.slice(0, ORDERS), 1);
  const parallel = await issue(base, token, orders.slice(ORDERS), 4);
  return { serial, parallel, floors: floors(root) };
}

export function printNfe(figures) {
  for (const run of [figures.serial, figures.parallel]) {
    console.log(
      `POST /orders/{id}/nfe × ${run.count}, ${run.connections} connection(s): p50 ${run.p50} ms, p95 ${run.p95} ms, ${run.per_second}/s, ${run.failures} failures`,
    );
  }
  const { sign, validate } = figures.floors;
  console.log(
    `floors (alone, this process): sign p50 ${sign.p50} ms · schema validation p50 ${validate.p50} ms (xmllint-wasm: a worker and the schema per call)`,
  );
}

/** Issue 43: every NF-e issued and numbered once; an issue costs at most the floors plus 250 ms at p50 (one at a time). */
export const nfeTargets = (figures) => [
  [
    `nfe: every issue answered 201 (${figures.serial.failures + figures.parallel.failures} failures)`,
    figures.serial.failures + figures.parallel.failures === 0,
  ],
  [
    `nfe: p50 one at a time ≤ sign + validation floors + 250 ms (${figures.serial.p50} vs ${figures.floors.sign.p50 + figures.floors.validate.p50 + 250} ms)`,
    figures.serial.p50 <= figures.floors.sign.p50 + figures.floors.validate.p50 + 250,
  ],
];
