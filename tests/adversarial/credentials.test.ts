/**
 * Credentials under attack (issue 7, "High"): revocation holds on every instance at once,
 * tokens are what this server issues or nothing, and sign-in throttling cannot be
 * bypassed with a header or turned into a lock-out of the real user.
 */
import { createHash, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { claimLoginAttempt } from "@/server/auth/login-throttle";
import { hashPassword } from "@/server/auth/password";
import { issueAccessToken } from "@/server/auth/tokens";
import { env } from "@/server/env";
import { CLIENT_ADDRESS_HEADER, compileTrust } from "@/server/auth/client-address";
import { createAppServer } from "@/server/http/server";
import { api } from "@/server/root";
import { diskStorage } from "@/server/files/storage";
import { createRuntime } from "@/server/runtime";
import { callerWith, newOrg, testRuntime, unique } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

const secret = () => new TextEncoder().encode(env().AUTH_SECRET);

async function until(check: () => Promise<boolean>, ms = 2_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe("bearer tokens", () => {
  it("refuses tokens this server did not issue as they are: no exp, a subject that is not a user id, another audience", async () => {
    const org = await newOrg();
    const { id } = await org.db.user.findFirstOrThrow({ where: { email: org.adminEmail } });
    const sign = (claims: Record<string, unknown>, build: (jwt: SignJWT) => SignJWT) =>
      build(new SignJWT(claims).setProtectedHeader({ alg: "HS256" })).sign(secret());
    const tokens = [
      await sign({ org: org.organizationId, ver: 0 }, (jwt) => jwt.setSubject(id).setAudience("b2b-api").setIssuedAt()),
      await sign({ org: org.organizationId, ver: 0 }, (jwt) =>
        jwt.setSubject("not-a-uuid").setAudience("b2b-api").setIssuedAt().setExpirationTime("1h"),
      ),
      await sign({ org: org.organizationId, ver: 0 }, (jwt) =>
        jwt.setSubject("' OR 1=1 --").setAudience("b2b-api").setIssuedAt().setExpirationTime("1h"),
      ),
      await sign({ org: "x", ver: 0 }, (jwt) => jwt.setSubject(id).setAudience("b2b-api").setIssuedAt().setExpirationTime("1h")),
      await sign({ org: org.organizationId, ver: 0 }, (jwt) =>
        jwt.setSubject(id).setAudience("other").setIssuedAt().setExpirationTime("1h"),
      ),
      await sign({ org: org.organizationId }, (jwt) => jwt.setSubject(id).setAudience("b2b-api").setIssuedAt().setExpirationTime("1h")),
      `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ sub: id })).toString("base64url")}.`,
    ];
    for (const token of tokens) expectProblem(await call("GET", "/api/b2b/brands", { headers: { authorization: `Bearer ${token}` } }), 401);
    expectProblem(await call("GET", "/api/b2b/brands", { headers: { authorization: "Bearer a b" } }), 401);
  });

  it("ends a user's tokens on a password reset and on a deactivation; reactivation does not revive them", async () => {
    const org = await newOrg();
    const admin = await org.bearer();
    const created = await call("POST", "/api/b2b/users", {
      headers: admin,
      body: { name: "Ana", email: `${randomUUID()}@test.example`, role: "MANAGER", password: "password123" },
    });
    const login = await call("POST", "/api/b2b/auth/login", { body: { email: created.json.email, password: "password123" } });
    const theirs = { authorization: `Bearer ${login.json.access_token}` };
    expect((await call("GET", "/api/b2b/brands", { headers: theirs })).status).toBe(200);

    const reset = await call("PUT", `/api/b2b/users/${created.json.id}/reset-password`, { headers: admin });
    expect(reset.status).toBe(200);
    expectProblem(await call("GET", "/api/b2b/brands", { headers: theirs }), 401);

    const again = await call("POST", "/api/b2b/auth/login", {
      body: { email: created.json.email, password: reset.json.temporary_password },
    });
    const fresh = { authorization: `Bearer ${again.json.access_token}` };
    expect((await call("GET", "/api/b2b/brands", { headers: fresh })).status).toBe(200);
    await call("PUT", `/api/b2b/users/${created.json.id}`, { headers: admin, body: { active: false } });
    expectProblem(await call("GET", "/api/b2b/brands", { headers: fresh }), 401);
    await call("PUT", `/api/b2b/users/${created.json.id}`, { headers: admin, body: { active: true } });
    expectProblem(await call("GET", "/api/b2b/brands", { headers: fresh }), 401);
  });

  it("lets users change their own password with the current one, never reset it as an admin", async () => {
    const org = await newOrg();
    const admin = await org.bearer();
    const me = (await call("GET", "/api/b2b/account", { headers: admin })).json;
    expect(me.email).toBe(org.adminEmail);
    expectProblem(await call("PUT", `/api/b2b/users/${me.id}/reset-password`, { headers: admin }), 403);
    const wrong = expectProblem(
      await call("PUT", "/api/b2b/account/password", {
        headers: admin,
        body: { current_password: "nope", new_password: "new-password-1" },
      }),
      422,
    );
    expect(wrong.errors?.[0]?.path).toBe("current_password");
    expectProblem(
      await call("PUT", "/api/b2b/account/password", { headers: admin, body: { current_password: "password123", new_password: "short" } }),
      422,
    );
    expect(
      (
        await call("PUT", "/api/b2b/account/password", {
          headers: admin,
          body: { current_password: "password123", new_password: "new-password-1" },
        })
      ).status,
    ).toBe(204);
    expectProblem(await call("GET", "/api/b2b/brands", { headers: admin }), 401);
    expect((await call("POST", "/api/b2b/auth/login", { body: { email: org.adminEmail, password: "new-password-1" } })).status).toBe(200);
    const key = await (await org.as()).accessKeys.create({ name: unique("Key"), role: "ADMIN" }).catch(() => undefined);
    expect(key).toBeUndefined(); // the old token is over
  });
});

describe("revocation across instances", () => {
  it("stops a revoked key's writes at once on an instance that still caches it, and its reads as soon as NOTIFY arrives", async () => {
    const org = await newOrg();
    const shared = await testRuntime();
    // A second instance on the same database: its own credential cache and its own subscription.
    const other = await createRuntime(shared.database, { rateLimitPerMinute: 0, files: diskStorage("/tmp/unused") });
    try {
      const admin = await org.as();
      const key = await admin.accessKeys.create({ name: unique("ERP"), role: "ADMIN" });
      const viaOther = callerWith(other, { "x-service-access-key-token": key.token, "x-service-access-key-code": key.code });
      await viaOther.brands.list({}); // cached on the other instance

      await admin.accessKeys.remove({ id: key.id });
      // A write re-checks the key in its transaction: no window for minting a new admin key.
      await expect(viaOther.accessKeys.create({ name: unique("Minted"), role: "ADMIN" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(viaOther.brands.create({ name: unique("Late"), active: true, images: [], attributes: {} })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
      expect(await org.db.accessKey.count({ where: { name: { startsWith: "Minted" } } })).toBe(0);
      // Reads follow the notification.
      expect(
        await until(() =>
          viaOther.brands.list({}).then(
            () => false,
            () => true,
          ),
        ),
      ).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("applies a new role and a deactivation on the other instance at once, for writes", async () => {
    const org = await newOrg();
    const shared = await testRuntime();
    const other = await createRuntime(shared.database, { rateLimitPerMinute: 0, files: diskStorage("/tmp/unused") });
    try {
      const signedIn = async () => {
        const user = await org.db.user.create({
          data: {
            name: "Bia",
            email: `${randomUUID()}@test.example`,
            password_hash: await hashPassword("password123"),
            role: "MANAGER",
          } as never,
        });
        const { token } = await issueAccessToken({ userId: user.id, organizationId: org.organizationId, tokenVersion: 0 });
        const caller = callerWith(other, { authorization: `Bearer ${token}` });
        await caller.brands.create({ name: unique("Before"), active: true, images: [], attributes: {} }); // cached there now
        return { id: user.id, caller };
      };
      const demoted = await signedIn();
      await (await org.as()).users.update({ id: demoted.id, role: "VIEWER" });
      await expect(demoted.caller.brands.create({ name: unique("After"), active: true, images: [], attributes: {} })).rejects.toMatchObject(
        { code: "FORBIDDEN" },
      );

      const deactivated = await signedIn();
      await (await org.as()).users.update({ id: deactivated.id, active: false });
      await expect(
        deactivated.caller.brands.create({ name: unique("Gone"), active: true, images: [], attributes: {} }),
      ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      expect(
        await until(() =>
          deactivated.caller.brands.list({}).then(
            () => false,
            () => true,
          ),
        ),
      ).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe("sign-in throttling", () => {
  it("counts parallel attempts before checking any: of 40 at once, at most 6 are checked", async () => {
    const org = await newOrg();
    const address = `198.51.100.${Math.floor(Math.random() * 200)}`;
    const api = callerWith(org.runtime, {}, address);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => api.auth.login({ email: org.adminEmail, password: "wrong-guess" })),
    );
    const codes = results.map((result) => (result.status === "rejected" ? (result.reason as { code: string }).code : "OK"));
    expect(codes.filter((code) => code === "NOT_FOUND").length).toBeLessThanOrEqual(6);
    expect(codes.filter((code) => code === "TOO_MANY_REQUESTS").length).toBeGreaterThanOrEqual(34);
    // The real user, from their own address, is not locked out.
    const user = await callerWith(org.runtime, {}, "203.0.113.7").auth.login({ email: org.adminEmail, password: "password123" });
    expect(user.email).toBe(org.adminEmail);
  });

  it("grows the wait after the free attempts and clears the count on a success", async () => {
    const org = await newOrg();
    const api = callerWith(org.runtime, {}, `192.0.2.${Math.floor(Math.random() * 200)}`);
    for (let attempt = 0; attempt < 4; attempt++) await api.auth.login({ email: org.adminEmail, password: "wrong" }).catch(() => undefined);
    await api.auth.login({ email: org.adminEmail, password: "password123" });
    // Cleared: five more wrong attempts are checked (404), not refused.
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(api.auth.login({ email: org.adminEmail, password: "wrong" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    await expect(api.auth.login({ email: org.adminEmail, password: "wrong" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const throttled = await api.auth.login({ email: org.adminEmail, password: "wrong" }).catch((error: unknown) => error);
    expect(throttled).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  it("doubles the wait with every further attempt up to 15 minutes, and forgets a count after 15 quiet minutes", async () => {
    const { prisma } = (await testRuntime()).database;
    const email = `${randomUUID()}@nobody.example`;
    const address = `198.51.100.${Math.floor(Math.random() * 200)}`;
    const retryAfterOf = (result: Awaited<ReturnType<typeof claimLoginAttempt>>) =>
      "retryAfter" in result ? result.retryAfter : undefined;
    // The database's clock decides; time passes here by moving the counts' timestamps back.
    const waits: number[] = [];
    let pair = "";
    for (let attempt = 0; attempt < 17; attempt++) {
      const claimed = await claimLoginAttempt(prisma, email, address);
      if (!("keys" in claimed)) throw new Error(`attempt ${attempt + 1} was refused`);
      pair = claimed.keys[0]!;
      const [row] = await prisma.$queryRaw<Array<{ wait: number }>>`
        SELECT EXTRACT(EPOCH FROM blocked_until - updated_at)::int AS wait FROM login_throttles WHERE key = ${pair}`;
      waits.push(row!.wait);
      if (attempt === 16) break;
      // Asked again at once (checked where the wait is long enough for a busy machine).
      if (row!.wait >= 8) expect(retryAfterOf(await claimLoginAttempt(prisma, email, address))).toBeLessThanOrEqual(row!.wait);
      // A second back, not `now()`: the column keeps milliseconds, and `now()` rounded up to the
      // next one is still ahead of a claim made within half a millisecond (a fast machine).
      await prisma.$executeRaw`UPDATE login_throttles SET blocked_until = now() - interval '1 second' WHERE key = ${pair}`;
    }
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(retryAfterOf(await claimLoginAttempt(prisma, email, address))).toBeGreaterThan(890);
    await prisma.$executeRaw`UPDATE login_throttles SET updated_at = now() - interval '16 minutes' WHERE key = ${pair}`;
    expect(await claimLoginAttempt(prisma, email, address)).toEqual({ keys: [pair, expect.any(String)] });
    const [row] = await prisma.$queryRaw<Array<{ failures: number }>>`SELECT failures FROM login_throttles WHERE key = ${pair}`;
    expect(row!.failures).toBe(1);
  });

  it("counts a refused attempt on neither its email nor its address (it checked no password)", async () => {
    const { prisma } = (await testRuntime()).database;
    const address = `198.51.100.${Math.floor(Math.random() * 200)}`;
    const placeKey = createHash("sha256").update(`address:${address}`).digest("hex");
    const failuresOf = async (key: string) =>
      (await prisma.$queryRaw<Array<{ failures: number }>>`SELECT failures FROM login_throttles WHERE key = ${key}`)[0]?.failures ?? 0;
    const before = await failuresOf(placeKey);
    // One email: six attempts checked (the sixth starts a wait), then ten refused on the email.
    const email = `${randomUUID()}@nobody.example`;
    for (let attempt = 0; attempt < 6; attempt++) expect(await claimLoginAttempt(prisma, email, address)).toHaveProperty("keys");
    for (let attempt = 0; attempt < 10; attempt++) expect(await claimLoginAttempt(prisma, email, address)).toHaveProperty("retryAfter");
    expect(await failuresOf(placeKey)).toBe(before + 6);

    // The address refuses (its free attempts used): another email's count is left as it was.
    await prisma.$executeRaw`UPDATE login_throttles SET failures = 60, blocked_until = now() + interval '1 minute' WHERE key = ${placeKey}`;
    const other = `${randomUUID()}@nobody.example`;
    const otherPair = createHash("sha256").update(`pair:${other}|${address}`).digest("hex");
    for (let attempt = 0; attempt < 3; attempt++) expect(await claimLoginAttempt(prisma, other, address)).toHaveProperty("retryAfter");
    expect(await failuresOf(otherPair)).toBe(0);
    expect(await failuresOf(placeKey)).toBe(60);
    await prisma.$executeRaw`UPDATE login_throttles SET blocked_until = now() WHERE key = ${placeKey}`;
    expect(await claimLoginAttempt(prisma, other, address)).toHaveProperty("keys");
    expect(await failuresOf(otherPair)).toBe(1);
  });

  it("does not believe X-Forwarded-For from a caller that is not a trusted proxy", async () => {
    const email = `${randomUUID()}@nobody.example`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const answer = await call("POST", "/api/b2b/auth/login", {
        headers: { "x-forwarded-for": `10.0.${attempt}.1`, "x-real-ip": `10.1.${attempt}.1` },
        body: { email, password: "wrong" },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 6)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it("overwrites whatever x-b2b-client-address a client sends before the panel (next-auth's sign-in) reads it", async () => {
    const seen: unknown[] = [];
    const { server } = createAppServer(await testRuntime(), api, async (req, res) => {
      seen.push(req.headers[CLIENT_ADDRESS_HEADER]);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await call("POST", "/api/auth/callback/credentials", {
        base,
        headers: { [CLIENT_ADDRESS_HEADER]: "203.0.113.9" },
        body: "email=a%40b.example",
      });
      await call("GET", "/sign-in", { base, headers: { "x-forwarded-for": "198.51.100.4" } });
    } finally {
      server.close();
    }
    expect(seen).toEqual(["127.0.0.1", "127.0.0.1"]);
  });

  it("trusts forwarded addresses only from the proxies TRUST_PROXY names", () => {
    expect(compileTrust(undefined)("127.0.0.1", 0)).toBe(false);
    expect(compileTrust("false")("127.0.0.1", 0)).toBe(false);
    expect(compileTrust("loopback")("127.0.0.1", 0)).toBe(true);
    expect(compileTrust("loopback")("10.0.0.1", 0)).toBe(false);
    expect(compileTrust("10.0.0.0/8, 192.168.1.1")("10.2.3.4", 1)).toBe(true);
    expect(compileTrust("1")("10.0.0.1", 0)).toBe(true);
    expect(compileTrust("1")("10.0.0.1", 1)).toBe(false);
  });
});
