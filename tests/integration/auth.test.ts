import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { issueAccessToken } from "@/server/auth/tokens";
import { callerWith, newOrg, testRuntime, unique } from "../helpers/database";

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: TRPCError) => error,
  );

describe("login", () => {
  it("answers the login user with a bearer token that works, without the password", async () => {
    const org = await newOrg();
    const api = callerWith(org.runtime);
    const result = await api.auth.login({ email: org.adminEmail.toUpperCase(), password: "password123" });
    expect(result).toMatchObject({ email: org.adminEmail, organization_id: org.organizationId, role: "ADMIN", token_type: "Bearer" });
    expect(result.expires_in).toBeGreaterThan(0);
    expect(result).not.toHaveProperty("password");
    expect(result).not.toHaveProperty("password_hash");
    const authed = callerWith(org.runtime, { authorization: `Bearer ${result.access_token}` });
    expect((await authed.brands.list({})).total).toBe(0);
  });

  it("answers 404 alike for an unknown email and a wrong password, and 429 after repeated failures", async () => {
    const org = await newOrg();
    const api = callerWith(org.runtime);
    const wrong = await failure(api.auth.login({ email: org.adminEmail, password: "wrong-password" }));
    const unknown = await failure(api.auth.login({ email: `${unique("x").replace(" ", "")}@nowhere.example`, password: "password123" }));
    expect(wrong.code).toBe("NOT_FOUND");
    expect(unknown.code).toBe("NOT_FOUND");
    expect(wrong.message).toBe(unknown.message);
    // Six attempts of one email from one address are checked at once; the next must wait, even with the right password.
    for (let attempt = 0; attempt < 5; attempt++) await failure(api.auth.login({ email: org.adminEmail, password: "wrong" }));
    const throttled = await failure(api.auth.login({ email: org.adminEmail, password: "password123" }));
    expect(throttled.code).toBe("TOO_MANY_REQUESTS");
  });

  it("refuses a malformed body with 422", async () => {
    const api = callerWith(await testRuntime());
    expect((await failure(api.auth.login({ email: "", password: "" }))).code).toBe("UNPROCESSABLE_CONTENT");
  });

  it("answers 401 without credentials, with a bad token, and for a deactivated user", async () => {
    const org = await newOrg();
    expect((await failure(callerWith(org.runtime).brands.list({}))).code).toBe("UNAUTHORIZED");
    expect((await failure(callerWith(org.runtime, { authorization: "Bearer nope" }).brands.list({}))).code).toBe("UNAUTHORIZED");
    const user = await org.database.prisma.user.findUniqueOrThrow({ where: { email: org.adminEmail } });
    await org.database.prisma.user.update({ where: { id: user.id }, data: { active: false } });
    const { token } = await issueAccessToken({ userId: user.id, organizationId: org.organizationId, tokenVersion: 0 });
    expect((await failure(callerWith(org.runtime, { authorization: `Bearer ${token}` }).brands.list({}))).code).toBe("UNAUTHORIZED");
  });
});

describe("access keys", () => {
  it("creates a key whose code is shown once, authenticates with the pair, and revokes it", async () => {
    const org = await newOrg();
    const admin = await org.as();
    const key = await admin.accessKeys.create({ name: unique("ERP"), role: "MANAGER" });
    expect(key.code.length).toBeGreaterThan(20);
    const listed = await admin.accessKeys.list({});
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).not.toHaveProperty("code");
    const stored = await org.db.accessKey.findFirstOrThrow({ where: { id: key.id } });
    expect(stored.code_hash).not.toContain(key.code);

    const erp = callerWith(org.runtime, { "x-service-access-key-token": key.token, "x-service-access-key-code": key.code });
    await erp.brands.create({ name: unique("From ERP"), active: true, images: [], attributes: {} });
    const badCode = callerWith(org.runtime, { "x-service-access-key-token": key.token, "x-service-access-key-code": "wrong" });
    expect((await failure(badCode.brands.list({}))).code).toBe("UNAUTHORIZED");

    expect((await failure(erp.accessKeys.list({}))).code).toBe("FORBIDDEN");
    await admin.accessKeys.remove({ id: key.id });
    expect((await failure(erp.brands.list({}))).code).toBe("UNAUTHORIZED");
  });

  it("does not let one org revoke another org's key", async () => {
    const mine = await (await newOrg()).as();
    const theirs = await (await newOrg()).as();
    const key = await mine.accessKeys.create({ name: unique("Key"), role: "VIEWER" });
    expect((await failure(theirs.accessKeys.remove({ id: key.id }))).code).toBe("NOT_FOUND");
  });
});
