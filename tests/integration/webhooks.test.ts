// Deliveries go to a receiver on 127.0.0.1 in these tests (tests/adversarial/webhooks.test.ts checks the refusals).
process.env.WEBHOOK_ALLOW_PRIVATE = "true";

import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "@/server/app";
import { openPGlite, openPostgres, type Database } from "@/server/db/connection";
import { migrate } from "@/server/db/migrator";
import { forOrganization } from "@/server/db/scoped";
import { createOrganization } from "@/server/organizations/service";
import { transaction } from "@/server/db/transaction";
import { createDispatcher, type DispatcherOptions } from "@/server/webhooks/dispatcher";
import { emitEvent } from "@/server/webhooks/outbox";
import { chosenDeliveries, claimDueDeliveries } from "@/server/webhooks/claim";
import { scopedExecute, scopedQuery } from "@/server/db/sql";
import { Prisma } from "@/server/generated/prisma/client";
import { verifySignature } from "@/server/webhooks/send";
import { createWebhook, listDeliveries } from "@/server/webhooks/service";
import { newOrg, testRuntime, unique, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { startReceiver, type Receiver } from "../helpers/receiver";

const receivers: Receiver[] = [];
// The database is migrated once per worker: in a hook (its own time limit), not in the first test.
beforeAll(async () => {
  await testRuntime();
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close().catch(() => undefined)));
});

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

/** A clock the test moves: retries become due without waiting. */
function clock(start = Date.now()) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

function dispatcherFor(org: TestOrg, options: Partial<DispatcherOptions> = {}) {
  return createDispatcher({ prisma: org.database.prisma, allowPrivate: true, jitter: 0, organizations: [org.organizationId], ...options });
}

async function endpoint(org: TestOrg, url: string, events = ["sale.created"]) {
  return createWebhook(org.db, { url, events: events as never, active: true, attributes: {} }, { allowPrivate: true });
}

function emit(org: TestOrg, data: object, subject?: { type: "sale"; id: string }) {
  return transaction(org.db, (tx) => emitEvent(tx, { type: "sale.created", data: { ...data }, subject }));
}

const page = { search: "", page: 0, perPage: 25, sort: "", dir: "asc" as const };

async function newSale(org: TestOrg): Promise<string> {
  const status = await org.db.status.findFirstOrThrow({ where: { type: "SALE" } });
  const partner = await org.db.partner.create({
    data: {
      organization_id: org.organizationId,
      name: "Cliente",
      fiscal_registration_number: String(Date.now()).padStart(11, "0").slice(-11),
    },
  });
  const sale = await org.db.sale.create({
    data: {
      organization_id: org.organizationId,
      partner_id: partner.id,
      status_id: status.id,
      updated_by: "test",
      full_value: "100.00",
      total_value: "100.00",
      created_at: new Date(),
    },
  });
  return sale.id;
}

describe("webhook deliveries", () => {
  it("delivers a signed event once, with the headers and body the receiver verifies", async () => {
    const org = await newOrg();
    const inbox = await receiver();
    const hook = await endpoint(org, inbox.url);
    expect(hook.secret).toMatch(/^whsec_/);
    expect(await emit(org, { id: "s-1", total_value: 10.5 })).toBe(1);

    const dispatcher = dispatcherFor(org);
    expect(await dispatcher.runOnce()).toBe(1);
    expect(await dispatcher.runOnce()).toBe(0);
    expect(inbox.received).toHaveLength(1);
    const [request] = inbox.received;
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({ type: "sale.created", organization_id: org.organizationId, data: { id: "s-1", total_value: 10.5 } });
    expect(Object.keys(body).sort()).toEqual(["created_at", "data", "id", "organization_id", "type"]);
    expect(request!.headers["x-webhook-event"]).toBe("sale.created");
    expect(request!.headers["content-type"]).toBe("application/json");
    const signature = String(request!.headers["x-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(hook.secret, request!.body, signature)).toBe(true);
    expect(verifySignature(hook.secret, request!.body.replace("10.5", "99"), signature)).toBe(false);
    expect(verifySignature("whsec_other", request!.body, signature)).toBe(false);

    const deliveries = await listDeliveries(org.db, { ...page, id: hook.id });
    expect(deliveries.total).toBe(1);
    const delivery = deliveries.items[0]!;
    expect(request!.headers["x-webhook-id"]).toBe(delivery.id);
    expect(delivery).toMatchObject({ status: "SUCCEEDED", attempt_count: 1, last_status: 200, next_attempt_at: null, event_id: body.id });
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({ status_code: 200, error: null, response_excerpt: "ok" });
  });

  it("retries with backoff until the receiver accepts: every attempt stored, one success, the same signed body each time", async () => {
    const org = await newOrg();
    const inbox = await receiver((_request, index) => (index < 2 ? { status: 500, body: "down for maintenance" } : { status: 204 }));
    const hook = await endpoint(org, inbox.url);
    await emit(org, { id: "s-2" });
    const time = clock();
    const dispatcher = dispatcherFor(org, { now: time.now, retryDelaysMs: [60_000, 300_000, 1_800_000] });

    expect(await dispatcher.runOnce()).toBe(1);
    let [delivery] = (await listDeliveries(org.db, { ...page, id: hook.id })).items;
    expect(delivery).toMatchObject({ status: "PENDING", attempt_count: 1, last_status: 500, last_error: "the endpoint answered 500" });
    expect(Date.parse(delivery!.next_attempt_at!) - time.now().getTime()).toBe(60_000);

    time.advance(59_000);
    expect(await dispatcher.runOnce()).toBe(0); // not due yet
    time.advance(1_000);
    expect(await dispatcher.runOnce()).toBe(1);
    [delivery] = (await listDeliveries(org.db, { ...page, id: hook.id })).items;
    expect(Date.parse(delivery!.next_attempt_at!) - time.now().getTime()).toBe(300_000);
    time.advance(300_000);
    expect(await dispatcher.runOnce()).toBe(1);
    time.advance(86_400_000);
    expect(await dispatcher.runOnce()).toBe(0);

    expect(inbox.received).toHaveLength(3);
    expect(new Set(inbox.received.map((request) => request.body)).size).toBe(1);
    expect(new Set(inbox.received.map((request) => request.headers["x-webhook-id"])).size).toBe(1);
    for (const request of inbox.received) {
      expect(
        verifySignature(hook.secret, request.body, String(request.headers["x-signature"]), {
          nowSeconds: Math.floor(time.now().getTime() / 1000),
          toleranceSeconds: 86_400 * 2,
        }),
      ).toBe(true);
    }
    [delivery] = (await listDeliveries(org.db, { ...page, id: hook.id })).items;
    expect(delivery).toMatchObject({ status: "SUCCEEDED", attempt_count: 3, last_status: 204, last_error: null });
    expect(delivery!.attempts.map((attempt) => attempt.status_code)).toEqual([500, 500, 204]);
    expect(delivery!.attempts[0]!.response_excerpt).toBe("down for maintenance");
  });

  it("fails a delivery after the last retry and reports it on the sale; a later success clears it", async () => {
    const org = await newOrg();
    let accept = false;
    const inbox = await receiver(() => (accept ? { status: 200 } : { status: 503 }));
    await endpoint(org, inbox.url);
    const saleId = await newSale(org);
    await emit(org, { id: saleId }, { type: "sale", id: saleId });
    const time = clock();
    const dispatcher = dispatcherFor(org, { now: time.now, retryDelaysMs: [1_000, 2_000] });
    for (const wait of [0, 1_000, 2_000]) {
      time.advance(wait);
      expect(await dispatcher.runOnce()).toBe(1);
    }
    time.advance(3_600_000);
    expect(await dispatcher.runOnce()).toBe(0);
    const failed = await org.db.webhookDelivery.findFirstOrThrow({ where: { subject_id: saleId } });
    expect(failed).toMatchObject({ state: "FAILED", attempts: 3, last_status: 503 });
    const sale = await org.db.sale.findUniqueOrThrow({ where: { id: saleId } });
    expect(sale.webhook_error).toContain("the endpoint answered 503");
    expect(sale.webhook_error).toContain("3 attempts");

    accept = true;
    await emit(org, { id: saleId }, { type: "sale", id: saleId });
    expect(await dispatcher.runOnce()).toBe(1);
    expect((await org.db.sale.findUniqueOrThrow({ where: { id: saleId } })).webhook_error).toBeNull();
  });

  it("a delivery whose endpoint was deactivated meanwhile is failed without being sent", async () => {
    const org = await newOrg();
    const inbox = await receiver();
    const hook = await endpoint(org, inbox.url);
    const saleId = await newSale(org);
    await emit(org, { id: saleId }, { type: "sale", id: saleId });
    await org.db.webhook.update({ where: { id: hook.id }, data: { active: false } });
    expect(await dispatcherFor(org).runOnce()).toBe(1);
    expect(inbox.received).toHaveLength(0);
    expect(await org.db.webhookDelivery.findFirstOrThrow({ include: { attempts_log: true } })).toMatchObject({
      state: "FAILED",
      attempts: 0,
      last_error: "the endpoint is inactive",
      attempts_log: [],
    });
    expect((await org.db.sale.findUniqueOrThrow({ where: { id: saleId } })).webhook_error).toContain("not sent: the endpoint is inactive");
  });

  it("a timeout, a 500 and a redirect are failed attempts; a redirect is never followed", async () => {
    const org = await newOrg();
    const slow = await receiver(() => "hang");
    const broken = await receiver(() => ({ status: 500, body: "x".repeat(5000) }));
    const elsewhere = await receiver();
    const moved = await receiver(() => ({ status: 302, headers: { location: elsewhere.url } }));
    for (const inbox of [slow, broken, moved]) await endpoint(org, inbox.url);
    await emit(org, { id: "s-3" });
    const dispatcher = dispatcherFor(org, { timeoutMs: 300 });
    expect(await dispatcher.runOnce()).toBe(3);

    const rows = await org.db.webhookDelivery.findMany({ include: { webhook: true, attempts_log: true } });
    const byUrl = new Map(rows.map((row) => [row.webhook.url, row]));
    expect(byUrl.get(slow.url)).toMatchObject({ state: "PENDING", attempts: 1, last_status: null, last_error: "timed out after 300 ms" });
    expect(byUrl.get(broken.url)).toMatchObject({ state: "PENDING", attempts: 1, last_status: 500 });
    expect(byUrl.get(broken.url)!.attempts_log[0]!.response_excerpt).toHaveLength(500);
    expect(byUrl.get(moved.url)).toMatchObject({ state: "PENDING", attempts: 1, last_status: 302 });
    expect(byUrl.get(moved.url)!.last_error).toContain("not followed");
    expect(elsewhere.received).toHaveLength(0);
    expect(slow.received).toHaveLength(1);
  });

  it("a receiver that is down, then up again, gets the delivery on the retry", async () => {
    const org = await newOrg();
    const inbox = await receiver();
    await endpoint(org, inbox.url);
    await inbox.close();
    await emit(org, { id: "s-4" });
    const time = clock();
    const dispatcher = dispatcherFor(org, { now: time.now });
    expect(await dispatcher.runOnce()).toBe(1);
    const down = await org.db.webhookDelivery.findFirstOrThrow({ include: { attempts_log: true } });
    expect(down).toMatchObject({ state: "PENDING", attempts: 1, last_status: null });
    expect(down.last_error).toContain("ECONNREFUSED");
    await inbox.reopen();
    time.advance(60_000);
    expect(await dispatcher.runOnce()).toBe(1);
    expect(inbox.received).toHaveLength(1);
    expect(await org.db.webhookDelivery.findFirstOrThrow()).toMatchObject({ state: "SUCCEEDED", attempts: 2 });
  });

  it("stopped with a delivery in flight and started again: the delivery is sent, nothing lost and no attempt counted", async () => {
    const org = await newOrg();
    let hang = true;
    const inbox = await receiver(() => (hang ? "hang" : { status: 200 }));
    await endpoint(org, inbox.url);
    await emit(org, { id: "s-5" });
    await emit(org, { id: "s-6" });
    const first = dispatcherFor(org, { pollIntervalMs: 3_600_000 });
    first.start();
    await inbox.waitFor(2);
    await first.stop();
    const pending = await org.db.webhookDelivery.findMany({ include: { attempts_log: true } });
    expect(pending.map((row) => [row.state, row.attempts, row.claim_token, row.attempts_log.length])).toEqual([
      ["PENDING", 0, null, 0],
      ["PENDING", 0, null, 0],
    ]);

    hang = false;
    const second = dispatcherFor(org);
    expect(await second.runOnce()).toBe(2);
    expect(await org.db.webhookDelivery.count({ where: { state: "SUCCEEDED" } })).toBe(2);
  });

  it("wakes up when a transaction that queued deliveries commits (no poll needed)", async () => {
    const org = await newOrg();
    const inbox = await receiver();
    await endpoint(org, inbox.url);
    const dispatcher = dispatcherFor(org, { pollIntervalMs: 3_600_000 });
    dispatcher.start();
    try {
      // Let the first (empty) round finish so that only the nudge can wake it.
      await new Promise((resolve) => setImmediate(resolve));
      await org.db.webhookDelivery.count();
      await emit(org, { id: "s-7" });
      await inbox.waitFor(1);
    } finally {
      await dispatcher.stop();
    }
    expect(inbox.received).toHaveLength(1);
  });

  it("a rolled-back transaction queues nothing", async () => {
    const org = await newOrg();
    const inbox = await receiver();
    await endpoint(org, inbox.url);
    await expect(
      transaction(org.db, async (tx) => {
        await emitEvent(tx, { type: "sale.created", data: { id: "never" } });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await org.db.webhookDelivery.count()).toBe(0);
  });

  it("several dispatchers at once send every delivery exactly once", async () => {
    const org = await newOrg();
    const inbox = await receiver();
    await endpoint(org, inbox.url);
    await endpoint(org, `${inbox.url}/second`);
    for (let index = 0; index < 20; index++) await emit(org, { id: `s-${index}` });
    // On PostgreSQL, each dispatcher has its own pool (as separate app instances would).
    const url = process.env.TEST_DATABASE_URL;
    const extra: Database[] = url ? await Promise.all([openPostgres(url, 3), openPostgres(url, 3)]) : [];
    try {
      const databases = url ? [org.database, ...extra] : [org.database, org.database, org.database];
      const dispatchers = databases.map((database) =>
        createDispatcher({ prisma: database.prisma, allowPrivate: true, organizations: [org.organizationId], concurrency: 3 }),
      );
      const drain = async (dispatcher: (typeof dispatchers)[number]) => {
        while ((await dispatcher.runOnce()) > 0);
      };
      await Promise.all(dispatchers.flatMap((dispatcher) => [drain(dispatcher), drain(dispatcher)]));
    } finally {
      await Promise.all(extra.map((database) => database.close()));
    }
    const ids = inbox.received.map((request) => String(request.headers["x-webhook-id"]));
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect(await org.db.webhookDelivery.count({ where: { state: "SUCCEEDED" } })).toBe(40);
    expect(await org.db.webhookAttempt.count()).toBe(40);
  });

  it("a dispatcher limited to other orgs leaves this org's deliveries alone", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const inbox = await receiver();
    await endpoint(org, inbox.url);
    await emit(org, { id: "s-8" });
    expect(await dispatcherFor(other).runOnce()).toBe(0);
    expect(await dispatcherFor(org).runOnce()).toBe(1);
  });
});

describe("claiming due deliveries (issue 47)", () => {
  /** The rows a plan read: every scan node's rows, over its loops. */
  function rowsRead(plan: { "Node Type": string; "Actual Rows"?: number; "Actual Loops"?: number; Plans?: unknown[] }): number {
    const own = plan["Node Type"].includes("Scan") ? (plan["Actual Rows"] ?? 0) * (plan["Actual Loops"] ?? 1) : 0;
    return own + (plan.Plans ?? []).reduce<number>((sum, child) => sum + rowsRead(child as Parameters<typeof rowsRead>[0]), 0);
  }

  it("with 50,000 due deliveries, a claim reads a few rows per endpoint, not the backlog, and still takes each endpoint's oldest first", async () => {
    const org = await newOrg();
    const busy = await endpoint(org, "http://127.0.0.1:9/busy");
    const quiet = await endpoint(org, "http://127.0.0.1:9/quiet");
    await scopedExecute(
      org.db,
      (organization) => Prisma.sql`
        INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, event_type, payload, next_attempt_at, created_at, updated_at)
        SELECT gen_random_uuid(), ${organization}, CASE WHEN n = 0 THEN ${quiet.id}::uuid ELSE ${busy.id}::uuid END, gen_random_uuid(),
               'sale.created', '{}'::jsonb, now() + interval '1 day' + n * interval '1 millisecond', now(), now()
        FROM generate_series(0, 50000) AS n`,
    );
    await org.database.prisma.$executeRawUnsafe("ANALYZE webhook_deliveries");
    // Due a day from now: the claim is asked as of two days from now, so no dispatcher running now takes them meanwhile.
    const later = Date.now() + 2 * 86_400_000;
    const options = {
      now: new Date(later),
      leaseUntil: new Date(later + 60_000),
      limit: 10,
      perEndpoint: 4,
      token: randomUUID(),
      organizations: [org.organizationId],
    };
    const [explained] = await org.database.prisma.$queryRaw<Array<{ "QUERY PLAN": Array<{ Plan: Parameters<typeof rowsRead>[0] }> }>>(
      Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${chosenDeliveries(options)}`,
    );
    const read = rowsRead(explained!["QUERY PLAN"][0]!.Plan);
    expect(read).toBeLessThan(2_000);
    // The endpoints' oldest due rows, each up to its free slots: the busy one's 4 oldest of 50,000, the quiet one's one.
    const oldest = await scopedQuery<{ id: string }>(
      org.db,
      (organization) => Prisma.sql`
        SELECT id FROM webhook_deliveries WHERE organization_id = ${organization} AND webhook_id = ${busy.id}::uuid
        ORDER BY next_attempt_at, id LIMIT 4`,
    );
    const claimed = await claimDueDeliveries(org.database.prisma, options);
    const of = (webhookId: string) => claimed.filter((row) => row.webhook_id === webhookId).map((row) => row.id);
    expect(of(busy.id).sort()).toEqual(oldest.map((row) => row.id).sort());
    expect(of(quiet.id)).toHaveLength(1);
    // Leased: the busy endpoint's slots are full, so the next claim takes none of its rows.
    expect(await claimDueDeliveries(org.database.prisma, { ...options, token: randomUUID() })).toEqual([]);
    await scopedExecute(org.db, (organization) => Prisma.sql`DELETE FROM webhook_deliveries WHERE organization_id = ${organization}`);
  });
});

describe("webhooks over REST", () => {
  it("creates, reads, changes and deletes an endpoint; the secret is answered once", async () => {
    const org = await newOrg();
    const admin = await org.bearer("ADMIN");
    const created = await call("POST", "/api/b2b/webhooks", {
      headers: admin,
      body: { url: "http://127.0.0.1:9/hooks", events: ["sale.created", "order.created"] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      url: "http://127.0.0.1:9/hooks",
      events: ["sale.created", "order.created"],
      active: true,
      attributes: {},
    });
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const id = created.json.id;
    const row = await org.db.webhook.findUniqueOrThrow({ where: { id } });
    expect(row.secret_encrypted).not.toContain(created.json.secret);

    const read = await call("GET", `/api/b2b/webhooks/${id}`, { headers: admin });
    expect(read.status).toBe(200);
    expect(read.json).not.toHaveProperty("secret");
    expect(read.text).not.toContain(created.json.secret);
    const list = await call("GET", "/api/b2b/webhooks?event=order.created", { headers: admin });
    expect(list.json).toMatchObject({ total: 1, items: [{ id }] });
    expect(list.text).not.toContain(created.json.secret);

    const changed = await call("PUT", `/api/b2b/webhooks/${id}`, {
      headers: admin,
      body: { events: ["order.status-changed"], active: false },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ url: "http://127.0.0.1:9/hooks", events: ["order.status-changed"], active: false });
    expect(changed.json).not.toHaveProperty("secret");
    expect((await call("GET", "/api/b2b/webhooks?active=true", { headers: admin })).json.total).toBe(0);

    expect((await call("DELETE", `/api/b2b/webhooks/${id}`, { headers: admin })).status).toBe(204);
    await expectProblem(await call("GET", `/api/b2b/webhooks/${id}`, { headers: admin }), 404);
  });

  it("422 for unknown events, an empty list, repeated events and non-http URLs", async () => {
    const org = await newOrg();
    const admin = await org.bearer("ADMIN");
    const bad = await expectProblem(
      await call("POST", "/api/b2b/webhooks", { headers: admin, body: { url: "ftp://127.0.0.1/x", events: ["sale.exploded"] } }),
      422,
    );
    expect(bad.errors?.map((error) => error.path).sort()).toEqual(["events.0", "url"]);
    const empty = await expectProblem(
      await call("POST", "/api/b2b/webhooks", { headers: admin, body: { url: "http://127.0.0.1/x", events: [] } }),
      422,
    );
    expect(empty.errors?.map((error) => error.path)).toEqual(["events"]);
    await expectProblem(
      await call("POST", "/api/b2b/webhooks", {
        headers: admin,
        body: { url: "http://127.0.0.1/x", events: ["sale.created", "sale.created"] },
      }),
      422,
    );
    await expectProblem(await call("POST", "/api/b2b/webhooks", { headers: admin, body: { events: ["sale.created"] } }), 422);
  });

  it("lists deliveries with attempts, newest first, and redelivers (202) starting a new round", async () => {
    const org = await newOrg();
    const admin = await org.bearer("ADMIN");
    const inbox = await receiver();
    const hook = await endpoint(org, inbox.url);
    await emit(org, { id: "first" });
    await emit(org, { id: "second" });
    await dispatcherFor(org).runOnce();
    const list = await call("GET", `/api/b2b/webhooks/${hook.id}/deliveries`, { headers: admin });
    expect(list.status, list.text).toBe(200);
    expect(list.json).toMatchObject({ currentPage: 0, perPage: 25, total: 2 });
    expect(list.json.items.map((item: { payload: { data: { id: string } } }) => item.payload.data.id)).toEqual(["second", "first"]);
    expect(list.json.items[0].attempts).toHaveLength(1);
    const filtered = await call("GET", `/api/b2b/webhooks/${hook.id}/deliveries?status=FAILED`, { headers: admin });
    expect(filtered.json.total).toBe(0);

    const deliveryId = list.json.items[1].id;
    const again = await call("POST", `/api/b2b/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`, { headers: admin });
    expect(again.status, again.text).toBe(202);
    expect(again.json).toMatchObject({ id: deliveryId, status: "PENDING", attempt_count: 0 });
    await dispatcherFor(org).runOnce();
    expect(inbox.received.map((request) => request.headers["x-webhook-id"]).filter((id) => id === deliveryId)).toHaveLength(2);
    const after = await call("GET", `/api/b2b/webhooks/${hook.id}/deliveries?sort=created_at&dir=asc`, { headers: admin });
    expect(after.json.items[0]).toMatchObject({ id: deliveryId, status: "SUCCEEDED", attempt_count: 1 });
    expect(after.json.items[0].attempts).toHaveLength(2);

    await expectProblem(await call("POST", `/api/b2b/webhooks/${hook.id}/deliveries/${randomUUID()}/redeliver`, { headers: admin }), 404);
    await expectProblem(await call("GET", `/api/b2b/webhooks/${randomUUID()}/deliveries`, { headers: admin }), 404);
  });

  it("sends a test event to one endpoint only", async () => {
    const org = await newOrg();
    const admin = await org.bearer("ADMIN");
    const inbox = await receiver();
    const hook = await endpoint(org, inbox.url, ["order.created"]);
    const other = await receiver();
    await endpoint(org, other.url, ["order.created"]);
    const sent = await call("POST", `/api/b2b/webhooks/${hook.id}/test`, { headers: admin });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.json).toMatchObject({ deliveries: 1, event_id: expect.any(String) });
    await dispatcherFor(org).runOnce();
    expect(inbox.received).toHaveLength(1);
    expect(JSON.parse(inbox.received[0]!.body)).toMatchObject({ type: "webhook.test", data: { webhook_id: hook.id } });
    expect(other.received).toHaveLength(0);
  });

  it("PUT /sales/{saleId}/call-create-order-webhook: 404 unknown sale, 400 without an endpoint, 202 queues the sale", async () => {
    const org = await newOrg();
    // Staff who sell: a SELLER is scoped to its seller's sales (tests/integration/order-flow.test.ts).
    const seller = await org.bearer("MANAGER");
    const saleId = await newSale(org);
    await expectProblem(await call("PUT", `/api/b2b/sales/${randomUUID()}/call-create-order-webhook`, { headers: seller }), 404);
    await expectProblem(await call("PUT", `/api/b2b/sales/not-a-uuid/call-create-order-webhook`, { headers: seller }), 404);
    const none = await expectProblem(await call("PUT", `/api/b2b/sales/${saleId}/call-create-order-webhook`, { headers: seller }), 400);
    expect(none.detail).toContain("order.create-requested");
    const inbox = await receiver();
    const hook = await endpoint(org, inbox.url, ["sale.created"]);
    await expectProblem(await call("PUT", `/api/b2b/sales/${saleId}/call-create-order-webhook`, { headers: seller }), 400);
    await call("PUT", `/api/b2b/webhooks/${hook.id}`, { headers: await org.bearer("ADMIN"), body: { events: ["order.create-requested"] } });
    const queued = await call("PUT", `/api/b2b/sales/${saleId}/call-create-order-webhook`, { headers: seller });
    expect(queued.status, queued.text).toBe(202);
    expect(queued.json).toMatchObject({ deliveries: 1 });
    await dispatcherFor(org).runOnce();
    const body = JSON.parse(inbox.received[0]!.body);
    expect(body).toMatchObject({
      type: "order.create-requested",
      id: queued.json.event_id,
      data: { id: saleId, total_value: 100, partner: { name: "Cliente" }, webhook_error: null },
    });
    expect(await org.db.webhookDelivery.findFirstOrThrow()).toMatchObject({ subject_type: "sale", subject_id: saleId });
    await expectProblem(
      await call("PUT", `/api/b2b/sales/${saleId}/call-create-order-webhook`, { headers: await org.bearer("VIEWER") }),
      403,
    );
  });
});

describe("the app's own dispatcher", () => {
  it("the app is stopped with a delivery pending and started again: the delivery is sent", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "b2b-webhooks-restart-"));
    let hang = true;
    const inbox = await receiver(() => (hang ? "hang" : { status: 200 }));
    const first = await openPGlite(dir);
    await first.withSession((session) => migrate(session));
    const { organization } = await createOrganization(first.prisma, {
      name: unique("Org"),
      admin: { email: `${randomUUID()}@x.example`, password: "password123" },
    });
    const db = forOrganization(first.prisma, organization.id);
    await createWebhook(db, { url: inbox.url, events: ["sale.created"], active: true, attributes: {} }, { allowPrivate: true });
    await transaction(db, (tx) => emitEvent(tx, { type: "sale.created", data: { id: "pending" } }));

    const exits: number[] = [];
    const options = { panel: false, port: 0, host: "127.0.0.1", exit: (code: number) => exits.push(code) };
    const app = await startApp({ ...options, database: first });
    await inbox.waitFor(1); // in flight when the app stops
    await app.shutdown(0);

    hang = false;
    const second = await openPGlite(dir);
    const again = await startApp({ ...options, database: second });
    await inbox.waitFor(2);
    const read = () =>
      forOrganization(second.prisma, organization.id).webhookDelivery.findFirstOrThrow({ include: { attempts_log: true } });
    let delivery = await read();
    // The answer is recorded just after the receiver got the request.
    while (delivery.state !== "SUCCEEDED") delivery = await new Promise((resolve) => setTimeout(resolve, 10)).then(read);
    await again.shutdown(0);
    expect(exits).toEqual([0, 0]);
    expect(inbox.received.map((request) => request.headers["x-webhook-id"])).toEqual([delivery.id, delivery.id]);
    expect(delivery.attempts_log).toHaveLength(1);
  }, 120_000);
});
