// The orders scenario of `npm run bench` (issue 29, contract §10): in an org of its own, 8
// connections POST /orders of 3 items each over 20 products whose stock covers only the first
// 80% of the requests (so the rest race for the last units and are refused, 422), then
// invoice half of the orders written (PUT /orders/{id} to an INVOICED status with an NF-e,
// which takes their reserved stock and makes their receivables). After it, in the database:
// every product's ledger chains and sums to its record; each record's reserved equals the
// quantities of the open orders' items on it; the orders written are exactly those answered
// 201 (no order both refused and written); invoiced orders hold nothing reserved.
import autocannon from "autocannon";
import pg from "pg";
import { api, benchOrg, cnpj, quantile, stockProducts } from "./org.mjs";

const PRODUCTS = 20;
const CONNECTIONS = 8;
/** The share of the requests the stock covers. */
const COVERED = 0.8;

/**
 * Contract §12 in play: the org's company taxed (normal regime in SP, PIS/COFINS cumulative),
 * SP's internal rate and an ICMS rule with a reduced base for the products' NCM — every order
 * figures ICMS, PIS and COFINS per item. Taxes inside the price only (no IPI, no ST), so the
 * invoice value is the total and the requests are the plain run's, byte for byte.
 */
async function taxOrg(base, token, companyId) {
  const company = (await api(base, token, "GET", `/companies/${companyId}`)).json;
  const calls = [
    await api(base, token, "PUT", `/companies/${companyId}`, {
      name: company.name,
      fiscal_registration_number: company.fiscal_registration_number,
      crt: 3,
      pis_cofins_regime: "CUMULATIVE",
      address: { street: "Rua Bench", city: "São Paulo", state: "SP" },
    }),
    await api(base, token, "PUT", "/tax-rules/states/SP", { internal_rate: 18 }),
    await api(base, token, "POST", "/tax-rules", {
      name: "ICMS ferramentas",
      tax: "ICMS",
      cst: "20",
      base_reduction: 10,
      ncm_prefixes: ["8467"],
    }),
    await api(base, token, "POST", "/tax-rules", { name: "ICMS outros", tax: "ICMS", cst: "00", ncm_prefixes: ["73"] }),
  ];
  const refused = calls.find((call) => call.status >= 300);
  if (refused) throw new Error(`taxes setup: ${refused.status} ${JSON.stringify(refused.json).slice(0, 300)}`);
}

/** Request `index`'s 3 distinct products and their quantities (1–3), the same every run. */
function itemsOf(index) {
  const first = (index * 7) % PRODUCTS;
  return [0, 1, 2].map((offset) => ({ product: (first + offset * 3) % PRODUCTS, quantity: 1 + ((index + offset) % 3) }));
}

const shipment = Object.fromEntries(
  ["address_name", "address_type", "street", "number", "complement", "neighborhood", "city", "state", "postal_code", "country"].map(
    (field) => [`shipment_${field}`, "x"],
  ),
);

/**
 * POST /orders's body of request `index`: 3 items at 10.00, 5.50 and 2.25, one boleto payment
 * of the total; with the commercial policy on, the seller's order.
 */
function orderBody(setup, index) {
  const prices = [10, 5.5, 2.25];
  const items = itemsOf(index).map((item, line) => ({
    product_id: setup.products[item.product],
    quantity: item.quantity,
    unit_value: prices[line],
  }));
  const cents = items.reduce((sum, item) => sum + Math.round(item.unit_value * 100) * item.quantity, 0);
  const total = cents / 100;
  return {
    partner_id: setup.partner,
    negotiation_date: new Date().toISOString(),
    order_value: total,
    discount_value: 0,
    freight_value: 0,
    total_value: total,
    ...shipment,
    shipment_contact_name: "Bench",
    shipment_contact_number: "11999990000",
    items,
    payments: [{ payment_method_id: setup.boleto, amount: total, installments: 1 }],
    ...(setup.seller ? { seller_id: setup.seller } : {}),
  };
}

const NFE_WEIGHTS = Array.from({ length: 43 }, (_, index) => 2 + (index % 8));
/** A valid NF-e access key (43 digits then the modulo-11 check digit), unique per `index`. */
function nfeKey(index) {
  const data = `3526${String(index).padStart(2, "0").slice(-2)}${cnpj()}55001${String(index).padStart(9, "0")}1${String(index).padStart(8, "0")}`;
  const sum = [...data].reverse().reduce((total, digit, position) => total + Number(digit) * NFE_WEIGHTS[position], 0);
  const rest = sum % 11;
  return `${data}${rest < 2 ? 0 : 11 - rest}`;
}

async function setupOrg({ root, databaseUrl, base, requests, policy, taxes }) {
  const name = policy ? "Bench orders (policy)" : taxes ? "Bench orders (taxes)" : "Bench orders";
  const org = await benchOrg({ root, databaseUrl, base, name });
  const { token } = org;
  const partner = (await api(base, token, "POST", "/partners", { name: "Cliente Bench", fiscal_registration_number: cnpj() })).json.id;
  // Contract §11 in play: a credit limit to check and a seller whose discount limit every item is checked against
  // (the items go up to 77.5 % below the products' 10.00; limits the orders stay within, so none is held and all invoice).
  let seller = null;
  if (policy) {
    const credit = await api(base, token, "PUT", `/partners/${partner}/credit`, { credit_limit: 1_000_000_000, credit_blocked: false });
    if (credit.status !== 200) throw new Error(`credit limit: ${credit.status}`);
    seller = (
      await api(base, token, "POST", "/sellers", {
        name: "Vendedor Bench",
        email: "bench@example.com",
        max_discount_percent: 80,
        commission_rate: 3,
      })
    ).json.id;
  }
  const products = [];
  for (let index = 0; index < PRODUCTS; index++)
    products.push(
      (await api(base, token, "POST", "/products", { name: `Bench pedido ${index}`, price: 10, ...(taxes ? { ncm: "84672100" } : {}) }))
        .json.id,
    );
  if (taxes) await taxOrg(base, token, org.company);
  // Just enough stock for the first 80% of the requests.
  const totals = Array.from({ length: PRODUCTS }, () => 0);
  for (let index = 0; index < Math.floor(requests * COVERED); index++)
    for (const item of itemsOf(index)) totals[item.product] += item.quantity;
  const stockIds = await stockProducts(base, org, products, totals);
  const boleto = (await api(base, token, "POST", "/payment-methods", { name: "Boleto", type: "BOLETO", installments: [{ sequence: 1 }] }))
    .json.id;
  const statuses = (await api(base, token, "GET", "/status?type=ORDER&perPage=100")).json.items;
  const invoiced = statuses.find((status) => status.phase === "INVOICED");
  if (!invoiced) throw new Error("the org has no INVOICED status");
  return { org, setup: { partner, seller, products, boleto, invoiced: invoiced.id }, stockIds, covered: totals.reduce((a, b) => a + b, 0) };
}

/** `count` calls of `call(index)` at `connections` at a time: each one's latency and status. */
async function pool(count, connections, call) {
  const latencies = [];
  const statuses = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const index = next++;
        const begin = performance.now();
        statuses.push(await call(index));
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    statuses,
    rps: Math.round(count / seconds),
    p50: Math.round(quantile(latencies, 0.5)),
    p99: Math.round(quantile(latencies, 0.99)),
  };
}

async function checkInvariants(databaseUrl, stockIds, written, invoicedIds) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const problems = [];
    const { rows } = await client.query(
      `WITH ledger AS (
         SELECT stock_id, total_before, total_after, reserved_before, reserved_after,
                lag(total_after) OVER w AS previous_total, lag(reserved_after) OVER w AS previous_reserved
         FROM stock_movements WHERE stock_id = ANY($1::uuid[])
         WINDOW w AS (PARTITION BY stock_id ORDER BY seq)),
       held AS (
         SELECT i.stock_id, sum(i.reserved_quantity) AS reserved
         FROM order_items i JOIN orders o ON o.id = i.order_id JOIN statuses s ON s.id = o.status_id
         WHERE i.stock_id = ANY($1::uuid[]) AND s.phase IN ('OPEN', 'CONFIRMED') AND NOT o.quotation
         GROUP BY i.stock_id)
       SELECT r.id, r.total::text, r.reserved::text, coalesce(h.reserved, 0)::text AS held,
              sum(l.total_after - l.total_before)::text AS ledger_total,
              sum(l.reserved_after - l.reserved_before)::text AS ledger_reserved,
              count(*) FILTER (WHERE l.previous_total IS NOT NULL AND (l.previous_total <> l.total_before OR l.previous_reserved <> l.reserved_before))::int AS broken_links
       FROM stock_inventories r JOIN ledger l ON l.stock_id = r.id LEFT JOIN held h ON h.stock_id = r.id
       WHERE r.id = ANY($1::uuid[])
       GROUP BY r.id, r.total, r.reserved, h.reserved`,
      [stockIds],
    );
    for (const row of rows) {
      if (Number(row.ledger_total) !== Number(row.total))
        problems.push(`${row.id}: ledger total ${row.ledger_total} ≠ record ${row.total}`);
      if (Number(row.ledger_reserved) !== Number(row.reserved))
        problems.push(`${row.id}: ledger reserved ${row.ledger_reserved} ≠ record ${row.reserved}`);
      if (Number(row.held) !== Number(row.reserved))
        problems.push(`${row.id}: open orders hold ${row.held}, the record reserves ${row.reserved}`);
      if (row.broken_links > 0) problems.push(`${row.id}: ${row.broken_links} ledger rows do not start where the one before ended`);
      if (Number(row.reserved) < 0 || Number(row.reserved) > Number(row.total)) problems.push(`${row.id}: reserved outside 0..total`);
    }
    if (rows.length !== stockIds.length) problems.push(`${stockIds.length - rows.length} records missing`);
    // The org's orders are exactly the ones answered 201.
    const stored = await client.query(
      `SELECT o.id::text FROM orders o JOIN order_items i ON i.order_id = o.id WHERE i.stock_id = ANY($1::uuid[]) GROUP BY o.id`,
      [stockIds],
    );
    const storedIds = new Set(stored.rows.map((row) => row.id));
    const missing = written.filter((id) => !storedIds.has(id)).length;
    const extra = storedIds.size - (written.length - missing);
    if (missing > 0) problems.push(`${missing} orders answered 201 are not stored`);
    if (extra > 0) problems.push(`${extra} orders stored that were refused or never answered`);
    const invoiced = await client.query(
      `SELECT count(DISTINCT o.id)::int AS orders, coalesce(sum(i.reserved_quantity), 0)::text AS reserved,
              (SELECT count(*)::int FROM financials f WHERE f.order_id = ANY($1::uuid[])) AS receivables
       FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = ANY($1::uuid[])`,
      [invoicedIds],
    );
    const [summary] = invoiced.rows;
    if (Number(summary.reserved) !== 0) problems.push(`invoiced orders still hold ${summary.reserved} reserved`);
    if (summary.receivables !== invoicedIds.length)
      problems.push(`${summary.receivables} receivables for ${invoicedIds.length} invoiced orders of one installment`);
    return { ok: problems.length === 0, problems, stored: storedIds.size };
  } finally {
    await client.end();
  }
}

/**
 * One run of the scenario; `policy`: the partner has a credit limit and the orders a seller
 * with a discount limit (contract §11), so every create decides on exposure and on each item's
 * customer's price under the partner's lock — the run beside the plain one shows what that costs.
 */
/** How many of the orders written were held (the policy run keeps within its limits: none). */
async function countHeld(databaseUrl, ids) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT count(DISTINCT order_id)::int AS held FROM order_holds WHERE order_id = ANY($1::uuid[])`, [
      ids,
    ]);
    return rows[0].held;
  } finally {
    await client.end();
  }
}

export async function runOrdersBench({ root, databaseUrl, base, profiler, requests = 600, policy = false, taxes = false }) {
  const { org, setup, stockIds } = await setupOrg({ root, databaseUrl, base, requests, policy, taxes });
  const statuses = new Map();
  const written = [];
  /** What each written order was created with: a PUT names its partner, date and totals again (interface "Orders"). */
  const bodies = new Map();
  let index = 0;
  profiler?.start();
  const created = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: requests,
    headers: { authorization: `Bearer ${org.token}`, "content-type": "application/json" },
    requests: [
      {
        method: "POST",
        path: "/api/b2b/orders",
        setupRequest: (request, context) => {
          context.body = orderBody(setup, index++);
          return { ...request, body: JSON.stringify(context.body) };
        },
        onResponse: (status, body, context) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status !== 201) return;
          const { id } = JSON.parse(body);
          written.push(id);
          bodies.set(id, context.body);
        },
      },
    ],
  });
  const profile = profiler ? await profiler.stop(created.requests.total) : undefined;
  // Invoice half of the orders written, 8 at a time.
  const toInvoice = written.filter((_, position) => position % 2 === 0);
  const refusals = [];
  const invoicing = await pool(toInvoice.length, CONNECTIONS, async (position) => {
    const { partner_id, negotiation_date, order_value, discount_value, freight_value, total_value } = bodies.get(toInvoice[position]);
    const response = await fetch(`${base}/api/b2b/orders/${toInvoice[position]}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${org.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        partner_id,
        negotiation_date,
        order_value,
        discount_value,
        freight_value,
        total_value,
        status: setup.invoiced,
        invoices: [{ invoice_key: nfeKey(position) }],
      }),
    });
    const text = await response.text();
    if (response.status !== 200 && refusals.length < 3) refusals.push(`${response.status}: ${text.slice(0, 300)}`);
    return response.status;
  });
  const invoiced = toInvoice.filter((_, position) => invoicing.statuses[position] === 200);
  const invariants = await checkInvariants(databaseUrl, stockIds, written, invoiced);
  const held = await countHeld(databaseUrl, written);
  const calculations = taxes ? await taxCalculations(base, org.token, setup.products, profiler) : undefined;
  return {
    requests,
    policy,
    taxes,
    calculations,
    held,
    create: {
      rps: Math.round(created.requests.average),
      p50: created.latency.p50,
      p99: created.latency.p99,
      written: statuses.get(201) ?? 0,
      refused: statuses.get(422) ?? 0,
      other: created.errors + [...statuses].filter(([status]) => status !== 201 && status !== 422).reduce((sum, [, n]) => sum + n, 0),
      /** The statements the app sent at the driver per request, written and refused alike (issue 41's target: at most 20). */
      statements: profile?.statementsPerRequest,
      /** The app's CPU per request (µs), from a profile of the run. */
      cpuMicros: profile?.layers.reduce((sum, layer) => sum + (layer.microsPerRequest ?? 0), 0),
    },
    invoice: {
      orders: toInvoice.length,
      rps: invoicing.rps,
      p50: invoicing.p50,
      p99: invoicing.p99,
      ok: invoiced.length,
      other: toInvoice.length - invoiced.length,
      refusals,
    },
    invariants,
  };
}

export function printOrders(figures) {
  const { create, invoice, invariants } = figures;
  const policy = figures.policy ? ", a credit limit and a seller's discount limit" : ", no limits";
  console.log(
    `  POST /orders (3 items, stock for ${COVERED * 100}% of ${figures.requests}${policy}): ${create.rps} req/s, p50 ${create.p50} ms, p99 ${create.p99} ms; ` +
      `${create.written} written, ${create.refused} refused (422), ${create.other} other, ${figures.held} held`,
  );
  if (create.statements !== undefined)
    console.log(
      `  per POST /orders (profiled): ${create.statements} statements at the driver, the app's CPU ${((create.cpuMicros ?? 0) / 1000).toFixed(1)} ms`,
    );
  console.log(
    `  PUT /orders/{id} invoicing ${invoice.orders}: ${invoice.rps} req/s, p50 ${invoice.p50} ms, p99 ${invoice.p99} ms; ${invoice.ok} invoiced, ${invoice.other} other`,
  );
  console.log(
    `  invariants: ${invariants.ok ? "intact (ledgers sum to their records, reserved = open orders' quantities, orders stored = 201s)" : "BROKEN"}`,
  );
  for (const refusal of invoice.refusals) console.log(`    invoicing refused: ${refusal}`);
  for (const problem of invariants.problems) console.log(`    ${problem}`);
}

/** Issue 41's targets for POST /orders at 8 connections. */
const ORDERS_TARGETS = { statements: 20, p99: 150 };

export const ordersTargets = (figures) => [
  ...(figures.create.statements === undefined
    ? []
    : [
        [
          `orders: at most ${ORDERS_TARGETS.statements} statements per POST /orders`,
          figures.create.statements <= ORDERS_TARGETS.statements,
        ],
      ]),
  ...(figures.policy
    ? []
    : [[`orders: POST /orders p99 at most ${ORDERS_TARGETS.p99} ms at 8 connections`, figures.create.p99 <= ORDERS_TARGETS.p99]]),
  [
    `orders${figures.policy ? " (policy)" : ""}: every request written (201) or refused for stock (422), none held, every invoicing 200`,
    figures.create.other === 0 && figures.invoice.other === 0 && figures.held === 0,
  ],
  [`orders${figures.policy ? " (policy)" : ""}: invariants intact after the run`, figures.invariants.ok],
];

const CALCULATION_ITEMS = 50;

/**
 * Issue 42: `POST /taxes/calculate` of 50 items against `POST /prices/products/calculate` of the
 * same 50, in the taxed org, 200 calls each from 4 connections (p50/p95/p99 of each).
 */
async function taxCalculations(base, token, products, profiler) {
  const items = Array.from({ length: CALCULATION_ITEMS }, (_, k) => ({ product_id: products[k % products.length], quantity: 1 + (k % 5) }));
  const measure = async (path, body, profiled = false) => {
    const latencies = [];
    if (profiled) profiler?.start();
    const result = await autocannon({
      url: base,
      connections: 4,
      amount: 200,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      requests: [{ method: "POST", path, body: JSON.stringify(body) }],
      setupClient: (client) => client.on("response", (_status, _bytes, ms) => latencies.push(ms)),
    });
    // CPU per call (a profile of the 200 calls), by layer and function.
    const profile = profiled && profiler ? await profiler.stop(result.requests.total) : undefined;
    latencies.sort((a, b) => a - b);
    return {
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      p99: quantile(latencies, 0.99),
      failures: result.errors + result.non2xx,
      bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
      ...(profile ? { profile } : {}),
    };
  };
  const taxesBody = {
    destination_state: "SP",
    ie_indicator: 1,
    final_consumer: false,
    items: items.map((item) => ({ ...item, unit_value: 10 })),
  };
  await measure("/api/b2b/prices/products/calculate", { items });
  await measure("/api/b2b/taxes/calculate", taxesBody);
  return {
    prices: await measure("/api/b2b/prices/products/calculate", { items }, true),
    taxes: await measure("/api/b2b/taxes/calculate", taxesBody, true),
  };
}

/** Issue 42's targets: taxes add at most 3 ms to a 3-item POST /orders at p50; 50 items' taxes p95 ≤ 50 prices' p95. */
export function taxesTargets(plain, taxed) {
  const { prices, taxes } = taxed.calculations;
  return [
    [
      `orders: taxes add at most 3 ms to POST /orders at p50 (${plain.create.p50} → ${taxed.create.p50} ms)`,
      taxed.create.p50 - plain.create.p50 <= 3,
    ],
    [
      `taxes: POST /taxes/calculate of 50 items p95 ≤ the 50-item price calculation's (${taxes.p95} vs ${prices.p95} ms)`,
      taxes.p95 <= prices.p95 && taxes.failures === 0,
    ],
  ];
}

export function printTaxCost(plain, taxed) {
  const { prices, taxes } = taxed.calculations;
  console.log(
    `  taxes' cost per create: p50 ${taxed.create.p50 - plain.create.p50 >= 0 ? "+" : ""}${taxed.create.p50 - plain.create.p50} ms ` +
      `(${plain.create.p50}/${plain.create.p99} → ${taxed.create.p50}/${taxed.create.p99} ms p50/p99; ${taxed.create.statements ?? "?"} statements)`,
  );
  console.log(
    `  50 items: POST /taxes/calculate p50 ${taxes.p50} p95 ${taxes.p95} p99 ${taxes.p99} ms (${taxes.bytes} bytes); ` +
      `POST /prices/products/calculate p50 ${prices.p50} p95 ${prices.p95} p99 ${prices.p99} ms (${prices.bytes} bytes)`,
  );
  for (const [label, profile] of [
    ["POST /taxes/calculate", taxes.profile],
    ["POST /prices/products/calculate", prices.profile],
  ]) {
    if (!profile?.layers.length) continue;
    console.log(`  CPU of one ${label} of ${CALCULATION_ITEMS} items by layer:`);
    for (const { layer, share, microsPerRequest } of profile.layers)
      console.log(`    ${layer.padEnd(48)} ${(share * 100).toFixed(1).padStart(5)}%  ${Math.round(microsPerRequest)} µs/call`);
    console.log("    ... and by function (self time):");
    for (const { name, share, microsPerRequest } of profile.hot.slice(0, 15))
      console.log(`    ${name.slice(0, 90).padEnd(90)} ${(share * 100).toFixed(1).padStart(5)}%  ${Math.round(microsPerRequest)} µs/call`);
  }
}

/** What the commercial policy's decisions cost a create: the policy run against the plain one, same run. */
export function printPolicyCost(plain, policy) {
  const delta = (key) => policy.create[key] - plain.create[key];
  console.log(
    `  the commercial policy's cost per create: p50 ${delta("p50") >= 0 ? "+" : ""}${delta("p50")} ms, p99 ${delta("p99") >= 0 ? "+" : ""}${delta("p99")} ms ` +
      `(${plain.create.p50}/${plain.create.p99} → ${policy.create.p50}/${policy.create.p99} ms p50/p99)`,
  );
}
