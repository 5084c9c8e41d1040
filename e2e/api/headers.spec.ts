import { expect, expectProblem, test } from "../fixtures";

/** The panel's pages and next-auth's routes, served by Next.js in the built server. The API's own headers: tests/adversarial/edge-input.test.ts. */

test.describe("security headers", () => {
  test("pages carry a nonce-based CSP, no framing, nosniff and a referrer policy; redirects are never shared-cacheable", async ({
    request,
  }) => {
    const page = await request.get("/sign-in");
    expect(page.status()).toBe(200);
    const headers = page.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).not.toContain("unsafe-eval");
    expect(headers).toMatchObject({
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"]!)![1];
    expect(await page.text()).toContain(`nonce="${nonce}"`);
    for (const path of ["/", "/brands"]) {
      const redirect = await request.get(path, { maxRedirects: 0 });
      expect(redirect.status(), path).toBe(307);
      expect(redirect.headers()["cache-control"] ?? "", path).not.toMatch(/s-maxage|public/);
    }
  });

  test("a path that does not decode is the styled not-found page (404) for pages and a 404 problem for the API, never a 500", async ({
    request,
  }) => {
    for (const path of ["/brands/%ZZ", "/%ZZ", "/sign-in/%E0%A4%A", "/products/%C0%AF/edit"]) {
      const page = await request.get(path, { maxRedirects: 0 });
      expect(page.status(), path).toBe(404);
      expect(page.headers()["content-type"], path).toContain("text/html");
      expect(page.headers()["content-security-policy"], path).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
      const html = await page.text();
      expect(html, path).toContain('<html lang="pt-BR"');
      expect(html, path).toContain("Página não encontrada");
      expect(html, path).toMatch(/<link rel="stylesheet" href="\/_next\/static\//);
    }
    for (const path of ["/api/auth/%ZZ", "/api/auth/callback/%E0%A4%A", "/api/trpc/%ZZ"]) {
      const answer = await request.post(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(404);
      expect(answer.headers()["content-type"], path).toMatch(/^application\/(problem\+)?json/);
    }
    await expectProblem(await request.get("/api/auth/%ZZ"), 404);
  });
});
