// The webhooks scenario of `npm run bench` (issue 13): two app instances on one PostgreSQL
// database, each running its dispatcher, and a receiver in this process.
//
//   1. latency: test events queued one after another through the API, alternating between
//      the instances; the time from the request to the delivery's arrival (the nudge after
//      commit, not the poll, should carry it), p50/p95/p99.
//   2. backlog: a burst of deliveries written straight into the outbox, 5,000 then 50,000
//      (issue 47: a claim costs what it takes, not the backlog); the rate at which the two
//      dispatchers drain each (first to last arrival).
//
// Every delivery must arrive exactly once: duplicates (the same X-Webhook-Id twice) or
// missing deliveries fail the run.
import { createServer } from "node:http";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

const positive = (value, fallback) => (Number(value) > 0 ? Math.floor(Number(value)) : fallback);
const LATENCY_EVENTS = positive(process.env.BENCH_WEBHOOK_EVENTS, 200);
const BACKLOG = positive(process.env.BENCH_WEBHOOK_BACKLOG, 5000);
const LARGE_BACKLOG = positive(process.env.BENCH_WEBHOOK_LARGE_BACKLOG, 50_000);
/** Issues 13 and 47's bench targets (a floor, not a promise: the machine is shared). */
const TARGETS = { latencyP99Ms: 500, backlogPerSecond: 300, largeBacklogShare: 0.8 };

function quantile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;
}

async function startReceiver() {
  const arrivals = new Map(); // X-Webhook-Id → arrival times (ms, performance.now())
  const byEvent = new Map(); // event id → first arrival
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const at = performance.now();
      const id = String(request.headers["x-webhook-id"]);
      arrivals.set(id, [...(arrivals.get(id) ?? []), at]);
      try {
        const eventId = JSON.parse(Buffer.concat(chunks).toString("utf8")).id;
        if (!byEvent.has(eventId)) byEvent.set(eventId, at);
      } catch {
        // Counted by its header anyway.
      }
      response.writeHead(204).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${server.address().port}/bench-hooks`,
    arrivals,
    byEvent,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function json(base, method, url, token, body) {
  const response = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && { "content-type": "application/json" }) },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Waits until `done()` or `limitMs` passed; answers whether it is done. */
async function until(done, limitMs) {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > limitMs) return false;
    await sleep(5);
  }
  return true;
}

/**
 * `start(name)` starts an app instance on the database with WEBHOOK_ALLOW_PRIVATE=true and
 * answers `{base}`; `admin` is the credentials to log in with.
 */
export async function runWebhooksBench({ databaseUrl, start, admin, registerCleanup }) {
  const receiver = await startReceiver();
  registerCleanup(() => receiver.close());
  const instances = [await start("webhooks instance A"), await start("webhooks instance B")];
  const { access_token: token } = await fetch(`${instances[0].base}/api/b2b/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  }).then((response) => response.json());
  const hook = await json(instances[0].base, "POST", "/api/b2b/webhooks", token, { url: receiver.url, events: ["order.created"] });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  registerCleanup(async () => {
    await client.query("DELETE FROM webhooks WHERE id = $1::uuid", [hook.id]).catch(() => undefined);
    await client.end();
  });

  // 1. Latency: one event at a time, each through the other instance.
  const latencies = [];
  for (let index = 0; index < LATENCY_EVENTS; index++) {
    const base = instances[index % 2].base;
    const sentAt = performance.now();
    const { event_id: eventId } = await json(base, "POST", `/api/b2b/webhooks/${hook.id}/test`, token);
    await until(() => receiver.byEvent.has(eventId), 30_000);
    if (receiver.byEvent.has(eventId)) latencies.push(receiver.byEvent.get(eventId) - sentAt);
  }
  latencies.sort((a, b) => a - b);

  // 2. Backlogs: bursts written straight into the outbox, drained by both dispatchers.
  const drain = async (size) => {
    const before = receiver.arrivals.size;
    const { rows } = await client.query(
      `INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, event_type, payload, updated_at)
       SELECT gen_random_uuid(), w.organization_id, w.id, e.id, 'webhook.test',
              jsonb_build_object('id', e.id, 'type', 'webhook.test', 'created_at', now(), 'organization_id', w.organization_id, 'data', jsonb_build_object('n', n)),
              now()
         FROM webhooks w, generate_series(1, $2::int) AS n, LATERAL (SELECT gen_random_uuid() AS id) e
        WHERE w.id = $1::uuid
       RETURNING id`,
      [hook.id, size],
    );
    const drained = await until(() => receiver.arrivals.size >= before + rows.length, Math.max(300_000, size * 10));
    const times = rows
      .map(({ id }) => receiver.arrivals.get(id)?.[0])
      .filter((at) => at !== undefined)
      .sort((a, b) => a - b);
    const seconds = times.length > 1 ? (times.at(-1) - times[0]) / 1000 : null;
    return {
      deliveries: rows.length,
      drained,
      seconds: seconds === null ? null : Number(seconds.toFixed(2)),
      perSecond: seconds ? Math.round(times.length / seconds) : null,
    };
  };
  const backlog = await drain(BACKLOG);
  const largeBacklog = await drain(LARGE_BACKLOG);
  // A moment for late duplicates to show up.
  await sleep(1000);

  const expected = LATENCY_EVENTS + backlog.deliveries + largeBacklog.deliveries;
  const duplicates = [...receiver.arrivals.values()].filter((times) => times.length > 1).length;
  const { rows: states } = await client.query(
    "SELECT state, count(*)::int AS count FROM webhook_deliveries WHERE webhook_id = $1::uuid GROUP BY state",
    [hook.id],
  );
  return {
    instances: instances.length,
    latency: {
      events: LATENCY_EVENTS,
      arrived: latencies.length,
      p50: Math.round(quantile(latencies, 0.5)),
      p95: Math.round(quantile(latencies, 0.95)),
      p99: Math.round(quantile(latencies, 0.99)),
    },
    backlog,
    largeBacklog,
    backlog_5k_per_s: backlog.perSecond,
    backlog_50k_per_s: largeBacklog.perSecond,
    expected,
    received: receiver.arrivals.size,
    duplicates,
    missing: expected - receiver.arrivals.size,
    states: Object.fromEntries(states.map((row) => [row.state, row.count])),
  };
}

export function printWebhooks(result) {
  console.log(`two instances, one receiver; every delivery signed, sent and recorded`);
  console.log(
    `  enqueue → arrival (${result.latency.arrived}/${result.latency.events} test events, one at a time): p50 ${result.latency.p50} ms, p95 ${result.latency.p95} ms, p99 ${result.latency.p99} ms`,
  );
  for (const backlog of [result.backlog, result.largeBacklog]) {
    console.log(
      `  backlog of ${backlog.deliveries}: drained in ${backlog.seconds} s, ${backlog.perSecond} deliveries/s${backlog.drained ? "" : " (NOT drained in time)"}`,
    );
  }
  console.log(
    `  received ${result.received} of ${result.expected}: ${result.duplicates} sent twice, ${result.missing} missing; outbox ${JSON.stringify(result.states)}\n`,
  );
}

export function webhooksTargets(result) {
  return [
    ["webhooks: every delivery exactly once across two instances", result.duplicates === 0 && result.missing === 0],
    [
      `webhooks: enqueue → arrival p99 ≤ ${TARGETS.latencyP99Ms} ms`,
      result.latency.p99 !== null && result.latency.p99 <= TARGETS.latencyP99Ms,
    ],
    [
      `webhooks: a backlog of ${result.backlog.deliveries} drains at ≥ ${TARGETS.backlogPerSecond} deliveries/s`,
      (result.backlog.perSecond ?? 0) >= TARGETS.backlogPerSecond,
    ],
    [
      `webhooks: a backlog of ${result.largeBacklog.deliveries} drains at ≥ ${TARGETS.largeBacklogShare} × that rate`,
      (result.largeBacklog.perSecond ?? 0) >= TARGETS.largeBacklogShare * (result.backlog.perSecond ?? Infinity),
    ],
  ];
}
