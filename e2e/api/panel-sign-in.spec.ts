import { API, expect, expectProblem, test, unique } from "../fixtures";

/**
 * The panel's sign-in through the built server's next-auth: what needs Next.js running.
 * Login, credentials and access keys over REST: tests/integration/auth.test.ts.
 */
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
