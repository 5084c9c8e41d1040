/**
 * Insights endpoints against bad input: batches too large, unknown stages, impossible
 * dates, huge pages, bodies of the wrong shape. All 4xx problem+json, never a 500,
 * and a rejected batch stores nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { newOrg, testServer, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

// The database is migrated once per worker, before the clock of the first test starts.
beforeAll(() => testServer());

const events = async (org: TestOrg, body: unknown) => call("POST", "/api/b2b/sales-funnel/events", { headers: await org.bearer(), body });
const mostSold = async (org: TestOrg, query: string, body?: unknown) =>
  call("POST", `/api/b2b/products/analysis/most-sold?${query}`, { headers: await org.bearer(), body });

describe("POST /sales-funnel/events", () => {
  it("refuses 1,001 events and accepts 1,000", async () => {
    const org = await newOrg();
    const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ session_id: `s${i % 300}`, stage: i % 2 ? "PRODUCT" : "SESSION" }));
    const tooMany = expectProblem(await events(org, batch(1001)), 422);
    expect(tooMany.errors).toEqual([expect.objectContaining({ path: "(body)" })]);
    const ok = await events(org, batch(1000));
    expect(ok.status, ok.text).toBe(202);
    expect(ok.json).toEqual({ accepted: 1000 });
    const funnel = await call("GET", "/api/b2b/sales-funnel", { headers: await org.bearer() });
    expect(funnel.json.sessions.quantity).toBe(300);
    expect(funnel.json.product.quantity).toBe(150);
  });

  it("names the index of every bad item, and stores none of the batch", async () => {
    const org = await newOrg();
    const problem = expectProblem(
      await events(org, [
        { session_id: "ok", stage: "SESSION" },
        { session_id: "a", stage: "PAYMENT" },
        { session_id: "", stage: "PRODUCT" },
        { session_id: "b", stage: "PRODUCT", occurred_at: "yesterday" },
        { session_id: "c", stage: "PRODUCT", product_id: "not-a-uuid" },
        { stage: "ORDER" },
      ]),
      422,
    );
    expect(problem.errors?.map((error) => error.path).sort()).toEqual([
      "1.stage",
      "2.session_id",
      "3.occurred_at",
      "4.product_id",
      "5.session_id",
    ]);
    const future = expectProblem(
      await events(org, [
        { session_id: "ok", stage: "SESSION" },
        { session_id: "f", stage: "ORDER", occurred_at: "2999-01-01T00:00:00Z" },
      ]),
      422,
    );
    expect(future.errors).toEqual([expect.objectContaining({ path: "1.occurred_at" })]);
    const missing = expectProblem(
      await events(org, { session_id: "p", stage: "PRODUCT", product_id: "00000000-0000-4000-8000-000000000000" }),
      422,
    );
    // A single object names the field alone (contract §9), for its shape and for what the service checks.
    expect(missing.errors).toEqual([expect.objectContaining({ path: "product_id" })]);
    const single = expectProblem(await events(org, { stage: "PAYMENT" }), 422);
    expect(single.errors?.map((error) => error.path).sort()).toEqual(["session_id", "stage"]);
    expect((await call("GET", "/api/b2b/sales-funnel", { headers: await org.bearer() })).json.sessions.quantity).toBe(0);
  });

  it("refuses bodies that are not events", async () => {
    const org = await newOrg();
    for (const body of [[], "text", 42, null, [[]], [null]]) {
      const answer = await events(org, JSON.stringify(body));
      expect(answer.status, `${JSON.stringify(body)}: ${answer.text}`).toBe(422);
    }
    expect(
      (
        await call("POST", "/api/b2b/sales-funnel/events", {
          headers: { ...(await org.bearer()), "content-type": "application/json" },
          body: "{not json",
        })
      ).status,
    ).toBe(422);
  });
});

describe("GET /sales-funnel", () => {
  it("refuses bad dates and reversed periods", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    for (const query of [
      "period_start_date=2025-02-30",
      "period_start_date=31/01/2025",
      "period_final_date=tomorrow",
      "period_start_date=0001-01-01",
      "period_before_start_date=2025-13-01",
      "period_start_date=2025-03-10&period_final_date=2025-03-01",
      "period_before_start_date=2025-03-10&period_before_final_date=2025-03-01&period_start_date=2025-04-01&period_final_date=2025-04-02",
    ]) {
      const problem = expectProblem(await call("GET", `/api/b2b/sales-funnel?${query}`, { headers }), 422);
      expect(problem.errors?.length, query).toBeGreaterThan(0);
    }
    // A period of centuries is fine (the rollups do not care), and empty.
    expect((await call("GET", "/api/b2b/sales-funnel?period_start_date=1900-01-01&period_final_date=2999-12-31", { headers })).status).toBe(
      200,
    );
  });
});

describe("POST /products/analysis/most-sold", () => {
  it("requires page and perPage, whole and not negative; clamps perPage; answers [] past the end", async () => {
    const org = await newOrg();
    for (const query of [
      "",
      "page=0",
      "perPage=10",
      "page=-1&perPage=10",
      "page=0&perPage=-5",
      "page=1.5&perPage=10",
      "page=0x10&perPage=10",
      "page=2147483648&perPage=10",
    ]) {
      expectProblem(await mostSold(org, query), 422);
    }
    for (const query of ["page=2147483647&perPage=100", "page=0&perPage=100000", "page=99999999&perPage=2147483647"]) {
      const answer = await mostSold(org, query);
      expect(answer.status, `${query}: ${answer.text}`).toBe(200);
      expect(answer.json).toEqual([]);
    }
  });

  it("refuses bad and reversed dates, in the query or the body", async () => {
    const org = await newOrg();
    expectProblem(await mostSold(org, "page=0&perPage=10&start_date=2025-02-29"), 422);
    expectProblem(await mostSold(org, "page=0&perPage=10", { start_date: "soon" }), 422);
    expectProblem(await mostSold(org, "page=0&perPage=10", { start_date: 20250101 }), 422);
    expectProblem(await mostSold(org, "page=0&perPage=10", { start_date: "2025-03-02", final_date: "2025-03-01" }), 422);
    expectProblem(await mostSold(org, "page=0&perPage=10", [1, 2]), 422);
  });
});
