/**
 * Issue 7, "Low": unique values under concurrency and Unicode, conflicts named in the
 * request's words, short secrets never shown, every list searchable.
 */
import { describe, expect, it } from "vitest";
import { mask } from "@/server/lib/encryption";
import { newOrg, unique } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

describe("SKUs", () => {
  it("never collide when generated for twenty products created at once with one name", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const name = unique("Parafuso Sextavado");
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("POST", "/api/b2b/products", { headers, body: { name } })));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const skus = answers.map((answer) => answer.json.sku as string);
    expect(new Set(skus).size).toBe(20);
  });

  it("are unique case-insensitively and after NFC, and a conflict names the request's field", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const sku = `caf\u00e9-${unique("x").replace(" ", "")}`;
    expect((await call("POST", "/api/b2b/products", { headers, body: { name: "Café", sku } })).status).toBe(200);
    for (const variant of [sku.toUpperCase(), sku.normalize("NFD")]) {
      const problem = expectProblem(await call("POST", "/api/b2b/products", { headers, body: { name: "Café", sku: variant } }), 409);
      expect(problem.errors).toEqual([expect.objectContaining({ path: "sku", message: expect.any(String), code: "duplicate" })]);
      expect(problem.detail).not.toMatch(/organization_id|sku_key/);
    }
  });
});

describe("coupon codes", () => {
  it("are unique without case, and a conflict (create or rename) is 409 naming `code`, never the internal columns", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const code = `PROMO-${unique("x").replace(" ", "")}`;
    const coupon = (over: object) => ({ name: unique("Cupom"), value_type: "PERCENTAGE", value: 5, ...over });
    expect((await call("POST", "/api/b2b/coupons", { headers, body: coupon({ code }) })).status).toBe(201);
    const other = await call("POST", "/api/b2b/coupons", { headers, body: coupon({ code: `${code}-2` }) });
    expect(other.status).toBe(201);
    const duplicates = [
      await call("POST", "/api/b2b/coupons", { headers, body: coupon({ code: code.toLowerCase() }) }),
      await call("PUT", `/api/b2b/coupons/${other.json.id}`, { headers, body: coupon({ code }) }),
    ];
    for (const answer of duplicates) {
      const problem = expectProblem(answer, 409);
      expect(problem.detail).toBe("A record with the same code already exists");
      expect(problem.errors).toEqual([expect.objectContaining({ path: "code", code: "duplicate" })]);
      expect(answer.text).not.toMatch(/code_key|organization_id/);
    }
    // Another org may use the same code.
    expect((await call("POST", "/api/b2b/coupons", { headers: await (await newOrg()).bearer(), body: coupon({ code }) })).status).toBe(201);
  });
});

describe("secrets and lists", () => {
  it("masks a provider secret of four characters or fewer entirely", async () => {
    expect(mask("abcd")).toBe("****");
    expect(mask("ab")).toBe("**");
    expect(mask("abcdefgh")).toBe("****efgh");
    const org = await newOrg();
    const created = await call("POST", "/api/b2b/payment-methods", {
      headers: await org.bearer(),
      body: { name: unique("Cartão"), provider: { vendor: "acme", access_key: "pk", secret_key: "1234" } },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.provider.secret_key).toBe("****");
  });

  it("searches access keys by name and token", async () => {
    const org = await newOrg();
    const api = await org.as();
    const erp = await api.accessKeys.create({ name: unique("ERP Protheus"), role: "VIEWER" });
    await api.accessKeys.create({ name: unique("Loja virtual"), role: "VIEWER" });
    expect((await api.accessKeys.list({ search: "protheus" })).items.map((key) => key.id)).toEqual([erp.id]);
    expect((await api.accessKeys.list({ search: erp.token })).items.map((key) => key.id)).toEqual([erp.id]);
  });

  it("answers a duplicate email with 409 naming `email`", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const problem = expectProblem(await call("POST", "/api/b2b/users", { headers, body: { name: "Dup", email: org.adminEmail } }), 409);
    expect(problem.detail).toContain(org.adminEmail);
  });
});
