import { ADMIN, API, expect, expectProblem, test, unique } from "../fixtures";

test.describe("POST /auth/login", () => {
  test("answers the login user with a bearer token and no password", async ({ request }) => {
    const response = await request.post(`${API}/auth/login`, { data: ADMIN });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ email: ADMIN.email, token_type: "Bearer", active: true, role: "ADMIN" });
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
    expect(body).not.toHaveProperty("password");
    expect(JSON.stringify(body)).not.toContain("scrypt");
  });

  test("answers 404 with the same body for a wrong password and an unknown email", async ({ request }) => {
    const wrong = await expectProblem(await request.post(`${API}/auth/login`, { data: { ...ADMIN, password: "not-it-at-all" } }), 404);
    const unknown = await expectProblem(
      await request.post(`${API}/auth/login`, { data: { email: `${Date.now()}@nobody.example`, password: "x" } }),
      404,
    );
    expect(wrong).toEqual(unknown);
  });

  test("answers 422 for a malformed body and 429 after repeated failures", async ({ request }) => {
    const malformed = await expectProblem(await request.post(`${API}/auth/login`, { data: { email: 42 } }), 422);
    expect(malformed.errors?.map((error) => error.path)).toEqual(expect.arrayContaining(["email", "password"]));
    await expectProblem(
      await request.post(`${API}/auth/login`, { headers: { "content-type": "application/json" }, data: "{not json" }),
      422,
    );
    const email = `${Date.now()}-throttle@nobody.example`;
    const attempt = () => request.post(`${API}/auth/login`, { data: { email, password: "wrong" } });
    // Five attempts from one address are checked at once.
    for (let done = 0; done < 5; done++) await expectProblem(await attempt(), 404);
    // The sixth is checked and makes the next wait (1 s): two at once, so that wait cannot
    // run out before the seventh arrives on a busy machine (checking a password is slow).
    const pair = await Promise.all([attempt(), attempt()]);
    expect(pair.map((answer) => answer.status()).sort()).toEqual([404, 429]);
    const throttled = pair.find((answer) => answer.status() === 429)!;
    await expectProblem(throttled, 429);
    expect(Number(throttled.headers()["retry-after"])).toBeGreaterThan(0);
  });
});

test.describe("panel sign-in (next-auth)", () => {
  test("is throttled with POST /auth/login's counts, by the address the server saw, whatever x-b2b-client-address the client sends", async ({
    request,
    admin,
  }) => {
    const email = `panel-${Date.now()}-${Math.floor(Math.random() * 1e6)}@test.example`;
    const password = "right-password-1";
    expect(
      (await request.post(`${API}/users`, { headers: admin, data: { name: unique("Panel"), email, role: "VIEWER", password } })).status(),
    ).toBe(201);
    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    let attempt = 0;
    /** One sign-in as the panel's form sends it; answers next-auth's error, or null when signed in. */
    const signIn = async (secret: string) => {
      const answer = await request.post("/api/auth/callback/credentials", {
        // Were this believed, every attempt would count for another address and none would be refused.
        headers: { "x-b2b-client-address": `203.0.113.${++attempt}` },
        form: { email, password: secret, csrfToken, json: "true" },
        maxRedirects: 0,
      });
      return new URL((await answer.json()).url).searchParams.get("error");
    };
    // Six wrong attempts are checked (the sixth starts a wait of 1 s), then each one waits
    // twice as long as the one before: after the eighth, 4 s, time enough for the check below.
    let checked = 0;
    while (checked < 8) {
      const error = await signIn("wrong-password");
      if (error === "CredentialsSignin") checked++;
      else {
        expect(checked, "refused before the free attempts were used").toBeGreaterThanOrEqual(6);
        expect(error).toMatch(/too many sign-in attempts/i);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    // Refused before its password is checked: the right one does not sign in.
    expect(await signIn(password)).toMatch(/too many sign-in attempts/i);
    expect(await (await request.get("/api/auth/session")).json()).toEqual({});
    // One count for both doors: the API refuses this email from this address too.
    const api = await request.post(`${API}/auth/login`, { data: { email, password } });
    await expectProblem(api, 429);
    expect(Number(api.headers()["retry-after"])).toBeGreaterThan(0);
  });
});

test.describe("credentials", () => {
  test("every endpoint but login and the document needs them (401 problem)", async ({ request }) => {
    await expectProblem(await request.get(`${API}/brands`), 401);
    await expectProblem(await request.get(`${API}/brands`, { headers: { authorization: "Bearer not-a-token" } }), 401);
    await expectProblem(await request.get(`${API}/brands`, { headers: { authorization: "Basic abc" } }), 401);
    await expectProblem(
      await request.get(`${API}/brands`, { headers: { "x-service-access-key-token": "ak_nope", "x-service-access-key-code": "nope" } }),
      401,
    );
    expect((await request.get(`${API}/openapi.json`)).status()).toBe(200);
  });

  test("an access key pair authenticates with its role; a revoked key no longer does", async ({ request, admin, keyFor }) => {
    const manager = await keyFor("MANAGER");
    const created = await request.post(`${API}/brands`, { headers: manager, data: { name: unique("Via key"), active: true } });
    expect(created.status()).toBe(201);
    const viewer = await keyFor("VIEWER");
    expect((await request.get(`${API}/brands`, { headers: viewer })).status()).toBe(200);
    await expectProblem(await request.post(`${API}/brands`, { headers: viewer, data: { name: "x", active: true } }), 403);
    await expectProblem(await request.get(`${API}/access-keys`, { headers: manager }), 403);

    const list = await request.get(`${API}/access-keys?perPage=100`, { headers: admin });
    expect(list.status()).toBe(200);
    const listed = (await list.json()).items.find((item: { id: string }) => item.id === manager.id);
    expect(listed).toMatchObject({ role: "MANAGER", token: manager["x-service-access-key-token"] });
    expect(listed).not.toHaveProperty("code");

    const revoked = await request.delete(`${API}/access-keys/${manager.id}`, { headers: admin });
    expect(revoked.status()).toBe(204);
    await expectProblem(await request.get(`${API}/brands`, { headers: manager }), 401);
    await expectProblem(await request.delete(`${API}/access-keys/${manager.id}`, { headers: admin }), 404);
  });

  test("access key creation is validated and answers the code once", async ({ request, admin }) => {
    const invalid = await expectProblem(
      await request.post(`${API}/access-keys`, { headers: admin, data: { name: "", role: "ROOT" } }),
      422,
    );
    expect(invalid.errors?.map((error) => error.path).sort()).toEqual(["name", "role"]);
    const response = await request.post(`${API}/access-keys`, { headers: admin, data: { name: unique("ERP"), role: "SELLER" } });
    expect(response.status()).toBe(201);
    expect(Object.keys(await response.json()).sort()).toEqual(["code", "id", "name", "role", "token"]);
  });
});

test.describe("limits", () => {
  test("a body over 1 MiB is 413", async ({ request, admin }) => {
    const response = await request.post(`${API}/brands`, {
      headers: admin,
      data: { name: "big", active: true, attributes: { blob: "x".repeat(1024 * 1024 + 10) } },
    });
    await expectProblem(response, 413);
  });

  test("Idempotency-Key replays the first answer and refuses another body", async ({ request, admin }) => {
    const key = `key-${Date.now()}-${Math.random()}`;
    const name = unique("Idempotent");
    const first = await request.post(`${API}/brands`, { headers: { ...admin, "idempotency-key": key }, data: { name, active: true } });
    const again = await request.post(`${API}/brands`, { headers: { ...admin, "idempotency-key": key }, data: { name, active: true } });
    expect(first.status()).toBe(201);
    expect(again.status()).toBe(201);
    expect((await again.json()).id).toBe((await first.json()).id);
    const list = await request.get(`${API}/brands?search=${encodeURIComponent(name)}`, { headers: admin });
    expect((await list.json()).total).toBe(1);
    await expectProblem(
      await request.post(`${API}/brands`, { headers: { ...admin, "idempotency-key": key }, data: { name: `${name} other`, active: true } }),
      422,
    );
  });
});

test.describe("documents", () => {
  test("the OpenAPI 3.1 document lists the real success codes and security schemes", async ({ request }) => {
    const document = await (await request.get(`${API}/openapi.json`)).json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths["/brands"].post.responses)).toContain("201");
    expect(Object.keys(document.paths["/brands/{id}"].delete.responses)).toContain("204");
    expect(Object.keys(document.components.securitySchemes)).toEqual(["bearer", "accessKeyToken", "accessKeyCode"]);
  });

  test("tRPC answers the same status codes", async ({ request, admin }) => {
    const invalid = await request.post("/api/trpc/brands.create", { headers: admin, data: { name: "", active: true } });
    expect(invalid.status()).toBe(422);
    expect((await invalid.json()).error.data.problem.errors[0].path).toBe("name");
    expect((await request.get("/api/trpc/brands.list?input=%7B%7D")).status()).toBe(401);
    const missing = await request.get(`/api/trpc/brands.get?input=${encodeURIComponent(JSON.stringify({ id: crypto.randomUUID() }))}`, {
      headers: admin,
    });
    expect(missing.status()).toBe(404);
  });
});
