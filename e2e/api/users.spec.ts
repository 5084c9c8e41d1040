import { API, expect, expectProblem, login, test, unique } from "../fixtures";

const newEmail = () => `${crypto.randomUUID()}@E2E.example`;

test.describe("users", () => {
  test("POST 201 with a temporary password shown once, GET 200, PUT 200, reset-password; never the hash", async ({ request, admin }) => {
    const email = newEmail();
    const name = unique("Usuária");
    const response = await request.post(`${API}/users`, { headers: admin, data: { name, email, role: "VIEWER" } });
    expect(response.status(), await response.text()).toBe(201);
    const user = await response.json();
    expect(Object.keys(user).sort()).toEqual([
      "access_request_status",
      "active",
      "created_at",
      "email",
      "email_confirmed",
      "fiscal_registration_number",
      "id",
      "is_access_request",
      "is_change_password_next_access",
      "name",
      "profile",
      "role",
      "seller_id",
      "temporary_password",
      "updated_at",
    ]);
    expect(user).toMatchObject({ name, email: email.toLowerCase(), role: "VIEWER", active: true, is_change_password_next_access: true });

    const fetched = await (await request.get(`${API}/users/${user.id}`, { headers: admin })).json();
    expect(fetched).not.toHaveProperty("temporary_password");
    expect(fetched).not.toHaveProperty("password_hash");
    expect(fetched).not.toHaveProperty("password");
    await login(request, { email, password: user.temporary_password });

    const updated = await request.put(`${API}/users/${user.id}`, { headers: admin, data: { role: "MANAGER", profile: "compras" } });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ id: user.id, name, role: "MANAGER", profile: "compras" });

    const reset = await request.put(`${API}/users/${user.id}/reset-password`, { headers: admin });
    expect(reset.status()).toBe(200);
    const { temporary_password } = await reset.json();
    expect(temporary_password).not.toBe(user.temporary_password);
    await expectProblem(await request.post(`${API}/auth/login`, { data: { email, password: user.temporary_password } }), 404);
    await login(request, { email, password: temporary_password });

    const list = await (
      await request.get(`${API}/users?search=${encodeURIComponent(email)}&role=MANAGER&active=true`, { headers: admin })
    ).json();
    expect(list).toMatchObject({ currentPage: 0, total: 1 });
    expect(list.items[0]).not.toHaveProperty("password_hash");
  });

  test("422 for invalid bodies, 409 for a used email, 404 for a missing or foreign user", async ({ request, admin, otherAdmin }) => {
    const invalid = await expectProblem(
      await request.post(`${API}/users`, { headers: admin, data: { name: "", email: "nope", role: "OWNER", password: "short" } }),
      422,
    );
    expect(invalid.errors?.map((error) => error.path).sort()).toEqual(["email", "name", "password", "role"]);
    await expectProblem(
      await request.post(`${API}/users`, { headers: admin, data: { name: "x", email: newEmail(), seller_id: crypto.randomUUID() } }),
      422,
    );
    const email = newEmail();
    const user = await (
      await request.post(`${API}/users`, { headers: admin, data: { name: "First", email, password: "password123" } })
    ).json();
    await expectProblem(
      await request.post(`${API}/users`, { headers: admin, data: { name: "Again", email, password: "password123" } }),
      409,
    );
    await expectProblem(
      await request.post(`${API}/users`, { headers: otherAdmin, data: { name: "Other org", email: email.toUpperCase() } }),
      409,
    );
    await expectProblem(await request.get(`${API}/users/${user.id}`, { headers: otherAdmin }), 404);
    await expectProblem(await request.put(`${API}/users/${user.id}`, { headers: otherAdmin, data: { role: "ADMIN" } }), 404);
    await expectProblem(await request.get(`${API}/users/${crypto.randomUUID()}`, { headers: admin }), 404);
  });

  test("a role change and a deactivation take effect at once; an admin cannot demote themselves", async ({ request, admin }) => {
    const email = newEmail();
    const user = await (
      await request.post(`${API}/users`, {
        headers: admin,
        data: { name: unique("Gerente"), email, role: "ADMIN", password: "password123" },
      })
    ).json();
    const theirs = { authorization: `Bearer ${await login(request, { email, password: "password123" })}` };
    expect((await request.get(`${API}/users`, { headers: theirs })).status()).toBe(200);

    const self = await expectProblem(await request.put(`${API}/users/${user.id}`, { headers: theirs, data: { role: "VIEWER" } }), 422);
    expect(self.errors).toEqual([expect.objectContaining({ path: "role", message: expect.any(String), code: expect.any(String) })]);
    await expectProblem(await request.put(`${API}/users/${user.id}`, { headers: theirs, data: { active: false } }), 422);

    expect((await request.put(`${API}/users/${user.id}`, { headers: admin, data: { role: "MANAGER" } })).status()).toBe(200);
    await expectProblem(await request.get(`${API}/users`, { headers: theirs }), 403);
    expect((await request.get(`${API}/brands`, { headers: theirs })).status()).toBe(200);

    expect((await request.put(`${API}/users/${user.id}`, { headers: admin, data: { active: false } })).status()).toBe(200);
    await expectProblem(await request.get(`${API}/brands`, { headers: theirs }), 401);
    await expectProblem(await request.post(`${API}/auth/login`, { data: { email, password: "password123" } }), 404);
  });

  test("only ADMIN reaches /users", async ({ request, keyFor }) => {
    for (const role of ["MANAGER", "SELLER", "VIEWER"] as const) {
      const key = await keyFor(role);
      await expectProblem(await request.get(`${API}/users`, { headers: key }), 403);
      await expectProblem(await request.post(`${API}/users`, { headers: key, data: { name: "x", email: newEmail() } }), 403);
    }
    const adminKey = await keyFor("ADMIN");
    expect((await request.get(`${API}/users`, { headers: adminKey })).status()).toBe(200);
    await expectProblem(await request.get(`${API}/users`), 401);
  });
});
