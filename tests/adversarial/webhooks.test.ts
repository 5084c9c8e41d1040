// WEBHOOK_ALLOW_PRIVATE is not set here: the SSRF rules hold.
delete process.env.WEBHOOK_ALLOW_PRIVATE;

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encrypt } from "@/server/lib/encryption";
import { createDispatcher } from "@/server/webhooks/dispatcher";
import { emitEvent } from "@/server/webhooks/outbox";
import { createWebhook } from "@/server/webhooks/service";
import { transaction } from "@/server/db/transaction";
import { newOrg, testRuntime, type TestOrg } from "../helpers/database";
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

/** A public address (example.com's): accepted, and never contacted by these tests. */
const PUBLIC_URL = "http://93.184.216.34/hooks";

describe("webhook URLs that reach the service's own network are refused (422)", () => {
  it.each([
    "http://127.0.0.1/hooks",
    "http://localhost:3000/hooks",
    "http://[::1]/hooks",
    "http://[::ffff:127.0.0.1]/hooks",
    "http://10.0.0.1/hooks",
    "http://172.16.5.4/hooks",
    "http://192.168.0.10/hooks",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/hooks",
    "http://224.0.0.1/hooks",
    "http://0.0.0.0/hooks",
    "http://[fd00::1]/hooks",
    "http://[fe80::1]/hooks",
    "http://0x7f.1/hooks",
    "http://2130706433/hooks",
    "http://017700000001/hooks",
  ])("POST %s", async (url) => {
    const org = await newOrg();
    const problem = await expectProblem(
      await call("POST", "/api/b2b/webhooks", { headers: await org.bearer("ADMIN"), body: { url, events: ["sale.created"] } }),
      422,
    );
    expect(problem.errors).toEqual([expect.objectContaining({ path: "url", code: "url_refused" })]);
    expect(await org.db.webhook.count()).toBe(0);
  });

  it.each([
    "ftp://93.184.216.34/x",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "gopher://93.184.216.34/",
    "not a url",
    "//93.184.216.34/x",
  ])("POST %s: only absolute http and https URLs", async (url) => {
    const org = await newOrg();
    const problem = await expectProblem(
      await call("POST", "/api/b2b/webhooks", { headers: await org.bearer("ADMIN"), body: { url, events: ["sale.created"] } }),
      422,
    );
    expect(problem.errors?.map((error) => error.path)).toEqual(["url"]);
  });

  it("accepts a public address, and refuses changing it to a private one", async () => {
    const org = await newOrg();
    const admin = await org.bearer("ADMIN");
    const created = await call("POST", "/api/b2b/webhooks", { headers: admin, body: { url: PUBLIC_URL, events: ["sale.created"] } });
    expect(created.status, created.text).toBe(201);
    await expectProblem(
      await call("PUT", `/api/b2b/webhooks/${created.json.id}`, { headers: admin, body: { url: "http://192.168.1.1/x" } }),
      422,
    );
    expect((await org.db.webhook.findUniqueOrThrow({ where: { id: created.json.id } })).url).toBe(PUBLIC_URL);
  });
});

/** An endpoint written behind the API's back (as if the rules were different then). */
async function storedEndpoint(org: TestOrg, url: string) {
  return org.db.webhook.create({
    data: { organization_id: org.organizationId, url, events: ["sale.created"], secret_encrypted: encrypt("whsec_x") },
  });
}

async function emit(org: TestOrg) {
  await transaction(org.db, (tx) => emitEvent(tx, { type: "sale.created", data: { id: randomUUID() } }));
}

describe("the rules hold again when a delivery is sent", () => {
  it("a stored private address is refused at send time; nothing reaches it", async () => {
    const org = await newOrg();
    const inbox = await startReceiver();
    receivers.push(inbox);
    await storedEndpoint(org, inbox.url);
    await emit(org);
    await createDispatcher({ prisma: org.database.prisma, allowPrivate: false, organizations: [org.organizationId] }).runOnce();
    expect(inbox.received).toHaveLength(0);
    const delivery = await org.db.webhookDelivery.findFirstOrThrow({ include: { attempts_log: true } });
    expect(delivery).toMatchObject({ state: "PENDING", attempts: 1, last_status: null });
    expect(delivery.last_error).toMatch(/^refused: 127\.0\.0\.1 is a loopback/);
    expect(delivery.attempts_log).toHaveLength(1);
  });

  it("DNS rebinding: a name that resolved to a public address when written and to 127.0.0.1 when sent is refused", async () => {
    const org = await newOrg();
    const inbox = await startReceiver();
    receivers.push(inbox);
    const host = "hooks.rebinding.test";
    const hook = await createWebhook(
      org.db,
      { url: `http://${host}:${inbox.port}/hooks`, events: ["sale.created"], active: true, attributes: {} },
      { allowPrivate: false, resolve: async () => [{ address: "93.184.216.34", family: 4 }] },
    );
    await emit(org);
    const dispatcher = createDispatcher({
      prisma: org.database.prisma,
      allowPrivate: false,
      organizations: [org.organizationId],
      resolve: async (name) => (name === host ? [{ address: "127.0.0.1", family: 4 }] : []),
    });
    await dispatcher.runOnce();
    expect(inbox.received).toHaveLength(0);
    const delivery = await org.db.webhookDelivery.findFirstOrThrow({ where: { webhook_id: hook.id } });
    expect(delivery.last_error).toBe(`refused: ${host} resolves to 127.0.0.1, a loopback, private, link-local or reserved address`);

    // The same name resolving to a mapped IPv6 loopback: refused too.
    await org.db.webhookDelivery.update({ where: { id: delivery.id }, data: { next_attempt_at: new Date(0) } });
    await createDispatcher({
      prisma: org.database.prisma,
      allowPrivate: false,
      organizations: [org.organizationId],
      resolve: async () => [{ address: "::ffff:127.0.0.1", family: 6 }],
    }).runOnce();
    expect(inbox.received).toHaveLength(0);
  });
});

describe("webhooks are for admins of their own org", () => {
  it("MANAGER, SELLER and VIEWER get 403 on every webhook operation; access keys of those roles too", async () => {
    const org = await newOrg();
    const hook = await createWebhook(
      org.db,
      { url: PUBLIC_URL, events: ["sale.created"], active: true, attributes: {} },
      { allowPrivate: false },
    );
    for (const role of ["MANAGER", "SELLER", "VIEWER"] as const) {
      const headers = await org.bearer(role);
      await expectProblem(await call("GET", "/api/b2b/webhooks", { headers }), 403);
      await expectProblem(await call("POST", "/api/b2b/webhooks", { headers, body: { url: PUBLIC_URL, events: ["sale.created"] } }), 403);
      await expectProblem(await call("GET", `/api/b2b/webhooks/${hook.id}`, { headers }), 403);
      await expectProblem(await call("PUT", `/api/b2b/webhooks/${hook.id}`, { headers, body: { active: false } }), 403);
      await expectProblem(await call("DELETE", `/api/b2b/webhooks/${hook.id}`, { headers }), 403);
      await expectProblem(await call("GET", `/api/b2b/webhooks/${hook.id}/deliveries`, { headers }), 403);
      await expectProblem(await call("POST", `/api/b2b/webhooks/${hook.id}/test`, { headers }), 403);
    }
    await expectProblem(await call("GET", "/api/b2b/webhooks"), 401);
    expect(await org.db.webhook.count()).toBe(1);
  });

  it("another org's endpoint, delivery and sale are 404, exactly like missing ones", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const hook = await createWebhook(
      org.db,
      { url: PUBLIC_URL, events: ["sale.created"], active: true, attributes: {} },
      { allowPrivate: false },
    );
    await emit(org);
    const delivery = await org.db.webhookDelivery.findFirstOrThrow();
    const headers = await other.bearer("ADMIN");
    await expectProblem(await call("GET", `/api/b2b/webhooks/${hook.id}`, { headers }), 404);
    await expectProblem(await call("PUT", `/api/b2b/webhooks/${hook.id}`, { headers, body: { active: false } }), 404);
    await expectProblem(await call("DELETE", `/api/b2b/webhooks/${hook.id}`, { headers }), 404);
    await expectProblem(await call("GET", `/api/b2b/webhooks/${hook.id}/deliveries`, { headers }), 404);
    await expectProblem(await call("POST", `/api/b2b/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`, { headers }), 404);
    await expectProblem(await call("POST", `/api/b2b/webhooks/${hook.id}/test`, { headers }), 404);
    expect((await call("GET", "/api/b2b/webhooks", { headers })).json.total).toBe(0);

    // A delivery of one endpoint is not found under another endpoint of the same org either.
    const mine = await createWebhook(
      org.db,
      { url: PUBLIC_URL, events: ["order.created"], active: true, attributes: {} },
      { allowPrivate: false },
    );
    await expectProblem(
      await call("POST", `/api/b2b/webhooks/${mine.id}/deliveries/${delivery.id}/redeliver`, { headers: await org.bearer("ADMIN") }),
      404,
    );

    // Another org's event never reaches this org's endpoints.
    await transaction(other.db, (tx) => emitEvent(tx, { type: "sale.created", data: { id: "theirs" } }));
    expect(await org.db.webhookDelivery.count()).toBe(1);
    expect((await org.db.webhook.findUniqueOrThrow({ where: { id: hook.id } })).active).toBe(true);
  });

  it("the secret is never answered again, logged in the audit, or stored in clear", async () => {
    const org = await newOrg();
    const admin = await org.bearer("ADMIN");
    const key = { ...admin, "idempotency-key": randomUUID() };
    const created = await call("POST", "/api/b2b/webhooks", { headers: key, body: { url: PUBLIC_URL, events: ["sale.created"] } });
    expect(created.status).toBe(201);
    const secret: string = created.json.secret;
    // A one-time secret is never stored for a replay: the same key again is 409.
    const replay = await expectProblem(
      await call("POST", "/api/b2b/webhooks", { headers: key, body: { url: PUBLIC_URL, events: ["sale.created"] } }),
      409,
    );
    expect(JSON.stringify(replay)).not.toContain(secret);
    for (const path of [
      "/api/b2b/webhooks",
      `/api/b2b/webhooks/${created.json.id}`,
      `/api/b2b/webhooks/${created.json.id}/deliveries`,
      "/api/b2b/audit-events?entity=webhook",
    ]) {
      expect((await call("GET", path, { headers: admin })).text).not.toContain(secret);
    }
    const stored = await org.db.webhook.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(JSON.stringify(stored)).not.toContain(secret);
    // A client cannot choose the secret.
    const chosen = await call("POST", "/api/b2b/webhooks", {
      headers: admin,
      body: { url: PUBLIC_URL, events: ["sale.created"], secret: "mine" },
    });
    expect(chosen.json.secret).not.toBe("mine");
  });
});

describe("one org's slow receivers delay nobody else", () => {
  it("three hanging endpoints of one org, with deliveries queued first, hold neither another org's delivery nor their own org's fast endpoint", async () => {
    const slow = await newOrg();
    const other = await newOrg();
    const hanging = await startReceiver(() => "hang");
    const fast = await startReceiver();
    const theirs = await startReceiver();
    receivers.push(hanging, fast, theirs);
    for (const path of ["a", "b", "c"]) await storedEndpoint(slow, `${hanging.url}/${path}`);
    // Twenty deliveries to each hanging endpoint, due before anything else.
    for (let index = 0; index < 20; index++) await emit(slow);
    await storedEndpoint(slow, fast.url);
    await storedEndpoint(other, theirs.url);
    await slow.db.webhookDelivery.updateMany({
      where: { webhook: { url: { startsWith: hanging.url } } },
      data: { next_attempt_at: new Date(0) },
    });
    await slow.db.webhookDelivery.deleteMany({ where: { webhook: { url: fast.url } } });
    await emit(slow);
    await emit(other);

    const dispatcher = createDispatcher({
      prisma: slow.database.prisma,
      allowPrivate: true,
      timeoutMs: 20_000,
      organizations: [slow.organizationId, other.organizationId],
    });
    const started = performance.now();
    dispatcher.start();
    try {
      await Promise.all([theirs.waitFor(1), fast.waitFor(1)]);
      expect(performance.now() - started).toBeLessThan(5_000);
      // The hanging endpoints hold at most their own slots (4 each), not the dispatcher.
      expect(hanging.received.length).toBeLessThanOrEqual(12);
      const leased = await slow.db.webhookDelivery.groupBy({
        by: ["webhook_id"],
        where: { claim_token: { not: null }, state: "PENDING" },
        _count: true,
      });
      for (const group of leased) expect(group._count).toBeLessThanOrEqual(4);
      await expect.poll(async () => (await other.db.webhookDelivery.findFirstOrThrow()).state).toBe("SUCCEEDED");
    } finally {
      await dispatcher.stop();
    }
  });
});
