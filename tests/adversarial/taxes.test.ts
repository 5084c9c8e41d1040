/**
 * The tax endpoints under attack (contract §12, issue 42): NUL bytes, numbers past a double,
 * deep and huge bodies, repeated identical writes, another org's records — every answer a
 * 4xx problem, nothing half-written, one audit entry for ten identical writes.
 */
import { describe, expect, it } from "vitest";
import { newOrg, unique } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

const json = (headers: Record<string, string>) => ({ ...headers, "content-type": "application/json" });

describe("tax rules, the UF table, the settings and the calculation under attack", { timeout: 120_000 }, () => {
  it("refuse NUL bytes, numbers past a double, deep and huge values with 422; nothing is written", async () => {
    const org = await newOrg();
    const headers = json(await org.bearer());
    const rules = [
      `{"name": "ICMS\\u0000", "tax": "ICMS", "cst": "00", "rate": 18}`,
      `{"name": "ICMS", "tax": "ICMS", "cst": "00", "rate": 1e999}`,
      `{"name": "ICMS", "tax": "ICMS", "cst": "00", "rate": 18.00001}`,
      `{"name": "ICMS", "tax": "ICMS", "cst": "00", "rate": 18, "ncm_prefixes": ${"[".repeat(2000)}${"]".repeat(2000)}}`,
      JSON.stringify({ name: "ICMS", tax: "ICMS", cst: "00", rate: 18, ncm_prefixes: Array.from({ length: 5000 }, () => "8467") }),
      JSON.stringify({ name: "x".repeat(100_000), tax: "ICMS", cst: "00", rate: 18 }),
      JSON.stringify({ name: "ICMS", tax: "ICMS\u0000", cst: "00", rate: 18 }),
    ];
    for (const body of rules) {
      const answer = await call("POST", "/api/b2b/tax-rules", { headers, body });
      expect([413, 422], body.slice(0, 80)).toContain(answer.status);
      expectProblem(answer, answer.status);
    }
    expect(await org.db.taxRule.count()).toBe(0);
    for (const body of [
      `{"internal_rate": 1e999}`,
      `{"internal_rate": "18\\u0000"}`,
      `{"internal_rate": 18, "difal_method": ${"[".repeat(500)}${"]".repeat(500)}}`,
    ]) {
      expectProblem(await call("PUT", "/api/b2b/tax-rules/states/SP", { headers, body }), 422);
    }
    expect(
      expectProblem(await call("PUT", "/api/b2b/tax-rules/states/S%00P", { headers, body: `{"internal_rate": 18}` }), 422).errors?.[0]
        ?.path,
    ).toBe("uf");
    expect(await org.db.taxState.count()).toBe(0);
    for (const body of [
      `{"exclude_icms_from_pis_cofins": "true\\u0000", "fcp_st_minus_own_fcp": true, "ibs_cbs": false}`,
      `{"exclude_icms_from_pis_cofins": 1e999, "fcp_st_minus_own_fcp": true, "ibs_cbs": false}`,
    ]) {
      expectProblem(await call("PUT", "/api/b2b/settings/taxes", { headers, body }), 422);
    }
    for (const body of [
      `{"items": [{"product_id": "${crypto.randomUUID()}", "quantity": 1e999}]}`,
      `{"items": ${"[".repeat(2000)}${"]".repeat(2000)}}`,
      JSON.stringify({ items: Array.from({ length: 10_000 }, () => ({ product_id: crypto.randomUUID(), quantity: 1 })) }),
    ]) {
      const answer = await call("POST", "/api/b2b/taxes/calculate?explain=true", { headers, body });
      expect([413, 422]).toContain(answer.status);
    }
    expect((await call("GET", "/api/ready")).status).toBe(200);
  });

  it("10 identical writes at once: one UF row audited once, the settings audited once, ten POSTs ten rules; another org's rule is 404", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const headers = json(await org.bearer());
    const state = await Promise.all(
      Array.from({ length: 10 }, () =>
        call("PUT", "/api/b2b/tax-rules/states/BA", { headers, body: { internal_rate: 20.5, fcp_rate: 2 } }),
      ),
    );
    expect(state.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await org.db.taxState.count({ where: { uf: "BA" } })).toBe(1);
    const settings = { exclude_icms_from_pis_cofins: false, fcp_st_minus_own_fcp: true, ibs_cbs: true };
    const saved = await Promise.all(Array.from({ length: 10 }, () => call("PUT", "/api/b2b/settings/taxes", { headers, body: settings })));
    expect(saved.every((answer) => answer.status === 200)).toBe(true);
    expect(await org.db.auditEvent.count({ where: { entity: "organization", action: "update" } })).toBe(1);
    expect(await org.db.auditEvent.count({ where: { entity: "tax_state" } })).toBe(1);
    const name = unique("IPI");
    const created = await Promise.all(
      Array.from({ length: 10 }, () => call("POST", "/api/b2b/tax-rules", { headers, body: { name, tax: "IPI", cst: "50", rate: 5 } })),
    );
    expect(created.every((answer) => answer.status === 201)).toBe(true);
    const rule = created[0]!.json;
    const theirs = json(await other.bearer());
    expectProblem(await call("GET", `/api/b2b/tax-rules/${rule.id}`, { headers: theirs }), 404);
    expectProblem(
      await call("PUT", `/api/b2b/tax-rules/${rule.id}`, { headers: theirs, body: { name, tax: "IPI", cst: "50", rate: 1 } }),
      404,
    );
    expectProblem(await call("DELETE", `/api/b2b/tax-rules/${rule.id}`, { headers: theirs }), 404);
    expect((await call("GET", `/api/b2b/tax-rules/${rule.id}`, { headers })).json.rate).toBe(5);
    expectProblem(
      await call("POST", "/api/b2b/tax-rules", {
        headers: json(await org.bearer("SELLER")),
        body: { name, tax: "IPI", cst: "50", rate: 5 },
      }),
      403,
    );
  });
});
