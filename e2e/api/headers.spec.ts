import { API, expect, test } from "../fixtures";

test.describe("security headers", () => {
  test("pages carry a nonce-based CSP, no framing, nosniff and a referrer policy; redirects are never shared-cacheable", async ({ request }) => {
    const page = await request.get("/sign-in");
    expect(page.status()).toBe(200);
    const headers = page.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).not.toContain("unsafe-eval");
    expect(headers).toMatchObject({ "x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin" });
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"]!)![1];
    expect(await page.text()).toContain(`nonce="${nonce}"`);
    for (const path of ["/", "/brands"]) {
      const redirect = await request.get(path, { maxRedirects: 0 });
      expect(redirect.status(), path).toBe(307);
      expect(redirect.headers()["cache-control"] ?? "", path).not.toMatch(/s-maxage|public/);
    }
  });

  test("API answers are data: a deny-all CSP and no caching", async ({ request }) => {
    const answer = await request.get(`${API}/brands`);
    expect(answer.status()).toBe(401);
    expect(answer.headers()).toMatchObject({ "content-security-policy": "default-src 'none'; frame-ancestors 'none'", "cache-control": "no-store", "x-content-type-options": "nosniff" });
  });
});
