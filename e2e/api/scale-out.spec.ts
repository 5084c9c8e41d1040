import { randomUUID } from "node:crypto";
import { API, expect, expectProblem, login, test, unique } from "../fixtures";

/**
 * Two instances of the app on one PostgreSQL (contract §6; issue 6 "Scaling out"):
 * tokens, revocations and idempotency keys hold across them (the shared rate-limit counts:
 * tests/integration/lifecycle.test.ts).
 */
const second = process.env.E2E_SECOND_URL;
test.skip(!second, "needs PostgreSQL: a second instance runs only there (TEST_DATABASE_URL)");

test.describe("two instances on one database", () => {
  test.beforeAll(async ({ request }) => {
    for (let attempt = 0; attempt < 120; attempt++) {
      const ready = await request.get(`${second}/api/ready`).then(
        (response) => response.ok(),
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error("the second instance did not become ready");
  });

  test("a token from one instance works on the other; a key revoked on one is refused by the other at once", async ({ request, admin }) => {
    const token = await login(request);
    expect((await request.get(`${second}${API}/brands`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

    const created = await request.post(`${API}/access-keys`, { headers: admin, data: { name: unique("Scale key"), role: "ADMIN" } });
    const key = await created.json();
    const viaSecond = { "x-service-access-key-token": key.token, "x-service-access-key-code": key.code };
    expect((await request.get(`${second}${API}/brands`, { headers: viaSecond })).status()).toBe(200); // cached there now
    expect((await request.delete(`${API}/access-keys/${key.id}`, { headers: admin })).status()).toBe(204);
    // Writes re-check the key in their transaction: refused at once, no new admin key minted.
    await expectProblem(
      await request.post(`${second}${API}/access-keys`, { headers: viaSecond, data: { name: unique("Minted"), role: "ADMIN" } }),
      401,
    );
    await expect
      .poll(async () => (await request.get(`${second}${API}/brands`, { headers: viaSecond })).status(), { timeout: 2_000 })
      .toBe(401);
  });

  test("an Idempotency-Key used on one instance replays on the other", async ({ request, admin }) => {
    const headers = { ...admin, "idempotency-key": randomUUID() };
    const data = { name: unique("Scale brand"), active: true };
    const first = await request.post(`${API}/brands`, { headers, data });
    const again = await request.post(`${second}${API}/brands`, { headers, data });
    expect(first.status()).toBe(201);
    expect(again.status()).toBe(201);
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    expect((await again.json()).id).toBe((await first.json()).id);
  });
});
