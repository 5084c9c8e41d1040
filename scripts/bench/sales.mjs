// The sales scenario of `npm run bench` (issue 13): in an org of its own, POST /sales at
// 8 connections (each sale writes its order through the order writer, reserving its 3
// items, with 3 receivables and the outbox rows, in one transaction), GET /sales pages,
// and concurrent captures: 8 requests racing for each of 50 card payments, which must
// answer exactly one 200 and seven 204 per payment.
import autocannon from "autocannon";
import { api, benchOrg, cnpj, quantile, stockProducts } from "./org.mjs";

/** A sale of 3 items paid by card in 3 installments: 1 × 100.00 + 2 × 45.50 + 3 × 12.30 = 227.90, freight 12.10 → 240.00. */
const saleBody = (setup, index) => ({
  external_id: `BENCH-${index}`,
  partner_id: setup.partner,
  created_at: new Date().toISOString(),
  updated_by: "bench",
  full_value: 240,
  total_value: 240,
  items: [
    { product_id: setup.products[0], quantity: 1, unit_value: 100 },
    { product_id: setup.products[1], quantity: 2, unit_value: 45.5 },
    { product_id: setup.products[2], quantity: 3, unit_value: 12.3 },
  ],
  freight: { amount: 12.1 },
  payments: [{ payment_method_id: setup.card, amount: 240, installments: 3, transaction_id: `tx-${index}` }],
});

async function setupOrg({ root, databaseUrl, base }) {
  const org = await benchOrg({ root, databaseUrl, base, name: "Bench sales" });
  const { token } = org;
  const partner = (await api(base, token, "POST", "/partners", { name: "Cliente Bench", fiscal_registration_number: cnpj() })).json.id;
  const products = [];
  for (const name of ["Furadeira", "Serra", "Broca"])
    products.push((await api(base, token, "POST", "/products", { name, price: 10 })).json.id);
  // Each sale's order reserves its items (contract §10): stock no run exhausts.
  await stockProducts(base, org, products, [1_000_000, 1_000_000, 1_000_000]);
  const card = (
    await api(base, token, "POST", "/payment-methods", {
      name: "Cartão",
      type: "CREDIT_CARD",
      installments: [1, 2, 3].map((sequence) => ({ sequence, due_date_delay: 30 * sequence })),
    })
  ).json.id;
  return { token, setup: { partner, products, card } };
}

export async function runSalesBench({ root, databaseUrl, base, profiler, sales = 400, captures = 50, racers = 8 }) {
  const { token, setup } = await setupOrg({ root, databaseUrl, base });
  let index = 0;
  profiler?.start();
  const created = await autocannon({
    url: base,
    connections: 8,
    amount: sales,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    requests: [
      {
        method: "POST",
        path: "/api/b2b/sales",
        setupRequest: (request) => ({ ...request, body: JSON.stringify(saleBody(setup, index++)) }),
      },
    ],
  });
  const profile = profiler ? await profiler.stop(created.requests.total) : undefined;
  const list = await autocannon({
    url: base,
    connections: 8,
    amount: 400,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: "GET", path: "/api/b2b/sales?perPage=25&sort=created_at&dir=desc" }],
  });
  // Captures: `racers` concurrent requests per sale, every sale at once.
  const targets = [];
  for (let n = 0; n < captures; n++) targets.push((await api(base, token, "POST", "/sales", saleBody(setup, `capture-${n}`))).json.id);
  const latencies = [];
  const statuses = await Promise.all(
    targets.flatMap((saleId) =>
      Array.from({ length: racers }, async () => {
        const started = performance.now();
        const response = await fetch(`${base}/api/b2b/sales/capture`, {
          method: "PUT",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ sale_id: saleId }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        return response.status;
      }),
    ),
  );
  latencies.sort((a, b) => a - b);
  const count = (status) => statuses.filter((value) => value === status).length;
  return {
    create: {
      rps: Math.round(created.requests.average),
      p50: created.latency.p50,
      p99: created.latency.p99,
      failures: created.errors + created.non2xx,
      requests: created.requests.total,
      /** The statements the app sent at the driver per sale (issue 41's target: at most 30). */
      statements: profile?.statementsPerRequest,
      /** The app's CPU per sale by layer (µs), from a profile of the run. */
      layers: profile?.layers ?? [],
    },
    list: { rps: Math.round(list.requests.average), p50: list.latency.p50, p99: list.latency.p99, failures: list.errors + list.non2xx },
    capture: {
      payments: captures,
      racers,
      ok: count(200),
      alreadyCaptured: count(204),
      other: statuses.length - count(200) - count(204),
      p50: Math.round(quantile(latencies, 0.5)),
      p99: Math.round(quantile(latencies, 0.99)),
    },
  };
}

export function printSales(figures) {
  console.log(
    `  POST /sales (order + 3 receivables each): ${figures.create.rps} req/s, p50 ${figures.create.p50} ms, p99 ${figures.create.p99} ms, failures ${figures.create.failures}`,
  );
  console.log(
    `  GET /sales?perPage=25: ${figures.list.rps} req/s, p50 ${figures.list.p50} ms, p99 ${figures.list.p99} ms, failures ${figures.list.failures}`,
  );
  if (figures.create.statements !== undefined) console.log(`  statements per sale at the driver: ${figures.create.statements}`);
  if (figures.create.layers.length) {
    const cpu = figures.create.layers.reduce((sum, layer) => sum + (layer.microsPerRequest ?? 0), 0);
    console.log(
      `  the app's CPU per sale: ${(cpu / 1000).toFixed(1)} ms (one process: at most ${Math.floor(1e6 / cpu)} sales/s), by layer:`,
    );
    for (const layer of figures.create.layers.slice(0, 8))
      console.log(`    ${layer.layer}: ${((layer.microsPerRequest ?? 0) / 1000).toFixed(2)} ms (${(layer.share * 100).toFixed(1)}%)`);
  }
  const { capture } = figures;
  console.log(
    `  PUT /sales/capture, ${capture.racers} racing per payment × ${capture.payments}: ${capture.ok} × 200, ${capture.alreadyCaptured} × 204, ${capture.other} other; p50 ${capture.p50} ms, p99 ${capture.p99} ms`,
  );
}

/** Issue 41's targets for POST /sales at 8 connections. */
const SALES_TARGETS = { statements: 30, p99: 250 };

export const salesTargets = (figures) => [
  [`sales: at most ${SALES_TARGETS.statements} statements per POST /sales`, figures.create.statements <= SALES_TARGETS.statements],
  [`sales: POST /sales p99 at most ${SALES_TARGETS.p99} ms at 8 connections`, figures.create.p99 <= SALES_TARGETS.p99],
  ["sales: no failed POST /sales or GET /sales", figures.create.failures === 0 && figures.list.failures === 0],
  ["capture: exactly one 200 per payment, the rest 204", figures.capture.ok === figures.capture.payments && figures.capture.other === 0],
];
