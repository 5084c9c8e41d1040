/** Login, credentials and access keys over REST (contract §2), and the panel's tRPC endpoint answering the same statuses. */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { issueAccessToken } from "@/server/auth/tokens";
import { newOrg, unique } from "../helpers/database";
import { call, expectProblem, restAs } from "../helpers/http";

const login = (body: unknown, headers: Record<string, string> = {}) => call("POST", "/api/b2b/auth/login", { body, headers });

describe("POST /auth/login", () => {
  it("answers the login user with a bearer token that works, and no password", async () => {
    const org = await newOrg();
    const answer = await login({ email: org.adminEmail.toUpperCase(), password: "password123" });
    expect(answer.status).toBe(200);
    const body = answer.json;
    expect(body).toMatchObject({
      email: org.adminEmail,
      organization_id: org.organizationId,
      role: "ADMIN",
      token_type: "Bearer",
      active: true,
    });
    for (const field of ["id", "organization_id", "access_token"]) expect(typeof body[field]).toBe("string");
    expect(body.expires_in).toBeGreaterThan(0);
    for (const field of [
      "fiscal_registration_number",
      "seller_id",
      "email_confirmed",
      "is_change_password_next_access",
      "is_access_request",
      "access_request_status",
      "profile",
    ]) {
      expect(body).toHaveProperty(field);
    }
    for (const field of ["password", "password_hash"]) expect(body).not.toHaveProperty(field);
    expect(answer.text).not.toContain("scrypt");
    expect((await restAs({ authorization: `Bearer ${body.access_token}` }).get("/brands")).json.total).toBe(0);
  });

  it("answers 404 with the same body for a wrong password and an unknown email, and 429 with Retry-After after repeated failures", async () => {
    const org = await newOrg();
    const wrong = expectProblem(await login({ email: org.adminEmail, password: "not-it-at-all" }), 404);
    const unknown = expectProblem(await login({ email: `${randomUUID()}@nobody.example`, password: "password123" }), 404);
    expect(wrong).toEqual(unknown);
    // Six attempts of one email from one address are checked; the next must wait, even with the right password.
    for (let attempt = 0; attempt < 5; attempt++) expectProblem(await login({ email: org.adminEmail, password: "wrong" }), 404);
    const throttled = await login({ email: org.adminEmail, password: "password123" });
    expectProblem(throttled, 429);
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("answers 422 for a malformed body, naming the fields, and for a body that is not JSON", async () => {
    const malformed = expectProblem(await login({ email: 42 }), 422);
    expect(malformed.errors?.map((error) => error.path)).toEqual(expect.arrayContaining(["email", "password"]));
    expectProblem(await login({ email: "", password: "" }), 422);
    expectProblem(await call("POST", "/api/b2b/auth/login", { headers: { "content-type": "application/json" }, body: "{not json" }), 422);
  });
});

describe("credentials", () => {
  it("every endpoint but login and the document needs them (401 problem), and a deactivated user's token stops working", async () => {
    const org = await newOrg();
    expectProblem(await call("GET", "/api/b2b/brands"), 401);
    const refused: Array<Record<string, string>> = [
      { authorization: "Bearer not-a-token" },
      { authorization: "Basic abc" },
      { "x-service-access-key-token": "ak_nope", "x-service-access-key-code": "nope" },
    ];
    for (const headers of refused) expectProblem(await restAs(headers).get("/brands"), 401);
    expect((await call("GET", "/api/b2b/openapi.json")).status).toBe(200);
    const user = await org.database.prisma.user.findUniqueOrThrow({ where: { email: org.adminEmail } });
    await org.database.prisma.user.update({ where: { id: user.id }, data: { active: false } });
    const { token } = await issueAccessToken({ userId: user.id, organizationId: org.organizationId, tokenVersion: 0 });
    expectProblem(await restAs({ authorization: `Bearer ${token}` }).get("/brands"), 401);
  });

  it("the panel's tRPC endpoint answers the same statuses as REST", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const invalid = await call("POST", "/api/trpc/brands.create", { headers, body: { name: "", active: true } });
    expect(invalid.status).toBe(422);
    expect(invalid.json.error.data.problem.errors[0].path).toBe("name");
    expect((await call("GET", "/api/trpc/brands.list?input=%7B%7D")).status).toBe(401);
    const missing = await call("GET", `/api/trpc/brands.get?input=${encodeURIComponent(JSON.stringify({ id: randomUUID() }))}`, {
      headers,
    });
    expect(missing.status).toBe(404);
  });
});

describe("access keys", () => {
  const keyHeaders = (key: { token: string; code: string }) => ({
    "x-service-access-key-token": key.token,
    "x-service-access-key-code": key.code,
  });

  it("a key's code is answered once and stored only hashed; the pair authenticates with its role; a revoked key no longer does", async () => {
    const org = await newOrg();
    const admin = restAs(await org.bearer());
    const created = await admin.post("/access-keys", { name: unique("ERP"), role: "MANAGER" });
    expect(created.status).toBe(201);
    const key = created.json;
    expect(Object.keys(key).sort()).toEqual(["code", "id", "name", "role", "token"]);
    expect(key.code.length).toBeGreaterThan(20);
    expect((await org.db.accessKey.findFirstOrThrow({ where: { id: key.id } })).code_hash).not.toContain(key.code);

    const manager = restAs(keyHeaders(key));
    expect((await manager.post("/brands", { name: unique("Via key"), active: true })).status).toBe(201);
    expectProblem(await manager.get("/access-keys"), 403);
    expectProblem(await restAs(keyHeaders({ token: key.token, code: "wrong" })).get("/brands"), 401);
    const viewer = restAs(keyHeaders((await admin.post("/access-keys", { name: unique("BI"), role: "VIEWER" })).json));
    expect((await viewer.get("/brands")).status).toBe(200);
    expectProblem(await viewer.post("/brands", { name: "x", active: true }), 403);

    const listed = (await admin.get("/access-keys?perPage=100")).json.items.find((item: { id: string }) => item.id === key.id);
    expect(listed).toMatchObject({ role: "MANAGER", token: key.token });
    expect(listed).not.toHaveProperty("code");

    expect((await admin.delete(`/access-keys/${key.id}`)).status).toBe(204);
    expectProblem(await manager.get("/brands"), 401);
    expectProblem(await admin.delete(`/access-keys/${key.id}`), 404);
  });

  it("creation is validated (422 per field); another org cannot revoke a key (404)", async () => {
    const admin = restAs(await (await newOrg()).bearer());
    const invalid = expectProblem(await admin.post("/access-keys", { name: "", role: "ROOT" }), 422);
    expect(invalid.errors?.map((error) => error.path).sort()).toEqual(["name", "role"]);
    const key = (await admin.post("/access-keys", { name: unique("Key"), role: "VIEWER" })).json;
    expectProblem(await restAs(await (await newOrg()).bearer()).delete(`/access-keys/${key.id}`), 404);
  });
});
