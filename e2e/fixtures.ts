import { randomUUID } from "node:crypto";
import { test as base, expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { ORGS, type E2eOrg } from "./orgs";

export const ADMIN = ORGS.main;
export const OTHER_ADMIN = ORGS.other;
export const API = "/api/b2b";

export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

export type Role = "ADMIN" | "MANAGER" | "SELLER" | "VIEWER";
export type Headers = Record<string, string>;

/**
 * Signs in over REST. Workers sign the same users in from one address, so on a loaded machine
 * more than the throttle's 5 free attempts of a pair can be in flight at once (contract §2: a
 * success gives its attempt back only when it finishes): a 429 is then the throttle working,
 * and the helper waits its Retry-After and asks again, as a client should. The throttle
 * itself is tested in auth tests and panel-sign-in.spec.ts.
 */
export async function login(request: APIRequestContext, user: { email: string; password: string } = ADMIN): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const response = await request.post(`${API}/auth/login`, { data: user });
    if (response.status() === 429 && attempt < 5) {
      const seconds = Number(response.headers()["retry-after"] ?? "1");
      await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(seconds, 1), 10) * 1000));
      continue;
    }
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).access_token;
  }
}

/** Checks a problem+json answer and returns its body. */
export async function expectProblem(response: APIResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toContain("application/problem+json");
  const body = await response.json();
  expect(body).toMatchObject({ type: expect.any(String), title: expect.any(String), status, detail: expect.any(String) });
  return body as { detail: string; errors?: Array<{ path: string; message: string }> };
}

interface Fixtures {
  /** The org whose ADMIN `admin` is: the demo org unless the spec has one of its own (`test.use({ org })`, e2e/orgs.ts). */
  org: E2eOrg;
  /** Bearer headers of the spec's org's ADMIN. */
  admin: Headers;
  /** Bearer headers of the second org's ADMIN (tenant isolation). */
  otherAdmin: Headers;
  /** Headers of a fresh access key of the spec's org with the given role. */
  keyFor: (role: Role) => Promise<Headers & { id: string }>;
}

export const test = base.extend<Fixtures>({
  org: [ORGS.main, { option: true }],
  admin: async ({ request, org }, use) => {
    await use({ authorization: `Bearer ${await login(request, org)}` });
  },
  otherAdmin: async ({ request }, use) => {
    await use({ authorization: `Bearer ${await login(request, OTHER_ADMIN)}` });
  },
  keyFor: async ({ request, admin }, use) => {
    await use(async (role) => {
      const response = await request.post(`${API}/access-keys`, { headers: admin, data: { name: unique(`${role} key`), role } });
      expect(response.status()).toBe(201);
      const key = await response.json();
      return { id: key.id, "x-service-access-key-token": key.token, "x-service-access-key-code": key.code };
    });
  },
});

export { expect };
