/**
 * Idempotency-Key (contract §6; issue 7 "Medium"): claimed after authentication and per
 * caller, completed in the write's transaction, a short lease for requests that died,
 * no replay of one-time secrets and nothing stored for failures.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { TRANSACTION_OPTIONS } from "@/server/db/transaction";
import { idempotencyRequest } from "@/server/http/idempotency";
import { newOrg, unique } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

/**
 * Hooks around the write transaction of one request (by its X-Request-Id): `before` runs
 * once the key is claimed and before the transaction starts, `after` once it committed,
 * before anything else of the request (a throw there is the process dying right then).
 */
const hooks = vi.hoisted(() => new Map<string, { before?: () => Promise<void>; after?: () => void }>());
vi.mock("@/server/db/transaction", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/server/db/transaction")>();
  return {
    ...actual,
    async transaction<T>(...args: Parameters<typeof actual.transaction<T>>): Promise<T> {
      const hook = hooks.get(args[2]?.requestId ?? "");
      await hook?.before?.();
      const result = await actual.transaction(...args);
      hook?.after?.();
      return result;
    },
  };
});

// The first org migrates the database: on a busy machine that alone may take most of a test's time.
beforeAll(() => newOrg().then(() => undefined), 180_000);

const records = async (prisma: Awaited<ReturnType<typeof newOrg>>["database"]["prisma"], key: string) =>
  prisma.idempotencyRecord.findMany({ where: { key } });

describe("Idempotency-Key", () => {
  it("replays the first answer for the same request and refuses the key with another one", async () => {
    const org = await newOrg();
    const key = randomUUID();
    const headers = { ...(await org.bearer()), "idempotency-key": key };
    const body = { name: unique("Once"), active: true };
    const first = await call("POST", "/api/b2b/brands", { headers, body });
    expect(first.status).toBe(201);
    const again = await call("POST", "/api/b2b/brands", { headers, body });
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json).toEqual(first.json);
    expect(await org.db.brand.count()).toBe(1);
    const other = expectProblem(await call("POST", "/api/b2b/brands", { headers, body: { ...body, name: unique("Other") } }), 422);
    expect(other.errors?.[0]?.path).toBe("Idempotency-Key");
  });

  it("is claimed only after authentication and keyed by the caller: strangers cannot fill or read it", async () => {
    const org = await newOrg();
    const key = randomUUID();
    const body = { name: unique("Mine"), active: true };
    expectProblem(await call("POST", "/api/b2b/brands", { headers: { "idempotency-key": key }, body }), 401);
    expectProblem(
      await call("POST", "/api/b2b/brands", { headers: { ...(await org.bearer("VIEWER")), "idempotency-key": key }, body }),
      403,
    );
    expect(await records(org.database.prisma, key)).toEqual([]);
    const mine = await call("POST", "/api/b2b/brands", { headers: { ...(await org.bearer()), "idempotency-key": key }, body });
    const theirs = await call("POST", "/api/b2b/brands", {
      headers: { ...(await org.bearer("MANAGER")), "idempotency-key": key },
      body: { ...body, name: unique("Theirs") },
    });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.json.id).not.toBe(mine.json.id);
    expect((await records(org.database.prisma, key)).map((record) => record.credential.split(":")[0]).sort()).toEqual(["user", "user"]);
  });

  it("stores no failure: a refused write frees the key for the corrected request", async () => {
    const org = await newOrg();
    const headers = { ...(await org.bearer()), "idempotency-key": randomUUID() };
    expectProblem(await call("POST", "/api/b2b/brands", { headers, body: { name: "", active: true } }), 422);
    expect((await call("POST", "/api/b2b/brands", { headers, body: { name: unique("Fixed"), active: true } })).status).toBe(201);
  });

  it("answers 409 while the first request runs, and takes the key over once that request's lease ran out", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const me = (await call("GET", "/api/b2b/account", { headers })).json;
    const body = { name: unique("Leased"), active: true };
    const hash = idempotencyRequest("k", "POST", "/api/b2b/brands", JSON.stringify(body)).requestHash;
    const key = randomUUID();
    const record = await org.database.prisma.idempotencyRecord.create({
      data: { credential: `user:${me.id}`, key, request_hash: hash, locked_until: new Date(Date.now() + 60_000) },
    });
    expectProblem(await call("POST", "/api/b2b/brands", { headers: { ...headers, "idempotency-key": key }, body }), 409);
    // The first request died without committing: its lease ends, the key is free again.
    await org.database.prisma.idempotencyRecord.update({ where: { id: record.id }, data: { locked_until: new Date(Date.now() - 1_000) } });
    const retried = await call("POST", "/api/b2b/brands", { headers: { ...headers, "idempotency-key": key }, body });
    expect(retried.status).toBe(201);
    const [stored] = await records(org.database.prisma, key);
    expect(stored).toMatchObject({ status: 201, locked_until: null });
    expect(JSON.parse(stored!.body!).id).toBe(retried.json.id);
  });

  it("completes the record in the write's own transaction: a crash right after the commit leaves a replay, never a second write", async () => {
    const org = await newOrg();
    const key = randomUUID();
    const requestId = `crash-${randomUUID()}`;
    const headers = { ...(await org.bearer()), "idempotency-key": key };
    const body = { name: unique("Crash"), active: true };
    hooks.set(requestId, {
      after: () => {
        throw new Error("the process died after the commit, before answering");
      },
    });
    expect((await call("POST", "/api/b2b/brands", { headers: { ...headers, "x-request-id": requestId }, body })).status).toBe(500);
    // The write committed, and its answer with it.
    const [brand] = await org.db.brand.findMany();
    const [stored] = await records(org.database.prisma, key);
    expect(stored).toMatchObject({ status: 201, locked_until: null });
    expect(JSON.parse(stored!.body!).id).toBe(brand!.id);
    const retried = await call("POST", "/api/b2b/brands", { headers, body });
    expect(retried.status).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBe("true");
    expect(retried.json.id).toBe(brand!.id);
    expect(await org.db.brand.count()).toBe(1);
  });

  it("holds the claim longer than its write may take, the 10-minute index rebuild included, so no retry takes over a running request", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const writes = [
      { path: "/api/b2b/brands", body: { name: unique("Lease"), active: true }, timeoutMs: TRANSACTION_OPTIONS.timeout },
      { path: "/api/b2b/products/search/synchronize", body: {}, timeoutMs: 10 * 60_000 },
    ];
    for (const { path, body, timeoutMs } of writes) {
      const key = randomUUID();
      const requestId = `lease-${randomUUID()}`;
      let lease: number | undefined;
      let retry: number | undefined;
      hooks.set(requestId, {
        async before() {
          const [claimed] = await records(org.database.prisma, key);
          lease = (claimed!.locked_until!.getTime() - claimed!.created_at.getTime()) / 1000;
          // A retry while the first request runs is told to wait, whatever the lease.
          retry = (await call("POST", path, { headers: { ...headers, "idempotency-key": key }, body })).status;
        },
      });
      const answer = await call("POST", path, { headers: { ...headers, "idempotency-key": key, "x-request-id": requestId }, body });
      expect(answer.status, answer.text).toBeLessThan(300);
      expect(retry).toBe(409);
      // Waiting for a connection, then running to its limit, and a margin.
      expect(lease, path).toBeGreaterThan((TRANSACTION_OPTIONS.maxWait + timeoutMs) / 1000);
    }
  });

  it("never stores a one-time secret: the replay of an access key's creation is a 409 naming the key", async () => {
    const org = await newOrg();
    const key = randomUUID();
    const headers = { ...(await org.bearer()), "idempotency-key": key };
    const created = await call("POST", "/api/b2b/access-keys", { headers, body: { name: unique("ERP"), role: "VIEWER" } });
    expect(created.status).toBe(201);
    const [stored] = await records(org.database.prisma, key);
    expect(stored).toMatchObject({ status: 201, body: null, secret_withheld: true, resource_id: created.json.id });
    const replay = expectProblem(
      await call("POST", "/api/b2b/access-keys", { headers, body: { name: created.json.name, role: "VIEWER" } }),
      409,
    );
    expect(replay.detail).toContain(created.json.id);
    expect(JSON.stringify(await records(org.database.prisma, key))).not.toContain(created.json.code);
  });

  it("never stores a temporary password or a webhook's signing secret: their replays are 409s naming the record", async () => {
    const org = await newOrg();
    const admin = await org.bearer();
    const user = { name: unique("Temp"), email: `${randomUUID()}@test.example`, role: "VIEWER" };
    const created = new Map<string, string>();
    const writes = [
      { method: "POST", path: "/api/b2b/users", body: user, secret: "temporary_password", status: 201 },
      {
        method: "PUT",
        path: () => `/api/b2b/users/${created.get("/api/b2b/users")}/reset-password`,
        body: undefined,
        secret: "temporary_password",
        status: 200,
      },
      {
        method: "POST",
        path: "/api/b2b/webhooks",
        body: { url: "http://93.184.216.34/hooks", events: ["sale.created"] },
        secret: "secret",
        status: 201,
      },
    ];
    for (const write of writes) {
      const path = typeof write.path === "string" ? write.path : write.path();
      const key = randomUUID();
      const headers = { ...admin, "idempotency-key": key };
      const first = await call(write.method, path, { headers, body: write.body });
      expect(first.status, first.text).toBe(write.status);
      const secret: string = first.json[write.secret];
      expect(secret, path).toMatch(/^\S{8,}$/);
      created.set(path, first.json.id);
      const [stored] = await records(org.database.prisma, key);
      expect(stored, path).toMatchObject({ status: write.status, body: null, secret_withheld: true, resource_id: first.json.id });
      const replay = expectProblem(await call(write.method, path, { headers, body: write.body }), 409);
      expect(replay.detail).toContain(first.json.id);
      expect(JSON.stringify(replay)).not.toContain(secret);
      expect(JSON.stringify(await records(org.database.prisma, key))).not.toContain(secret);
    }
  });

  it("refuses a malformed key", async () => {
    const org = await newOrg();
    const headers = { ...(await org.bearer()), "idempotency-key": "x".repeat(300) };
    expectProblem(await call("POST", "/api/b2b/brands", { headers, body: { name: unique("Key"), active: true } }), 422);
  });
});
