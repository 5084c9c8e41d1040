/**
 * Stock over REST and through the service (issue 10; contract §5 Stock): movements and
 * their invariants, the ledger, override, enable/disable, delete, org isolation, and
 * concurrent movements that never lose an update (real parallel HTTP requests; on
 * PostgreSQL with TEST_DATABASE_URL they run on several connections at once).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seedCatalogDemo } from "@/server/catalog/demo-data";
import { transaction } from "@/server/db/transaction";
import { seedPartiesDemo } from "@/server/parties/demo-data";
import { seedStockDemo } from "@/server/stock/demo-data";
import { credentialGuard, type Principal } from "@/server/auth/principal";
import { openPostgres, statementNameOf, type Database } from "@/server/db/connection";
import { forOrganization } from "@/server/db/scoped";
import { statementQuery } from "@/server/db/sql";
import { runStatementFirst, type OneStatement } from "@/server/http/pipeline";
import { applyMovement, moveInOneStatement, planOverride } from "@/server/stock/stock/service";
import { newOrg, unique } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { expectLedgerChains, stockWorld } from "../helpers/stock";

const API = "/api/b2b";

describe("stock movements", () => {
  it("INCREMENT creates the record; DECREMENT, RESERVE and RELEASE move it; the answer is the record", async () => {
    const world = await stockWorld();
    const created = await world.move(
      world.key({
        type: "INCREMENT",
        quantity: 10,
        reason: "Compra",
        reference_id: "NF-123",
      }),
    );
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({
      id: expect.any(String),
      company: {
        id: world.company.id,
        name: world.company.name,
        fiscal_registration_number: expect.any(String),
      },
      warehouse: { id: world.warehouse.id, name: world.warehouse.name },
      product: {
        id: world.screw.id,
        name: world.screw.name,
        sku: world.screw.sku,
        product_variation_id: null,
        main_image_url: null,
      },
      active: true,
      total: 10,
      reserved: 0,
      available: 10,
      minimum_stock: 5,
      low_stock: false,
    });
    const id = created.json.id;
    expect((await world.move(world.key({ type: "DECREMENT", quantity: 3 }))).json).toMatchObject({
      id,
      total: 7,
      reserved: 0,
      available: 7,
    });
    expect((await world.move(world.key({ type: "RESERVE", quantity: 4 }))).json).toMatchObject({
      id,
      total: 7,
      reserved: 4,
      available: 3,
      low_stock: true,
    });
    expect((await world.move(world.key({ type: "RELEASE", quantity: 1 }))).json).toMatchObject({ id, total: 7, reserved: 3, available: 4 });
    // The same product in another warehouse, and its variation, are other records.
    const other = await world.move(
      world.key({
        warehouse_id: world.otherWarehouse.id,
        type: "INCREMENT",
        quantity: 2,
      }),
    );
    const blue = await world.move(
      world.key({
        product_variation_id: world.screwBlue.id,
        type: "INCREMENT",
        quantity: 6,
      }),
    );
    expect(new Set([id, other.json.id, blue.json.id]).size).toBe(3);
    expect(blue.json.product).toMatchObject({
      product_variation_id: world.screwBlue.id,
      variation_name: "Parafuso Azul",
      sku: world.screwBlue.sku,
    });
    expect(await expectLedgerChains(world.org, id)).toBe(4);
  });

  it("lists with the company, warehouse and product filters, paged, and searches the product", async () => {
    const world = await stockWorld();
    await world.move(world.key({ type: "INCREMENT", quantity: 1 }));
    await world.move(
      world.key({
        warehouse_id: world.otherWarehouse.id,
        type: "INCREMENT",
        quantity: 2,
      }),
    );
    await world.move(
      world.key({
        product_id: world.cement.id,
        type: "INCREMENT",
        quantity: 2.5,
      }),
    );
    const list = (query: string) => call("GET", `${API}/stock${query}`, { headers: world.headers });
    const all = await list("");
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ currentPage: 0, perPage: 25, total: 3 });
    expect((await list(`?warehouse_id=${world.otherWarehouse.id}`)).json.items.map((item: { total: number }) => item.total)).toEqual([2]);
    expect((await list(`?product_id=${world.cement.id}`)).json.items).toEqual([expect.objectContaining({ total: 2.5, available: 2.5 })]);
    expect((await list(`?company_id=${world.company.id}&perPage=2&page=1`)).json).toMatchObject({ total: 3, items: [expect.any(Object)] });
    expect((await list(`?company_id=${randomUUID()}`)).json.total).toBe(0);
    expect((await list(`?search=${encodeURIComponent(world.cement.name.toUpperCase())}`)).json.total).toBe(1);
    expect((await list("?sort=total&dir=desc")).json.items.map((item: { total: number }) => item.total)).toEqual([2.5, 2, 1]);
    expectProblem(await list("?sort=password"), 422);
    expectProblem(await list("?warehouse_id=not-a-uuid"), 422);
  });

  it("refuses what would break 0 <= reserved <= total with 422, changing nothing", async () => {
    const world = await stockWorld();
    const id = (await world.move(world.key({ type: "INCREMENT", quantity: 5 }))).json.id;
    await world.move(world.key({ type: "RESERVE", quantity: 2 }));
    const refused = [
      [{ type: "DECREMENT", quantity: 4 }, "insufficient_stock"],
      [{ type: "RESERVE", quantity: 4 }, "insufficient_stock"],
      [{ type: "RELEASE", quantity: 3 }, "exceeds_reserved"],
    ] as const;
    for (const [movement, code] of refused) {
      const problem = expectProblem(await world.move(world.key(movement)), 422);
      expect(problem.errors).toEqual([expect.objectContaining({ path: "quantity", code })]);
    }
    const record = await world.org.db.stockInventory.findUniqueOrThrow({
      where: { id },
    });
    expect([record.total.toString(), record.reserved.toString()]).toEqual(["5", "2"]);
    expect(await expectLedgerChains(world.org, id)).toBe(2);
    // Exactly the available quantity is fine.
    expect((await world.move(world.key({ type: "DECREMENT", quantity: 3 }))).json).toMatchObject({ total: 2, reserved: 2, available: 0 });
  });

  it("answers 404 for any type but INCREMENT on a missing record, 422 for unknown or foreign references", async () => {
    const world = await stockWorld();
    for (const type of ["DECREMENT", "RESERVE", "RELEASE"]) expectProblem(await world.move(world.key({ type, quantity: 1 })), 404);
    expect(await world.org.db.stockInventory.count()).toBe(0);
    const unknown = expectProblem(
      await world.move({
        company_id: randomUUID(),
        warehouse_id: randomUUID(),
        product_id: randomUUID(),
        product_variation_id: randomUUID(),
        type: "INCREMENT",
        quantity: 1,
      }),
      422,
    );
    expect(unknown.errors?.map((error) => error.path)).toEqual(["company_id", "warehouse_id", "product_id", "product_variation_id"]);
    const wrongProduct = expectProblem(
      await world.move(
        world.key({
          product_id: world.cement.id,
          product_variation_id: world.screwBlue.id,
          type: "INCREMENT",
          quantity: 1,
        }),
      ),
      422,
    );
    expect(wrongProduct.errors).toEqual([
      expect.objectContaining({
        path: "product_variation_id",
        code: "variation_of_other_product",
      }),
    ]);
    expect(await world.org.db.stockInventory.count()).toBe(0);
  });

  it("keeps quantities within the decimals of the product's unit", async () => {
    const world = await stockWorld();
    const screw = expectProblem(await world.move(world.key({ type: "INCREMENT", quantity: 1.5 })), 422);
    expect(screw.errors).toEqual([
      expect.objectContaining({
        path: "quantity",
        code: "too_many_decimals",
        params: { maximumDecimals: 0 },
      }),
    ]);
    expectProblem(
      await world.move(
        world.key({
          product_id: world.drill.id,
          type: "INCREMENT",
          quantity: 0.5,
        }),
      ),
      422,
    );
    expect(
      (
        await world.move(
          world.key({
            product_id: world.cement.id,
            type: "INCREMENT",
            quantity: 1.234,
          }),
        )
      ).json,
    ).toMatchObject({ total: 1.234 });
    const cement = expectProblem(
      await world.move(
        world.key({
          product_id: world.cement.id,
          type: "DECREMENT",
          quantity: 0.0005,
        }),
      ),
      422,
    );
    expect(cement.errors?.[0]).toMatchObject({
      path: "quantity",
      params: { maximumDecimals: 3 },
    });
    expect(
      (
        await world.move(
          world.key({
            product_id: world.cement.id,
            type: "DECREMENT",
            quantity: 0.234,
          }),
        )
      ).json,
    ).toMatchObject({ total: 1 });
  });

  it("writes nothing for a refused movement even outside a transaction: the statement itself checks references and decimals", async () => {
    const world = await stockWorld();
    const move = (body: object) =>
      applyMovement(world.org.db, {
        ...world.key({ type: "INCREMENT", quantity: 1 }),
        ...body,
      });
    await expect(move({ quantity: 1.5 })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(move({ warehouse_id: randomUUID() })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(
      move({
        product_id: world.cement.id,
        product_variation_id: world.screwBlue.id,
      }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    expect(await world.org.db.stockInventory.count()).toBe(0);
    expect(await world.org.db.stockMovement.count()).toBe(0);
    await move({ quantity: 2 });
    await expect(move({ type: "DECREMENT", quantity: 0.5 })).rejects.toMatchObject({ code: "validation_failed" });
    expect((await world.org.db.stockInventory.findFirstOrThrow()).total.toString()).toBe("2");
    expect(await world.org.db.stockMovement.count()).toBe(1);
  });

  it("refuses movements on a disabled record (422) until it is enabled; enable and disable answer the record", async () => {
    const world = await stockWorld();
    const id = (await world.move(world.key({ type: "INCREMENT", quantity: 3 }))).json.id;
    const disabled = await call("PUT", `${API}/stock/${id}/disable`, {
      headers: world.headers,
    });
    expect(disabled.status).toBe(200);
    expect(disabled.json).toMatchObject({ id, active: false, total: 3 });
    for (const type of ["INCREMENT", "DECREMENT", "RESERVE"]) {
      const problem = expectProblem(await world.move(world.key({ type, quantity: 1 })), 422);
      expect(problem.errors).toEqual([expect.objectContaining({ code: "stock_inactive" })]);
    }
    const enabled = await call("PUT", `${API}/stock/${id}/enable`, {
      headers: world.headers,
    });
    expect(enabled.json).toMatchObject({ id, active: true });
    expect((await world.move(world.key({ type: "DECREMENT", quantity: 1 }))).json).toMatchObject({ total: 2 });
    for (const path of [`/stock/${randomUUID()}/enable`, `/stock/${randomUUID()}/disable`, "/stock/nope/enable"]) {
      expectProblem(await call("PUT", `${API}${path}`, { headers: world.headers }), 404);
    }
  });

  it("deletes a record (204) only while nothing is reserved (409); its ledger stays", async () => {
    const world = await stockWorld();
    const id = (await world.move(world.key({ type: "INCREMENT", quantity: 3 }))).json.id;
    await world.move(world.key({ type: "RESERVE", quantity: 1 }));
    expectProblem(await call("DELETE", `${API}/stock/${id}`, { headers: world.headers }), 409);
    await world.move(world.key({ type: "RELEASE", quantity: 1 }));
    const deleted = await call("DELETE", `${API}/stock/${id}`, {
      headers: world.headers,
    });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expectProblem(await call("DELETE", `${API}/stock/${id}`, { headers: world.headers }), 404);
    expectProblem(
      await call("GET", `${API}/stock/${id}/movements`, {
        headers: world.headers,
      }),
      404,
    );
    expect(await world.org.db.stockMovement.count({ where: { stock_id: id } })).toBe(3);
    // A new INCREMENT starts a new record.
    expect((await world.move(world.key({ type: "INCREMENT", quantity: 1 }))).json.id).not.toBe(id);
  });

  it("is written by ADMIN and MANAGER, read by every role", async () => {
    const world = await stockWorld();
    const viewer = await world.org.bearer("VIEWER");
    const seller = await world.org.bearer("SELLER");
    const manager = await world.org.bearer("MANAGER");
    expectProblem(await world.move(world.key({ type: "INCREMENT", quantity: 1 }), viewer), 403);
    expectProblem(await world.move(world.key({ type: "INCREMENT", quantity: 1 }), seller), 403);
    expect((await world.move(world.key({ type: "INCREMENT", quantity: 1 }), manager)).status).toBe(200);
    expect((await call("GET", `${API}/stock`, { headers: viewer })).json.total).toBe(1);
  });
});

describe("the ledger", () => {
  it("pages every change with figures before and after, reason, reference and who made it (user or access key)", async () => {
    const world = await stockWorld();
    const id = (
      await world.move(
        world.key({
          type: "INCREMENT",
          quantity: 10,
          reason: "Compra",
          reference_id: "NF-1",
        }),
      )
    ).json.id;
    const key = await call("POST", `${API}/access-keys`, {
      headers: world.headers,
      body: { name: unique("ERP"), role: "MANAGER" },
    });
    const viaKey = {
      "x-service-access-key-token": key.json.token,
      "x-service-access-key-code": key.json.code,
    };
    await world.move(world.key({ type: "RESERVE", quantity: 4, reference_id: "PED-9" }), viaKey);
    const ledger = await call("GET", `${API}/stock/${id}/movements`, {
      headers: world.headers,
    });
    expect(ledger.status).toBe(200);
    expect(ledger.json).toMatchObject({
      currentPage: 0,
      perPage: 25,
      total: 2,
    });
    expect(ledger.json.items).toEqual([
      {
        id: expect.any(String),
        stock_id: id,
        type: "INCREMENT",
        quantity: 10,
        total_before: 0,
        total_after: 10,
        reserved_before: 0,
        reserved_after: 0,
        reason: "Compra",
        reference_id: "NF-1",
        order_id: null,
        order_number: null,
        actor: {
          kind: "user",
          id: expect.any(String),
          name: expect.any(String),
        },
        created_at: expect.any(String),
      },
      expect.objectContaining({
        type: "RESERVE",
        quantity: 4,
        total_before: 10,
        total_after: 10,
        reserved_before: 0,
        reserved_after: 4,
        reason: null,
        reference_id: "PED-9",
        actor: { kind: "access_key", id: key.json.id, name: key.json.name },
      }),
    ]);
    const newest = await call("GET", `${API}/stock/${id}/movements?dir=desc&perPage=1`, { headers: world.headers });
    expect(newest.json).toMatchObject({
      total: 2,
      items: [expect.objectContaining({ type: "RESERVE" })],
    });
    expectProblem(
      await call("GET", `${API}/stock/${randomUUID()}/movements`, {
        headers: world.headers,
      }),
      404,
    );
  });

  it("is append-only: the database refuses to change or delete a row", async () => {
    const world = await stockWorld();
    const id = (await world.move(world.key({ type: "INCREMENT", quantity: 1 }))).json.id;
    await expect(
      world.org.db.stockMovement.updateMany({
        where: { stock_id: id },
        data: { reason: "forged" },
      }),
    ).rejects.toThrow(/append-only/);
    await expect(world.org.db.stockMovement.deleteMany({ where: { stock_id: id } })).rejects.toThrow(/append-only/);
    expect(
      await world.org.db.stockMovement.count({
        where: { stock_id: id, reason: null },
      }),
    ).toBe(1);
    // And the figures' invariant holds in the database itself.
    await expect(
      world.org.db.stockInventory.update({
        where: { id },
        data: { reserved: 2 },
      }),
    ).rejects.toThrow();
  });

  it("applyMovement composes inside another write's transaction and names its actor", async () => {
    const world = await stockWorld();
    const scoped = world.org.db;
    const actor = {
      kind: "user" as const,
      id: (await scoped.user.findFirstOrThrow()).id,
    };
    const stock = await transaction(
      scoped,
      (tx) =>
        applyMovement(tx, {
          ...world.key(),
          type: "INCREMENT",
          quantity: 4,
          reference_id: "order-1",
        }),
      { actor },
    );
    expect(stock.total).toBe(4);
    // A failing movement rolls back everything the transaction wrote before it.
    await expect(
      transaction(scoped, async (tx) => {
        await applyMovement(tx, {
          ...world.key(),
          type: "RESERVE",
          quantity: 3,
        });
        await applyMovement(tx, {
          ...world.key(),
          type: "RESERVE",
          quantity: 3,
        });
      }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    const rows = await scoped.stockMovement.findMany({
      where: { stock_id: stock.id },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_kind: "user",
      actor_id: actor.id,
      reference_id: "order-1",
    });
  });
});

describe("a movement in one statement (PUT /stock/movement outside a transaction)", () => {
  const MOVERS = ["ADMIN", "MANAGER"] as const;

  /** The org's MANAGER as a principal, as the credential cache had it when the request came in. */
  async function managerOf(world: Awaited<ReturnType<typeof stockWorld>>): Promise<Principal> {
    await world.org.bearer("MANAGER");
    const user = await world.org.db.user.findFirstOrThrow({ where: { role: "MANAGER" } });
    return { kind: "user", id: user.id, organizationId: world.org.organizationId, role: "MANAGER", via: "bearer", tokenVersion: 0 };
  }

  /** What the pipeline gives the statement of a request of `principal` to `world`'s org (a credential of another org included). */
  const statementOf = (
    world: Awaited<ReturnType<typeof stockWorld>>,
    principal: Principal,
    database: Database = world.org.database,
  ): OneStatement => ({
    organizationId: world.org.organizationId,
    query: (name, build) => statementQuery(database, world.org.organizationId, name, build),
    credential: credentialGuard(principal, MOVERS),
    actor: { kind: principal.kind, id: principal.id },
    requestId: "request-1",
  });

  it("moves an existing record with its ledger row, and changes nothing when the case needs the transaction", async () => {
    const world = await stockWorld();
    const manager = await managerOf(world);
    const write = statementOf(world, manager);
    // No record yet: creating one (and its audit entry) is the transaction's.
    expect(await moveInOneStatement(write, { ...world.key(), type: "INCREMENT", quantity: 10 })).toBeUndefined();
    expect(await world.org.db.stockInventory.count()).toBe(0);
    expect((await world.move(world.key({ type: "INCREMENT", quantity: 10 }))).status).toBe(200);
    const moved = await moveInOneStatement(write, { ...world.key(), type: "RESERVE", quantity: 2, reference_id: "PED-1" });
    expect(moved).toMatchObject({ total: 10, reserved: 2, available: 8, minimum_stock: 5, low_stock: false });
    expect(await moveInOneStatement(write, { ...world.key(), type: "INCREMENT", quantity: 1 })).toMatchObject({ total: 11, available: 9 });
    // Refusals, a bad reference and too many decimals: nothing moves, the transaction explains.
    expect(await moveInOneStatement(write, { ...world.key(), type: "DECREMENT", quantity: 100 })).toBeUndefined();
    expect(await moveInOneStatement(write, { ...world.key(), type: "RELEASE", quantity: 3 })).toBeUndefined();
    expect(
      await moveInOneStatement(write, { ...world.key({ warehouse_id: randomUUID() }), type: "DECREMENT", quantity: 1 }),
    ).toBeUndefined();
    expect(await moveInOneStatement(write, { ...world.key(), type: "DECREMENT", quantity: 1.5 })).toBeUndefined();
    // From 9 available to 5, the product's minimum: the stock.low event is the transaction's.
    expect(await moveInOneStatement(write, { ...world.key(), type: "DECREMENT", quantity: 4 })).toBeUndefined();
    expect(await moveInOneStatement(write, { ...world.key(), type: "DECREMENT", quantity: 3 })).toMatchObject({ total: 8, available: 6 });
    const ledger = await world.org.db.stockMovement.findMany({ where: { stock_id: moved?.id }, orderBy: { created_at: "asc" } });
    expect(ledger.map((row) => row.type)).toEqual(["INCREMENT", "RESERVE", "INCREMENT", "DECREMENT"]);
    expect(ledger[1]).toMatchObject({ actor_kind: "user", actor_id: manager.id, request_id: "request-1", reference_id: "PED-1" });
    await expectLedgerChains(world.org, moved?.id ?? "");
  });

  it("re-checks the credential inside the statement: a role taken away, a deactivation, a password reset or a deleted key moves nothing", async () => {
    const world = await stockWorld();
    expect((await world.move(world.key({ type: "INCREMENT", quantity: 10 }))).status).toBe(200);
    const manager = await managerOf(world);
    const decrement = { ...world.key(), type: "DECREMENT" as const, quantity: 1 };
    expect(await moveInOneStatement(statementOf(world, manager), decrement)).toMatchObject({ total: 9 });
    const users = world.org.db.user;
    await users.update({ where: { id: manager.id }, data: { role: "VIEWER" } });
    expect(await moveInOneStatement(statementOf(world, manager), decrement)).toBeUndefined();
    await users.update({ where: { id: manager.id }, data: { role: "MANAGER", active: false } });
    expect(await moveInOneStatement(statementOf(world, manager), decrement)).toBeUndefined();
    await users.update({ where: { id: manager.id }, data: { active: true, token_version: 1 } });
    expect(await moveInOneStatement(statementOf(world, manager), decrement)).toBeUndefined();
    expect(await moveInOneStatement(statementOf(world, { ...manager, tokenVersion: 1 }), decrement)).toMatchObject({ total: 8 });
    // Another org's credential never moves this org's stock.
    const stranger = { ...manager, tokenVersion: 1, organizationId: (await newOrg()).organizationId };
    expect(await moveInOneStatement(statementOf(world, stranger), decrement)).toBeUndefined();

    const key = await call("POST", `${API}/access-keys`, { headers: world.headers, body: { name: unique("ERP"), role: "MANAGER" } });
    const keyPrincipal: Principal = {
      kind: "access_key",
      id: key.json.id,
      organizationId: world.org.organizationId,
      role: "MANAGER",
      via: "access_key",
    };
    expect(await moveInOneStatement(statementOf(world, keyPrincipal), decrement)).toMatchObject({ total: 7 });
    await world.org.db.accessKey.delete({ where: { id: key.json.id } });
    expect(await moveInOneStatement(statementOf(world, keyPrincipal), decrement)).toBeUndefined();
    const record = await world.org.db.stockInventory.findFirstOrThrow();
    expect(record.total.toString()).toBe("7");
    expect(await expectLedgerChains(world.org, record.id)).toBe(4);
  });

  it("when the statement cannot move, the transaction decides and says why: 403 for a role taken away, the refusal otherwise", async () => {
    const world = await stockWorld();
    expect((await world.move(world.key({ type: "INCREMENT", quantity: 10 }))).status).toBe(200);
    const manager = await managerOf(world);
    const options = { db: world.org.db, principal: manager, roles: MOVERS };
    const input = { ...world.key(), type: "DECREMENT" as const, quantity: 1 };
    const run = () =>
      runStatementFirst(
        world.org.runtime,
        options,
        (write) => moveInOneStatement(write, input),
        async (tx) => {
          const value = await applyMovement(tx, input);
          return { value, body: value, status: 200, oneTimeSecret: false };
        },
      );
    expect(await run()).toMatchObject({ total: 9 });
    await world.org.db.user.update({ where: { id: manager.id }, data: { role: "VIEWER" } });
    await expect(run()).rejects.toMatchObject({ code: "forbidden" });
    await world.org.db.user.update({ where: { id: manager.id }, data: { role: "MANAGER", active: false } });
    await expect(run()).rejects.toMatchObject({ code: "unauthorized" });
    await world.org.db.user.update({ where: { id: manager.id }, data: { active: true } });
    await expect(
      runStatementFirst(
        world.org.runtime,
        options,
        (write) => moveInOneStatement(write, { ...input, quantity: 50 }),
        async (tx) => {
          const value = await applyMovement(tx, { ...input, quantity: 50 });
          return { value, body: value, status: 200, oneTimeSecret: false };
        },
      ),
    ).rejects.toMatchObject({ code: "validation_failed", errors: [{ code: "insufficient_stock" }] });
    expect((await world.org.db.stockInventory.findFirstOrThrow()).total.toString()).toBe("9");
  });

  it("is a statement each PostgreSQL connection prepares once; other statements stay unnamed", async () => {
    const marked = "/* prepared:stock-movement */ SELECT 1";
    expect(statementNameOf({ sql: marked })).toMatch(/^p_[\w-]{40}$/);
    expect(statementNameOf({ sql: marked })).toBe(statementNameOf({ sql: marked }));
    expect(statementNameOf({ sql: `${marked} + 1` })).not.toBe(statementNameOf({ sql: marked }));
    expect(statementNameOf({ sql: "SELECT 1 /* prepared:stock-movement */" })).toBe("");
    expect(statementNameOf({ sql: "SELECT 1" })).toBe("");
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return; // PGlite: one embedded connection, nothing named
    // A pool of one connection, to look at what that connection prepared.
    const database = await openPostgres(url, 1);
    try {
      const world = await stockWorld();
      const db = forOrganization(database.prisma, world.org.organizationId);
      for (const type of ["INCREMENT", "INCREMENT", "DECREMENT"] as const) {
        await transaction(db, (tx) => applyMovement(tx, { ...world.key(), type, quantity: 1 }));
      }
      await database.prisma.brand.count();
      // The movement a request makes in one statement, on the driver: prepared too.
      const user = await world.org.db.user.findFirstOrThrow();
      const principal: Principal = {
        kind: "user",
        id: user.id,
        organizationId: world.org.organizationId,
        role: user.role,
        via: "bearer",
        tokenVersion: 0,
      };
      expect(
        await moveInOneStatement(statementOf(world, principal, database), { ...world.key(), type: "RESERVE", quantity: 1 }),
      ).toMatchObject({ reserved: 1 });
      expect(
        await moveInOneStatement(statementOf(world, principal, database), { ...world.key(), type: "RELEASE", quantity: 1 }),
      ).toMatchObject({ reserved: 0 });
      const prepared = await database.withSession((session) =>
        session.query<{ name: string; statement: string }>("SELECT name, statement FROM pg_prepared_statements ORDER BY prepare_time"),
      );
      // One text per shape, whatever the values: the upsert of INCREMENT, the update of the other types, and that
      // update on its own (with the credential's check). Nothing else (BEGIN, Prisma's own queries) is named.
      expect(prepared).toHaveLength(3);
      for (const row of prepared) {
        expect(row.statement.startsWith("/* prepared:stock-movement */")).toBe(true);
        expect(row.name).toBe(statementNameOf({ sql: row.statement }));
      }
    } finally {
      await database.close();
    }
  });
});

describe("stock override", () => {
  it("sets the figures of several records in one transaction, creating missing ones, with a ledger row each", async () => {
    const world = await stockWorld();
    const existing = (await world.move(world.key({ type: "INCREMENT", quantity: 10 }))).json.id;
    await world.move(world.key({ type: "RESERVE", quantity: 3 }));
    const answer = await call("PUT", `${API}/stock/override`, {
      headers: world.headers,
      body: {
        reason: "Inventário",
        items: [
          { ...world.key(), total: 7 },
          {
            ...world.key({ product_id: world.cement.id }),
            total: 12.5,
            reserved: 2.25,
          },
        ],
      },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual([
      expect.objectContaining({
        id: existing,
        total: 7,
        reserved: 3,
        available: 4,
      }),
      expect.objectContaining({
        total: 12.5,
        reserved: 2.25,
        available: 10.25,
        product: expect.objectContaining({ id: world.cement.id }),
      }),
    ]);
    const ledger = await call("GET", `${API}/stock/${existing}/movements?dir=desc&perPage=1`, { headers: world.headers });
    expect(ledger.json.items[0]).toMatchObject({
      type: "OVERRIDE",
      quantity: 7,
      total_before: 10,
      total_after: 7,
      reserved_before: 3,
      reserved_after: 3,
      reason: "Inventário",
    });
    expect(await expectLedgerChains(world.org, existing)).toBe(3);
    expect(await expectLedgerChains(world.org, answer.json[1].id)).toBe(1);
  });

  it("checks every line first and writes nothing when any is invalid", async () => {
    const world = await stockWorld();
    const id = (await world.move(world.key({ type: "INCREMENT", quantity: 10 }))).json.id;
    await world.move(world.key({ type: "RESERVE", quantity: 6 }));
    const problem = expectProblem(
      await call("PUT", `${API}/stock/override`, {
        headers: world.headers,
        body: {
          items: [
            { ...world.key({ product_id: world.cement.id }), total: 1 },
            { ...world.key(), total: 5 },
            { ...world.key({ product_id: randomUUID() }), total: 1 },
            {
              ...world.key({ warehouse_id: world.otherWarehouse.id }),
              total: 1,
              reserved: 2,
            },
            { ...world.key({ product_id: world.cement.id }), total: 2 },
            {
              ...world.key({
                warehouse_id: world.otherWarehouse.id,
                product_id: world.cement.id,
              }),
              total: 1.0001,
            },
          ],
        },
      }),
      422,
    );
    expect(problem.errors?.map((error) => `${error.path} ${error.code}`)).toEqual([
      "items.1.total reserved_above_total",
      "items.2.product_id not_found_reference",
      "items.3.reserved reserved_above_total",
      "items.4.product_id duplicate",
      "items.5.total too_many_decimals",
    ]);
    expect(await world.org.db.stockInventory.count()).toBe(1);
    expect(await world.org.db.stockMovement.count({ where: { stock_id: id } })).toBe(2);
    expectProblem(
      await call("PUT", `${API}/stock/override`, {
        headers: world.headers,
        body: { items: [] },
      }),
      422,
    );
  });

  it("plans an override (the stock import's check): figures before and after and every error, writing nothing", async () => {
    const world = await stockWorld();
    await world.move(world.key({ type: "INCREMENT", quantity: 10 }));
    const api = await world.org.as();
    const preview = await planOverride(world.org.db, {
      items: [
        { ...world.key(), total: 4 },
        { ...world.key({ product_id: world.drill.id }), total: 1.5 },
      ],
      reason: null,
    });
    expect(preview.items[0]).toMatchObject({
      index: 0,
      total_before: 10,
      total_after: 4,
      reserved_before: 0,
      reserved_after: 0,
      record: expect.objectContaining({ total: 10 }),
    });
    expect(preview.errors).toEqual([
      expect.objectContaining({
        path: "items.1.total",
        code: "too_many_decimals",
      }),
    ]);
    expect((await api.stock.list({})).items.map((item) => item.total)).toEqual([10]);
  });
});

describe("stock.low webhook event (contract §7)", () => {
  it("is emitted once when available drops to or below the product's minimum_stock, by a movement or an override, not again below it", async () => {
    const world = await stockWorld();
    const { org } = world;
    await org.db.webhook.create({
      data: {
        organization_id: org.organizationId,
        url: "https://hooks.example/low",
        events: ["stock.low"],
        secret_encrypted: "unused",
      },
    });
    await org.db.webhook.create({
      data: {
        organization_id: org.organizationId,
        url: "https://hooks.example/sales",
        events: ["sale.created"],
        secret_encrypted: "unused",
      },
    });
    const lows = () =>
      org.db.webhookDelivery.findMany({
        where: { event_type: "stock.low" },
        orderBy: { created_at: "asc" },
      });
    const moved = async (body: object) => {
      const answer = await world.move(world.key(body));
      expect(answer.status, answer.text).toBe(200);
      return answer.json as { id: string; available: number };
    };

    // The screw's minimum is 5: from nothing to 10, then 7, is above it.
    const { id } = await moved({ type: "INCREMENT", quantity: 10 });
    await moved({ type: "DECREMENT", quantity: 3 });
    expect(await lows()).toHaveLength(0);
    // 7 → 5 (a reservation): at the minimum, the crossing.
    await moved({ type: "RESERVE", quantity: 2 });
    const [first, ...others] = await lows();
    expect(others).toHaveLength(0);
    expect(first).toMatchObject({ subject_type: "stock", subject_id: id });
    expect(first?.payload).toMatchObject({
      type: "stock.low",
      organization_id: org.organizationId,
      data: {
        id,
        total: 7,
        reserved: 2,
        available: 5,
        minimum_stock: 5,
        low_stock: true,
        product: { id: world.screw.id },
      },
    });
    // Further down, and a refused movement: nothing more.
    await moved({ type: "DECREMENT", quantity: 1 });
    expectProblem(await world.move(world.key({ type: "DECREMENT", quantity: 50 })), 422);
    expect(await lows()).toHaveLength(1);
    // Back above it (4 → 14), then an override down to 3 available: a second crossing.
    await moved({ type: "INCREMENT", quantity: 10 });
    expect(await lows()).toHaveLength(1);
    const override = (total: number) =>
      call("PUT", `${API}/stock/override`, {
        headers: world.headers,
        body: { items: [{ ...world.key(), total, reserved: 0 }] },
      });
    expect((await override(3)).status).toBe(200);
    expect(await lows()).toHaveLength(2);
    expect((await lows())[1]?.payload).toMatchObject({
      data: { id, total: 3, available: 3, low_stock: true },
    });
    expect((await override(1)).status).toBe(200);
    expect(await lows()).toHaveLength(2);

    // Products without minimum_stock never emit it; the endpoint that does not listen gets nothing.
    await moved({
      product_id: world.cement.id,
      type: "INCREMENT",
      quantity: 1,
    });
    await moved({
      product_id: world.cement.id,
      type: "DECREMENT",
      quantity: 1,
    });
    expect(await lows()).toHaveLength(2);
    expect(await org.db.webhookDelivery.count()).toBe(2);
  });

  it("commits with the movement: a movement rolled back with its transaction leaves no event", async () => {
    const world = await stockWorld();
    const { org } = world;
    await org.db.webhook.create({
      data: {
        organization_id: org.organizationId,
        url: "https://hooks.example/low",
        events: ["stock.low"],
        secret_encrypted: "unused",
      },
    });
    await world.move(world.key({ type: "INCREMENT", quantity: 6 }));
    await expect(
      transaction(org.db, async (tx) => {
        await applyMovement(tx, {
          ...world.key(),
          type: "DECREMENT",
          quantity: 2,
        });
        expect(await tx.webhookDelivery.count()).toBe(1);
        throw new Error("the order failed after taking the stock");
      }),
    ).rejects.toThrow("the order failed");
    expect(await org.db.webhookDelivery.count()).toBe(0);
    await transaction(org.db, (tx) => applyMovement(tx, { ...world.key(), type: "DECREMENT", quantity: 2 }));
    expect(await org.db.webhookDelivery.count()).toBe(1);
  });
});

describe("org isolation", () => {
  it("never shows, moves, toggles or deletes another org's stock, and refuses its references", async () => {
    const world = await stockWorld();
    const id = (await world.move(world.key({ type: "INCREMENT", quantity: 5 }))).json.id;
    const intruder = await newOrg();
    const headers = await intruder.bearer();
    expect((await call("GET", `${API}/stock`, { headers })).json.total).toBe(0);
    expect(
      (
        await call("GET", `${API}/stock?product_id=${world.screw.id}`, {
          headers,
        })
      ).json.total,
    ).toBe(0);
    for (const [method, path] of [
      ["PUT", `/stock/${id}/enable`],
      ["PUT", `/stock/${id}/disable`],
      ["DELETE", `/stock/${id}`],
      ["GET", `/stock/${id}/movements`],
    ] as const) {
      expectProblem(await call(method, `${API}${path}`, { headers }), 404);
    }
    const moved = expectProblem(await world.move(world.key({ type: "DECREMENT", quantity: 5 }), headers), 422);
    expect(moved.errors?.map((error) => error.path)).toEqual(["company_id", "warehouse_id", "product_id"]);
    expectProblem(
      await call("PUT", `${API}/stock/override`, {
        headers,
        body: { items: [{ ...world.key(), total: 0 }] },
      }),
      422,
    );
    const record = await world.org.db.stockInventory.findUniqueOrThrow({
      where: { id },
    });
    expect([record.total.toString(), record.active]).toEqual(["5", true]);
  });
});

describe("concurrency: no lost update, no broken invariant", () => {
  it("40 concurrent DECREMENT 1 on a total of 25: exactly 25 succeed, 15 are 422, the total ends at 0", async () => {
    const world = await stockWorld();
    const id = (await world.move(world.key({ type: "INCREMENT", quantity: 25 }))).json.id;
    const answers = await Promise.all(Array.from({ length: 40 }, () => world.move(world.key({ type: "DECREMENT", quantity: 1 }))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(25);
    expect(statuses.filter((status) => status === 422)).toHaveLength(15);
    const record = await world.org.db.stockInventory.findUniqueOrThrow({
      where: { id },
    });
    expect(record.total.toString()).toBe("0");
    expect(await expectLedgerChains(world.org, id)).toBe(26);
  });

  it("20 concurrent INCREMENT 1 on a missing record: one record, exactly +20", async () => {
    const world = await stockWorld();
    const answers = await Promise.all(Array.from({ length: 20 }, () => world.move(world.key({ type: "INCREMENT", quantity: 1 }))));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((answer) => answer.json.id)).size).toBe(1);
    const records = await world.org.db.stockInventory.findMany();
    expect(records.map((record) => record.total.toString())).toEqual(["20"]);
    expect(await expectLedgerChains(world.org, records[0]!.id)).toBe(20);
  });

  it("RESERVE, RELEASE and DECREMENT races keep 0 <= reserved <= total, and the ledger adds up", async () => {
    const world = await stockWorld();
    const id = (await world.move(world.key({ type: "INCREMENT", quantity: 10 }))).json.id;
    const moves = Array.from({ length: 60 }, (_, index) => ({
      type: ["RESERVE", "RELEASE", "RESERVE", "DECREMENT"][index % 4],
      quantity: 1,
    }));
    const answers = await Promise.all(moves.map((move) => world.move(world.key(move))));
    for (const answer of answers) {
      expect([200, 422]).toContain(answer.status);
      if (answer.status === 200) {
        expect(answer.json.reserved).toBeGreaterThanOrEqual(0);
        expect(answer.json.reserved).toBeLessThanOrEqual(answer.json.total);
      }
    }
    const succeeded = (type: string) => answers.filter((answer, index) => answer.status === 200 && moves[index]!.type === type).length;
    const record = await world.org.db.stockInventory.findUniqueOrThrow({
      where: { id },
    });
    expect(Number(record.total)).toBe(10 - succeeded("DECREMENT"));
    expect(Number(record.reserved)).toBe(succeeded("RESERVE") - succeeded("RELEASE"));
    expect(await expectLedgerChains(world.org, id)).toBe(1 + answers.filter((answer) => answer.status === 200).length);
  });

  it("an Idempotency-Key retry of a movement never applies it twice, even sent at the same time", async () => {
    const world = await stockWorld();
    const body = world.key({ type: "INCREMENT", quantity: 5 });
    const key = randomUUID();
    const first = await world.move(body, {
      ...world.headers,
      "idempotency-key": key,
    });
    const retry = await world.move(body, {
      ...world.headers,
      "idempotency-key": key,
    });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json).toEqual(first.json);
    const together = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        world.move(world.key({ type: "DECREMENT", quantity: 2 }), {
          ...world.headers,
          "idempotency-key": together,
        }),
      ),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const records = await world.org.db.stockInventory.findMany();
    expect(records.map((record) => record.total.toString())).toEqual(["3"]);
    expect(await expectLedgerChains(world.org, records[0]!.id)).toBe(2);
  });
});

describe("stock demo data", () => {
  it("stocks the demo products in the demo warehouses, with a ledger written by the system; the first warehouse and company are the defaults", async () => {
    const org = await newOrg();
    await seedCatalogDemo(org.db);
    await seedPartiesDemo(org.db);
    await seedStockDemo(org.db);
    const page = await (await org.as()).stock.list({ sort: "total", dir: "desc" });
    expect(page.total).toBe(7);
    // Nothing reserved yet: only orders reserve (the orders and sales demos come next).
    expect(page.items[0]).toMatchObject({ total: 25_000, reserved: 0, available: 25_000, warehouse: { name: "CD Guarulhos" } });
    const rows = await org.db.stockMovement.findMany({ where: { stock_id: page.items[0]!.id } });
    expect(rows.map((row) => [row.type, row.actor_kind])).toEqual([["INCREMENT", "system"]]);
    expect((await org.db.warehouse.findMany({ where: { is_default: true } })).map((row) => row.name)).toEqual(["CD Guarulhos"]);
    expect(await org.db.company.count({ where: { is_default: true } })).toBe(1);
  }, 120_000);
});
