// The contended-stock scenario of `npm run bench` (issue 10): 40 connections moving the
// same 10 stock records for BENCH_DURATION seconds through PUT /stock/movement (INCREMENT,
// DECREMENT, RESERVE and RELEASE of 1 in turn, each record starting with enough stock and
// reservations that none is refused), then an invariant check in the database: for every
// record the ledger rows chain (each starts where the one before ended), their sums equal
// the record's total and reserved, 0 <= reserved <= total, and one ledger row was written
// per movement answered 200 (plus at most one per connection still in flight at the end). Prints movements/s, p50/p99 and the check; the target is at
// least 1,000 movements/s with the invariants intact.
import autocannon from "autocannon";
import pg from "pg";
import { cnpj, warehouseBody } from "./org.mjs";

const RECORDS = 10;
const CONNECTIONS = 40;
const TARGET_PER_SECOND = 1000;
const START_TOTAL = 1_000_000;
const START_RESERVED = 100_000;
const TYPES = ["INCREMENT", "RESERVE", "DECREMENT", "RELEASE"];

async function call(base, method, url, token, body) {
  const response = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A company, a warehouse and 10 products, each with a stock record of a million, a tenth reserved. */
async function seed(base, token) {
  const stamp = Date.now().toString(36);
  const company = await call(base, "POST", "/api/b2b/companies", token, {
    name: `Bench stock ${stamp}`,
    fiscal_registration_number: cnpj(),
  });
  const warehouse = await call(base, "POST", "/api/b2b/warehouses", token, warehouseBody(`Bench CD ${stamp}`));
  const keys = [];
  for (let index = 0; index < RECORDS; index++) {
    const product = await call(base, "POST", "/api/b2b/products", token, { name: `Bench stock product ${stamp} ${index}` });
    keys.push({ company_id: company.id, warehouse_id: warehouse.id, product_id: product.id });
  }
  const records = await call(base, "PUT", "/api/b2b/stock/override", token, {
    items: keys.map((key) => ({ ...key, total: START_TOTAL, reserved: START_RESERVED })),
    reason: "bench start",
  });
  return { keys, ids: records.map((record) => record.id) };
}

function run(base, token, keys, duration) {
  let sent = 0;
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: "PUT",
        path: "/api/b2b/stock/movement",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        setupRequest: (request) => {
          const index = sent++;
          const body = {
            ...keys[index % RECORDS],
            type: TYPES[Math.floor(index / RECORDS) % TYPES.length],
            quantity: 1,
            reference_id: `bench-${index}`,
          };
          return { ...request, body: JSON.stringify(body) };
        },
      },
    ],
  });
}

/** Every record's ledger chains and adds up to it; one ledger row per movement answered. */
async function checkInvariants(databaseUrl, ids, answered) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `WITH ledger AS (
         SELECT stock_id, seq, total_before, total_after, reserved_before, reserved_after, type,
                lag(total_after) OVER w AS previous_total, lag(reserved_after) OVER w AS previous_reserved
         FROM stock_movements WHERE stock_id = ANY($1::uuid[])
         WINDOW w AS (PARTITION BY stock_id ORDER BY seq))
       SELECT s.id, s.total::text, s.reserved::text,
              sum(l.total_after - l.total_before)::text AS ledger_total,
              sum(l.reserved_after - l.reserved_before)::text AS ledger_reserved,
              count(*) FILTER (WHERE l.previous_total IS NOT NULL AND (l.previous_total <> l.total_before OR l.previous_reserved <> l.reserved_before))::int AS broken_links,
              count(*) FILTER (WHERE l.type <> 'OVERRIDE')::int AS movements,
              bool_and(s.reserved >= 0 AND s.reserved <= s.total) AS within
       FROM stock_inventories s JOIN ledger l ON l.stock_id = s.id
       WHERE s.id = ANY($1::uuid[])
       GROUP BY s.id, s.total, s.reserved`,
      [ids],
    );
    const problems = [];
    let movements = 0;
    for (const row of rows) {
      movements += row.movements;
      if (Number(row.ledger_total) !== Number(row.total))
        problems.push(`${row.id}: ledger total ${row.ledger_total} ≠ record ${row.total}`);
      if (Number(row.ledger_reserved) !== Number(row.reserved))
        problems.push(`${row.id}: ledger reserved ${row.ledger_reserved} ≠ record ${row.reserved}`);
      if (row.broken_links > 0) problems.push(`${row.id}: ${row.broken_links} ledger rows do not start where the one before ended`);
      if (!row.within) problems.push(`${row.id}: reserved outside 0..total`);
    }
    if (rows.length !== ids.length) problems.push(`${ids.length - rows.length} records missing`);
    // Requests still in flight when the run stopped may commit without their answer being counted: at most one per connection.
    if (movements < answered || movements > answered + CONNECTIONS)
      problems.push(`${movements} ledger movements for ${answered} movements answered 200`);
    return { ok: problems.length === 0, problems, movements };
  } finally {
    await client.end();
  }
}

export async function runStockBench({ databaseUrl, base, token, duration }) {
  const { keys, ids } = await seed(base, token);
  const result = await run(base, token, keys, duration);
  const answered = result["2xx"];
  const check = await checkInvariants(databaseUrl, ids, answered);
  return {
    connections: CONNECTIONS,
    records: RECORDS,
    duration,
    movementsPerSecond: Math.round(answered / duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    invariants: check,
  };
}

export function printStock(stock) {
  console.log(
    `${stock.connections} connections on ${stock.records} records for ${stock.duration} s: ${stock.movementsPerSecond} movements/s, ` +
      `p50 ${stock.p50} ms, p99 ${stock.p99} ms, non-2xx ${stock.non2xx}, errors ${stock.errors}`,
  );
  console.log(
    `invariants: ${stock.invariants.ok ? `intact (${stock.invariants.movements} ledger movements, each record's ledger sums to it)` : "BROKEN"}`,
  );
  for (const problem of stock.invariants.problems) console.log(`  ${problem}`);
}

export function stockTargets(stock) {
  return [
    [`contended stock: >= ${TARGET_PER_SECOND} movements/s (${stock.movementsPerSecond})`, stock.movementsPerSecond >= TARGET_PER_SECOND],
    ["contended stock: invariants intact, ledger sums equal the records", stock.invariants.ok && stock.non2xx === 0 && stock.errors === 0],
  ];
}
