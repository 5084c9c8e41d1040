/**
 * What an attacker sends at the edge (issue 7, "Critical" and "Medium"): every answer
 * is a 4xx problem+json, nothing half-written, and the server keeps working afterwards.
 */
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { newOrg, testServer, unique } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

/** JSON text nested `levels` deep (as text: JSON.stringify itself overflows on such values). */
const deep = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`;

describe("deeply nested JSON", () => {
  it("is 422 at the edge (32 levels at most), and the database keeps answering", async () => {
    const org = await newOrg();
    const headers = await org.bearer("SELLER");
    for (const levels of [33, 2_000, 100_000]) {
      const body = `{"name":"${unique("Deep")}","fiscal_registration_number":"52998224725","attributes":{"nested":${deep(levels)}}}`;
      const problem = expectProblem(
        await call("POST", "/api/b2b/partners", { headers: { ...headers, "content-type": "application/json" }, body }),
        422,
      );
      expect(problem.errors?.[0]).toMatchObject({ code: "too_deep" });
    }
    const ok = `{"name":"${unique("Shallow")}","active":true,"attributes":{"nested":${deep(20)}}}`;
    expect(
      (await call("POST", "/api/b2b/brands", { headers: { ...(await org.bearer()), "content-type": "application/json" }, body: ok }))
        .status,
    ).toBe(201);
    expect((await call("GET", "/api/b2b/brands", { headers })).status).toBe(200);
    expect((await call("GET", "/api/ready")).status).toBe(200);
  });

  it("is refused on the panel's tRPC endpoint too", async () => {
    const org = await newOrg();
    const body = `{"0":{"name":"${unique("Deep")}","active":true,"images":[],"attributes":{"x":${deep(5_000)}}}}`;
    const answer = await call("POST", "/api/trpc/brands.create?batch=1", {
      headers: { ...(await org.bearer()), "content-type": "application/json" },
      body,
    });
    expect(answer.status).toBe(422);
    expect(answer.json[0].error.data.problem.errors[0].code).toBe("too_deep");
  });

  it("limits free-form maps: too many keys or too long keys are 422", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`k${index}`, index]));
    expectProblem(await call("POST", "/api/b2b/brands", { headers, body: { name: unique("Many"), active: true, attributes: many } }), 422);
    const long = { ["k".repeat(101)]: 1 };
    expectProblem(await call("POST", "/api/b2b/brands", { headers, body: { name: unique("Long"), active: true, attributes: long } }), 422);
  });
});

describe("characters PostgreSQL cannot store or that lie", () => {
  it("refuses NUL in body strings, attribute keys and values, and the query string", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    for (const body of [
      { name: "a\u0000b", active: true },
      { name: unique("Key"), active: true, attributes: { "a\u0000": 1 } },
      { name: unique("Value"), active: true, attributes: { a: "x\u0000" } },
    ]) {
      const problem = expectProblem(await call("POST", "/api/b2b/brands", { headers, body }), 422);
      expect(problem.errors?.[0]?.code).toBe("invalid_characters");
    }
    expectProblem(await call("GET", "/api/b2b/brands?search=a%00b", { headers }), 422);
    expectProblem(await call("POST", "/api/b2b/auth/login", { body: { email: "admin\u0000@example.com", password: "x" } }), 422);
  });

  it("refuses invalid UTF-8 instead of storing U+FFFD, and lone surrogates", async () => {
    const org = await newOrg();
    const headers = { ...(await org.bearer()), "content-type": "application/json" };
    const invalid = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xc3, 0x28]), Buffer.from('","active":true}')]);
    expect(expectProblem(await call("POST", "/api/b2b/brands", { headers, body: invalid }), 422).errors?.[0]?.code).toBe(
      "invalid_encoding",
    );
    expectProblem(await call("GET", "/api/b2b/brands?search=%FF%FE", { headers }), 422);
    expectProblem(await call("POST", "/api/b2b/brands", { headers, body: '{"name":"\\ud800","active":true}' }), 422);
    expect(await org.db.brand.count()).toBe(0);
  });

  // -0 becoming 0 is checked on the cleaner itself (tests/unit/input.test.ts): nothing stored can
  // tell, as numeric and jsonb columns drop the sign of zero and JSON.stringify(-0) is "0".
  it("stores text in NFC, so one name typed two ways is one name", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const decomposed = `Cafe\u0301 ${unique("x")}`;
    const created = await call("POST", "/api/b2b/brands", { headers, body: { name: decomposed, active: true } });
    expect(created.json.name).toBe(decomposed.normalize("NFC"));
    expect((await org.db.brand.findUniqueOrThrow({ where: { id: created.json.id } })).name).toBe(decomposed.normalize("NFC"));
  });
});

describe("malformed requests", () => {
  it("answers malformed percent-escapes in the path with a 404 problem, not a plain-text 500", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    for (const path of ["/api/b2b/brands/%ZZ", "/api/b2b/brands/%E0%A4%A", "/api/b2b/products/%C0%AF/variations"]) {
      expectProblem(await call("GET", path, { headers }), 404);
    }
    expectProblem(await call("GET", "/api/b2b/brands?search=%ZZ", { headers }), 422);
  });

  it("answers malformed percent-escapes in a panel API (tRPC) path with a 404 in tRPC's shape, not a plain-text 500", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    for (const [path, batched] of [
      ["/api/trpc/%ZZ", false],
      ["/api/trpc/brands.list%E0%A4%A", false],
      ["/api/trpc/brands.list,%ZZ?batch=1&input=%7B%7D", true],
    ] as const) {
      for (const as of [headers, {}]) {
        const answer = await call("GET", path, { headers: as });
        expect(answer.status, `${path} ${answer.text}`).toBe(404);
        expect(String(answer.headers["content-type"])).toContain("application/json");
        const errors = batched ? answer.json : [answer.json];
        expect(errors).toHaveLength(batched ? 2 : 1);
        for (const { error } of errors) {
          expect(error.data).toMatchObject({
            code: "NOT_FOUND",
            httpStatus: 404,
            problem: { status: 404, detail: "No procedure at this path" },
          });
        }
      }
    }
    expect((await call("GET", "/api/trpc/brands.list?input=%7B%7D", { headers })).status).toBe(200);
  });

  it("sorts only by the list's fields: prototype names are 422, not 500", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    for (const sort of ["constructor", "__proto__", "toString", "hasOwnProperty", "search_text"]) {
      const problem = expectProblem(await call("GET", `/api/b2b/brands?sort=${sort}`, { headers }), 422);
      expect(problem.errors?.[0]?.path).toBe("sort");
    }
    expectProblem(await call("GET", "/api/b2b/brands?__proto__=1", { headers }), 422);
  });

  it("takes only whole numbers for paging", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    for (const query of ["perPage=0x10", "page=%201", "page=1e2", "page=1.5", "perPage=-1", "page="]) {
      expectProblem(await call("GET", `/api/b2b/brands?${query}`, { headers }), 422);
    }
    expect((await call("GET", "/api/b2b/brands?perPage=500", { headers })).json.perPage).toBe(100);
  });

  it("refuses a body that is not a JSON object where the interface takes one", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const user = await call("GET", "/api/b2b/users", { headers });
    const id = user.json.items[0].id;
    for (const body of ["[]", '"x"', "null", "1", "true"]) {
      const problem = expectProblem(
        await call("PUT", `/api/b2b/users/${id}`, { headers: { ...headers, "content-type": "application/json" }, body }),
        422,
      );
      expect(problem.errors?.[0]?.path).toBe("(body)");
    }
    expectProblem(
      await call("POST", "/api/b2b/brands", { headers: { ...headers, "content-type": "text/plain" }, body: '{"name":"x","active":true}' }),
      422,
    );
    expectProblem(
      await call("POST", "/api/b2b/brands", { headers: { ...headers, "content-type": "application/json" }, body: "{not json" }),
      422,
    );
  });

  it("never coerces JSON body values: a string boolean is 422 and the shared schema stays strict", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    expectProblem(await call("POST", "/api/b2b/brands", { headers, body: { name: unique("Str"), active: "false" } }), 422);
    expectProblem(await call("POST", "/api/b2b/brands", { headers, body: { name: unique("Num"), active: 0 } }), 422);
    // The same schema, through tRPC, is not loosened by the REST call before it.
    const api = await org.as();
    await expect(api.brands.create({ name: unique("Str"), active: "false" as never, images: [], attributes: {} })).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
    });
    // Query strings are text by nature: they are read as what the parameter is.
    expect((await call("GET", "/api/b2b/brands?active=false", { headers })).status).toBe(200);
  });

  it("answers unknown paths 404 and known paths with another method 405 with Allow, as problems", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    expectProblem(await call("GET", "/api/b2b/nothing-here", { headers }), 404);
    const answer = await call("PATCH", "/api/b2b/brands", { headers, body: {} });
    expectProblem(answer, 405);
    expect(answer.headers.allow).toBe("GET, POST");
  });
});

describe("body size", () => {
  it("is 413 over 1 MiB on REST (declared or streamed) and on the panel's tRPC endpoint", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const big = JSON.stringify({ name: "x", active: true, attributes: { blob: "x".repeat(1024 * 1024) } });
    const rest = await call("POST", "/api/b2b/brands", { headers: { ...headers, "content-type": "application/json" }, body: big });
    expectProblem(rest, 413);
    const trpc = await call("POST", "/api/trpc/brands.create?batch=1", {
      headers: { ...headers, "content-type": "application/json" },
      body: `{"0":${big}}`,
    });
    expect(trpc.status).toBe(413);
    expect(await org.db.brand.count()).toBe(0);
  });
});

describe("search", () => {
  it("treats %, _ and \\ as themselves, not as LIKE wildcards", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const tag = unique("W").replace(" ", "");
    for (const name of [`${tag} 100% algodão`, `${tag} a_b`, `${tag} c\\d`, `${tag} plain`]) {
      expect((await call("POST", "/api/b2b/brands", { headers, body: { name, active: true } })).status).toBe(201);
    }
    const names = async (search: string) =>
      (await call("GET", `/api/b2b/brands?search=${encodeURIComponent(search)}&perPage=100`, { headers })).json.items.map(
        (item: { name: string }) => item.name,
      );
    expect(await names(tag)).toHaveLength(4);
    expect(await names("%")).toEqual([`${tag} 100% algodão`]);
    expect(await names("_")).toEqual([`${tag} a_b`]);
    expect(await names("\\")).toEqual([`${tag} c\\d`]);
    expect(await names("ALGODAO")).toEqual([`${tag} 100% algodão`]);
  });

  it("takes any words in product search: query operators, quotes, many and huge words, deep pages; another org's products never counted", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const post = async (body: object) => {
      const answer = await call("POST", "/api/b2b/products", { headers, body });
      expect(answer.status, answer.text).toBe(200);
      return answer.json as { id: string };
    };
    const ours = await post({ name: "Cabo Paralelo", sku: unique("CP").replace(" ", "") });
    await post({ name: "Fio de cobre", description: "cabo flexível" });
    // Another org with the same words and an exact SKU of our query.
    const theirs = await newOrg();
    await call("POST", "/api/b2b/products", { headers: await theirs.bearer(), body: { name: "Cabo Paralelo Deles", sku: "CABO" } });
    const search = async (text: string, extra = "") =>
      call("POST", `/api/b2b/products/search?search=${encodeURIComponent(text)}${extra}`, { headers });
    const found = await search("cabo", "&perPage=10");
    expect(found.status).toBe(200);
    expect(found.json.total).toBe(2);
    expect(found.json.items[0].id).toBe(ours.id);
    for (const text of [
      "cabo & !paralelo",
      "cabo | fio",
      "cabo:*A",
      "'cabo' \"",
      "(((cabo",
      "!",
      "<->",
      ":*",
      "a".repeat(200),
      "cabo ".repeat(40),
      "é".repeat(200),
      "ção ção",
    ]) {
      const answer = await search(text, "&perPage=100&page=3");
      expect(answer.status, `${text.slice(0, 20)}: ${answer.text}`).toBe(200);
      expect(answer.json.items).toEqual([]);
    }
    expect((await search("cabo", "&page=1000000&perPage=100")).json).toMatchObject({ total: 2, items: [] });
    expect(expectProblem(await search("a".repeat(201)), 422).errors?.[0]).toMatchObject({ path: "search", code: "too_big" });
    expectProblem(await search("cabo", "&page=-1"), 422);
    expectProblem(await search("cabo\u0000"), 422);
  });
});

describe("headers", () => {
  it("marks every API answer as data: nosniff, no framing, a deny-all CSP, no caching, and a request id", async () => {
    const org = await newOrg();
    const answer = await call("GET", "/api/b2b/brands", { headers: { ...(await org.bearer()), "x-request-id": "trace-123" } });
    expect(answer.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "cache-control": "no-store",
      "x-request-id": "trace-123",
    });
    const made = await call("GET", "/api/health", { headers: { "x-request-id": "bad id with spaces" } });
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the order report (JRXML)", () => {
  it("is 422, never 500, for a DOCTYPE (external entities or not) and for names the parser refuses", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const put = (content: string) => call("PUT", "/api/b2b/orders/report/jrxml", { headers, body: { content } });
    for (const content of [
      `<?xml version="1.0"?><!DOCTYPE jasperReport [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><jasperReport>&xxe;</jasperReport>`,
      `<!DOCTYPE jasperReport PUBLIC "-//JasperReports//DTD Report Design//EN" "http://127.0.0.1:1/jasperreport.dtd"><jasperReport/>`,
      `<!doctype x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><jasperReport>&b;</jasperReport>`,
      `<jasperReport><__proto__>x</__proto__></jasperReport>`,
      `<jasperReport><constructor><prototype/></constructor><__proto__/></jasperReport>`,
    ]) {
      const problem = expectProblem(await put(content), 422);
      expect(problem.errors?.[0]).toMatchObject({ path: "content", code: "invalid_jrxml" });
    }
    expect(await org.db.orderReport.count()).toBe(0);
    expect((await put(`<jasperReport name="Pedido"><title/></jasperReport>`)).status).toBe(204);
  });
});

describe("requests Node's HTTP parser refuses", () => {
  /** Sends raw bytes and reads everything the server answers until it closes. */
  const raw = async (text: string) => {
    const url = new URL(await testServer());
    return new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write(text));
      const chunks: Buffer[] = [];
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      socket.on("error", reject);
      socket.setTimeout(5_000, () => reject(new Error("no answer")));
    });
  };

  it("answers a control character in a header, a broken request line and huge headers as problem+json with a request id", async () => {
    for (const [request, status] of [
      ["GET /api/b2b/brands HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n", 400],
      ["GET /api/b2b/brands HTTP/1.1\r\nHost: x\r\nX Bad: a\r\n\r\n", 400],
      ["NOT A REQUEST\r\n\r\n", 400],
      [`GET /api/b2b/brands HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431],
    ] as const) {
      const answer = await raw(request);
      const [head, body] = answer.split("\r\n\r\n");
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(head).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/);
      expect(head).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/);
      expect(JSON.parse(body!)).toMatchObject({ status, detail: expect.any(String), code: expect.any(String) });
    }
    expect((await call("GET", "/api/ready")).status).toBe(200);
  });
});
