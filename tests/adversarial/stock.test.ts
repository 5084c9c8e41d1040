/**
 * Stock under hostile input (issue 10): malformed bodies, numbers that are not numbers,
 * quantities too large or too precise, totals pushed past what the column holds, and
 * ids of another org. Every one is a 4xx problem, never a 500, and changes nothing.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { stockWorld } from "../helpers/stock";

const API = "/api/b2b";

describe("stock movements refuse", () => {
  it("bodies that are not JSON, numbers written as text, NaN, Infinity, 1e999, and unknown types", async () => {
    const world = await stockWorld();
    const key = JSON.stringify(world.key()).slice(0, -1);
    const raw = (text: string) =>
      call("PUT", `${API}/stock/movement`, { headers: { ...world.headers, "content-type": "application/json" }, body: text });
    for (const text of [
      "not json",
      `${key},"type":"INCREMENT","quantity":NaN}`,
      `${key},"type":"INCREMENT","quantity":Infinity}`,
      `${key},"type":"INCREMENT","quantity":1e999}`,
      `${key},"type":"INCREMENT","quantity":-1e999}`,
      `${key},"type":"INCREMENT","quantity":"12"}`,
      `${key},"type":"INCREMENT","quantity":null}`,
      `${key},"type":"INCREMENT","quantity":[1]}`,
      `${key},"type":"STEAL","quantity":1}`,
      `${key},"type":"increment","quantity":1}`,
      `${key}}`,
      "[]",
      "null",
    ]) {
      expectProblem(await raw(text), 422);
    }
    expect(await world.org.db.stockInventory.count()).toBe(0);
  });

  it("zero, negative, huge and too precise quantities", async () => {
    const world = await stockWorld();
    for (const quantity of [0, -1, -0.5, 1e12, Number.MAX_SAFE_INTEGER, 1e300, 0.0000001, 1.1234567, 5e-324]) {
      const problem = expectProblem(await world.move(world.key({ product_id: world.cement.id, type: "INCREMENT", quantity })), 422);
      expect(problem.errors?.[0]?.path).toBe("quantity");
    }
    // 0.1 + 0.2 is not 0.3: seventeen decimals are too many for a unit of three.
    expectProblem(await world.move(world.key({ product_id: world.cement.id, type: "INCREMENT", quantity: 0.1 + 0.2 })), 422);
    expect(await world.org.db.stockInventory.count()).toBe(0);
  });

  it("a total pushed beyond what a record may hold: 422, not a numeric overflow", async () => {
    const world = await stockWorld();
    const max = 100_000_000_000;
    expect((await world.move(world.key({ type: "INCREMENT", quantity: max }))).json).toMatchObject({ total: max });
    const problem = expectProblem(await world.move(world.key({ type: "INCREMENT", quantity: 1 })), 422);
    expect(problem.errors).toEqual([expect.objectContaining({ path: "quantity", code: "too_big" })]);
    expectProblem(
      await call("PUT", `${API}/stock/override`, { headers: world.headers, body: { items: [{ ...world.key(), total: max + 1 }] } }),
      422,
    );
    expect((await world.move(world.key({ type: "RESERVE", quantity: max }))).json).toMatchObject({ available: 0 });
  });

  it("malformed ids, over-long text and too many override lines", async () => {
    const world = await stockWorld();
    const bad = expectProblem(
      await world.move({ company_id: "1 OR 1=1", warehouse_id: "", product_id: 42, type: "INCREMENT", quantity: 1 }),
      422,
    );
    expect(bad.errors?.map((error) => error.path).sort()).toEqual(["company_id", "product_id", "warehouse_id"]);
    expectProblem(await world.move(world.key({ type: "INCREMENT", quantity: 1, reason: "x".repeat(501) })), 422);
    expectProblem(await world.move(world.key({ type: "INCREMENT", quantity: 1, reference_id: "x".repeat(201) })), 422);
    const items = Array.from({ length: 1001 }, () => ({ ...world.key(), total: 1 }));
    expectProblem(await call("PUT", `${API}/stock/override`, { headers: world.headers, body: { items } }), 422);
    expectProblem(await call("PUT", `${API}/stock/override`, { headers: world.headers, body: { items: "all" } }), 422);
    for (const path of ["/stock/%00/enable", "/stock/..%2F..%2Fetc/disable", `/stock/${"9".repeat(300)}/movements`]) {
      const answer = await call(path.endsWith("movements") ? "GET" : "PUT", `${API}${path}`, { headers: world.headers });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    // Text that looks like SQL is stored as text.
    await world.move(world.key({ type: "INCREMENT", quantity: 1, reason: "'); DELETE FROM stock_movements; --" }));
    expect(await world.org.db.stockMovement.count({ where: { reason: "'); DELETE FROM stock_movements; --" } })).toBe(1);
  });

  it("another org's company, warehouse, product and variation, and its records' ids", async () => {
    const owner = await stockWorld();
    const id = (await owner.move(owner.key({ type: "INCREMENT", quantity: 3 }))).json.id;
    const intruder = await stockWorld(await newOrg());
    // Mixed: the intruder's own company and warehouse with the owner's product and variation.
    const mixed = expectProblem(
      await intruder.move(
        intruder.key({ product_id: owner.screw.id, product_variation_id: owner.screwBlue.id, type: "INCREMENT", quantity: 1 }),
      ),
      422,
    );
    expect(mixed.errors?.map((error) => error.path)).toEqual(["product_id", "product_variation_id"]);
    const override = expectProblem(
      await call("PUT", `${API}/stock/override`, {
        headers: intruder.headers,
        body: { items: [{ ...intruder.key({ warehouse_id: owner.warehouse.id }), total: 0 }] },
      }),
      422,
    );
    expect(override.errors?.map((error) => error.path)).toEqual(["items.0.warehouse_id"]);
    expectProblem(await call("DELETE", `${API}/stock/${id}`, { headers: intruder.headers }), 404);
    expectProblem(await call("GET", `${API}/stock/${id}/movements`, { headers: intruder.headers }), 404);
    expect((await call("GET", `${API}/stock?company_id=${owner.company.id}`, { headers: intruder.headers })).json.total).toBe(0);
    expect(await owner.org.db.stockInventory.count()).toBe(1);
    expect(await intruder.org.db.stockInventory.count()).toBe(0);
    expectProblem(await call("PUT", `${API}/stock/${randomUUID()}/enable`, { headers: intruder.headers }), 404);
  });
});
